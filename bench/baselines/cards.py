"""Outside players of rummy (cards/), written from published strategies, for bench/bots.py;
independent of the site's bots on purpose, to stay the players bench/RESULTS.md measured:
none uses cards/bots.py or cards/judge.py (`plan` below counts deadwood in points, the
judge's in cards). Each is a function ``(state, seat, rng) -> action`` that reads only
``engine.view(state, seat)`` (its hand, the table, the discard pile, the counts and the
cards the opponent was seen taking from the pile), as the site's bots do.

The published players are gin rummy players; our rummy has no knocking, so they are
adapted: "deadwood" is the points of the cards that could not leave the hand now (the
best choice of disjoint melds, then lay-offs on the table's melds and on those melds),
and "knocking" becomes going out (every card leaves, the last one possibly discarded).

- ``rule``: the literature's rule player. OpenSpiel's ``SimpleGinRummyBot``
  (open_spiel/bots/gin_rummy/simple_gin_rummy_bot.{h,cc}: take the upcard only if it
  ends up in a meld of the best hand, discard the card that leaves the least deadwood,
  knock at once) and RLCard's gin rummy novice rule agent
  (rlcard/models/gin_rummy_rule_models.py, ``GinRummyNoviceRuleAgent``: discard the
  highest deadwood card, gin/knock when possible), with the strategy guides' habits
  (e.g. Pagat's and Bicycle's gin rummy strategy pages: keep melds hidden until going
  out, count outs, discard safe cards: dead cards, and no card the opponent visibly
  collects or could lay off). It takes the pile's top card only when the card leaves
  the hand at once (a meld or a lay-off) and that lowers its deadwood; it discards the
  card leaving the least deadwood, ties broken by safety (no lay-off spot on the
  table, no partner among the cards the opponent took), then by outs (live cards that
  would let one more card leave), then by the higher value; it keeps its melds (and
  lay-offs) in hand until it can go out in one turn.
- ``eaai``: the EAAI-2021 Gin Rummy challenge's ``SimpleGinRummyPlayer`` (Todd Neller,
  gin rummy for the EAAI Undergraduate Research Challenge, 2021: draw the face-up card
  only if it would be part of a meld, discard a random card, other than one just drawn
  face up, among those leaving the least deadwood points, knock as early as possible;
  here: lay down every meld and lay-off at once).
- ``montecarlo``: a determinized Monte Carlo discarder (the perfect-information
  sampling of e.g. Ginsberg's GIB and of the Monte Carlo gin rummy players of the
  EAAI-2021 challenge): opponent hands are sampled from the unseen cards consistently
  with the view (its known cards, its hand size), the rest being the stock. Each
  discard is scored over the samples by the expected deadwood after its next draw from
  that stock (and its best discard then), plus the deadwood the sampled opponent would
  save by taking the card (it takes it when the card leaves its hand at once); the pile
  card is taken when the deadwood after taking it (and the best discard) is lower than
  the expected deadwood after a draw from the stock. Melds are kept in hand until it can
  go out, as the rule player does.
- ``beginner``: a stand-in for a human who plays sensibly without counting or looking
  ahead (to check that easy can be beaten): it lays down every meld and lay-off it sees
  at once, takes the pile's top card only when that card makes a meld or lays off at
  once, and discards its highest card outside its melds, keeping pairs and two-card runs
  while it has other cards (it cannot be made to discard a card just taken).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from cards import engine
from cards.melds import DECK, RANK_OF, SUIT_OF, fits, melds_in, value

View = dict[str, Any]
Action = dict[str, Any]
Table = tuple[tuple[str, ...], ...]
Player = Callable[[Any, int, random.Random], Action]

MC_SAMPLES = 12  # montecarlo: opponent hands sampled per decision
MC_CANDIDATES = 4  # montecarlo: the discards leaving the least deadwood, judged by sampling

# --- The measure of a hand: deadwood points ---------------------------------------------


def _lay_offs(rest: Iterable[str], melds: Sequence[Sequence[str]]) -> list[str]:
    """Cards of `rest` that can be laid off on `melds`, one after another (a meld grows
    as cards go on it)."""
    grown = [list(meld) for meld in melds]
    left = list(rest)
    laid: list[str] = []
    more = True
    while more and left:
        more = False
        for code in left:
            for meld in grown:
                if fits(meld, code):
                    meld.append(code)
                    left.remove(code)
                    laid.append(code)
                    more = True
                    break
            if more:
                break
    return laid


# A game asks for a few hundred plans; a bigger cache kept across games grew the heap
# until the collector's full passes took over a second (timed as someone's decision).
@lru_cache(maxsize=20_000)
def plan(hand: frozenset[str], table: Table) -> tuple[int, tuple[tuple[str, ...], ...], frozenset]:
    """(the least deadwood points, the melds that leave it, every card that can leave):
    melds chosen among every disjoint choice, then lay-offs on `table` and on them."""
    candidates = melds_in(hand)
    best: list[Any] = [sum(map(value, hand)) + 1, (), frozenset()]

    def search(start: int, used: frozenset[str], made: list[tuple[str, ...]]) -> None:
        rest = [code for code in hand if code not in used]
        laid = _lay_offs(rest, [*table, *made])
        points = sum(value(c) for c in rest) - sum(map(value, laid))
        if points < best[0]:
            best[:] = [points, tuple(made), used.union(laid)]
        if best[0] == 0:
            return
        for i in range(start, len(candidates)):
            meld = candidates[i]
            if used.isdisjoint(meld):
                made.append(meld)
                search(i + 1, used | frozenset(meld), made)
                made.pop()

    search(0, frozenset(), [])
    return best[0], best[1], best[2]


def deadwood(hand: Iterable[str], table: Table) -> int:
    return plan(frozenset(hand), table)[0]


class Seen:
    """What the view tells a player, in handy form."""

    def __init__(self, view: View) -> None:
        me = view["seat"]
        opponent = 2 if me == 1 else 1
        self.view = view
        self.hand: list[str] = list(view["hand"])
        self.table: Table = tuple(tuple(m["cards"]) for m in view["melds"])
        self.top: str | None = view["top"]
        self.taken: str | None = view["taken"]
        self.opponent_known: list[str] = list(view["known"][str(opponent)])
        self.opponent_size: int = view["hand_counts"][str(opponent)]
        seen = {*self.hand, *view["pile"], *self.opponent_known}
        seen.update(code for meld in self.table for code in meld)
        self.unseen: list[str] = [code for code in DECK if code not in seen]

    def discardable(self) -> list[str]:
        return [code for code in self.hand if code != self.taken]


def _partners(code: str, cards: Iterable[str]) -> list[str]:
    """Cards that could make a meld with `code` given one more: same rank, or same suit
    within two ranks."""
    rank, suit = RANK_OF[code], SUIT_OF[code]
    return [
        c
        for c in cards
        if c != code
        and (RANK_OF[c] == rank or (SUIT_OF[c] == suit and abs(RANK_OF[c] - rank) <= 2))
    ]


def _makes_meld(code: str, hand: Sequence[str]) -> bool:
    return any(code in meld for meld in melds_in([*hand, code]))


def _fits_table(code: str, table: Table) -> bool:
    return any(fits(meld, code) for meld in table)


# --- Playing out a turn: going out, laying down ------------------------------------------


def _go_out(seen: Seen) -> Action | None:
    """The next meld or lay-off of a turn that empties the hand (the last card possibly
    discarded), or the discard that does; None when the hand cannot go out now."""
    hand = seen.hand
    _, melds, leaving = plan(frozenset(hand), seen.table)
    if len(leaving) == len(hand):
        return _next_of(seen, melds, leaving)
    for out in seen.discardable():
        rest = [c for c in hand if c != out]
        _, melds, leaving = plan(frozenset(rest), seen.table)
        if len(leaving) == len(rest):
            if not rest:
                return {"type": "discard", "card": out}
            return _next_of(seen, melds, leaving)
    return None


def _next_of(seen: Seen, melds: Sequence[tuple[str, ...]], leaving: frozenset) -> Action | None:
    """The plan's first meld, else a lay-off of a leaving card that fits now."""
    for meld in melds:
        left = [c for c in seen.hand if c not in meld]
        if not _dead_end(seen, left, [*seen.table, meld]):
            return {"type": "meld", "cards": list(meld)}
    for code in sorted(leaving, key=lambda c: (-value(c), c)):
        if code in meld_cards(melds):
            continue
        for index, meld in enumerate(seen.table):
            if fits(meld, code):
                left = [c for c in seen.hand if c != code]
                grown = [*seen.table[:index], (*meld, code), *seen.table[index + 1 :]]
                if not _dead_end(seen, left, grown):
                    return {"type": "lay_off", "card": code, "meld": index}
    return None


