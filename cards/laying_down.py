"""When rummy's computer players meld and lay off, level by level.

- easy melds everything at once and lays off on its own melds only (it does not look
  for room on the opponent's);
- medium lays off at once and keeps up to two melds in hand: it melds once it holds
  three, or when it can go out; once the opponent shows a meld of its own (it is
  racing), at two already; against an opponent down to three cards it lays down the
  melds worth 20 points or more, 12 when it holds two (two more lay-downs, a meld no
  unseen card fits at once and the big melds late in the deal, were measured and left
  out: bench/RESULTS.md, issue 44, medium);
- strong keeps its melds in hand until it can go out in this turn (the opponent gets no
  lay-off spots), but lays down at once a meld no unseen card fits (the opponent cannot
  use it) and everything against an opponent down to three cards, to cut the points it
  would lose.

No level makes a play that leaves only the card taken from the pile, which could not
be discarded.
"""

from __future__ import annotations

from collections.abc import Callable

from cards.judge import Action, Judge, Plan, Seen, fitting
from cards.melds import fits, value

MELD_WHEN_OPPONENT_HOLDS = 3  # medium and strong: the opponent is near going out
CUT_POINTS = 20  # medium: near the opponent's going out, lay down melds worth this much
CUT_POINTS_HOLDING_TWO = 12  # medium, holding two melds: the same
MEDIUM_LAYS_DOWN_AT = 3  # medium: it lays its melds down once it holds this many
# medium, once the opponent shows melds, lays its own down sooner (the opponent is racing):
# strong, which shows the melds no unseen card fits, then wins more deals against it, and
# rule, which shows none before going out, plays it as before (bench/RESULTS.md, issue 44,
# medium's second try): a step between them.
SHOWN_LAYS_DOWN_AT = 2  # medium: once the opponent shows a meld, it lays its own down at this many


def _leaves_dead_end(seen: Seen, left: list[str], table: list[list[str]]) -> bool:
    taken = seen.taken
    return left == [taken] and not any(fits(meld, taken) for meld in table)  # type: ignore[arg-type]


def _layable(seen: Seen, plan: Plan) -> list[tuple[str, ...]]:
    """The melds of the hand's plan that can go down now: not one that would leave only
    the card taken from the pile (which could not be discarded)."""
    found = []
    for meld in plan[2]:
        left = [code for code in seen.hand if code not in meld]
        if not _leaves_dead_end(seen, left, [*seen.table, list(meld)]):
            found.append(meld)
    return found


def _meld_among(seen: Seen, plan: Plan, wanted: Callable[[tuple[str, ...]], bool]) -> Action | None:
    """The first meld of the hand's plan that can go down now and `wanted` accepts."""
    for meld in _layable(seen, plan):
        if wanted(meld):
            return {"type": "meld", "cards": list(meld)}
    return None


def next_play(seen: Seen, own_melds_only: bool = False) -> Action | None:
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


def _easy_play(seen: Seen) -> Action | None:
    """Every meld at once, and lay-offs on its own melds only: easy does not look for
    room on the opponent's melds."""
    return next_play(seen, own_melds_only=True)


def _semi_held_play(seen: Seen) -> Action | None:
    """Meld once three melds are in hand (two once the opponent shows one), or to go out;
    against an opponent near going out, the melds worth 20 points or more (12 when
    holding two); lay off at once."""
    judge = Judge(seen)
    plan = judge.plan(seen.hand)
    held = len(plan[2])
    if held >= _melds_to_lay_down(seen) or judge.deadwood(seen.hand) <= 1:
        return next_play(seen)
    if seen.opponent_size <= MELD_WHEN_OPPONENT_HOLDS:
        floor = CUT_POINTS if held < 2 else CUT_POINTS_HOLDING_TWO
        play = _meld_among(seen, plan, lambda meld: sum(map(value, meld)) >= floor)
        if play is not None:
            return play
    play = next_play(seen)
    return play if play is not None and play["type"] == "lay_off" else None


def _melds_to_lay_down(seen: Seen) -> int:
    """medium: how many melds in hand make it lay them down. Two melds shown give the
    opponent lay-off spots; it waits for a third (the rule player of the literature,
    bench/baselines/cards.py, keeps them all, and beat medium laying down at two), but
    not once the opponent has shown a meld: it is racing, and the points held in hand are
    what it would catch."""
    if seen.opponent_melds:
        return SHOWN_LAYS_DOWN_AT
    return MEDIUM_LAYS_DOWN_AT


def _held_play(seen: Seen) -> Action | None:
    """Keep melds in hand (no lay-off spots for the opponent) until going out this turn,
    unless the opponent is about to go out (then cut the points held); a meld no unseen
    card fits gives the opponent nothing, so it goes down at once."""
    if seen.opponent_size <= MELD_WHEN_OPPONENT_HOLDS:
        return next_play(seen)
    judge = Judge(seen)
    hand = seen.hand
    left = judge.deadwood(hand)
    if left == 0 or (left == 1 and _last_card_discardable(seen, judge)):
        return next_play(seen)
    unseen = set(seen.unseen)
    return _meld_among(seen, judge.plan(hand), lambda meld: unseen.isdisjoint(fitting(meld)))


def held_melds(seen: Seen) -> list[list[str]]:
    """The melds of the hand's plan that could be laid down now (the hint says when the
    strong level keeps them in hand)."""
    return [list(meld) for meld in _layable(seen, Judge(seen).plan(seen.hand))]


def _last_card_discardable(seen: Seen, judge: Judge) -> bool:
    """With one card of deadwood: whether it can be other than the taken card."""
    hand = seen.hand
    return any(
        judge.deadwood([c for c in hand if c != out]) == 0 for out in hand if out != seen.taken
    )


# How each level melds: easy at once; medium once it holds three melds (two against an
# opponent that shows one); strong keeps its melds in hand (no lay-off spots for the
# opponent) until it can go out; both lay them down when the opponent is near going out.
PLAYS = {"easy": _easy_play, "medium": _semi_held_play, "strong": _held_play}
