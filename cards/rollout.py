"""Strong's discard by rollouts of the bots' own rules (issue 44, fifth try).

Policy improvement by rollouts (Tesauro and Galperin, "On-line policy improvement using
Monte-Carlo search", 1996): the rules' best few discards (cards/discards.py's ranking)
are each played on in worlds sampled from the seat's view (cards/search.py's worlds:
the opponent's hidden cards by the learned guess, the stock shuffled from the rest),
as real deals (cards/state.py, cards/turns.py) by the real levels (cards/bots.py): the
searching seat by strong's rules with the rollouts off, the opponent by `OPPONENT`'s.
Each seat reads only its own view of the world, as at the table. The same worlds and
the same players' rngs meet every candidate (common random numbers); the candidate with
the best mean outcome is discarded. A playout longer than `DEPTH` turns is scored by
the learned evaluation of cards/evaluation.py (or 0 with `CUT_SCORE` 0).

The sixth try (issue 44) keeps the playouts short and scores their cut by a value
fitted on real play of the levels (`VALUE` 1, cards/played_value.py), takes out of each
outcome what the position right after the discard already tells (`CONTROL`, a control
variate), and overrules the rules' first only past `SPREAD` standard errors of the
world-by-world differences, so that the search defers to the rules when it cannot tell.

Every random choice comes from the rng given (the worlds, the players' seeds, the
reshuffles' seeds), so the hint and the review agree on a position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cards import evaluation, fast, judge, played_value, search
from cards.judge import Seen
from cards.state import Meld, State
from cards.turns import apply
from gamekit.seats import SEATS, other

# Worlds per discard. 0: off, strong discards by its rules (the site's strong).
WORLDS = 0
CANDIDATES = 3  # the rules' best discards played on
DEPTH = 200  # turns (both seats') played before the position is scored
OPPONENT = 0  # the opponent in the playouts: 0 medium's rules, 1 strong's (rollouts off)
CUT_SCORE = 1  # a playout cut at `DEPTH`: 1 the learned evaluation, 0 scores nothing
POINTS = 0.01  # the outcome: a deal won 1, lost -1, plus this much a point scored
MARGIN = 0.0  # a candidate overrules the rules' first only by more than this a world
GAP = 0.0  # >0: play out only the candidates within this cost of the rules' first
# The sixth try (issue 44): the cut scored by a value fitted on real play, and the
# rules' first overruled only when the search can tell.
VALUE = 0  # a playout cut at `DEPTH` scored by: 0 cards/evaluation.py, 1 cards/played_value.py
# >0: a candidate overrules the rules' first only if its mean outcome is higher by more
# than this many standard errors of the world-by-world (paired) differences.
SPREAD = 0.0
# >0: control variate. Each outcome less this times the value of the position right
# after the discard, plus this times that value's mean over `CONTROL_WORLDS` worlds (the
# playouts' and more, cheap since they are not played): the part of a playout's outcome
# the position already tells is measured on many worlds, not on the few played.
CONTROL = 0.0
CONTROL_WORLDS = 4  # times `WORLDS`

_busy = False  # inside a playout: the players there discard by the rules alone
# The levels' players, `(state, seat, level, rng) -> action`: cards/bots.py's `choose`,
# set by that module when it loads (it imports the discarders, which import this one, so
# importing it here would close a cycle).
players: Callable[[State, int, str, random.Random], dict[str, Any]] | None = None


def active() -> bool:
    return WORLDS > 0 and not _busy


def state_of(view: dict[str, Any], opponent: list[str], stock: list[str], seed: int) -> State:
    """The deal of `view` with the opponent's hand and the stock (next card last) filled
    in; `seed` seeds its reshuffles."""
    me = view["seat"]
    melds = tuple(
        Meld(
            owner=m["owner"],
            cards=tuple(m["cards"]),
            laid_off=tuple((lay["seat"], lay["card"]) for lay in m["laid_off"]),
        )
        for m in view["melds"]
    )
    return State(
        seed=seed,
        first=view["first"],
        game_no=view["game_no"],
        match={s: view["match_before"][str(s)] for s in SEATS},
        stock=tuple(stock),
        pile=tuple(view["pile"]),
        hands={me: tuple(view["hand"]), other(me): tuple(opponent)},
        melds=melds,
        turn=me,
        step=view["step"],
        taken=view["taken"],
        known={s: tuple(view["known"][str(s)]) for s in SEATS},
        turns=view["turns"],
        current=view["current"],
        history={s: tuple(tuple(e) for e in view["history"][str(s)]) for s in SEATS},
    )


def score(state: State, me: int, start: int) -> float:
    """`me`'s outcome of the deal, or of the position once `DEPTH` turns are played."""
    result = state.result
    if result is not None:
        winner = result["winner"]
        if winner is None:
            return 0.0
        gained = 1.0 + POINTS * sum(result["scores"].values())
        return gained if winner == me else -gained
    if not CUT_SCORE:
        return 0.0
    return value(state, me)


