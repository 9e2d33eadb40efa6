"""Computer players for rummy: easy, medium and strong.

``choose(state, seat, level, rng)`` returns one action (one step of a turn) for
``seat``. A bot reads only ``engine.view(state, seat)``: its own hand, the table, the
discard pile, counts and the cards the opponent was seen taking from the pile; never
the opponent's hidden cards or the stock.

All levels share one measure of a hand (`Judge`): how many of its cards could leave it
now (the best choice of disjoint melds, then lay-offs on the table and on those melds,
one after another), the rest being "deadwood", and its chances (how many more cards
one more live card would let leave, on average over the live cards). Live cards are
those the bot has not seen: not in its hand, on the table, in the discard pile or
among the cards the opponent was seen taking from the pile.

- easy melds everything at once and lays off on its own melds only (it does not look
  for room on the opponent's), takes the discard pile's top card only when it makes a
  meld at once, and discards a card at random (it does not see which cards could still
  make a meld): a player who plays sensibly without looking ahead beats it (the
  ``beginner`` of bench/baselines/cards.py, bench/RESULTS.md);
- medium remembers every card seen (the view's table, discard pile and the cards the
  opponent took from it): it discards the card that leaves the least deadwood and the
  best chances counting only live cards (a pair whose other cards are all seen is
  dead), avoids what the opponent visibly collects, sheds high cards sooner, takes the
  top card when it makes a meld or lays off at once, lays off at once, and keeps up to
  two melds in hand (it melds once it holds three, or when it can go out; against an
  opponent down to three cards it lays down the melds worth 20 points or more, 12 when
  it holds two);
- strong keeps its melds in hand until it can go out in this turn (the opponent gets
  no lay-off spots), but lays down at once a meld no unseen card fits (the opponent
  cannot use it) and everything against an opponent down to three cards, to cut the
  points it would lose. It weighs each discard by the same measure plus the chance
  that it helps the opponent, estimated over opponent hands sampled from the unseen
  cards (its known cards, each with two cards that make a meld with it, since every
  level takes a card from the pile to use it, plus a random deal: a fixed number of
  samples from the rng, so a decision is reproducible). Like medium, it takes the top
  card only when the card can leave the hand at once (a meld, or a lay-off on the
  table or on a meld it holds). Taking also the cards that only improved its measure
  lost it deals against medium (bench/RESULTS.md).

Deals won and matches won disagree in rummy (the winner of a deal scores the loser's
hand, melds held included), so the levels are tuned on both: holding melds wins deals,
laying them down in time and shedding high cards keeps the points lost small.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cards import engine
from cards.melds import DECK, RANK_OF, SUIT_OF, SUITS, card, fits, melds_in, value
from gamekit.seats import other

LEVELS = ("easy", "medium", "strong")
SAMPLES = 24  # strong: opponent hands sampled per decision

View = dict[str, Any]
Action = dict[str, Any]


def choose(state: Any, seat: int, level: str, rng: random.Random) -> Action:
    """The action ``seat`` takes at ``level``; only ``view(state, seat)`` is looked at."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    return choose_from_view(engine.view(state, seat), level, rng)


def choose_from_view(view: View, level: str, rng: random.Random) -> Action:
    if view["turn"] != view["seat"] or view["over"]:
        raise ValueError("it is not this seat's turn")
    seen = Seen(view)
    if view["step"] == "draw":
        take = DRAWERS[level](seen, rng)
        return {"type": "draw", "source": "discard" if take else "stock"}
    play = PLAYS.get(level, _next_play)(seen)
    if play is not None:
        return play
    return {"type": "discard", "card": DISCARDERS[level](seen, rng)}


