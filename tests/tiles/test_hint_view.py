"""The hint endpoint: the solver's best placement from the start of the turn, as one
draft edit the page appends (stateless, like the draft endpoint)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from tests.tiles.draft_form import post_draft, rack_of, verdict
from tiles import engine, views

URL = "/tiles/hint/"


def post(client: Client, body: Any, url: str = URL, **headers: str) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **headers)


def turn(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"table": [], "rack": [], "opened": True}
    body.update(changes)
    return body


@pytest.fixture
def client() -> Client:
    return Client(enforce_csrf_checks=True)


def test_the_hint_rearranges_the_table_to_place_the_most_tiles(client: Client) -> None:
    # R3 and R4 fit only if R5 leaves the group of four for a run R3 R4 R5.
    start = turn(table=[["K5", "B5", "O5", "R5"]], rack=["R3", "R4", "B9"])
    response = post(client, start)
    assert response.status_code == 200
    body = response.json()
    assert body["placed"] == ["R3", "R4"]
    assert body["edit"]["type"] == "arrange"
    assert sorted(map(sorted, body["edit"]["table"])) == [["B5", "K5", "O5"], ["R3", "R4", "R5"]]
    # The edit is one the draft endpoint takes, and "End turn" would then succeed.
    draft = post_draft(client, {**start, "edits": [body["edit"]]})
    assert verdict(draft)["valid"] is True
    assert draft.content.decode().count("data-placed") == 2
    assert rack_of(draft) == ["B9"]


def test_before_the_initial_meld_the_hint_only_adds_new_sets_worth_30(client: Client) -> None:
    table = [["R3", "R4", "R5"], ["K9", "B9", "O9"]]
    rack = ["R6", "R7", "K10", "K11", "K12", "O1"]
    body = post(client, turn(table=table, rack=rack, opened=False)).json()
    # R6 R7 would extend the run on the table, but not before the initial meld.
    assert body["placed"] == ["K10", "K11", "K12"]
    assert body["edit"]["table"] == [*table, ["K10", "K11", "K12"]]
    draft = post_draft(client, turn(table=table, rack=rack, opened=False, edits=[body["edit"]]))
    assert verdict(draft)["valid"] is True
    assert "Initial meld: 33 of at least 30 points" in draft.content.decode()


def test_an_opening_under_30_points_is_no_hint(client: Client) -> None:
    body = post(client, turn(rack=["K1", "B1", "O1", "R9"], opened=False)).json()
    assert body["edit"] is None
    assert body["code"] == "nothing_to_place"
    assert body["message"] == "No tile can be placed this turn: draw a tile."


def test_nothing_to_place_says_draw_or_pass_when_the_pool_is_empty(client: Client) -> None:
    start = turn(table=[["K5", "B5", "O5"]], rack=["R1", "B9"])
    assert "draw" in post(client, start).json()["message"]
    body = post(client, {**start, "pool_empty": True}).json()
    assert body["edit"] is None
    assert body["message"] == "No tile can be placed this turn: pass."


def test_the_message_is_in_the_readers_language(client: Client) -> None:
    start = turn(rack=["R1"], opened=False)
    with translation.override("en"):
        english = post(client, start, HTTP_ACCEPT_LANGUAGE="en").json()["message"]
    russian = post(client, start, HTTP_ACCEPT_LANGUAGE="ru").json()["message"]
    assert russian != english


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        json.dumps(turn(table="R1")),
        json.dumps(turn(table=[["X9"]])),
        json.dumps(turn(rack="R1")),
        json.dumps(turn(rack=["R14"])),
        json.dumps(turn(opened="yes")),
        json.dumps(turn(rack=["J", "J", "J"])),
        json.dumps(turn(table=[["R1", "R2", "R3"]] * 3)),  # three R1s: not in the game
        '{"x": "' + "a" * 300_000 + '"}',
    ],
)
def test_bad_input_gets_a_translated_400_and_never_a_500(client: Client, body: str) -> None:
    with translation.override("en"):
        english = post(client, body, HTTP_ACCEPT_LANGUAGE="en")
    russian = post(client, body, HTTP_ACCEPT_LANGUAGE="ru")
    assert english.status_code == russian.status_code == 400
    assert english.json()["code"] in {"malformed", "bad_request", "too_large"}
    assert russian.json()["message"] != english.json()["message"]


def test_an_invalid_set_on_the_start_table_is_refused(client: Client) -> None:
    response = post(client, turn(table=[["R1", "R2"]], rack=["R3"]))
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_set"


def test_only_post_is_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


# Sixty random tiles (a request no game can make): among the slowest found for the solver.
CRAFTED_RACK = [
    "B10",
    "B11",
    "B12",
    "B12",
    "B2",
    "B3",
    "B4",
    "B5",
    "B5",
    "B7",
    "B7",
    "J",
    "J",
    "K10",
    "K11",
    "K12",
    "K13",
    "K2",
    "K3",
    "K3",
    "K5",
    "K5",
    "K6",
    "K6",
    "K7",
    "K7",
    "K9",
    "K9",
    "O1",
    "O1",
    "O10",
    "O10",
    "O11",
    "O12",
    "O12",
    "O2",
    "O3",
    "O4",
    "O5",
    "O6",
    "O6",
    "O7",
    "O7",
    "O8",
    "R1",
    "R1",
    "R10",
    "R10",
    "R11",
    "R11",
    "R12",
    "R13",
    "R2",
    "R2",
    "R4",
    "R5",
    "R6",
    "R8",
    "R8",
    "R9",
]


def test_a_crafted_huge_request_is_answered_quickly(client: Client) -> None:
    started = time.perf_counter()
    response = post(client, turn(rack=CRAFTED_RACK))
    assert time.perf_counter() - started < 3
    assert response.status_code == 200
    body = response.json()
    assert body["edit"] is not None or body["code"] == "too_long"


def test_a_search_past_its_budget_answers_no_hint_in_time(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "HINT_MAX_STATES", 500)
    started = time.perf_counter()
    body = post(client, turn(rack=CRAFTED_RACK)).json()
    assert time.perf_counter() - started < 1
    assert body["edit"] is None
    assert body["code"] == "too_long"
    assert body["message"] == "No placement was found in time. Try it yourself!"


@pytest.mark.parametrize(
    ("mode", "shown"), [("local", True), ("computer", True), ("friend", False)]
)
def test_the_board_offers_a_hint_on_one_device_and_against_the_computer_only(
    mode: str, shown: bool
) -> None:
    state = engine.new_round(seed=4, first_seat=1)
    context = {
        "game": None,
        "view": engine.view(state, 1),
        "status": engine.status(state),
        "seat": 1,
        "mode": mode,
    }
    html = render_to_string("tiles/board.html", context)
    assert ('data-action="hint"' in html) is shown


def test_the_hint_refuses_a_request_from_an_online_game(client: Client) -> None:
    start = turn(table=[["K5", "B5", "O5", "R5"]], rack=["R3", "R4", "B9"])
    said_online = post(client, {**start, "mode": "friend"})
    assert said_online.status_code == 400
    assert said_online.json()["code"] == "online"
    # Called from the console of a room's page: the room is the referrer.
    from_a_room = post(client, start, HTTP_REFERER="http://testserver/r/ABCD2345/")
    assert from_a_room.status_code == 400
    assert from_a_room.json()["code"] == "online"
    # One device and the computer are served.
    assert post(client, {**start, "mode": "computer"}).status_code == 200
    assert post(client, start, HTTP_REFERER="http://testserver/tiles/local/").status_code == 200
