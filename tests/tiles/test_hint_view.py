"""The hint endpoint: the solver's best placement from the start of the turn, as one
draft edit the page appends. It reads the position from the game's sealed token (one
device or against the computer), never from what the page says."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rooms.local.sealing import seal
from tests.rooms.boards import render_board
from tests.tiles.draft_form import post_draft, rack_of, verdict
from tiles import engine, hint
from tiles.sets import ALL_TILES
from tiles.state import state_from_position

URL = "/tiles/hint/"


def post(client: Client, body: Any, url: str = URL, **headers: str) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **headers)


def sealed(
    rack: Sequence[str],
    table: Sequence[Sequence[str]] = (),
    *,
    opened: bool = True,
    mode: str = "computer",
    turn: int = 1,
    game: str = "tiles",
    empty_pool: bool = False,
) -> str:
    """The token of a game at this position, `rack` the rack of the seat to move."""
    other = 2 if turn == 1 else 1
    rest = sorted(
        (
            Counter(ALL_TILES) - Counter(rack) - Counter(code for tiles in table for code in tiles)
        ).elements()
    )
    # The other rack: a few tiles, or with an empty pool all the rest.
    theirs = rest if empty_pool else rest[:5]
    state = state_from_position(
        {turn: list(rack), other: theirs},
        [list(tiles) for tiles in table],
        pool=[] if empty_pool else None,
        opened={turn: opened, other: True},
        turn=turn,
    )
    payload = {"game": game, "mode": mode, "level": "medium", "round": 1, "seed": 1}
    payload |= {"moves": 0, "seat": 1, "state": engine.to_json(state)}
    return seal(payload)


@pytest.fixture
def client() -> Client:
    return Client(enforce_csrf_checks=True)


GROUP = [["K5", "B5", "O5", "R5"]]


def test_the_hint_rearranges_the_table_to_place_the_most_tiles(client: Client) -> None:
    # R3 and R4 fit only if R5 leaves the group of four for a run R3 R4 R5.
    response = post(client, {"token": sealed(["R3", "R4", "B9"], GROUP)})
    assert response.status_code == 200
    body = response.json()
    assert body["placed"] == ["R3", "R4"]
    assert body["edit"]["type"] == "arrange"
    assert sorted(map(sorted, body["edit"]["table"])) == [["B5", "K5", "O5"], ["R3", "R4", "R5"]]
    # The edit is one the draft endpoint takes, and "End turn" would then succeed.
    start = {"table": GROUP, "rack": ["R3", "R4", "B9"], "opened": True}
    draft = post_draft(client, {**start, "edits": [body["edit"]]})
    assert verdict(draft)["valid"] is True
    assert draft.content.decode().count("data-placed") == 2
    assert rack_of(draft) == ["B9"]


def test_the_position_comes_from_the_token_not_from_the_page(client: Client) -> None:
    # The page claims a rack and table that would give a hint; the game has none of them.
    claimed = {"table": GROUP, "rack": ["R3", "R4", "B9"], "opened": True}
    body = post(client, {**claimed, "token": sealed(["K1", "R9"])}).json()
    assert body["edit"] is None
    assert body["code"] == "nothing_to_place"


def test_before_the_initial_meld_the_hint_only_adds_new_sets_worth_30(client: Client) -> None:
    table = [["R3", "R4", "R5"], ["K9", "B9", "O9"]]
    rack = ["R6", "R7", "K10", "K11", "K12", "O1"]
    body = post(client, {"token": sealed(rack, table, opened=False)}).json()
    # R6 R7 would extend the run on the table, but not before the initial meld.
    assert body["placed"] == ["K10", "K11", "K12"]
    assert body["edit"]["table"] == [*table, ["K10", "K11", "K12"]]
    start = {"table": table, "rack": rack, "opened": False, "edits": [body["edit"]]}
    draft = post_draft(client, start)
    assert verdict(draft)["valid"] is True
    assert "Initial meld: 33 of at least 30 points" in draft.content.decode()


def test_an_opening_under_30_points_is_no_hint(client: Client) -> None:
    body = post(client, {"token": sealed(["K1", "B1", "O1", "R9"], opened=False)}).json()
    assert body["edit"] is None
    assert body["code"] == "nothing_to_place"
    assert body["message"] == "No tile can be placed this turn: draw a tile."


def test_nothing_to_place_says_pass_when_the_pool_is_empty(client: Client) -> None:
    body = post(client, {"token": sealed(["R1", "B9"], [["K5", "B5", "O5"]], empty_pool=True)})
    assert body.json()["edit"] is None
    assert body.json()["message"] == "No tile can be placed this turn: pass."


def test_on_one_device_the_hint_is_for_the_player_to_move(client: Client) -> None:
    token = sealed(["R3", "R4", "B9"], GROUP, mode="local", turn=2)
    assert post(client, {"token": token}).json()["placed"] == ["R3", "R4"]


def test_the_message_is_in_the_readers_language(client: Client) -> None:
    body = {"token": sealed(["R1"], opened=False)}
    with translation.override("en"):
        english = post(client, body, HTTP_ACCEPT_LANGUAGE="en").json()["message"]
    russian = post(client, body, HTTP_ACCEPT_LANGUAGE="ru").json()["message"]
    assert russian != english


def test_a_request_without_a_sealed_game_as_an_online_games_is_refused(client: Client) -> None:
    # What the page of an online game could send: its table and rack, its mode.
    start = {"table": GROUP, "rack": ["R3", "R4", "B9"], "opened": True}
    for body in (start, {**start, "mode": "friend"}, {**start, "mode": "computer"}):
        response = post(client, body)
        assert response.status_code == 400
        assert response.json()["code"] == "online"
        assert "one device or against the computer" in response.json()["message"]


@pytest.mark.parametrize(
    ("token", "code"),
    [
        (lambda: sealed(["R3", "R4"], GROUP, mode="friend"), "wrong_game"),
        (lambda: sealed(["R3", "R4"], GROUP, game="cards"), "wrong_game"),
        (lambda: "not-a-token", "bad_token"),
        (lambda: sealed(["R3", "R4"], GROUP)[:-4] + "AAAA", "bad_token"),
        (lambda: sealed(["R3", "R4"], GROUP, turn=2), "not_your_turn"),
        (lambda: 12, "online"),
    ],
    ids=["friend", "other game", "garbage", "tampered", "computers turn", "not a string"],
)
def test_a_token_that_is_not_the_players_turn_of_a_sealed_game_is_refused(
    client: Client, token: Any, code: str
) -> None:
    with translation.override("en"):
        english = post(client, {"token": token()}, HTTP_ACCEPT_LANGUAGE="en")
    russian = post(client, {"token": token()}, HTTP_ACCEPT_LANGUAGE="ru")
    assert english.status_code == russian.status_code == 400
    assert english.json()["code"] == code
    assert russian.json()["message"] != english.json()["message"]


def test_a_finished_game_gets_no_hint(client: Client) -> None:
    # Seat 1 has made its initial meld and goes out with its last three tiles.
    racks = {1: ["R1", "R2", "R3"], 2: ["K1"]}
    state = state_from_position(racks, [["B5", "B6", "B7"]], opened={1: True, 2: True})
    state = engine.apply(state, 1, {"type": "play", "table": [["B5", "B6", "B7"], racks[1]]})
    assert engine.status(state)["over"]
    payload = {"game": "tiles", "mode": "computer", "level": "medium", "round": 1, "seed": 1}
    payload |= {"moves": 0, "seat": 1, "state": engine.to_json(state)}
    response = post(client, {"token": seal(payload)})
    assert response.status_code == 400
    assert response.json()["code"] == "game_over"


@pytest.mark.parametrize("body", ["not json", "[]", '{"x": "' + "a" * 300_000 + '"}'])
def test_an_unreadable_body_gets_a_400_and_never_a_500(client: Client, body: str) -> None:
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["code"] in {"bad_request", "too_large"}


def test_only_post_is_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


# Sixty random tiles in one rack (no dealt game reaches it): among the slowest for the solver.
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


def test_a_crafted_huge_position_is_answered_quickly(client: Client) -> None:
    token = sealed(CRAFTED_RACK)
    started = time.perf_counter()
    response = post(client, {"token": token})
    assert time.perf_counter() - started < 3
    assert response.status_code == 200
    body = response.json()
    assert body["edit"] is not None or body["code"] == "too_long"


def test_a_search_past_its_budget_answers_no_hint_in_time(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hint, "HINT_MAX_STATES", 500)
    token = sealed(CRAFTED_RACK)
    started = time.perf_counter()
    body = post(client, {"token": token}).json()
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
    html = render_board("tiles", state, 1, mode)
    assert ('data-action="hint"' in html) is shown
