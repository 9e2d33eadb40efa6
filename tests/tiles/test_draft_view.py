"""The draft endpoint: the board's htmx form posts the start of the turn and its edits,
and the answer is the draft area (tiles.board.draft_html) with the verdict board.js reads."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from tests.tiles.draft_form import URL, post_draft, rack_of, verdict

RACK = ["R10", "R11", "R12", "K1", "B1", "O1", "J", "K13"]


def draft(**changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"table": [], "rack": list(RACK), "opened": False, "edits": []}
    fields.update(changes)
    return fields


@pytest.fixture
def client() -> Client:
    return Client(enforce_csrf_checks=True)


def test_a_new_set_worth_33_points_is_a_valid_opening(client: Client) -> None:
    response = post_draft(
        client, draft(edits=[{"type": "new_set", "tiles": ["R10", "R11", "R12"]}])
    )
    assert response.status_code == 200
    assert verdict(response) == {
        "table": [["R10", "R11", "R12"]],
        "valid": True,
        "changed": True,
        "edits": 1,
    }
    assert sorted(rack_of(response)) == sorted(["K1", "B1", "O1", "J", "K13"])
    html = response.content.decode()
    assert "Initial meld: 33 of at least 30 points" in html
    assert "is-invalid" not in html


def test_an_opening_below_30_points_is_refused_with_the_total(client: Client) -> None:
    response = post_draft(client, draft(edits=[{"type": "new_set", "tiles": ["K1", "B1", "O1"]}]))
    assert verdict(response)["valid"] is False
    html = response.content.decode()
    assert "opening-total is-short" in html
    assert "Initial meld: 3 of at least 30 points" in html


def test_an_invalid_set_is_marked_in_the_html_with_its_reason(client: Client) -> None:
    response = post_draft(client, draft(edits=[{"type": "new_set", "tiles": ["R10", "K13"]}]))
    assert verdict(response)["valid"] is False
    html = response.content.decode()
    assert "is-invalid" in html
    assert '<p class="set-problem" role="note">' in html


def test_the_messages_are_translated_into_the_readers_language(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["R10", "K13"]}]
    with translation.override("en"):
        english = post_draft(client, draft(edits=edits), HTTP_ACCEPT_LANGUAGE="en")
    russian = post_draft(client, draft(edits=edits), HTTP_ACCEPT_LANGUAGE="ru")
    problem = '<p class="set-problem" role="note">'
    english_html, russian_html = english.content.decode(), russian.content.decode()
    assert problem in english_html
    assert problem in russian_html
    assert english_html.split(problem)[1][:80] != russian_html.split(problem)[1][:80]


def test_an_unchanged_table_is_reported_unchanged(client: Client) -> None:
    answer = verdict(post_draft(client, draft(table=[["K5", "B5", "O5"]], opened=True)))
    assert answer["changed"] is False
    assert answer["valid"] is False


def test_undo_takes_back_the_last_edit(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["R10", "R11", "R12"]}, {"type": "undo"}]
    answer = verdict(post_draft(client, draft(edits=edits)))
    assert answer["table"] == []
    assert answer["changed"] is False


def test_an_impossible_edit_is_a_400_that_names_the_edit(client: Client) -> None:
    response = post_draft(client, draft(edits=[{"type": "new_set", "tiles": ["R1"]}]))
    assert response.status_code == 400
    assert response.json()["code"] == "not_in_rack"
    assert response.json()["edit"] == 1


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "You do not have these tiles: blue 2, red 1."),
        ("ru", "У вас нет этих плиток: синяя двойка, красная единица."),
    ],
)
def test_tiles_not_on_the_rack_are_refused_naming_them_in_words(
    client: Client, language: str, message: str
) -> None:
    # As the board speaks the tiles, not by their codes ("B2 R1").
    edits = [{"type": "new_set", "tiles": ["R1", "B2", "K1"]}]
    response = post_draft(client, draft(edits=edits), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_a_set_problem_names_its_tile_in_words(client: Client) -> None:
    fields = draft(
        table=[["K5", "B5", "O5"]],
        rack=["K5", "R1"],
        opened=True,
        edits=[{"type": "add", "set": 0, "tiles": ["K5"]}],
    )
    html = post_draft(client, fields).content.decode()
    assert "Set 1: repeated colour in a group, black 5 appears twice." in html


def test_moving_a_table_tile_before_the_initial_meld_is_refused(client: Client) -> None:
    fields = draft(
        table=[["K5", "B5", "O5"]], edits=[{"type": "move", "from": 0, "index": 0, "to": "new"}]
    )
    response = post_draft(client, fields)
    assert response.status_code == 400
    assert response.json()["code"] == "opening_touches_table"


@pytest.mark.parametrize(
    "fields",
    [
        draft(table="not json"),
        draft(edits="[1, "),
        draft(opened="NaN"),
        {"table": [], "rack": []},
        draft(table="R1"),
        draft(table=[["X9"]]),
        draft(rack="R1"),
        draft(rack=["R14"]),
        draft(opened="yes"),
        draft(edits={"type": "undo"}),
        draft(edits=[{"type": "explode"}]),
        draft(rack=["J", "J", "J"]),
        draft(edits=[{"type": "undo"}] * 1001),
    ],
)
def test_malformed_drafts_get_a_clear_400_and_never_a_500(
    client: Client, fields: dict[str, Any]
) -> None:
    response = post_draft(client, fields)
    assert response.status_code == 400
    payload = response.json()
    assert payload["code"]
    assert payload["message"]


def test_a_json_body_instead_of_the_form_is_refused(client: Client) -> None:
    response = client.post(URL, draft(), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"


def test_a_huge_body_is_refused(client: Client) -> None:
    response = post_draft(client, draft(edits="[" + "0, " * 100_000 + "0]"))
    assert response.status_code == 400
    assert response.json()["code"] == "too_large"


def test_only_post_is_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


def test_an_untouched_table_does_not_nag_about_adding_a_tile(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["R10", "R11", "R12"]}, {"type": "undo"}]
    response = post_draft(client, draft(edits=edits))
    assert "Add at least one tile" not in response.content.decode()
    assert verdict(response)["valid"] is False  # End turn stays refused all the same