class Seen:
    """What a view tells a bot, in handy form."""

    def __init__(self, view: View) -> None:
        self.view = view
        me = view["seat"]
        self.hand: list[str] = list(view["hand"])
        self.table: list[list[str]] = [list(m["cards"]) for m in view["melds"]]
        self.pile: list[str] = list(view["pile"])
        self.top: str | None = view["top"]
        self.taken: str | None = view["taken"]
        opponent = other(me)
        self.opponent_known: list[str] = list(view["known"][str(opponent)])
        self.opponent_size: int = view["hand_counts"][str(opponent)]
        self.opponent_melds: int = sum(meld["owner"] == opponent for meld in view["melds"])
        self.stock_count: int = view["stock_count"]
        seen = {*self.hand, *self.pile, *self.opponent_known}
        seen.update(code for meld in self.table for code in meld)
        # Cards that may still come: in the stock or the opponent's hidden cards.
        self.unseen: list[str] = [code for code in DECK if code not in seen]


# --- Melding and laying off (every level) -----------------------------------------------


def _leaves_dead_end(seen: Seen, left: list[str], table: list[list[str]]) -> bool:
    taken = seen.taken
    return left == [taken] and not any(fits(meld, taken) for meld in table)  # type: ignore[arg-type]


def _meld_among(seen: Seen, plan: Plan, wanted: Callable[[tuple[str, ...]], bool]) -> Action | None:
    """The first meld of the hand's plan that `wanted` accepts, unless it would leave
    only the card taken from the pile (which could not be discarded)."""
    for meld in plan[2]:
        if not wanted(meld):
            continue
        left = [code for code in seen.hand if code not in meld]
        if not _leaves_dead_end(seen, left, [*seen.table, list(meld)]):
            return {"type": "meld", "cards": list(meld)}
    return None


def _next_play(seen: Seen, own_melds_only: bool = False) -> Action | None:
    """The next meld or lay-off of the turn, if any is worth making (always, here);
    `own_melds_only`: lay off only on this seat's own melds."""
    hand = seen.hand
    play = _meld_among(seen, Judge(seen).plan(hand), lambda meld: True)
    if play is not None:
        return play
    mine = seen.view["seat"]
    for code in sorted(hand, key=value, reverse=True):
        for index, meld in enumerate(seen.table):
            if own_melds_only and seen.view["melds"][index]["owner"] != mine:
                continue
            if fits(meld, code):
                left = [c for c in hand if c != code]
                grown = [*seen.table[:index], [*meld, code], *seen.table[index + 1 :]]
                if not _leaves_dead_end(seen, left, grown):
                    return {"type": "lay_off", "card": code, "meld": index}
    return None


# --- Judging a hand ---------------------------------------------------------------------


def partners(code: str, hand: Iterable[str]) -> list[str]:
    """Cards of `hand` that could make a meld with `code` given one or two more cards:
    same rank, or same suit within two ranks."""
    rank, suit = RANK_OF[code], SUIT_OF[code]
    return [
        c
        for c in hand
        if c != code
        and (RANK_OF[c] == rank or (SUIT_OF[c] == suit and abs(RANK_OF[c] - rank) <= 2))
    ]


def discardable(seen: Seen) -> list[str]:
    return [code for code in seen.hand if code != seen.taken]


# --- easy -------------------------------------------------------------------------------


def _makes_meld(code: str, hand: Sequence[str]) -> bool:
    return any(code in meld for meld in melds_in([*hand, code]))


def _easy_draw(seen: Seen, rng: random.Random) -> bool:
    return seen.top is not None and _makes_meld(seen.top, seen.hand)


def _easy_discard(seen: Seen, rng: random.Random) -> str:
    """Any card at random (its melds are already down): easy does not see which cards
    could still make a meld."""
    return rng.choice(sorted(discardable(seen)))


def _easy_play(seen: Seen) -> Action | None:
    """Every meld at once, and lay-offs on its own melds only: easy does not look for
    room on the opponent's melds."""
    return _next_play(seen, own_melds_only=True)


# --- Progress: how many cards of a hand can leave it ------------------------------------


Plan = tuple[int, int, list[tuple[str, ...]], frozenset[str]]