def meld_cards(melds: Sequence[tuple[str, ...]]) -> set[str]:
    return {code for meld in melds for code in meld}


def _dead_end(seen: Seen, left: list[str], table: Sequence[Sequence[str]]) -> bool:
    """The engine refuses leaving only the card just taken when it fits no meld."""
    taken = seen.taken
    return taken is not None and left == [taken] and not any(fits(m, taken) for m in table)


def _lay_down_all(seen: Seen) -> Action | None:
    """Every meld and lay-off of the best plan, at once."""
    _, melds, leaving = plan(frozenset(seen.hand), seen.table)
    return _next_of(seen, melds, leaving)


# --- rule -------------------------------------------------------------------------------


def _best_discard_deadwood(hand: Sequence[str], table: Table, keep: str | None) -> int:
    """The least deadwood after discarding one card (not `keep`)."""
    return min(deadwood([c for c in hand if c != out], table) for out in hand if out != keep)


def _rule_takes(seen: Seen) -> bool:
    top = seen.top
    if top is None:
        return False
    grown = [*seen.hand, top]
    if top not in plan(frozenset(grown), seen.table)[2]:
        return False  # the card would be deadwood: no meld, no lay-off
    return _best_discard_deadwood(grown, seen.table, top) < deadwood(seen.hand, seen.table)


