"""Games on one device and against the computer: the sealed-token endpoints."""

from __future__ import annotations

import json
import re

import pytest

from rooms.errors import RoomError
from rooms.local.sealing import seal, unseal

pytestmark = pytest.mark.django_db

ADD = {n: {"type": "add", "amount": n} for n in (1, 2, 3, 5)}


def post(client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def test_a_local_game_starts_with_player_one_and_renders_the_board(client):
    response = post(client, "/play/counter/local/new", {})

    assert response.status_code == 200
    data = response.json()
    assert data["seat"] == 1
    assert data["status"]["turn"] == 1
    assert 'class="counter-board"' in data["html"]
    assert "local" in data["html"]


def test_the_token_hides_the_state_from_the_browser(client):
    data = post(client, "/play/counter/local/new", {}).json()

    assert "secrets" not in data["token"]
    assert unseal(data["token"])["state"]["total"] == 0


def test_a_local_action_shows_the_view_of_the_next_seat_to_move(client):
    token = post(client, "/play/counter/local/new", {}).json()["token"]

    data = post(client, "/play/counter/local/act", {"token": token, "action": ADD[2]}).json()

    assert data["seat"] == 2
    assert data["view"]["total"] == 2
    assert data["view"]["secret"] == unseal(data["token"])["state"]["secrets"]["2"]


def test_the_computer_replies_until_it_is_the_humans_turn(client):
    token = post(client, "/play/counter/computer/new", {"level": "strong"}).json()["token"]

    data = post(
        client,
        "/play/counter/computer/act",
        {"token": token, "action": {"type": "add", "amount": 1}},
    ).json()

    assert data["seat"] == 1
    assert data["status"]["turn"] == 1
    assert data["view"]["total"] in (2, 3, 4)
    assert data["level"] == "strong"


def test_the_computer_never_shows_its_secret(client):
    data = post(client, "/play/counter/computer/new", {}).json()

    state = unseal(data["token"])["state"]
    assert data["seat"] == 1
    assert data["view"]["secret"] == state["secrets"]["1"]
    for hidden in (state["secrets"]["2"], *state["stock"]):
        assert hidden not in json.dumps(data["view"])
        assert hidden not in data["html"]


def test_a_game_against_the_computer_can_be_played_to_the_end(client):
    token = post(client, "/play/counter/computer/new", {"level": "easy"}).json()["token"]
    for _ in range(30):
        data = post(
            client,
            "/play/counter/computer/act",
            {"token": token, "action": {"type": "add", "amount": 1}},
        ).json()
        token = data["token"]
        if data["status"]["over"]:
            break

    assert data["status"]["over"]
    assert data["status"]["winner"] in (1, 2)


def test_the_next_game_alternates_the_first_player(client):
    first = post(client, "/play/counter/local/new", {}).json()

    second = post(client, "/play/counter/local/new", {"token": first["token"]}).json()

    assert second["status"]["turn"] == 2
    assert unseal(second["token"])["round"] == 2


def test_against_the_computer_the_computer_opens_the_second_game(client):
    first = post(client, "/play/counter/computer/new", {"level": "easy"}).json()

    second = post(client, "/play/counter/computer/new", {"token": first["token"]}).json()

    assert second["status"]["turn"] == 1
    assert second["view"]["total"] > 0
    assert second["level"] == "easy"


def test_changing_the_level_keeps_the_game(client):
    token = post(client, "/play/counter/computer/new", {"level": "easy"}).json()["token"]
    token = post(
        client,
        "/play/counter/computer/act",
        {"token": token, "action": {"type": "add", "amount": 2}},
    ).json()["token"]
    before = unseal(token)["state"]

    response = client.post(
        "/play/counter/computer/level", {"token": token, "level": "strong"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    changed = re.fullmatch(
        r'<input type="hidden" name="token" value="([^"]+)">', response.content.decode().strip()
    )
    assert changed, "the answer is the token field alone"
    assert unseal(changed.group(1))["level"] == "strong"
    assert unseal(changed.group(1))["state"] == before


def test_a_level_change_with_a_bad_token_or_level_is_refused(client):
    token = post(client, "/play/counter/computer/new", {"level": "easy"}).json()["token"]
    url = "/play/counter/computer/level"

    bad_token = client.post(url, {"token": "nope", "level": "strong"}, HTTP_HX_REQUEST="true")
    bad_level = client.post(url, {"token": token, "level": "godlike"}, HTTP_HX_REQUEST="true")

    assert bad_token.status_code == 400
    assert bad_token.json()["code"] == "bad_token"
    assert bad_level.status_code == 400
    assert bad_level.json()["code"] == "bad_level"


def test_a_saved_game_can_be_shown_again_unchanged(client):
    token = post(client, "/play/counter/local/new", {}).json()["token"]

    data = post(client, "/play/counter/local/show", {"token": token}).json()

    assert unseal(data["token"])["state"] == unseal(token)["state"]


def test_the_play_pages_of_an_available_game_are_real(client):
    for mode in ("local", "computer"):
        html = client.get(f"/counter/{mode}/").content.decode()
        assert 'id="board"' in html
        assert 'id="play-message" class="play-message" data-speak="message"' in html
        assert 'id="play-announce"' in html
        assert "rooms/announce.js" in html
        assert "rooms/play.js" in html
    assert 'id="play-level"' in client.get("/counter/computer/").content.decode()
    assert 'id="play-cover"' in client.get("/counter/local/").content.decode()


def test_a_game_whose_board_has_not_landed_still_says_coming_soon(client, counter_game):
    import dataclasses

    from rooms import registry

    # Its engine and bots are there (registration checks them); its board is the default
    # template, ghost/board.html, which does not exist.
    registry.register(dataclasses.replace(counter_game, slug="ghost", name="Ghost", board=None))
    try:
        html = client.get("/ghost/local/").content.decode()
    finally:
        registry.unregister("ghost")

    assert "coming soon" in html


def test_the_rules_and_home_pages_still_work(client):
    assert client.get("/").status_code == 200
    assert client.get("/counter/rules/").status_code == 200


def test_a_token_for_another_mode_is_refused(client):
    token = post(client, "/play/counter/local/new", {}).json()["token"]

    response = post(
        client,
        "/play/counter/computer/act",
        {"token": token, "action": {"type": "add", "amount": 1}},
    )

    assert response.status_code == 400
    assert response.json()["code"] == "wrong_game"


def test_seal_and_unseal_round_trip():
    token = seal({"a": 1})

    assert unseal(token) == {"a": 1}


def _flip(token: str, index: int) -> str:
    return token[:index] + ("B" if token[index] == "A" else "A") + token[index + 1 :]


@pytest.mark.parametrize(
    "make", [lambda t: t[:-3], lambda t: _flip(t, len(t) // 2), lambda t: "", lambda t: 7]
)
def test_unseal_refuses_what_seal_did_not_make(make):
    token = make(seal({"a": 1}))

    with pytest.raises(RoomError) as refused:
        unseal(token)
    assert refused.value.code == "bad_token"


def test_unseal_refuses_a_token_sealed_with_another_key(settings):
    token = seal({"a": 1})
    settings.SECRET_KEY = "another-" + "k" * 50

    with pytest.raises(RoomError):
        unseal(token)


def test_a_games_own_endpoint_opens_a_token_with_the_seat_to_move(client):
    """rooms.local.play.open_sealed: what a game's endpoint (a hint) reads from a token:
    the mode, the seat whose move it is and the state; refused at the end of the game
    and while the computer is to move."""
    from rooms.local.play import open_sealed

    local = post(client, "/play/counter/local/new", {}).json()["token"]
    mode, seat, state = open_sealed("counter", local)
    assert (mode, seat, state["total"]) == ("local", 1, 0)
    moved = post(client, "/play/counter/local/act", {"token": local, "action": ADD[1]}).json()
    assert open_sealed("counter", moved["token"])[1] == 2

    computer = post(client, "/play/counter/computer/new", {}).json()["token"]
    assert open_sealed("counter", computer)[:2] == ("computer", 1)
    for slug, token, code in [
        ("tiles", local, "wrong_game"),
        ("counter", "garbage", "bad_token"),
    ]:
        with pytest.raises(RoomError) as refused:
            open_sealed(slug, token)
        assert refused.value.code == code


def test_htmx_is_loaded_on_one_device_only_for_a_board_with_hx_elements(client):
    htmx = "/static/vendor/htmx/htmx.min.js"
    assert htmx not in client.get("/counter/local/").content.decode()  # no forms of its own
    assert htmx in client.get("/counter/computer/").content.decode()  # its level form
    assert htmx in client.get("/tiles/local/").content.decode()  # the draft form (its assets)
