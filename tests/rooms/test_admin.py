"""The rooms admin: for staff only, read-only, seat keys never shown."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from rooms import registry
from rooms.models import ActionLog, Replay, Room
from tiles.markup import label as tile_label

pytestmark = pytest.mark.django_db


@pytest.fixture
def room() -> Room:
    room = Room.objects.create_for("counter")
    room.claim_host_seat()
    return room


@pytest.fixture
def staff() -> Client:
    client = Client()
    # No password: hashing one would only slow the tests down.
    client.force_login(User.objects.create(username="boss", is_staff=True, is_superuser=True))
    return client


def test_the_room_list_shows_the_games_name_whole_code_seats_version_round_and_idle_time(
    staff, room
):
    html = staff.get("/admin/rooms/room/").content.decode()

    for text in (room.code, '<td class="field-game_name">Counter</td>', "Idle for"):
        assert text in html
    for text in ("Version", "Round"):
        assert text in html
    assert f"{room.code[:10]}…" not in html  # never cut short


def test_the_seats_column_says_in_words_who_is_here_in_russian(staff, room):
    room.seats.filter(number=1).update(channel_name="specific.1", heartbeat_at=timezone.now())
    staff.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"

    html = staff.get("/admin/rooms/room/").content.decode()

    assert "Места: игрок здесь?" in html
    assert '<td class="field-seats_connected">1: на связи, 2: свободно</td>' in html


def test_rooms_can_be_searched_by_code_and_filtered(staff, room):
    other = Room.objects.create_for("counter")

    html = staff.get("/admin/rooms/room/", {"q": room.code[:10]}).content.decode()
    assert room.code in html
    assert other.code not in html
    for query in ({"idle": "7"}, {"finished__exact": "1"}, {"game": "counter"}):
        assert staff.get("/admin/rooms/room/", query).status_code == 200


@pytest.mark.parametrize(
    "link",
    [
        "https://tablefortwo.example/r/{code}/",
        "  http://localhost:8000/r/{code}/watch/  ",
        "https://tablefortwo.example/r/{code}/move/" + "t" * 32 + "/",
        "https://tablefortwo.example/r/{code}/replay/1/",
    ],
)
def test_a_pasted_link_to_a_room_finds_it_by_the_code_inside(staff, room, link):
    other = Room.objects.create_for("counter")

    html = staff.get("/admin/rooms/room/", {"q": link.format(code=room.code)}).content.decode()

    assert f">{room.code}</a>" in html
    assert other.code not in html


def test_a_pasted_replay_link_finds_its_room(staff, room):
    Replay.objects.create(
        code="R" * 24, key="k", game="counter", mode="friend", record={}, room=room
    )

    html = staff.get("/admin/rooms/room/", {"q": f"https://x.example/replays/{'R' * 24}/"})

    assert f">{room.code}</a>" in html.content.decode()


def test_the_game_filter_names_the_games_in_russian(staff, room):
    staff.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    Room.objects.create_for("tiles")

    html = staff.get("/admin/rooms/room/").content.decode()
    filters = html.split('id="changelist-filter"', 1)[1]

    assert re.search(r'<a href="\?game=tiles"[^>]*>Тайл-рамми</a>', filters)
    assert ">tiles</a>" not in filters
    filtered = staff.get("/admin/rooms/room/", {"game": "tiles"}).content.decode()
    assert filtered.count('<td class="field-game_name">') == 1


def test_a_full_rooms_page_links_to_watching_it_and_to_its_finished_rounds_replays(staff, room):
    room.claim_guest_seat()
    Room.objects.filter(pk=room.pk).update(finished=True)

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()

    assert (
        f'<a href="/r/{room.code}/watch/" target="_blank" rel="noopener">Watch this game</a>'
        in html
    )
    assert f'<a href="/r/{room.code}/replay/1/"' in html
    assert "Replay of round 1" in html


def test_a_room_waiting_for_its_guest_offers_no_link_that_would_seat_the_admin(staff, room):
    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()

    assert f"/r/{room.code}/" not in html
    assert "No page yet" in html


def test_a_rooms_actions_read_as_the_replay_says_them_not_as_json(staff):
    room = Room.objects.create_for("tiles")
    ActionLog.objects.create(room=room, seat=1, version=1, action={"type": "draw"})
    drawn = room.engine.apply(room.game_state(), 1, {"type": "draw"}).last["tile"]
    staff.defaults["HTTP_ACCEPT_LANGUAGE"] = "pt"

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    moves = re.findall(r'<td class="field-move">\s*<p>(.*?)</p>', html, re.S)

    assert moves == [f"Última jogada: o Jogador 1 comprou uma peça. {tile_label(drawn, 'pt')}"]
    assert "{&quot;type&quot;: &quot;draw&quot;}" not in html


def test_a_long_rooms_page_says_its_newest_actions_as_the_whole_round_would(staff):
    room = Room.objects.create_for("tiles")
    state, drawn = room.game_state(), []
    for version in range(1, 51):
        seat = 2 - version % 2
        state = room.engine.apply(state, seat, {"type": "draw"})
        drawn.append(state.last["tile"])
        ActionLog.objects.create(room=room, seat=seat, version=version, action={"type": "draw"})

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    moves = re.findall(r'<td class="field-move">\s*<p>(.*?)</p>', html, re.S)

    assert len(moves) == 40
    # The oldest shown is version 11, seat 1's: its tile as the replay of the round says it.
    assert moves[-1] == f"Last move: Player 1 drew a tile. {tile_label(drawn[10], 'en')}"
    assert moves[-2] == "Last move: Player 2 drew a tile."


def test_a_rummy_turn_is_one_move_said_on_its_last_action(staff):
    room = Room.objects.create_for("cards")
    engine, state = room.engine, room.game_state()
    turn = engine.status(state)["turn"]
    actions = [{"type": "draw", "source": "stock"}]
    state = engine.apply(state, turn, actions[0])
    actions.append({"type": "discard", "card": engine.view(state, turn)["hand"][0]})
    for version, action in enumerate(actions, start=1):
        ActionLog.objects.create(room=room, seat=turn, version=version, action=action)

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    moves = re.findall(r'<td class="field-move">\s*<p>(.*?)</p>', html, re.S)

    # Newest first.
    assert moves[1] == "(part of the next move)"
    assert moves[0].startswith(f"Last move: Player {turn} drew from the stock")


def test_a_rooms_page_folds_the_state_away_pretty_and_never_shows_the_key_hash(staff, room):
    seat = room.seat(1)

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()

    assert "<details><summary>The saved state (JSON)</summary><pre>{\n" in html
    assert "&quot;total&quot;: 0" in html
    assert seat.key_hash not in html


def summary_rows(html: str) -> dict[str, str]:
    table = html.split('<table class="room-summary">', 1)[1].split("</table>", 1)[0]
    return dict(re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", table))


def test_a_rooms_page_sums_up_players_presence_round_version_turn_and_counts(staff):
    room = Room.objects.create_for("tiles")
    room.claim_host_seat()

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert rows == {
        "game": "Tile rummy",
        "seat 1": "teal, claimed, not connected",
        "seat 2": "amber, free, not connected",
        "round": "1",
        "version": "0",
        "to play": "seat 1",
        "pool": "78",
        "rack": "1: 14, 2: 14",
    }


def test_a_finished_rooms_summary_names_the_winner_and_the_scores(staff, room):
    engine = room.engine
    state = room.game_state()
    while not engine.status(state)["over"]:
        state = engine.apply(state, engine.status(state)["turn"], {"type": "add", "amount": 3})
    Room.objects.filter(pk=room.pk).update(state=engine.to_json(state), finished=True)
    winner = engine.status(state)["winner"]

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert "to play" not in rows
    assert rows["game over"] == f"seat {winner} won (1: {int(winner == 1)}, 2: {int(winner == 2)})"


@pytest.mark.parametrize("who", ["anonymous", "not staff"])
def test_the_admin_refuses_everyone_else(room, who):
    client = Client()
    if who == "not staff":
        client.force_login(User.objects.create(username="guest"))

    for url in ("/admin/rooms/room/", f"/admin/rooms/room/{room.pk}/change/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("slug", [game.slug for game in registry.all_games()])
def test_every_games_room_is_summed_up_from_its_engine(staff, slug):
    room = Room.objects.create_for(slug)
    view = room.engine.view(room.game_state(), None)
    game = registry.get(slug)

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert rows["game"] == str(game.name)
    assert rows["to play"] == f"seat {room.status()['turn']}"
    for key, label in game.counts.items():
        assert key in view
        assert label in rows
