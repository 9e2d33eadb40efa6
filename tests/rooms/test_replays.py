"""Replays of finished rounds (issue 25): online from the room's log, on one device and
against the computer from the sealed token; never of a round in progress."""

from __future__ import annotations

import random
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone

from gamekit.replay import MAX_STEPS, Record, states
from rooms import registry, replays
from rooms.errors import RoomError
from rooms.local import play, records
from rooms.local.sealing import seal, unseal
from rooms.models import ActionLog, Replay, Room, RoundStart
from rooms.online import store

pytestmark = pytest.mark.django_db
GAMES = ("tiles", "cards", "tarot")


@pytest.fixture(autouse=True)
def _no_cached_frames():
    cache.clear()


def connect_both(room: Room) -> None:
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")


def play_online(room: Room, moves: int | None = None) -> Room:
    """Easy bots play the room's round through the store (to its end, or `moves`)."""
    game = registry.get(room.game)
    rng = random.Random(7)
    done = 0
    while moves is None or done < moves:
        state = room.game_state()
        status = game.engine.status(state)
        if status["over"]:
            break
        seat = status["turn"]
        action = game.bots.choose(state, seat, "easy", rng)
        store.apply_action(room, seat, room.version, action)
        room.refresh_from_db()
        done += 1
    return room


def play_local(slug: str, mode: str) -> play.Outcome:
    game = registry.get(slug)
    outcome = play.new_game(slug, mode, "easy")
    rng = random.Random(3)
    while not outcome.status["over"]:
        payload = unseal(outcome.token)
        state = game.engine.from_json(payload["state"])
        seat = outcome.status["turn"]
        action = game.bots.choose(state, seat, "easy", rng)
        outcome = play.act(slug, mode, outcome.token, action)
    return outcome


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_online_round_has_one_replay_whose_last_step_is_the_end(slug, client):
    room = Room.objects.create_for(slug)
    connect_both(room)
    room = play_online(room)
    replay = replays.for_room(room, 1)
    assert replays.for_room(room, 1) == replay  # made once
    record = Record.from_json(replay.record)
    engine = registry.get(slug).engine
    assert engine.to_json(states(engine, record)[-1]) == room.state
    page = client.get(f"/r/{room.code}/replay/1/")
    assert page.status_code == 302
    assert page.url == f"/replays/{replay.code}/?from=room"
    assert client.get(f"/r/{room.code}/replay/").url == f"/replays/{replay.code}/?from=room"
    shown = client.get(f"/replays/{replay.code}/")
    assert shown.status_code == 200
    assert b'id="review" data-replay="' + replay.code.encode() in shown.content
    last = replays.step_count(replay)
    assert client.get(f"/replays/{replay.code}/{last}/").status_code == 200


@pytest.mark.parametrize("slug", GAMES)
def test_the_replay_page_draws_the_board_as_dealt_not_its_markup(slug, client):
    replay = replays.for_token(slug, play_local(slug, "computer").token)
    page = client.get(f"/replays/{replay.code}/").content.decode()
    assert f'<section class="{slug}-board' in page
    assert "&lt;section" not in page


@pytest.mark.parametrize("opened_from", ["", "?from=room"])
def test_a_shared_replay_never_names_its_room(client, opened_from):
    """The room's code would show its round in progress (and any free seat): the replay
    page goes back to the room by the history only."""
    room = Room.objects.create_for("cards")
    connect_both(room)
    room = play_online(room)
    replay = replays.for_room(room, 1)
    page = client.get(f"/replays/{replay.code}/{opened_from}").content.decode()
    assert room.code not in page
    assert ("data-replay-back" in page) == bool(opened_from)