class Judge:
    """Counts, for hands drawn from one view, how many cards could leave the hand now
    (melds, then lay-offs on the table and on those melds): `deadwood` is the rest.
    Results are cached per hand for the decision at hand."""

    def __init__(self, seen: Seen) -> None:
        self.table = [tuple(meld) for meld in seen.table]
        self.cache: dict[frozenset[str], Plan] = {}

    def leaving(self, hand: Iterable[str]) -> int:
        return self.plan(hand)[0]

    def plan(self, hand: Iterable[str]) -> Plan:
        """(how many cards can leave, their points, the melds to make, the cards leaving)."""
        key = frozenset(hand)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._plan(key)
        return found

    def _plan(self, hand: frozenset[str]) -> Plan:
        candidates = melds_in(hand)
        best: Plan = (0, 0, [], frozenset())

        def search(start: int, used: frozenset[str], made: list[tuple[str, ...]]) -> None:
            nonlocal best
            if best[0] == len(hand):
                return  # everything leaves: nothing better
            rest = [code for code in hand if code not in used]
            laid = _lay_offs(rest, [*self.table, *made])
            total = len(used) + len(laid)
            points = sum(map(value, used))
            if (total, points) > best[:2]:
                best = (total, points, list(made), used.union(laid))
            for i in range(start, len(candidates)):
                meld = candidates[i]
                if used.isdisjoint(meld):
                    made.append(meld)
                    search(i + 1, used | frozenset(meld), made)
                    made.pop()

        search(0, frozenset(), [])
        return best

    def deadwood(self, hand: Sequence[str]) -> int:
        return len(hand) - self.leaving(hand)

    def gain(self, hand: Sequence[str], live: Iterable[str]) -> float:
        """The mean number of cards that one more live card would let leave the hand
        (itself included), over the live cards: the hand's chances."""
        live = list(live)
        if not live:
            return 0.0
        now = self.leaving(hand)
        ends = {code for meld in self.table for code in _fitting(meld)}
        # A card with no partner in the hand and no place on the table changes nothing.
        useful = [code for code in live if code in ends or partners(code, hand)]
        return sum(self.leaving([*hand, code]) - now for code in useful) / len(live)


def _lay_offs(rest: Iterable[str], melds: Iterable[Sequence[str]]) -> list[str]:
    """The cards of `rest` that can be laid off, one after another, on `melds` (greedily)."""
    # Each meld as [is_run, rank or suit, low, high, size].
    shapes = []
    for meld in melds:
        ranks = [RANK_OF[c] for c in meld]
        low, high = min(ranks), max(ranks)
        if low == high:
            shapes.append([False, low, 0, 0, len(meld)])
        else:
            shapes.append([True, SUIT_OF[meld[0]], low, high, len(meld)])
    if not shapes:
        return []
    left = list(rest)
    laid: list[str] = []
    more = True
    while more:
        more = False
        for code in list(left):
            rank, suit = RANK_OF[code], SUIT_OF[code]
            for shape in shapes:
                if shape[0]:
                    if shape[1] != suit:
                        continue
                    if rank == shape[2] - 1:
                        shape[2] = rank
                    elif rank == shape[3] + 1:
                        shape[3] = rank
                    else:
                        continue
                elif shape[1] != rank or shape[4] >= len(SUITS):
                    continue
                shape[4] += 1
                left.remove(code)
                laid.append(code)
                more = True
                break
    return laid


def _fitting(meld: Sequence[str]) -> list[str]:
    """The cards that can be laid off on `meld` now."""
    ranks = [RANK_OF[c] for c in meld]
    if min(ranks) == max(ranks):
        free = [card(ranks[0], s) for s in SUITS if card(ranks[0], s) not in meld]
        return free if len(meld) < len(SUITS) else []
    suit = SUIT_OF[meld[0]]
    return [card(r, suit) for r in (min(ranks) - 1, max(ranks) + 1) if 1 <= r <= 13]


# --- medium -----------------------------------------------------------------------------


def _gift(code: str, seen: Seen) -> bool:
    """Whether the opponent could lay `code` off at once."""
    return any(fits(meld, code) for meld in seen.table)


def _collected(code: str, seen: Seen) -> int:
    """How many of the opponent's known cards `code` would go with."""
    return len(partners(code, seen.opponent_known))


