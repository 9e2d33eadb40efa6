"""One turn check for every way to play (rooms.turns): a move of a game that is over or
of the seat not to play is refused before the engine sees it, online and on one device
alike, and nothing changes."""

from __future__ import annotations

import pytest

from rooms import registry
from rooms.errors import RoomError
from rooms.models import ActionLog, Room
from rooms.online import store
from rooms.turns import to_move

pytestmark = pytest.mark.django_db


def finished_state():
    engine = registry.get("counter").engine
    state = engine.new_round(1, 1)
    while not engine.status(state)["over"]:
        amount = min(3, 21 - state["total"])
        state = engine.apply(state, engine.status(state)["turn"], {"type": "add", "amount": amount})
    return engine, state


def test_the_seat_to_play_may_move_and_the_other_is_told_it_is_not_its_turn():
    engine = registry.get("counter").engine
    state = engine.new_round(1, 2)

    assert to_move(engine, state, 2)["turn"] == 2
    assert to_move(engine, state)["turn"] == 2  # on one device: whoever is to play
    with pytest.raises(RoomError) as refused:
        to_move(engine, state, 1)
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize("seat", [1, 2, None])
def test_no_seat_may_move_once_the_game_is_over(seat):
    engine, state = finished_state()

    with pytest.raises(RoomError) as refused:
        to_move(engine, state, seat)

    assert refused.value.code == "game_over"


def test_an_online_action_after_the_end_is_refused_as_over_and_changes_nothing():
    engine, state = finished_state()
    room = Room.objects.create_for("counter")
    Room.objects.filter(pk=room.pk).update(state=engine.to_json(state), finished=True)
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")

    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 1, 0, {"type": "add", "amount": 1})

    assert refused.value.code == "game_over"
    assert Room.objects.get(pk=room.pk).version == 0
    assert not ActionLog.objects.exists()
