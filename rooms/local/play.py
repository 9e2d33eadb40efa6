"""Games on one device and against the computer: stateless on the server.

The whole game travels in a sealed token (rooms.local.sealing) that the browser keeps; each
request unseals it, applies the action (and the computer's replies), and seals the
result again. The payload: {game, mode, level, round, seed, moves, seat, save, version,
state}, where `state` is the engine's to_json() (which carries the engine's schema),
`round` counts games for alternating the first player, `record` keeps the round as
dealt and played for its replay (rooms.local.records), `moves` numbers the computer's
decisions so that its randomness is reproducible yet different each turn, and `save`
and `version` name the save and its version (rooms.saves): every answer is the
save's next version, and a token from before the newest (another tab's, or one kept
aside to take a move back) is refused with "stale_save".

The computer's replies are thought out in worker processes (rooms.local.computer).
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection

from gamekit.engine import IllegalAction, Seat, Status, View
from gamekit.replay import Record
from rooms import registry
from rooms.errors import RoomError
from rooms.local import computer, lessons, records, tries
from rooms.local.computer import COMPUTER_SEAT, computer_seat
from rooms.local.sealing import seal, unseal
from rooms.saves import BrowserSave
from rooms.seats import DEFAULT_LEVEL, first_seat, new_seed
from rooms.turns import to_move

SAVE_KEY_BYTES = 16  # a save's key (rooms.saves): 128 bits, unguessable
HUMAN_SEAT = 1  # against the computer, unless the game began elsewhere (human_seat)


@dataclass
class Outcome:
    """What the browser gets back: a new token and the view of the seat to show."""

    token: str
    game: registry.Game
    mode: str
    level: str | None
    seat: Seat | None
    view: View
    status: Status
    lesson: dict[str, Any] | None = None  # rooms.local.lessons.progress, in a lesson
    tried: dict[str, Any] | None = None  # rooms.local.tries.progress, in a try


def _game(slug: str, mode: str) -> registry.Game:
    game = registry.get(slug)
    if game is None or not game.available or mode not in ("local", "computer"):
        raise RoomError("unknown_game")
    return game


def _level(game: registry.Game, level: object, mode: str) -> str | None:
    if mode == "local":
        return None
    if level is None:
        return DEFAULT_LEVEL
    if level not in game.levels:
        raise RoomError("bad_level")
    return str(level)


def _open(game: registry.Game, mode: str, token: object) -> tuple[dict[str, Any], Any]:
    payload = unseal(token)
    if payload.get("game") != game.slug or payload.get("mode") != mode:
        raise RoomError("wrong_game")
    state_json = payload.get("state")
    schema = state_json.get("schema") if isinstance(state_json, dict) else None
    if type(schema) is not int or schema > game.engine.SCHEMA:
        raise RoomError("outdated_token")
    try:
        # An engine may still read its older saves (rummy's schema 1): a game in
        # progress is not lost when the state grows a field.
        state = game.engine.from_json(state_json)
    except IllegalAction:
        raise RoomError("outdated_token" if schema < game.engine.SCHEMA else "bad_token") from None
    if not isinstance(payload.get("save"), str) or type(payload.get("version")) is not int:
        # A token from before saves had keys: its game becomes a save from now on.
        payload["save"], payload["version"] = new_key(), 0
    return payload, state


def new_key() -> str:
    return secrets.token_urlsafe(SAVE_KEY_BYTES)


def computer_replies(game: registry.Game, payload: dict[str, Any], state: Any) -> Any:
    """rooms.local.computer.computer_replies, holding none of the pool's database
    connections (config/settings.py, DATABASE_POOL) while the computer thinks."""
    if not connection.in_atomic_block:
        connection.close()
    return computer.computer_replies(game, payload, state)


def _current(payload: dict[str, Any]) -> None:
    """RoomError("stale_save") when the token's save has a newer version than this."""
    BrowserSave.objects.check_current(payload["save"], payload["version"])


def human_seat(payload: dict[str, Any]) -> Seat:
    """The human's seat against the computer: seat 1, or the seat of the decision a
    game tried again from (rooms.local.tries)."""
    return 2 if payload.get("human") == 2 else HUMAN_SEAT


def _seat_to_show(payload: dict[str, Any], status: Status) -> Seat:
    """Against the computer the human's seat; on one device the seat to move (after the
    game, the seat that made the last move keeps the board)."""
    if payload["mode"] == "computer":
        return human_seat(payload)
    return status["turn"] or payload.get("seat") or 1