def test_the_replay_of_a_round_in_progress_does_not_exist_and_is_refused_in_russian(client):
    room = Room.objects.create_for("tarot")
    connect_both(room)
    room = play_online(room, moves=5)
    with pytest.raises(RoomError) as refused:
        replays.for_room(room, 1)
    assert refused.value.code == "replay_unfinished"
    answer = client.get(f"/r/{room.code}/replay/1/", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 409
    assert "Этот раунд ещё не окончен" in answer.content.decode()
    assert client.get(f"/r/{room.code}/replay/").status_code == 404  # no finished round
    assert client.get(f"/r/{room.code}/replay/2/").status_code == 404
    assert not Replay.objects.exists()


def test_a_finished_rounds_replay_keeps_working_after_the_next_round_started(client):
    room = Room.objects.create_for("tarot")
    connect_both(room)
    room = play_online(room)
    first_end = room.state
    store.new_round(room, 1)
    assert store.new_round(room, 2) is not None
    room.refresh_from_db()
    assert room.round == 2
    assert RoundStart.objects.filter(room=room).count() == 2
    room = play_online(room, moves=3)
    replay = replays.for_room(room, 1)  # made only now, during round 2
    engine = registry.get("tarot").engine
    assert engine.to_json(states(engine, replays.record_of_replay(replay))[-1]) == first_end
    with pytest.raises(RoomError, match="replay_unfinished"):
        replays.for_room(room, 2)
    assert client.get(f"/r/{room.code}/replay/").url == f"/replays/{replay.code}/?from=room"


def test_no_frame_of_an_unfinished_round_can_be_had_even_by_a_crafted_record(client):
    """Every way to a replay checks that its round is over: a Replay row is made only
    for a finished round, and the views take no record from the request."""
    room = Room.objects.create_for("cards")
    connect_both(room)
    room = play_online(room, moves=6)
    engine = registry.get("cards").engine
    for number in (0, 1, 2, -1):
        assert client.get(f"/r/{room.code}/replay/{abs(number)}/").status_code in (404, 409)
    # The token of a local round in progress is refused too.
    outcome = play.new_game("cards", "computer", "easy")
    answer = client.post("/play/cards/replay", {"token": outcome.token})
    assert answer.status_code == 409
    assert not Replay.objects.exists()
    assert engine.hidden(room.game_state(), 1)  # there was something to hide


def test_unknown_codes_steps_out_of_range_and_damaged_records_are_refused(client):
    room = Room.objects.create_for("tarot")
    connect_both(room)
    room = play_online(room)
    replay = replays.for_room(room, 1)
    last = replays.step_count(replay)
    assert client.get("/replays/nonsense-nonsense-none/").status_code == 404
    assert client.get("/replays/nonsense-nonsense-none/0/").status_code == 404
    answer = client.get(f"/replays/{replay.code}/{last + 1}/", HTTP_ACCEPT_LANGUAGE="pt")
    assert answer.status_code == 404
    assert "passo" in answer.content.decode()
    Replay.objects.filter(pk=replay.pk).update(record={"start": {}, "steps": "x"})
    assert client.get(f"/replays/{replay.code}/").status_code == 400


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("mode", ["local", "computer"])
def test_a_finished_local_round_is_replayed_from_its_token(slug, mode, client):
    outcome = play_local(slug, mode)
    answer = client.post(f"/play/{slug}/replay", {"token": outcome.token})
    assert answer.status_code == 302
    replay = Replay.objects.get()
    assert replay.room is None
    assert replay.mode == mode
    again = client.post(f"/play/{slug}/replay", {"token": outcome.token})
    assert again.url == answer.url  # the same token, the same replay
    engine = registry.get(slug).engine
    end = states(engine, replays.record_of_replay(replay))[-1]
    assert engine.to_json(end) == unseal(outcome.token)["state"]
    page = client.get(answer.url)
    assert page.status_code == 200


def test_a_tampered_or_wrong_token_is_refused_in_the_players_language(client):
    outcome = play_local("tarot", "computer")
    bad = outcome.token[:-4] + ("AAAA" if not outcome.token.endswith("AAAA") else "BBBB")
    answer = client.post("/play/tarot/replay", {"token": bad}, HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 400
    assert "Не удаётся прочитать" in answer.content.decode()
    assert client.post("/play/cards/replay", {"token": outcome.token}).status_code == 400
    assert not Replay.objects.exists()


def test_a_token_keeps_the_round_as_dealt_and_a_new_round_starts_a_new_record():
    outcome = play_local("tarot", "computer")
    first = records.read(unseal(outcome.token)["record"])
    following = play.new_game("tarot", "computer", previous=outcome.token)
    second = records.read(unseal(following.token)["record"])
    assert second.start != first.start
    engine = registry.get("tarot").engine
    assert engine.to_json(states(engine, second)[-1]) == unseal(following.token)["state"]


def test_a_very_long_round_is_cut_and_its_token_stays_under_the_cap():
    """MAX_STEPS plays of a full tile rummy table: the worst the token may carry."""
    engine = registry.get("tiles").engine
    start = engine.to_json(engine.new_round(1, 1))
    sets = [[f"{c}{n}", f"{c}{n + 1}", f"{c}{n + 2}"] for c in "KBOR" for n in range(1, 12, 3)]
    record = records.begin(start)
    for turn in range(MAX_STEPS + 10):
        table = sets[turn % 5 :] + sets[: turn % 5]
        record = records.add(record, [(1 + turn % 2, {"type": "play", "table": table})])
    token = seal({"state": start, "record": record, "pad": "x" * 8000})
    assert len(token) < 60_000
    assert records.read(record).cut


def test_unseen_local_replays_are_purged_and_an_online_one_goes_with_its_room():
    outcome = play_local("tarot", "computer")
    local = replays.for_token("tarot", outcome.token)
    Replay.objects.filter(pk=local.pk).update(seen=timezone.now() - timezone.timedelta(days=8))
    call_command("purge_rooms", verbosity=0)
    assert not Replay.objects.exists()


@pytest.mark.parametrize("slug", GAMES)
def test_a_replay_names_the_seats_as_its_board_did(slug):
    """Against the computer "You" and "The computer"; on one device and online, where
    whoever watches the replay may be either player, "Player 1" and "Player 2"."""
    computer = replays.for_token(slug, play_local(slug, "computer").token)
    names = re.findall(r'<div class="replay-hand"[^>]*><dt>(.*?)</dt>', replays.frame(computer, 1))
    assert [re.sub(r"<[^>]+>", "", name) for name in names] == ["You", "The computer"]
    room = Room.objects.create_for(slug)
    connect_both(room)
    online = replays.for_room(play_online(room), 1)
    names = re.findall(r'<div class="replay-hand"[^>]*><dt>(.*?)</dt>', replays.frame(online, 1))
    assert [re.sub(r"<[^>]+>", "", name) for name in names] == ["Player 1", "Player 2"]


def test_a_replay_frame_draws_both_hands_and_no_control():
    room = Room.objects.create_for("cards")
    connect_both(room)
    room = play_online(room)
    replay = replays.for_room(room, 1)
    html = replays.frame(replay, 1)
    assert "replay-hands" in html
    assert not re.search(r"data-action=", html)
    assert ActionLog.objects.filter(room=room).count() == replays.step_count(replay)


def test_a_tarot_replay_draws_a_face_down_stack_card_as_a_card_back():
    """Both hands are shown, the round being over, but the table as it lay: a card just
    uncovered while its trick is on the table, and those under it, stay face down."""
    from tarot.state import top_is_up
    from tarot.templatetags.tarot_board import card_name

    room = Room.objects.create_for("tarot")
    connect_both(room)
    room = play_online(room)
    replay = replays.for_room(room, 1)
    engine = registry.get("tarot").engine
    face_down = [
        (step, seat, index, pile)
        for step, state in enumerate(states(engine, replays.record_of_replay(replay)))
        for seat in (1, 2)
        for index, pile in enumerate(state.stacks[seat])
        if pile and not top_is_up(state, seat, index)
    ]
    assert face_down  # every round has some: a card led from a stack uncovers one

    for step, seat, index, pile in face_down:
        html = replays.frame(replay, step)
        side = html.split(f'data-seat="{seat}"', 1)[1].split('class="tarot-side', 1)[0]
        stack = re.findall(r'<li class="tarot-stack.*?</li>', side, re.S)[index]
        assert "card-back" in stack, (step, seat, index)
        for card in pile:
            assert f'data-code="{card}"' not in html, (step, card)
            assert f'aria-label="{card_name(card)}"' not in html, (step, card)


def test_the_room_page_lists_the_replays_of_its_earlier_rounds(client):
    room = Room.objects.create_for("tarot")
    connect_both(room)
    room = play_online(room)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert f"/r/{room.code}/replay/1/" not in page  # the play page offers the last one
    assert f"/r/{room.code}/replay/" in page
    store.new_round(room, 1)
    store.new_round(room, 2)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert f"/r/{room.code}/replay/1/" in page


def test_the_replay_of_an_unknown_or_deleted_rooms_round_is_a_404(client):
    room = Room.objects.create_for("tarot")
    code = room.code
    room.delete()
    for path in (
        f"/r/{code}/replay/",
        f"/r/{code}/replay/1/",
        "/r/unknown-room-code-000000/replay/",
    ):
        answer = client.get(path, HTTP_ACCEPT_LANGUAGE="pt")
        assert answer.status_code == 404, path


def test_a_round_abandoned_for_a_new_one_is_never_offered_and_has_no_replay(client):
    room = Room.objects.create_for("cards")
    connect_both(room)
    room = play_online(room)  # round 1 to its end
    store.new_round(room, 1)
    store.new_round(room, 2)
    room.refresh_from_db()
    room = play_online(room, moves=4)  # round 2, left unfinished for round 3
    store.new_round(room, 1)
    assert store.new_round(room, 2) is not None
    room.refresh_from_db()
    assert room.round == 3

    page = client.get(f"/r/{room.code}/").content.decode()
    assert f"/r/{room.code}/replay/1/" in page
    assert f"/r/{room.code}/replay/2/" not in page
    assert [number for number, _ in replays.finished_rounds(room)] == [1]
    refused = client.get(f"/r/{room.code}/replay/2/", HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 404
    assert "остался недоигранным" in refused.content.decode()
    # "The last round" is the last one played to its end.
    last = client.get(f"/r/{room.code}/replay/")
    assert last.status_code == 302
    assert last.url == f"/replays/{replays.for_room(room, 1).code}/?from=room"
    assert not Replay.objects.filter(round=2).exists()
