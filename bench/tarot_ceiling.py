"""A ceiling for the Tarot duel's computer players: a clairvoyant player, against any
player of bench/bots.py.

    python bench/tarot_ceiling.py --exact 12 --a clairvoyant --b pimc --pairs 200 --seed 200

``clairvoyant`` is not a fair player and is never offered: it reads the whole deal (the
opponent's hand and every face-down card), not ``engine.view``. It plays each legal card
in the true deal and scores it as strong and pimc score a card in each of their sampled
worlds: the rest of the round played out by the rules of thumb (tarot.playout), or, with
``--exact`` tricks left or fewer, the exact search to the end (tarot.endgame). What it
wins against pimc bounds what better guesses of the hidden cards can be worth with the
same evaluation, and how much of a round the deal alone decides (the pairs where the same
cards win both games). The other options are bench/bots.py's.
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import bots as bench_bots
from bench.baselines import tarot as baselines
from tarot import endgame, engine, playout
from tarot.cards import DECK, INDEX

EXACT = 6  # tricks left from which the search goes to the end (strong and pimc: 6)


def clairvoyant(state: Any, seat: int, rng: random.Random, exact: int = EXACT) -> dict[str, Any]:
    shown = engine.view(state, seat)
    legal = shown["legal"]
    if len(legal) == 1:
        return {"type": "play", "card": legal[0]}
    seats = (seat, 2 if seat == 1 else 1)
    piles = [[[INDEX[c] for c in pile] for pile in state.stacks[s]] for s in seats]
    hands = [sum(1 << INDEX[c] for c in state.hands[s]) for s in seats]
    heights = [tuple(len(p) for p in piles[0]), tuple(len(p) for p in piles[1])]
    led = INDEX[state.trick[0][1]] if state.trick else -1
    left = shown["tricks_left"]
    points, oudlers = shown["points"][str(seat)], shown["oudlers"][str(seat)]
    taken = round(2 * points) + endgame.OUDLER_UNIT * oudlers
    moves = [INDEX[c] for c in legal]
    search = endgame.EndSearch(piles, 0)
    if left <= exact:
        values = search.root_outcomes(moves, hands, heights, led, left, taken)
    else:
        values = playout.root_playouts(search, moves, hands, heights, led, left, taken)
    best = max(values.values())
    return {"type": "play", "card": DECK[min(c for c, v in values.items() if v == best)]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--exact", type=int, default=EXACT)
    args, rest = parser.parse_known_args(argv)
    # In this process only, before bench/bots.py's pool forks: the workers inherit it.
    baselines.PLAYERS["clairvoyant"] = partial(clairvoyant, exact=args.exact)
    print(f"clairvoyant: exact search from {args.exact} tricks left")
    bench_bots.main(["--game", "tarot", *rest])


if __name__ == "__main__":
    main()
