"""Where a rummy player loses its points: the hands it is caught with when the other goes out.

Run from the repository root, e.g.::

    python bench/rummy_losses.py --a medium --b rule --pairs 300 --seed 200

Plays the mirror pairs of bench/bots.py (the same deals, seats and rngs) and prints, for
each player: deals won and lost, points won and lost a deal, and of the points it was
caught with, those in melds it held in hand (it could have laid them down) and those of
its deadwood, with its hand's size and the turns the deal lasted; then the points lost
by how many cards the hand held. A diagnosis for tuning, not a measure of strength.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bots import set_constant
from bench.mirror_pairs import deal_seed, load_game, player
from cards import engine
from cards.judge import Judge, Seen
from cards.melds import value


def caught(state, seat: int) -> tuple[int, int, int]:
    """(points in melds held, points of the rest, cards) of ``seat``'s hand at the end."""
    hand = list(state.hands[seat])
    plan = Judge(Seen(engine.view(state, seat))).plan(hand)
    held = sum(value(code) for meld in plan[2] for code in meld)
    return held, sum(map(value, hand)) - held, len(hand)


def play(a: str, b: str, deal: int, first: int, seats: dict[int, str], totals) -> None:
    import random

    game = load_game("cards")
    choose = {seat: player(game, name) for seat, name in seats.items()}
    rngs = {seat: random.Random(f"{deal}:{name}") for seat, name in seats.items()}
    state = engine.new_round(deal, first)
    while not engine.status(state)["over"]:
        seat = state.turn
        state = engine.apply(state, seat, choose[seat](state, seat, rngs[seat]))
    result = state.result
    winner = result["winner"]
    if winner is None:
        return
    loser = 3 - winner
    held, rest, size = caught(state, loser)
    won = totals[seats[winner]]
    won["won"] += 1
    won["points_won"] += result["scores"][winner]
    lost = totals[seats[loser]]
    lost["lost"] += 1
    lost["held"].append(held)
    lost["rest"].append(rest)
    lost["size"].append(size)
    lost["turns"].append(state.turns)
    lost["by_size"][min(size, 10)].append(held + rest)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="medium")
    parser.add_argument("--b", default="rule")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=200)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    args = parser.parse_args(argv)
    for assignment in args.set:
        set_constant("cards", assignment)
    totals: dict[str, dict] = defaultdict(
        lambda: {
            "won": 0,
            "lost": 0,
            "points_won": 0,
            "held": [],
            "rest": [],
            "size": [],
            "turns": [],
            "by_size": defaultdict(list),
        }
    )
    for pair in range(args.pairs):
        deal, first = deal_seed(args.seed, pair), 1 + pair % 2
        play(args.a, args.b, deal, first, {1: args.a, 2: args.b}, totals)
        play(args.a, args.b, deal, first, {1: args.b, 2: args.a}, totals)
    games = 2 * args.pairs
    a, b = totals[args.a], totals[args.b]
    drawn = games - a["won"] - a["lost"]
    net = a["points_won"] - b["points_won"]
    print(
        f"{args.a} vs {args.b}, seed {args.seed}, {args.pairs} pairs"
        + "".join(f", {assignment}" for assignment in args.set)
        + f": share {(a['won'] + drawn / 2) / games:.1%}, points a deal {net / games:+.1f}"
    )
    for name in (args.a, args.b):
        t = totals[name]
        lost_points = sum(t["held"]) + sum(t["rest"])
        lost = max(t["lost"], 1)
        print(
            f"{name}: won {t['won']}, lost {t['lost']} of {games}; points won a deal won "
            f"{t['points_won'] / max(t['won'], 1):.1f}, lost a deal lost "
            f"{lost_points / lost:.1f} (in melds held {sum(t['held']) / lost:.1f}, "
            f"loose {sum(t['rest']) / lost:.1f}), "
            f"deals lost holding a meld {sum(1 for h in t['held'] if h) / lost:.0%}"
        )
        if t["lost"]:
            print(
                f"  caught with {statistics.fmean(t['size']):.1f} cards after "
                f"{statistics.fmean(t['turns']):.1f} turns; points lost by cards held: "
                + ", ".join(
                    f"{size}: {len(p)} x {statistics.fmean(p):.0f}"
                    for size, p in sorted(t["by_size"].items())
                )
            )


if __name__ == "__main__":
    main()