def _draw_to_use_at_once(seen: Seen, rng: random.Random) -> bool:
    """medium and strong: take the top card only when it can leave the hand at once (a
    meld with the hand, a held meld grown, or a lay-off on the table)."""
    top = seen.top
    if top is None:
        return False
    return _makes_meld(top, seen.hand) or _gift(top, seen)


def loose_cards(seen: Seen, judge: Judge) -> list[str]:
    """The cards that may be discarded without breaking a meld or a lay-off the hand
    holds (all discardable cards if there is none)."""
    hand = seen.hand
    can = judge.leaving(hand)
    options = discardable(seen)
    loose = [c for c in options if judge.leaving([x for x in hand if x != c]) == can]
    return loose or options


def _medium_discard(seen: Seen, rng: random.Random) -> str:
    judge = Judge(seen)

    def cost(code: str) -> tuple[float, float]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in seen.unseen if c != code]
        worth = judge.deadwood(rest) - CHANCES * judge.gain(rest, live)
        worth += COLLECTED * _collected(code, seen) - POINTS * value(code)
        return (worth, rng.random())

    return min(loose_cards(seen, judge), key=cost)


# --- Weights (tuned with bench/bots.py --set bots.NAME=VALUE), in cards of deadwood -------

CHANCES = 4.0  # medium and strong: a hand's chances (mean gain of one live card)
COLLECTED = 0.5  # medium: each known opponent card the discard would go with
DANGER = 0.8  # strong: the chance that the discard lets the opponent meld or lay off
POINTS = 0.05  # medium and strong: a point of card value (shed high cards sooner)


# --- strong -----------------------------------------------------------------------------

MELD_WHEN_OPPONENT_HOLDS = 3  # medium and strong: the opponent is near going out
CUT_POINTS = 20  # medium: near the opponent's going out, lay down melds worth this much
CUT_POINTS_HOLDING_TWO = 12  # medium, holding two melds: the same
MEDIUM_LAYS_DOWN_AT = 3  # medium: it lays its melds down once it holds this many


def sample_opponent_hands(seen: Seen, rng: random.Random, samples: int) -> list[list[str]]:
    """Opponent hands consistent with the view: known cards plus unseen ones at random,
    except that a known card is held with two that make a meld with it (the opponent
    took it from the pile for a meld), unless it can go on the table instead."""
    hidden = min(seen.opponent_size - len(seen.opponent_known), len(seen.unseen))
    unseen = set(seen.unseen)
    hands = []
    for _ in range(samples):
        held = set(seen.opponent_known)
        chosen: list[str] = []
        for known in seen.opponent_known:
            if melds_with(known, held) or _gift(known, seen):
                continue
            room = hidden - len(chosen)
            pairs = [
                pair
                for pair in MELD_PAIRS[known]
                if all(c in unseen or c in held for c in pair)
                and sum(c not in held for c in pair) <= room
            ]
            if pairs:
                new = [c for c in rng.choice(pairs) if c not in held]
                chosen += new
                held.update(new)
        rest = [c for c in seen.unseen if c not in held]
        hands.append([*seen.opponent_known, *chosen, *rng.sample(rest, hidden - len(chosen))])
    return hands


def _run_pairs(code: str) -> list[tuple[str, str]]:
    """The pairs of cards of `code`'s suit that make a run of three with it."""
    rank, suit = RANK_OF[code], SUIT_OF[code]
    pairs = []
    for low in (rank - 2, rank - 1, rank):
        if 1 <= low <= 11:  # a run of three from `low` stays within ace to king
            a, b = (r for r in (low, low + 1, low + 2) if r != rank)
            pairs.append((card(a, suit), card(b, suit)))
    return pairs


RUN_PAIRS = {code: _run_pairs(code) for code in DECK}
SAME_RANK = {code: [c for c in DECK if RANK_OF[c] == RANK_OF[code] and c != code] for code in DECK}
# The pairs of cards that make a meld of three with a card: a run, or a set.
MELD_PAIRS = {
    code: RUN_PAIRS[code]
    + [(a, b) for i, a in enumerate(SAME_RANK[code]) for b in SAME_RANK[code][i + 1 :]]
    for code in DECK
}


