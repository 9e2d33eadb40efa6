"""The move events on the page (issue 56): rooms.render.render_board appends the view's
events to the board as a hidden list, one item per event in order with its data and its
sentence from the game's narration for the seat and mode; a replay's step shows each
event as the seat that may see its pieces sees it (both hands are face up there)."""

from __future__ import annotations

import dataclasses
import re

from gamekit.events import HIDDEN, event, seen_by
from rooms import registry
from rooms.render import render_board
from rooms.replays import replay_events
from tiles import engine

EVENTS = [
    event(4, 1, "draw", ["R7"], "pool", "hand-1", private=1),
    event(5, 2, "new_set", ["K1", "K2", "K3"], "hand-2", "set-2", points=6),
]


def told(event_: dict, viewer: int | None, mode: str) -> str:
    pieces = " ".join(event_["pieces"])
    return f"<{event_['kind']}> {pieces} for {viewer} in {mode} & more"


def a_game(narrate=told) -> registry.Game:
    game = registry.get("tiles")
    assert game is not None
    return dataclasses.replace(game, narrate=narrate)


def board_for(game: registry.Game, seat: int | None, mode: str, events=EVENTS) -> str:
    state = engine.new_round(3, 1)
    view = {**engine.view(state, seat), "events": seen_by(events, seat), "game_no": 7}
    return render_board(game, view, engine.status(state), seat, mode)


def events_list(html: str) -> str:
    found = re.findall(r"<ol hidden data-events[^>]*>.*?</ol>", html, re.S)
    assert len(found) == 1, html[-600:]
    return found[0]


def test_the_board_ends_with_its_events_each_said_for_the_seat_and_mode() -> None:
    listed = events_list(board_for(a_game(), 2, "friend"))
    assert listed == (
        '<ol hidden data-events data-game-no="7" data-viewer="2">'
        '<li data-event="4" data-seat="1" data-kind="draw" data-pieces="?" data-source="pool"'
        ' data-target="hand-1">&lt;draw&gt; ? for 2 in friend &amp; more</li>'
        '<li data-event="5" data-seat="2" data-kind="new_set" data-pieces="K1 K2 K3"'
        ' data-source="hand-2" data-target="set-2">&lt;new_set&gt; K1 K2 K3 for 2 in friend'
        " &amp; more</li></ol>"
    )


def test_the_drawer_sees_the_drawn_piece_and_a_watcher_does_not() -> None:
    assert 'data-pieces="R7"' in events_list(board_for(a_game(), 1, "computer"))
    watched = events_list(board_for(a_game(), None, "friend"))
    assert 'data-pieces="?"' in watched
    assert "R7" not in watched


def test_no_list_without_events_or_without_a_narration() -> None:
    assert "data-events" not in board_for(a_game(), 1, "local", events=[])
    assert "data-events" not in board_for(a_game(narrate=None), 1, "local")


def test_a_replay_shows_each_event_as_the_seat_that_may_see_it() -> None:
    shown = replay_events(seen_by(EVENTS, 1), seen_by(EVENTS, 2))
    assert [one["pieces"] for one in shown] == [["R7"], ["K1", "K2", "K3"]]
    theirs = [event(1, 2, "draw", ["B3"], "pool", "hand-2", private=2)]
    assert replay_events(seen_by(theirs, 1), seen_by(theirs, 2))[0]["pieces"] == ["B3"]
    assert seen_by(theirs, 1)[0]["pieces"] == [HIDDEN]


def test_a_replay_frame_names_the_other_seats_drawn_tile_as_its_hand_shows_it() -> None:
    from rooms.replays import replay_view

    game = registry.get("tiles")
    assert game is not None
    state = engine.apply(
        engine.apply(engine.new_round(3, 1), 1, {"type": "draw"}), 2, {"type": "draw"}
    )
    drawn = state.racks[2][-1]
    view = replay_view(game, state)
    assert [one["pieces"] for one in view["events"]] == [[state.racks[1][-1]], [drawn]]
    html = render_board(game, view, engine.status(state), 1, "computer-replay")
    assert 'data-pieces="?"' not in events_list(html)
