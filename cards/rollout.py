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

Every random choice comes from the rng given (the worlds, the players' seeds, the
reshuffles' seeds), so the hint and the review agree on a position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cards import evaluation, fast, judge, search
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
    world = fast.World(
        hands=[fast.mask_of(state.hands[me]), fast.mask_of(state.hands[other(me)])],
        table=fast.table_of([m.cards for m in state.melds]),
        stock=[fast.INDEX[c] for c in state.stock],
        pile=[fast.INDEX[c] for c in state.pile],
        turns=state.turns,
    )
    return evaluation.evaluate(world, 0, 0 if state.turn == me else 1)


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
    sampled = search.worlds(seen, rng, WORLDS)
    seeds = [rng.getrandbits(32) for _ in sampled]
    totals = dict.fromkeys(options, 0.0)
    _busy, judge.FAST = True, 1
    try:
        for (mask, stock), seed in zip(sampled, seeds, strict=True):
            opponent = fast.codes_of(mask)
            cards = [fast.CODE[i] for i in stock]
            for code in options:
                state = state_of(view, opponent, cards, seed)
                state = apply(state, me, {"type": "discard", "card": code})
                totals[code] += play_on(state, me, seed)
    finally:
        _busy, judge.FAST = False, 0
    first = options[0]
    best = max(options, key=lambda code: (totals[code], code == first))
    return best if totals[best] > totals[first] + MARGIN * len(sampled) else first