def _outcome(game: registry.Game, payload: dict[str, Any], state: Any) -> Outcome:
    engine = game.engine
    status = engine.status(state)
    seat = _seat_to_show(payload, status)
    payload["seat"] = seat
    payload["state"] = engine.to_json(state)
    version = payload["version"]
    payload["version"] = version + 1
    token = seal(payload)
    BrowserSave.objects.advance(payload["save"], version, token)
    return Outcome(
        token=token,
        game=game,
        mode=payload["mode"],
        level=payload["level"],
        seat=seat,
        view=engine.view(state, seat),
        status=status,
        lesson=lessons.progress(game, payload.get("lesson")),
        tried=tries.progress(game, payload),
    )


def new_game(
    slug: str,
    mode: str,
    level: object = None,
    previous: object = None,
    lesson: bool = False,
    start: object = None,
) -> Outcome:
    """A new game; with the previous game's token, the next round (the other player
    starts, the level is kept unless a new one is given) as the save's next version:
    refused with "stale_save" when that token is not the newest. With `lesson`, the
    game's guided first round against the computer (rooms.local.lessons), from its
    first step; with `start` ("<replay code>:<step>"), a game against the computer from
    a decision the review marked (rooms.local.tries)."""
    game = _game(slug, mode)
    if lesson:
        return _new_lesson(game, mode, previous)
    if start is not None:
        return _new_try(game, mode, level, previous, start)
    round_no, previous_state, previous_level = 1, None, None
    save, version = new_key(), 0
    if previous:
        try:
            old, previous_state = _open(game, mode, previous)
            round_no = int(old.get("round", 0)) + 1
            previous_level = old.get("level")
        except (RoomError, ValueError, TypeError):
            # A damaged or outdated previous save must never block a fresh game.
            round_no, previous_state = 1, None
        else:
            _current(old)
            save, version = old["save"], old["version"]
    chosen = _level(game, level if level is not None else previous_level, mode)
    seed = new_seed()
    state = game.engine.new_round(seed, first_seat(round_no), previous_state)
    payload = {"game": game.slug, "mode": mode, "level": chosen, "round": round_no}
    payload |= {"seed": seed, "moves": 0, "seat": None, "save": save, "version": version}
    payload["record"] = records.begin(game.engine.to_json(state))
    if mode == "computer":
        state, made = computer_replies(game, payload, state)
        payload["record"] = records.add(payload["record"], [(COMPUTER_SEAT, a) for a in made])
    return _outcome(game, payload, state)


def _new_lesson(game: registry.Game, mode: str, previous: object) -> Outcome:
    if mode != "computer":
        raise RoomError("no_lesson")
    state = lessons.begin(game)
    save, version = _previous_save(game, mode, previous)
    payload = {"game": game.slug, "mode": mode, "level": lessons.LEVEL, "round": 1}
    payload |= {"seed": new_seed(), "moves": 0, "seat": None, "save": save, "version": version}
    payload |= {"lesson": 0, "record": records.begin(game.engine.to_json(state))}
    return _outcome(game, payload, state)


def _new_try(
    game: registry.Game, mode: str, level: object, previous: object, start: object
) -> Outcome:
    if mode != "computer":
        raise RoomError("no_try")
    begun = tries.begin(game, start)
    save, version = _previous_save(game, mode, previous)
    payload = {"game": game.slug, "mode": mode, "level": _level(game, level, mode), "round": 1}
    payload |= {"seed": new_seed(), "moves": 0, "seat": None, "save": save, "version": version}
    payload |= {"human": begun.seat, "from": begun.ref, "tried": begun.tried}
    payload["record"] = records.begin(game.engine.to_json(begun.state))
    return _outcome(game, payload, begun.state)


def _previous_save(game: registry.Game, mode: str, previous: object) -> tuple[str, int]:
    """The save a new lesson or try takes over (the page's own, when its token is the
    newest), or a new one."""
    if previous:
        with contextlib.suppress(RoomError, ValueError, TypeError):
            old, _ = _open(game, mode, previous)
            _current(old)
            return old["save"], old["version"]
    return new_key(), 0


def act(slug: str, mode: str, token: object, action: object) -> Outcome:
    """The human's action, then (against the computer) the computer's replies."""
    game = _game(slug, mode)
    payload, state = _open(game, mode, token)
    _current(payload)
    if not isinstance(action, dict):
        raise RoomError("malformed")
    status = to_move(game.engine, state, human_seat(payload) if mode == "computer" else None)
    seat = status["turn"]
    payload["seat"] = seat
    if lessons.learning(game, payload):
        state, done = lessons.act(game, payload, state, action)
    else:
        before, state = state, game.engine.apply(state, seat, action)
        done = [(seat, action)]
        tries.judge(game, payload, before, seat, action)
    if mode == "computer" and not lessons.learning(game, payload):
        state, made = computer_replies(game, payload, state)
        done += [(computer_seat(payload), a) for a in made]
    payload["record"] = records.add(payload.get("record"), done)
    return _outcome(game, payload, state)


