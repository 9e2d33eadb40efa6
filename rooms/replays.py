"""Replays of finished rounds (issue 25): a round as dealt and played, step by step, with
both hands shown, at a link either player can share (/replays/<code>/).

Online, a round's record is its RoundStart (the state as dealt) and the room's ActionLog
after it, up to the next round's "new_round" row; on one device and against the
computer, the record the sealed token keeps (rooms.local.records). Whether a round is
finished is computed here, when its replay is first asked for (the action's hot path
does nothing more): its actions are replayed, and unless the last state is over the
replay does not exist (RoomError "replay_unfinished"). Nothing of a round in progress
is ever shown.

Step 0 is the state as dealt; step n the state after the n-th action of the record.
Each step is drawn by the game's own Board in mode "replay" ("computer-replay" for a
round against the computer, whose seats are named "You" and "The computer" as its board
did; rooms.seats.replay_mode): from seat 1's view, with the other seat's hand in
`view["replay"]` (boards show it face up and draw no control).
"""

from __future__ import annotations

import re
import secrets
from html.parser import HTMLParser
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from gamekit.engine import IllegalAction, View
from gamekit.events import HIDDEN
from gamekit.replay import Record, record_of, states
from gamekit.seats import SEATS
from rooms import registry
from rooms.errors import RoomError
from rooms.local import play
from rooms.models import ActionLog, Replay, Room, RoundStart
from rooms.render import render_board
from rooms.seats import REPLAY, replay_mode

CODE_BYTES = 18  # 144 bits, as a room's invite code
NEW_ROUND = "new_round"  # the ActionLog row that starts the next round
SHOWN_SEAT = 1  # a step is drawn from this seat's view, the other hand revealed
# A frame's HTML is kept by (code, step, language) this long: a replay never changes.
FRAME_SECONDS = 3600
# The line of a board that says its last move, spoken once per move (announce.js).
SPOKEN_MOVE = re.compile(r'<p[^>]*data-speak="move" data-speak-id="([^"]*)"[^>]*>(.*?)</p>', re.S)


def _engine(slug: str) -> Any:
    game = registry.get(slug)
    if game is None:
        raise RoomError("unknown_replay")
    return game


def _new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def room_record(room: Room, number: object) -> Record:
    """Round `number` of `room` as played, once it is finished: RoomError
    "unknown_replay" for a round the room never had, "no_replay" for one dealt before
    rounds were kept, "replay_unfinished" while it goes on."""
    if type(number) is not int or not 1 <= number <= room.round:
        raise RoomError("unknown_replay")
    start = RoundStart.objects.filter(room=room, round=number).first()
    if start is None:
        raise RoomError("no_replay")
    if start.abandoned:
        raise RoomError("replay_abandoned")
    steps = []
    for seat, action in ActionLog.objects.filter(room=room, version__gt=start.version).values_list(
        "seat", "action"
    ):
        if isinstance(action, dict) and action.get("type") == NEW_ROUND:
            break
        steps.append((seat, action))
    engine = room.engine
    try:
        state = engine.from_json(start.state)
        for seat, action in steps:
            state = engine.apply(state, seat, action)
    except IllegalAction:
        raise RoomError("bad_replay") from None
    if not engine.status(state)["over"]:
        raise RoomError("replay_unfinished")
    return record_of(start.state, steps)


def for_room(room: Room, number: object) -> Replay:
    """The replay of round `number` of `room`, made on the first request once the round
    is finished (see room_record for the refusals)."""
    found = Replay.objects.filter(room=room, round=number).first() if type(number) is int else None
    if found is not None:
        return found
    record = room_record(room, number)
    return _keep(room.game, "friend", record, room=room, number=number)


def for_token(slug: str, token: object) -> Replay:
    """The replay of the finished round a sealed token keeps: the same token (the same
    round played the same way) makes the same replay. The token's refusals (bad_token,
    wrong_game...) and "replay_unfinished" while its round goes on."""
    mode, record = play.finished_record(slug, token)
    return _keep(slug, mode, record)


def _keep(
    slug: str, mode: str, record: Record, room: Room | None = None, number: int | None = None
) -> Replay:
    key = record.key()
    existing = Replay.objects.filter(key=key).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return Replay.objects.create(
                code=_new_code(),
                key=key,
                game=slug,
                mode=mode,
                record=record.to_json(),
                room=room,
                round=number,
            )
    except IntegrityError:  # made meanwhile by the other player's request
        return Replay.objects.get(key=key)


def by_code(code: object) -> Replay:
    """The replay of this code; RoomError("unknown_replay") otherwise."""
    if not isinstance(code, str) or not 0 < len(code) <= 40:
        raise RoomError("unknown_replay")
    replay = Replay.objects.filter(code=code).first()
    if replay is None or registry.get(replay.game) is None:
        raise RoomError("unknown_replay")
    return replay


def seen(replay: Replay) -> None:
    """The replay was shown: a local game's replay is purged only once unseen for a week."""
    Replay.objects.filter(pk=replay.pk).update(seen=timezone.now())


