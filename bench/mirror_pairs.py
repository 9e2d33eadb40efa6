"""Mirror pairs for bench/bots.py: the players of a game and the games they play.

A game is found by its modules ``<game>.engine`` and ``<game>.bots``; a player is a bot
level or a named baseline (``bench/baselines/<game>.py``'s ``PLAYERS``). A pair is the
same deal played twice on the same seed and the same first seat, A in seat 1 then A in
seat 2, so that luck of the deal cancels; each player's rng is seeded from the deal and
its name, so a run is reproducible whatever the jobs. Every decision is timed,
wall-clock and CPU.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any

LEVELS = ("easy", "medium", "strong")  # when a bots module does not list its own
MOVE_CAP = 2000  # a tile game ends well before; the cap only guards the bench

Player = Callable[[Any, int, random.Random], dict[str, Any]]


@dataclass(frozen=True)
class Game:
    engine: ModuleType
    bots: ModuleType
    baselines: dict[str, Player]


@cache
def load_game(name: str) -> Game:
    package = name
    engine = import_module(f"{package}.engine")
    bots = import_module(f"{package}.bots")
    baselines: dict[str, Player] = {}
    outside = f"bench.baselines.{package}"
    if "." not in package and find_spec(outside) is not None:
        baselines.update(import_module(outside).PLAYERS)
    return Game(engine, bots, baselines)


def match_rules(game_name: str) -> ModuleType | None:
    """The module that says when a match is over (``match_over``, ``match_totals``,
    ``match_winner``): the engine's, or the game's state module (rummy's engine exports
    the protocol only), or None for a game with no matches."""
    for name in (f"{game_name}.engine", f"{game_name}.state"):
        if find_spec(name) is not None and hasattr(module := import_module(name), "match_over"):
            return module
    return None


def players_of(game: Game) -> list[str]:
    return [*getattr(game.bots, "LEVELS", LEVELS), *game.baselines]


def player(game: Game, name: str) -> Player:
    if name in game.baselines:
        return game.baselines[name]
    if name in getattr(game.bots, "LEVELS", LEVELS):

        def level(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
            return game.bots.choose(state, seat, name, rng)

        return level
    raise SystemExit(f"unknown player {name!r}: expected one of {', '.join(players_of(game))}")


def deal_seed(seed: int, pair: int) -> int:
    """The deal of pair ``pair`` in a run seeded ``seed`` (stable across Python runs)."""
    digest = hashlib.sha256(f"bench:{seed}:{pair}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def fingerprint(state: Any) -> str:
    return hashlib.sha256(repr(state).encode()).hexdigest()[:16]


@dataclass
class GameRecord:
    deal: int
    first: int
    seats: dict[int, str]  # seat -> player name
    start: str  # fingerprint of the state dealt
    winner: int | None = None
    scores: dict[int, int] = field(default_factory=dict)
    moves: int = 0
    capped: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)  # player -> wall seconds
    cpu: dict[str, list[float]] = field(default_factory=dict)  # player -> CPU seconds


def play_game(
    game_name: str,
    seats: dict[int, str],
    deal: int,
    first: int,
    move_cap: int = MOVE_CAP,
    matches: bool = False,
) -> GameRecord:
    """One game from deal ``deal``, seat -> player name; every action timed. With
    ``matches``, the game is a whole match: deals follow one another (the engine's
    ``new_round(seed, first, previous)``) until ``match_over(state)`` (``match_rules``),
    and the match totals (``match_totals``, ``match_winner``) decide."""
    game = load_game(game_name)
    rules = match_rules(game_name) if matches else None
    choose = {seat: player(game, name) for seat, name in seats.items()}
    # Each player's rng depends on the deal and on the player, not on the seat it sits in.
    rngs = {seat: random.Random(f"{deal}:{name}") for seat, name in seats.items()}
    state = game.engine.new_round(deal, first)
    record = GameRecord(deal, first, dict(seats), fingerprint(state))
    record.times = {name: [] for name in seats.values()}
    record.cpu = {name: [] for name in seats.values()}
    status = game.engine.status(state)
    deals = 1
    while not status["over"] or (rules is not None and not rules.match_over(state)):
        if status["over"]:  # the next deal of the match, its seed from the first's
            state = game.engine.new_round(deal_seed(deal, deals), first, state)
            deals += 1
            status = game.engine.status(state)
            continue
        if record.moves >= move_cap * deals:
            record.capped = True
            return record
        seat = status["turn"]
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = choose[seat](state, seat, rngs[seat])
        record.cpu[seats[seat]].append(time.process_time() - begin_cpu)
        record.times[seats[seat]].append(time.perf_counter() - begin)
        state = game.engine.apply(state, seat, action)
        record.moves += 1
        status = game.engine.status(state)
    if rules is not None:
        record.winner = rules.match_winner(state)
        record.scores = dict(rules.match_totals(state))
        return record
    record.winner = status.get("winner")
    scores = status["scores"] or {}
    record.scores = {int(seat): points for seat, points in scores.items()}
    if record.winner is None and record.scores and record.scores[1] != record.scores[2]:
        record.winner = 1 if record.scores[1] > record.scores[2] else 2
    return record


def play_pair(
    game_name: str,
    a: str,
    b: str,
    seed: int,
    pair: int,
    move_cap: int = MOVE_CAP,
    matches: bool = False,
) -> tuple[GameRecord, GameRecord]:
    """The same deal twice, A in seat 1 then in seat 2, the same seat starting both
    (with ``matches``, the same deals in the same order, as long as both matches last)."""
    deal = deal_seed(seed, pair)
    first = 1 + pair % 2
    return (
        play_game(game_name, {1: a, 2: b}, deal, first, move_cap, matches),
        play_game(game_name, {1: b, 2: a}, deal, first, move_cap, matches),
    )
