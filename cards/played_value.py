"""A learned value of a whole-information rummy position fitted on real play (issue 44,
sixth try): the positions of deals played by the site's strong level against medium and
against the literature's rule player (bench/baselines/cards.py), each labelled with the
deal's actual outcome for the seat judged (won 1, lost -1, plus `search.POINTS` a point).

Its input is cards/evaluation.py's features of the position (a sampled world of
cards/fast.py, both hands known) and a few of the deal's clock: the turns played, the
pile's size and the cards on the table. The network has evaluation.py's shape
(`evaluation.Model`); its weights (cards/played_value_weights.npz, a few kilobytes) come
from training/rummy_played_value.py, its command and figures in bench/RESULTS.md.
Used by cards/rollout.py's short cut when `rollout.VALUE` is 1.
"""

from __future__ import annotations

from pathlib import Path

from cards import evaluation, fast
from cards.state import State
from gamekit.seats import other

WEIGHTS = Path(__file__).with_name("played_value_weights.npz")
FEATURES = evaluation.FEATURES + 3


def features(world: fast.World, seat: int, to_move: int) -> list[float]:
    """The value's input: `seat` judged, `to_move` the seat whose turn begins."""
    on_table = sum(shape[4] for shape in world.table)
    return [
        *evaluation.features(world, seat, to_move),
        world.turns / 40,
        len(world.pile) / 10,
        on_table / 10,
    ]


def world_of(state: State, me: int) -> fast.World:
    """The deal of `state` as a world of cards/fast.py, `me` its seat 0."""
    return fast.World(
        hands=[fast.mask_of(state.hands[me]), fast.mask_of(state.hands[other(me)])],
        table=fast.table_of([m.cards for m in state.melds]),
        stock=[fast.INDEX[c] for c in state.stock],
        pile=[fast.INDEX[c] for c in state.pile],
        turns=state.turns,
    )


MODEL: evaluation.Model | None = evaluation.Model.load(WEIGHTS) if WEIGHTS.exists() else None


def evaluate(world: fast.World, seat: int, to_move: int) -> float:
    """The expected outcome of `world` for `seat` in real play, `to_move` to begin its turn."""
    if MODEL is None:
        return 0.0
    return MODEL.score(features(world, seat, to_move))