def change_level(slug: str, token: object, level: object) -> Outcome:
    """The same game against a computer of another level."""
    game = _game(slug, "computer")
    payload, state = _open(game, "computer", token)
    _current(payload)
    payload["level"] = _level(game, level, "computer")
    return _outcome(game, payload, state)


def open_token(slug: str, token: object) -> tuple[dict[str, Any], Any]:
    """(payload, state) of a sealed game of `slug` on one device or against the
    computer, for a game's own endpoints (a hint): only this server can have made the
    token, so the mode is the real one. RoomError("bad_token") etc. for anything else."""
    payload = unseal(token)
    mode = payload.get("mode")
    game = _game(slug, mode if isinstance(mode, str) else "")
    # Not checked against the save's newest version: reading changes nothing, and a
    # hint needs no database (the tab that plays an old token is refused its move).
    return _open(game, str(mode), token)


def open_sealed(slug: str, token: object) -> tuple[str, Seat, Any]:
    """(mode, seat to move, state) of a sealed local or computer game of `slug`, for a
    game's own endpoint that must work from the real game (a hint): the mode is the
    token's, never the page's word. RoomError for anything else; against the computer,
    not_your_turn while it is the computer's turn, and game_over at the end."""
    payload, state = open_token(slug, token)
    mode = payload["mode"]
    status = to_move(
        registry.get(slug).engine, state, human_seat(payload) if mode == "computer" else None
    )
    return mode, status["turn"], state


def show(slug: str, mode: str, token: object) -> Outcome:
    """The saved game as it is now (a fresh token, the same game): the save's newest
    version when the token is older (an answer the page never got). The page that
    opens a save takes it over: the tabs that had it before are refused from now on."""
    game = _game(slug, mode)
    payload, state = _open(game, mode, token)
    newest = BrowserSave.objects.newest_token(payload["save"], payload["version"])
    if newest is not None:
        payload, state = _open(game, mode, newest)
    return _outcome(game, payload, state)


@dataclass
class SavedGame:
    """What a browser's saved game is, for its list of games (rooms.browser_games)."""

    game: registry.Game
    mode: str
    level: str | None
    status: Status
    save: str  # the save's key (rooms.saves)
    updated: datetime | None  # its last move, while the server keeps its row
    human: Seat  # the human's seat against the computer
    lesson: dict[str, Any] | None  # rooms.local.lessons.progress, in a lesson
    tried_from: str | None  # "<replay code>:<step>", a try from a replay (rooms.local.tries)
    over_words: str | None = None  # once over, when not "Round over" (Game.over_words)


def saved_game(token: object) -> SavedGame:
    """The saved game a browser keeps in `token`, as its newest version (another tab's
    answer may be newer): RoomError (bad_token, unknown_game...) for anything else.
    Reading changes nothing: the save is not taken over, as `show` would."""
    payload = unseal(token)
    slug, mode = payload.get("game"), payload.get("mode")
    game = _game(slug if isinstance(slug, str) else "", mode if isinstance(mode, str) else "")
    payload, state = _open(game, str(mode), token)
    row = BrowserSave.objects.filter(key=payload["save"]).values("version", "token", "updated")
    newest = row.first()
    if newest is not None and newest["version"] > payload["version"]:
        with contextlib.suppress(RoomError):
            payload, state = _open(game, str(mode), newest["token"])
    return SavedGame(
        game=game,
        mode=str(mode),
        level=payload.get("level"),
        status=game.engine.status(state),
        save=payload["save"],
        updated=newest["updated"] if newest is not None else None,
        human=human_seat(payload),
        lesson=lessons.progress(game, payload.get("lesson")),
        tried_from=payload["from"] if isinstance(payload.get("from"), str) else None,
        over_words=over_words(game, state),
    )


def over_words(game: registry.Game, state: Any) -> str | None:
    """What the turn line says once `state` is over, when not "Round over"."""
    if game.over_words is None or not game.engine.status(state)["over"]:
        return None
    words = game.over_words(state)
    return str(words) if words is not None else None


def finished_record(slug: str, token: object) -> tuple[str, Record]:
    """(mode, the round's Record) of a sealed game whose round is over, for its replay:
    RoomError("replay_unfinished") while the round goes on (nothing of a round in
    progress is shown), and the token's refusals (bad_token...) for anything else."""
    payload = unseal(token)
    mode = payload.get("mode")
    game = _game(slug, mode if isinstance(mode, str) else "")
    payload, state = _open(game, str(mode), token)
    if not game.engine.status(state)["over"]:
        raise RoomError("replay_unfinished")
    return str(mode), records.read(payload.get("record"))