def _unsafe(code: str, seen: Seen) -> int:
    """Gives the opponent something: a lay-off on the table, or a partner of a card it
    took from the pile (it collects that rank or that stretch of a suit)."""
    return int(_fits_table(code, seen.table)) + len(_partners(code, seen.opponent_known))


def _outs(hand: Sequence[str], seen: Seen) -> int:
    """Live cards that would let one more card of `hand` leave it."""
    now = len(plan(frozenset(hand), seen.table)[2])
    useful = [c for c in seen.unseen if _partners(c, hand) or _fits_table(c, seen.table)]
    return sum(len(plan(frozenset([*hand, c]), seen.table)[2]) > now for c in useful)


def _rule_discard(seen: Seen) -> str:
    def key(code: str) -> tuple[int, int, int, int, str]:
        rest = [c for c in seen.hand if c != code]
        return (
            deadwood(rest, seen.table),
            _unsafe(code, seen),
            -_outs(rest, seen),
            -value(code),
            code,
        )

    options = seen.discardable()
    least = min(deadwood([c for c in seen.hand if c != o], seen.table) for o in options)
    close = [o for o in options if deadwood([c for c in seen.hand if c != o], seen.table) == least]
    return min(close, key=key)


def rule(state: Any, seat: int, rng: random.Random) -> Action:
    seen = Seen(engine.view(state, seat))
    if seen.view["step"] == "draw":
        return {"type": "draw", "source": "discard" if _rule_takes(seen) else "stock"}
    out = _go_out(seen)
    if out is not None:
        return out
    return {"type": "discard", "card": _rule_discard(seen)}


# --- eaai -------------------------------------------------------------------------------


def _simple_turn(seen: Seen) -> Action | None:
    """The draw and the melds of eaai and beginner alike: the pile's card only when it
    makes a meld or fits the table; go out, else lay every meld down; None: discard."""
    if seen.view["step"] == "draw":
        top = seen.top
        take = top is not None and (_makes_meld(top, seen.hand) or _fits_table(top, seen.table))
        return {"type": "draw", "source": "discard" if take else "stock"}
    return _go_out(seen) or _lay_down_all(seen)


def eaai(state: Any, seat: int, rng: random.Random) -> Action:
    seen = Seen(engine.view(state, seat))
    turn = _simple_turn(seen)
    if turn is not None:
        return turn
    options = seen.discardable()
    scores = {o: deadwood([c for c in seen.hand if c != o], seen.table) for o in options}
    least = min(scores.values())
    return {"type": "discard", "card": rng.choice(sorted(o for o in options if scores[o] == least))}