def melds_with(code: str, held: set[str]) -> bool:
    """Whether `code` makes a meld at once with cards of `held`: `_makes_meld` without
    listing every meld (the danger estimate asks it for every sampled hand)."""
    if sum(c in held for c in SAME_RANK[code]) >= 2:
        return True
    return any(a in held and b in held for a, b in RUN_PAIRS[code])


def _danger(code: str, seen: Seen, hands: list[set[str]]) -> float:
    """The chance that the opponent can use `code` at once (meld or lay off)."""
    if _gift(code, seen):
        return 1.0
    return sum(melds_with(code, hand) for hand in hands) / max(1, len(hands))


def _strong_worth(hand: list[str], judge: Judge, live: list[str]) -> float:
    """Lower is better: deadwood less the chances of the next live card."""
    return judge.deadwood(hand) - CHANCES * judge.gain(hand, live) + POINTS * sum(map(value, hand))


def _strong_discard(seen: Seen, rng: random.Random) -> str:
    judge = Judge(seen)
    hands = [set(hand) for hand in sample_opponent_hands(seen, rng, SAMPLES)]

    def cost(code: str) -> tuple[float, str]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in seen.unseen if c != code]
        worth = _strong_worth(rest, judge, live)
        return (worth + DANGER * _danger(code, seen, hands), code)

    return min(discardable(seen), key=cost)


def _semi_held_play(seen: Seen) -> Action | None:
    """Meld once three melds are in hand, or to go out; against an opponent near going
    out, lay down the melds worth 20 points or more (12 when holding two); lay off at
    once."""
    judge = Judge(seen)
    plan = judge.plan(seen.hand)
    held = len(plan[2])
    if held >= _melds_to_lay_down(seen) or judge.deadwood(seen.hand) <= 1:
        return _next_play(seen)
    if seen.opponent_size <= MELD_WHEN_OPPONENT_HOLDS:
        floor = CUT_POINTS if held < 2 else CUT_POINTS_HOLDING_TWO
        play = _meld_among(seen, plan, lambda meld: sum(map(value, meld)) >= floor)
        if play is not None:
            return play
    play = _next_play(seen)
    return play if play is not None and play["type"] == "lay_off" else None


def _melds_to_lay_down(seen: Seen) -> int:
    """medium: how many melds in hand make it lay them down. Two melds shown give the
    opponent lay-off spots; it waits for a third (the rule player of the literature,
    bench/baselines/cards.py, keeps them all, and beat medium laying down at two)."""
    return MEDIUM_LAYS_DOWN_AT


def _held_play(seen: Seen) -> Action | None:
    """Keep melds in hand (no lay-off spots for the opponent) until going out this turn,
    unless the opponent is about to go out (then cut the points held); a meld no unseen
    card fits gives the opponent nothing, so it goes down at once."""
    if seen.opponent_size <= MELD_WHEN_OPPONENT_HOLDS:
        return _next_play(seen)
    judge = Judge(seen)
    hand = seen.hand
    left = judge.deadwood(hand)
    if left == 0 or (left == 1 and _last_card_discardable(seen, judge)):
        return _next_play(seen)
    unseen = set(seen.unseen)
    return _meld_among(seen, judge.plan(hand), lambda meld: unseen.isdisjoint(_fitting(meld)))


def _last_card_discardable(seen: Seen, judge: Judge) -> bool:
    """With one card of deadwood: whether it can be other than the taken card."""
    hand = seen.hand
    return any(
        judge.deadwood([c for c in hand if c != out]) == 0 for out in hand if out != seen.taken
    )


DRAWERS = {"easy": _easy_draw, "medium": _draw_to_use_at_once, "strong": _draw_to_use_at_once}
DISCARDERS = {"easy": _easy_discard, "medium": _medium_discard, "strong": _strong_discard}
# How each level melds: easy at once; medium once it holds three melds; strong keeps its
# melds in hand (no lay-off spots for the opponent) until it can go out; both lay them
# down when the opponent is near going out.
PLAYS = {"easy": _easy_play, "medium": _semi_held_play, "strong": _held_play}