def record_of_replay(replay: Replay) -> Record:
    try:
        return Record.from_json(replay.record)
    except IllegalAction:
        raise RoomError("bad_replay") from None


def step_count(replay: Replay) -> int:
    """The number of steps after the deal (the last step's number)."""
    steps = replay.record.get("steps") if isinstance(replay.record, dict) else None
    return len(steps) if isinstance(steps, list) else 0


def replay_view(game: registry.Game, state: Any) -> View:
    """The view a replay draws: seat 1's, with both seats' pieces (Game.hand_key of each
    seat's own view) in `replay.hands`, which the boards show face up. Only for the
    states of a finished round."""
    views = {seat: game.engine.view(state, seat) for seat in SEATS}
    view = dict(views[SHOWN_SEAT])
    view["replay"] = {"hands": {str(seat): views[seat].get(game.hand_key) for seat in SEATS}}
    if view.get("events"):
        view["events"] = replay_events(views[1]["events"], views[2]["events"])
    return view


def replay_events(first: list[Any], second: list[Any]) -> list[Any]:
    """The events as a replay shows them, both hands face up: each as the seat that may
    see its pieces sees it (an event is private to one seat at most, gamekit.events), so
    the drawn tile or card is named as the other hand on the board shows it."""
    other = {one["n"]: one for one in second}
    return [other.get(one["n"], one) if HIDDEN in one["pieces"] else one for one in first]


def seen_as(replay: Replay, played: bool) -> str:
    """The mode a replay is drawn in for its viewer: as its board did for the player who
    played it (`played`: "You" and "The computer" against the computer), else "replay",
    whose seats are "Player 1" and "Player 2" (a shared link's reader did not play: no
    "You won" to them, issue 55)."""
    return replay_mode(replay.mode) if played else REPLAY


def frame(replay: Replay, step: object, mode: str | None = None) -> SafeString:
    """The board of step `step` of a replay (0: as dealt), in the active language and
    `mode` (seen_as; by default as the player saw it), rendered once per code, step,
    mode and language. RoomError "replay_step" for a step it does not have,
    "bad_replay" when the record cannot be replayed."""
    if type(step) is not int or not 0 <= step <= step_count(replay):
        raise RoomError("replay_step")
    mode = mode if mode is not None else replay_mode(replay.mode)
    key = f"replay:{replay.code}:{step}:{mode}:{get_language() or ''}"
    html = cache.get(key)
    if html is None:
        game = _engine(replay.game)
        record = record_of_replay(replay)
        try:
            state = states(game.engine, Record(record.start, record.steps[:step]))[-1]
        except IllegalAction:
            raise RoomError("bad_replay") from None
        view = replay_view(game, state)
        status = game.engine.status(state)
        html = render_board(game, view, status, SHOWN_SEAT, mode)
        cache.set(key, html, FRAME_SECONDS)
    # A cache may give back a plain str: the board's HTML (render_board) either way.
    return mark_safe(html)


def finished_rounds(room: Room) -> list[tuple[int, Replay | None]]:
    """The room's earlier rounds that have a replay, newest first: kept as dealt and
    played to the end (not abandoned for the next). The current round, once over, is
    offered by the play page (/r/<code>/replay/, the last finished round)."""
    made = {r.round: r for r in Replay.objects.filter(room=room)}
    starts = RoundStart.objects.filter(room=room, round__lt=room.round, abandoned=False)
    kept = set(starts.values_list("round", flat=True))
    return [(n, made.get(n)) for n in range(room.round - 1, 0, -1) if n in kept]


def last_finished_round(room: Room) -> int | None:
    """The number of the room's last finished round (the current one once it is over),
    None before any."""
    if room.finished:
        return room.round
    earlier = finished_rounds(room)
    return earlier[0][0] if earlier else None


class _Spoken(HTMLParser):
    """The words of a piece of a board as a screen reader says them: a picture (a tile)
    by its aria-label, nothing that is aria-hidden."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.skipping: list[str] = []  # the open tags whose content is not said

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.skipping or found.get("aria-hidden") == "true":
            self.skipping.append(tag)
        elif found.get("aria-label"):
            self.words.append(f" {found['aria-label']},")
            self.skipping.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.words.append(data)

    def text(self) -> str:
        said = re.sub(r"\s+", " ", "".join(self.words)).strip()
        return re.sub(r",(?=[.:;]|$)", "", said).replace(" ,", ",")


def spoken_move(game: registry.Game, state: Any, mode: str = REPLAY) -> tuple[str, str]:
    """The last move of `state` as a replay's step says it (the board's spoken line, in
    the active language, the seats named as `mode` names them: "Player 1" and "Player
    2" by default): its id, which changes with each move, and its words ("", "" when
    the board says none). Only for the states of a finished round, or for the admin,
    who may see both hands."""
    status = game.engine.status(state)
    board = render_board(game, replay_view(game, state), status, SHOWN_SEAT, mode)
    match = SPOKEN_MOVE.search(board)
    if match is None:
        return "", ""
    spoken = _Spoken()
    spoken.feed(match.group(2))
    return match.group(1), spoken.text()