# --- montecarlo -------------------------------------------------------------------------

MC_GIFT = 1.0  # montecarlo: weight of the opponent's deadwood saved by taking the discard


def _after_draw(hand: Sequence[str], table: Table, code: str) -> int:
    """The least deadwood of `hand` with `code` drawn and the best card discarded."""
    return _best_discard_deadwood([*hand, code], table, None)


def _after_draws(hand: Sequence[str], table: Table, codes: Iterable[str]) -> dict[str, int]:
    """`_after_draw` for each of `codes`. A card with no partner in the hand and no
    lay-off spot stays deadwood: either it goes again, or it stays and the hand's best
    other discard goes (worked out once for all such cards)."""
    now = deadwood(hand, table)
    spare = min((deadwood([c for c in hand if c != out], table) for out in hand), default=0)
    found = {}
    for code in codes:
        if _partners(code, hand) or _fits_table(code, table):
            found[code] = _after_draw(hand, table, code)
        else:
            found[code] = min(now, spare + value(code))
    return found


def sample_opponent(seen: Seen, rng: random.Random) -> list[str]:
    """An opponent hand consistent with the view: its known cards and unseen ones."""
    hidden = min(seen.opponent_size - len(seen.opponent_known), len(seen.unseen))
    return [*seen.opponent_known, *rng.sample(seen.unseen, hidden)]


def _mc_discard(seen: Seen, rng: random.Random) -> str:
    table = seen.table
    hands = [sample_opponent(seen, rng) for _ in range(MC_SAMPLES)]
    now = {o: deadwood([c for c in seen.hand if c != o], table) for o in seen.discardable()}
    options = sorted(now, key=lambda o: (now[o], o))[:MC_CANDIDATES]
    best: tuple[float, str] | None = None
    for out in options:
        rest = [c for c in seen.hand if c != out]
        after = _after_draws(rest, table, seen.unseen)
        total, everything = 0.0, sum(after.values())
        for opponent in hands:
            # The next draw comes from the stock: the unseen cards the sample does not hold.
            stock = [c for c in opponent if c in after]
            left = len(after) - len(stock)
            mine = (everything - sum(after[c] for c in stock)) / left if left else now[out]
            gift = 0.0
            if _fits_table(out, table) or _makes_meld(out, opponent):
                before = deadwood(opponent, table)
                gift = max(0, before - _best_discard_deadwood([*opponent, out], table, out))
            total += mine + MC_GIFT * gift
        score = (total / len(hands), out)
        if best is None or score < best:
            best = score
    assert best is not None
    return best[1]


def _mc_takes(seen: Seen) -> bool:
    top = seen.top
    if top is None:
        return False
    table = seen.table
    taking = _best_discard_deadwood([*seen.hand, top], table, top)
    drawing = list(_after_draws(seen.hand, table, seen.unseen).values())
    expected = sum(drawing) / len(drawing) if drawing else deadwood(seen.hand, table)
    return taking < expected


def montecarlo(state: Any, seat: int, rng: random.Random) -> Action:
    seen = Seen(engine.view(state, seat))
    if seen.view["step"] == "draw":
        return {"type": "draw", "source": "discard" if _mc_takes(seen) else "stock"}
    out = _go_out(seen)
    if out is not None:
        return out
    return {"type": "discard", "card": _mc_discard(seen, rng)}


# --- beginner ---------------------------------------------------------------------------


def beginner(state: Any, seat: int, rng: random.Random) -> Action:
    seen = Seen(engine.view(state, seat))
    turn = _simple_turn(seen)
    if turn is not None:
        return turn
    options = seen.discardable()
    loose = [c for c in options if not _partners(c, seen.hand)]
    pool = loose or options
    return {"type": "discard", "card": max(pool, key=lambda c: (value(c), c))}


# name -> choose(state, seat, rng): bench/bots.py offers these beside the bot levels.
PLAYERS: dict[str, Player] = {
    "rule": rule,
    "eaai": eaai,
    "montecarlo": montecarlo,
    "beginner": beginner,
}
