"""A game kept in the browser has versions (rooms.saves): only the newest token
plays on; an older one (another tab's, or one kept aside to take a move back) is refused
with a clear message and changes nothing."""

from __future__ import annotations

import pytest

from rooms.errors import RoomError
from rooms.local.sealing import seal, unseal
from rooms.saves import BrowserSave

pytestmark = pytest.mark.django_db

ADD_1 = {"type": "add", "amount": 1}
ADD_2 = {"type": "add", "amount": 2}
STALE = (
    "This game was opened or played on in another tab. This tab has stopped: "
    "reload it to pick up the current game."
)


def post(client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def new(client, mode: str = "local", **body) -> str:
    return post(client, f"/play/counter/{mode}/new", body).json()["token"]


def act(client, token: str, action: dict = ADD_1, mode: str = "local"):
    return post(client, f"/play/counter/{mode}/act", {"token": token, "action": action})


def test_a_move_from_a_token_older_than_the_newest_is_refused_and_changes_nothing(client):
    old = new(client)
    newest = act(client, old).json()["token"]

    refused = act(client, old, ADD_2)

    assert refused.status_code == 400
    assert refused.json() == {"code": "stale_save", "message": STALE}
    assert act(client, newest).status_code == 200


def test_taking_a_move_back_against_the_computer_is_refused(client):
    """The peek: play on in one tab, then try the other choice from the token before."""
    before = new(client, "computer", level="easy")
    act(client, before, ADD_1, "computer")

    assert act(client, before, ADD_2, "computer").json()["code"] == "stale_save"


def test_opening_the_save_in_another_tab_stops_the_tab_that_had_it(client):
    first_tab = new(client)

    second_tab = post(client, "/play/counter/local/show", {"token": first_tab}).json()["token"]

    assert act(client, first_tab).json()["code"] == "stale_save"
    assert act(client, second_tab).status_code == 200


def test_showing_an_old_token_picks_up_the_current_game(client):
    """A page whose answer was lost (reloaded while the computer thought) still has the
    token from before its move: it gets the game as it now is, not a dead end."""
    old = new(client)
    moved = act(client, old, ADD_2).json()

    shown = post(client, "/play/counter/local/show", {"token": old}).json()

    assert shown["view"]["total"] == moved["view"]["total"] == 2
    assert unseal(shown["token"])["state"] == unseal(moved["token"])["state"]
    assert act(client, shown["token"]).status_code == 200


def test_a_new_game_from_an_old_token_is_refused_and_one_from_the_newest_keeps_the_save(client):
    old = new(client)
    newest = act(client, old).json()["token"]

    assert post(client, "/play/counter/local/new", {"token": old}).json()["code"] == "stale_save"
    fresh = new(client, token=newest)

    assert unseal(fresh)["save"] == unseal(old)["save"]
    assert unseal(fresh)["state"]["total"] == 0
    assert act(client, newest).json()["code"] == "stale_save"


def test_a_damaged_previous_token_still_gives_a_fresh_game(client):
    token = post(client, "/play/counter/local/new", {"token": "garbage"}).json()["token"]

    assert act(client, token).status_code == 200


def test_changing_the_level_makes_the_next_version_and_refuses_an_old_token(client):
    old = new(client, "computer", level="easy")
    token = act(client, old, ADD_1, "computer").json()["token"]
    url = "/play/counter/computer/level"

    stale = client.post(url, {"token": old, "level": "strong"}, HTTP_HX_REQUEST="true")
    changed = client.post(url, {"token": token, "level": "strong"}, HTTP_HX_REQUEST="true")

    assert stale.status_code == 400
    assert stale.json()["code"] == "stale_save"
    assert changed.status_code == 200
    assert act(client, token, ADD_1, "computer").json()["code"] == "stale_save"


def test_a_token_from_before_saves_had_versions_plays_on_as_a_save(client):
    payload = unseal(new(client))
    del payload["save"], payload["version"]
    legacy = seal(payload)

    moved = act(client, legacy)

    assert moved.status_code == 200
    assert act(client, moved.json()["token"]).status_code == 200


def test_a_tampered_token_is_still_refused_as_unreadable(client):
    token = new(client)

    refused = act(client, token[:-3])

    assert refused.json()["code"] == "bad_token"


def test_of_two_answers_to_the_same_version_only_the_first_counts():
    BrowserSave.objects.advance("k", 0, "first")

    with pytest.raises(RoomError) as refused:
        BrowserSave.objects.advance("k", 0, "second")
    assert refused.value.code == "stale_save"
    assert BrowserSave.objects.get(key="k").token == "first"


def test_saves_unplayed_for_long_are_forgotten():
    BrowserSave.objects.advance("played", 0, "t")
    BrowserSave.objects.advance("idle", 0, "t")
    BrowserSave.objects.filter(key="idle").update(updated="2020-01-01T00:00:00Z")

    assert BrowserSave.objects.purge(days=60) == 1
    assert list(BrowserSave.objects.values_list("key", flat=True)) == ["played"]
