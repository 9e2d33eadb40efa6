"""The admin's list of a room's confirmed actions in words (issue 55): each action as
the replay's step after it says it (rooms.replays.spoken_move), rather than its JSON.
A rummy turn is several actions (draw, meld, discard) and one move: its sentence is
shown on the action that completes it, the others say they are part of it."""

from __future__ import annotations

import json

from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from gamekit.engine import IllegalAction
from rooms import registry, replays
from rooms.models import ActionLog, Room, RoundStart

SENTENCES_SECONDS = 3600


def _plain(action: object) -> str:
    return json.dumps(action, sort_keys=True, ensure_ascii=False)


def move_sentences(room: Room, newest: int) -> dict[int, str]:
    """{version: words} for the room's `newest` logged actions, as its replay says them;
    the action's JSON where the round cannot be replayed (a round dealt before rounds
    were kept, a damaged log). The round of the oldest is replayed from its deal, but
    only these are drawn: a board each. Kept by the room's version and the language for
    an hour (a logged action never changes)."""
    key = f"admin-moves:{room.code}:{room.version}:{newest}:{get_language() or ''}"
    return cache.get_or_set(key, lambda: _sentences(room, newest), SENTENCES_SECONDS)


def _sentences(room: Room, newest: int) -> dict[int, str]:
    game = registry.get(room.game)
    rows = ActionLog.objects.filter(room=room).order_by("-version")
    shown = list(rows.values_list("version", "seat", "action")[:newest])[::-1]
    if not shown or game is None:
        return {version: _plain(action) for version, _seat, action in shown}
    starts = RoundStart.objects.filter(room=room, version__lt=shown[0][0])
    start = starts.order_by("-version").first()
    earlier = rows.filter(version__gt=start.version if start else 0, version__lt=shown[0][0])
    said: dict[int, str] = {}
    state, last_id = None, None
    if start is not None:
        state = game.engine.from_json(start.state)
        for seat, action in earlier.order_by("version").values_list("seat", "action"):
            try:
                state = game.engine.apply(state, seat, action)
            except IllegalAction:
                state = None
                break
        last_id = replays.spoken_move(game, state)[0] if state is not None else None
    starts = dict(RoundStart.objects.filter(room=room).values_list("version", "state"))
    for version, seat, action in shown:
        if version - 1 in starts:
            state = game.engine.from_json(starts[version - 1])
            last_id = replays.spoken_move(game, state)[0]
        if isinstance(action, dict) and action.get("type") == replays.NEW_ROUND:
            said[version], state = _("New round"), None
            continue
        if state is None:
            said[version] = _plain(action)
            continue
        try:
            state = game.engine.apply(state, seat, action)
        except IllegalAction:
            said[version], state = _plain(action), None
            continue
        move_id, words = replays.spoken_move(game, state)
        status = game.engine.status(state)
        if words and move_id != last_id:
            said[version] = words
        elif status["over"]:
            said[version] = _("Round over")  # the board shows the result, not the move
        elif status["turn"] == seat:
            said[version] = _("(part of the next move)")  # the seat plays on
        else:
            said[version] = _plain(action)
        last_id = move_id
    return said
