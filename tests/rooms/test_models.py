"""Rooms, seats and keys, actions and new rounds on the models."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import OperationalError, connection
from django.utils import timezone

from gamekit.engine import IllegalAction
from rooms.errors import RoomError
from rooms.models import ActionLog, Room, Seat
from rooms.online import store

pytestmark = pytest.mark.django_db


def connect_both(room: Room) -> None:
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")


def test_a_new_room_has_an_unguessable_code_two_free_seats_and_a_dealt_round():
    room = Room.objects.create_for("counter")

    assert len(room.code) >= 22  # 18 random bytes in URL-safe base64
    assert Room.objects.create_for("counter").code != room.code
    assert [(s.number, s.claimed) for s in room.seats.all()] == [(1, False), (2, False)]
    assert room.state["total"] == 0
    assert room.status()["turn"] == 1
    assert (room.version, room.round) == (0, 1)


def test_seat_keys_are_stored_only_as_hashes_and_find_their_seat():
    room = Room.objects.create_for("counter")
    host = room.claim_host_seat()
    guest = room.claim_guest_seat()

    assert len(host) >= 22
    assert room.seat_for_key(host).number == 1
    assert room.seat_for_key(guest).number == 2
    assert room.seat_for_key("not a key") is None
    assert room.seat_for_key(None) is None
    assert not Seat.objects.filter(key_hash__in=[host, guest]).exists()


def test_the_guest_seat_goes_to_one_browser_only():
    room = Room.objects.create_for("counter")
    room.claim_host_seat()

    assert room.claim_guest_seat() is not None
    assert room.claim_guest_seat() is None


@pytest.mark.django_db(transaction=True)
def test_two_guests_claiming_at_once_get_exactly_one_seat():
    room = Room.objects.create_for("counter")
    room.claim_host_seat()
    results: list[str | None] = []
    barrier = threading.Barrier(6)

    def claim() -> None:
        barrier.wait()
        try:
            # In-memory SQLite (shared cache) refuses a concurrent writer at once
            # instead of waiting; the browser would simply try again.
            for _ in range(50):
                try:
                    results.append(Room.objects.get(pk=room.pk).claim_guest_seat())
                    return
                except OperationalError:
                    time.sleep(0.01)
        finally:
            connection.close()

    threads = [threading.Thread(target=claim) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    keys = [key for key in results if key]
    assert len(results) == 6
    assert len(keys) == 1
    assert room.seat_for_key(keys[0]).number == 2


def test_an_action_is_applied_logged_and_bumps_the_version():
    room = Room.objects.create_for("counter")
    connect_both(room)

    committed = store.apply_action(room, 1, 0, {"type": "add", "amount": 3})

    room.refresh_from_db()
    assert committed.version == room.version == 1
    assert committed.state == room.state
    assert room.state["total"] == 3
    log = ActionLog.objects.get(room=room)
    assert (log.seat, log.version, log.action) == (1, 1, {"type": "add", "amount": 3})


def test_a_repeated_version_is_refused_so_an_action_applies_once():
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.apply_action(room, 1, 0, {"type": "add", "amount": 1})

    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 2, 0, {"type": "add", "amount": 1})

    assert refused.value.code == "stale"
    assert Room.objects.get(pk=room.pk).state["total"] == 1


def kept_at_version_two() -> Room:
    """A room at version 2 whose versions 1 and 2 this process keeps (committed)."""
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.apply_action(room, 1, 0, {"type": "add", "amount": 1})
    store.apply_action(room, 2, 1, {"type": "add", "amount": 1})
    assert store.known(room.code, 1) is not None
    assert store.known(room.code, 2) is not None
    return room


@pytest.mark.django_db(transaction=True)
def test_a_stale_version_is_told_as_stale_even_when_its_state_is_kept():
    room = kept_at_version_two()

    for seat in (1, 2):  # at version 1 seat 1 may not move, seat 2 may
        with pytest.raises(RoomError) as refused:
            store.apply_action(room, seat, 1, {"type": "add", "amount": 1})
        assert refused.value.code == "stale"

    assert Room.objects.get(pk=room.pk).version == 2
    assert ActionLog.objects.filter(room=room).count() == 2


@pytest.mark.django_db(transaction=True)
def test_an_action_on_a_kept_state_waits_for_a_seat_that_left():
    room = kept_at_version_two()
    store.disconnect(room.seat(2), "channel-2")

    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 1, 2, {"type": "add", "amount": 1})

    assert refused.value.code == "waiting"
    assert Room.objects.get(pk=room.pk).version == 2


@pytest.mark.django_db(transaction=True)
def test_an_action_on_a_kept_state_applies_once_and_is_logged():
    room = kept_at_version_two()

    applied = store.apply_action(room, 1, 2, {"type": "add", "amount": 2})

    assert applied.version == 3
    assert applied.pushed["presence"] == {"1": True, "2": True}
    assert Room.objects.get(pk=room.pk).state["total"] == 4
    log = ActionLog.objects.get(room=room, version=3)
    assert (log.seat, log.action) == (1, {"type": "add", "amount": 2})
    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 1, 2, {"type": "add", "amount": 2})
    assert refused.value.code == "stale"


def test_moves_wait_until_both_seats_are_connected():
    room = Room.objects.create_for("counter")
    store.connect(room.seat(1), "only-one")

    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 1, 0, {"type": "add", "amount": 1})

    assert refused.value.code == "waiting"


def test_a_seat_whose_heartbeat_is_old_counts_as_gone():
    room = Room.objects.create_for("counter")
    connect_both(room)
    Seat.objects.filter(room=room, number=2).update(
        heartbeat_at=timezone.now() - timedelta(seconds=31)
    )

    assert room.presence() == {"1": True, "2": False}


def test_out_of_turn_and_illegal_actions_change_nothing():
    room = Room.objects.create_for("counter")
    connect_both(room)

    with pytest.raises(RoomError) as refused:
        store.apply_action(room, 2, 0, {"type": "add", "amount": 1})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as illegal:
        store.apply_action(room, 1, 0, {"type": "add", "amount": 9})
    assert illegal.value.code == "bad_amount"
    assert Room.objects.get(pk=room.pk).version == 0
    assert not ActionLog.objects.exists()


def test_a_new_round_needs_both_consents_alternates_the_first_player_and_keeps_colours():
    room = Room.objects.create_for("counter")
    connect_both(room)
    colours = list(room.seats.values_list("colour", flat=True))

    assert store.new_round(room, 2) is None
    assert room.consents() == [2]
    assert store.new_round(room, 1) is not None

    room.refresh_from_db()
    assert room.round == 2
    assert room.status()["turn"] == 2
    assert room.consents() == []
    assert list(room.seats.values_list("colour", flat=True)) == colours


def test_a_declined_round_clears_the_request():
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.new_round(room, 1)

    store.decline_round(room)

    assert room.consents() == []
    with pytest.raises(RoomError):
        store.decline_round(room)


def test_a_request_for_a_new_round_is_withdrawn_when_its_seat_leaves():
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.new_round(room, 1)

    withdrawn = store.leave(room, room.seat(1), "channel-1")

    assert withdrawn is True
    assert room.consents() == []
    assert store.new_round(room, 2) is None  # the guest's consent alone starts nothing
    assert room.consents() == [2]
    room.refresh_from_db()
    assert room.round == 1


def test_a_replaced_tab_leaving_keeps_the_seats_request():
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.new_round(room, 1)
    store.connect(room.seat(1), "second-tab")

    assert store.leave(room, room.seat(1), "channel-1") is False

    assert room.consents() == [1]
    assert room.seat(1).connected
    assert store.new_round(room, 2) is not None


def test_a_request_counts_only_while_its_seat_is_connected():
    room = Room.objects.create_for("counter")
    connect_both(room)
    store.new_round(room, 1)
    # The host's process died: no leave, only a heartbeat that grew old.
    Seat.objects.filter(room=room, number=1).update(
        heartbeat_at=timezone.now() - timedelta(seconds=31)
    )

    assert room.consents() == []
    assert store.new_round(room, 2) is None
    store.connect(room.seat(1), "channel-1-again")
    assert room.consents() == [2]  # the old request was dropped, not kept for later
    room.refresh_from_db()
    assert room.round == 1


def test_a_seat_that_is_not_connected_cannot_ask_for_a_new_round():
    room = Room.objects.create_for("counter")
    store.connect(room.seat(2), "channel-2")

    with pytest.raises(RoomError) as refused:
        store.new_round(room, 1)

    assert refused.value.code == "away"
    assert room.consents() == []


def test_idle_rooms_are_those_without_activity_since_a_time():
    old = Room.objects.create_for("counter")
    Room.objects.filter(pk=old.pk).update(last_activity=timezone.now() - timedelta(days=8))
    recent = Room.objects.create_for("counter")

    idle = Room.objects.idle(timezone.now() - timedelta(days=7))

    assert list(idle) == [old]
    assert Room.objects.idle_for(7).purge_now() == [old.code]
    assert list(Room.objects.all()) == [recent]
