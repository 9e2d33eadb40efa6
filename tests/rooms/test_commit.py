"""Every commit of an online room takes one path to one typed outcome (issue 57): an
action is Done, Refused with its code, or Stale, on a state this process keeps or not,
and every commit (an action, a new round's deal) is written by the one write of
rooms/online/sql.py."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from rooms.models import ActionLog, Room
from rooms.online import sql, store

pytestmark = [pytest.mark.django_db(transaction=True)]

ADD = {"type": "add", "amount": 1}


def connected_room() -> Room:
    room = Room.objects.create_for("counter")
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")
    return room


@pytest.fixture
def writes(monkeypatch) -> list[int]:
    """The versions each call of the one write was asked to write from."""
    made: list[int] = []
    write = sql.write

    def counted(what, *args, **kwargs):
        made.append(what.version)
        return write(what, *args, **kwargs)

    monkeypatch.setattr(sql, "write", counted)
    return made


def test_an_action_is_done_and_carries_what_it_committed(writes):
    room = connected_room()

    outcome = store.commit_action(room, 1, 0, ADD)

    assert isinstance(outcome, store.Done)
    assert outcome.committed.version == 1
    assert Room.objects.get(pk=room.pk).state["total"] == 1
    assert writes == [0]


@pytest.mark.parametrize("kept", [False, True])
def test_an_action_against_a_version_left_behind_is_stale_and_writes_nothing(kept):
    room = connected_room()
    store.commit_action(room, 1, 0, ADD)
    store.commit_action(room, 2, 1, ADD)
    if not kept:
        store.STATES.clear()

    # At version 1 seat 2 could move, seat 1 could not: both are stale all the same.
    outcomes = [store.commit_action(room, seat, 1, ADD) for seat in (1, 2)]

    assert all(isinstance(outcome, store.Stale) for outcome in outcomes)
    assert {outcome.code for outcome in outcomes} == {"stale"}
    assert ActionLog.objects.filter(room=room).count() == 2


@pytest.mark.parametrize("kept", [False, True])
def test_a_move_out_of_turn_or_illegal_is_refused_with_its_code(kept):
    room = connected_room()
    store.commit_action(room, 1, 0, ADD)
    if not kept:
        store.STATES.clear()

    turn = store.commit_action(room, 1, 1, ADD)
    illegal = store.commit_action(room, 2, 1, {"type": "add", "amount": 9})
    malformed = store.commit_action(room, 2, 1, ["add"])

    assert isinstance(turn, store.Refused)
    assert (turn.code, illegal.code, malformed.code) == ("not_your_turn", "bad_amount", "malformed")
    assert Room.objects.get(pk=room.pk).version == 1


def test_a_move_while_a_seat_is_away_is_refused_as_waiting():
    room = connected_room()
    store.commit_action(room, 1, 0, ADD)
    store.disconnect(room.seat(2), "channel-2")

    outcome = store.commit_action(room, 2, 1, ADD)

    assert isinstance(outcome, store.Refused)
    assert outcome.code == "waiting"


def test_a_new_rounds_deal_is_written_by_the_same_write_as_an_action(writes):
    room = connected_room()
    store.commit_action(room, 1, 0, ADD)

    store.new_round(room, 1)
    started = store.new_round(room, 2)

    assert started is not None
    assert started.version == 2
    assert writes == [0, 1]


def test_the_statements_name_only_columns_the_models_have():
    sql.check_columns()
    renamed = {**sql.COLUMNS, Room: (*sql.COLUMNS[Room], "turn_count")}
    with pytest.raises(ImproperlyConfigured, match="turn_count"):
        sql.check_columns(renamed)