def value(state: State, me: int) -> float:
    """The learned value of `state` for `me` (`VALUE`'s), the turn of `state.turn` to begin."""
    world = played_value.world_of(state, me)
    to_move = 0 if state.turn == me else 1
    if VALUE:
        return played_value.evaluate(world, 0, to_move)
    return evaluation.evaluate(world, 0, to_move)


def play_on(state: State, me: int, seed: int) -> float:
    """Play the deal on from `state` by the levels' rules; `me`'s outcome."""
    assert players is not None, "cards.bots sets rollout.players when it loads"
    levels = {me: "strong", other(me): "strong" if OPPONENT else "medium"}
    rngs = {s: random.Random(f"{seed}:{s}") for s in SEATS}
    start = state.turns
    while state.result is None and state.turns - start < DEPTH:
        seat = state.turn
        assert seat is not None
        state = apply(state, seat, players(state, seat, levels[seat], rngs[seat]))
    return score(state, me, start)


def best_discard(seen: Seen, rng: random.Random, costed: list[tuple[float, str]]) -> str:
    """The discard among the rules' best `CANDIDATES` (`costed`: (cost, card), best
    first) with the best mean outcome played on."""
    global _busy
    first_cost = costed[0][0]
    options = [c for cost, c in costed[:CANDIDATES] if not GAP or cost - first_cost <= GAP]
    if len(options) < 2:
        return costed[0][1]
    view = seen.view
    me = view["seat"]
    extra = CONTROL_WORLDS * WORLDS if CONTROL else WORLDS
    sampled = search.worlds(seen, rng, extra)
    seeds = [rng.getrandbits(32) for _ in sampled]
    outcomes: dict[str, list[float]] = {code: [] for code in options}
    controls: dict[str, list[float]] = {code: [] for code in options}
    _busy, judge.FAST = True, 1
    try:
        for n, ((mask, stock), seed) in enumerate(zip(sampled, seeds, strict=True)):
            opponent = fast.codes_of(mask)
            cards = [fast.CODE[i] for i in stock]
            for code in options:
                state = state_of(view, opponent, cards, seed)
                state = apply(state, me, {"type": "discard", "card": code})
                if CONTROL:
                    controls[code].append(score(state, me, state.turns))
                if n < WORLDS:
                    outcomes[code].append(play_on(state, me, seed))
    finally:
        _busy, judge.FAST = False, 0
    return pick(options, outcomes, controls)


def pick(
    options: list[str], outcomes: dict[str, list[float]], controls: dict[str, list[float]]
) -> str:
    """The candidate to discard: the rules' first (`options[0]`) unless another's mean
    outcome beats it by more than `MARGIN` a world and `SPREAD` standard errors."""
    first = options[0]
    found = estimates(options, outcomes, controls)
    best = max(options, key=lambda code: (found[code][0], code == first))
    gain, error = found[best]
    if gain <= MARGIN or gain <= SPREAD * error:
        return first
    return best


def estimates(
    options: list[str], outcomes: dict[str, list[float]], controls: dict[str, list[float]]
) -> dict[str, tuple[float, float]]:
    """Per candidate: its mean outcome less the rules' first's, and the standard error of
    that difference (world by world, the same worlds for both). With `CONTROL` and
    `controls` (the values right after the discard, the played worlds first), each
    world's difference of outcomes less `CONTROL` times its difference of values, plus
    `CONTROL` times the mean difference of values over all the worlds valued."""
    first = options[0]
    played = len(outcomes[first])
    found = {}
    for code in options:
        diffs = [a - b for a, b in zip(outcomes[code], outcomes[first], strict=True)]
        variance = 0.0
        told_mean = 0.0
        if CONTROL and controls:
            told = [a - b for a, b in zip(controls[code], controls[first], strict=True)]
            diffs = [d - CONTROL * c for d, c in zip(diffs, told, strict=False)]
            told_mean = CONTROL * sum(told) / len(told)
            variance = CONTROL**2 * _variance(told) / len(told)
        variance += _variance(diffs) / played
        found[code] = (sum(diffs) / played + told_mean, variance**0.5)
    return found


def _variance(values: list[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - 1)
