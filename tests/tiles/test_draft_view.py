"""The draft endpoint: the page posts its own view and edits, and sees the result."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

URL = "/tiles/draft/"
RACK = ["R10", "R11", "R12", "K1", "B1", "O1", "J", "K13"]


def post(client: Client, body: Any, **headers: str) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **headers)


def draft(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"table": [], "rack": list(RACK), "opened": False, "edits": []}
    body.update(changes)
    return body


@pytest.fixture
def client() -> Client:
    return Client(enforce_csrf_checks=True)


def test_a_new_set_worth_33_points_is_a_valid_opening(client: Client) -> None:
    response = post(client, draft(edits=[{"type": "new_set", "tiles": ["R10", "R11", "R12"]}]))
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True
    assert body["changed"] is True
    assert body["table"] == [["R10", "R11", "R12"]]
    assert sorted(body["rack"]) == sorted(["K1", "B1", "O1", "J", "K13"])
    assert body["opening_total"] == 33
    assert body["problems"] == []
    assert 'data-code="R11"' in body["html"]


def test_an_opening_below_30_points_is_refused_with_the_total(client: Client) -> None:
    body = post(client, draft(edits=[{"type": "new_set", "tiles": ["K1", "B1", "O1"]}])).json()
    assert body["valid"] is False
    assert body["opening_total"] == 3
    assert [p["code"] for p in body["problems"]] == ["opening_too_low"]
    assert "3" in body["problems"][0]["message"]


def test_an_invalid_set_is_marked_in_the_html_with_its_reason(client: Client) -> None:
    body = post(client, draft(edits=[{"type": "new_set", "tiles": ["R10", "K13"]}])).json()
    assert body["valid"] is False
    invalid = [p for p in body["problems"] if p["set"] == 0]
    assert invalid[0]["code"] == "invalid_set"
    assert "is-invalid" in body["html"]
    assert invalid[0]["message"] in body["html"]


def test_the_messages_are_translated_into_the_readers_language(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["K1", "B1", "O1"]}]
    with translation.override("en"):
        english = post(client, draft(edits=edits), HTTP_ACCEPT_LANGUAGE="en").json()
    russian = post(client, draft(edits=edits), HTTP_ACCEPT_LANGUAGE="ru").json()
    assert russian["problems"][0]["message"] != english["problems"][0]["message"]


def test_an_unchanged_table_is_reported_unchanged(client: Client) -> None:
    body = post(client, draft(table=[["K5", "B5", "O5"]], opened=True)).json()
    assert body["changed"] is False
    assert body["valid"] is False


def test_undo_takes_back_the_last_edit(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["R10", "R11", "R12"]}, {"type": "undo"}]
    body = post(client, draft(edits=edits)).json()
    assert body["table"] == []
    assert body["changed"] is False


def test_an_impossible_edit_is_a_400_that_names_the_edit(client: Client) -> None:
    response = post(client, draft(edits=[{"type": "new_set", "tiles": ["R1"]}]))
    assert response.status_code == 400
    assert response.json()["code"] == "not_in_rack"
    assert response.json()["edit"] == 1


def test_moving_a_table_tile_before_the_initial_meld_is_refused(client: Client) -> None:
    body = draft(
        table=[["K5", "B5", "O5"]], edits=[{"type": "move", "from": 0, "index": 0, "to": "new"}]
    )
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["code"] == "opening_touches_table"


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        json.dumps(draft(table="R1")),
        json.dumps(draft(table=[["X9"]])),
        json.dumps(draft(rack="R1")),
        json.dumps(draft(rack=["R14"])),
        json.dumps(draft(opened="yes")),
        json.dumps(draft(edits={"type": "undo"})),
        json.dumps(draft(edits=[{"type": "explode"}])),
        json.dumps(draft(rack=["J", "J", "J"])),
        json.dumps(draft(edits=[{"type": "undo"}] * 1001)),
    ],
)
def test_malformed_drafts_get_a_clear_400_and_never_a_500(client: Client, body: str) -> None:
    response = post(client, body)
    assert response.status_code == 400
    payload = response.json()
    assert payload["code"]
    assert payload["message"]


def test_a_huge_body_is_refused(client: Client) -> None:
    response = post(client, '{"x": "' + "a" * 300_000 + '"}')
    assert response.status_code == 400


def test_only_post_is_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


def test_an_untouched_table_does_not_nag_about_adding_a_tile(client: Client) -> None:
    edits = [{"type": "new_set", "tiles": ["R10", "R11", "R12"]}, {"type": "undo"}]
    body = post(client, draft(edits=edits)).json()
    assert "Add at least one tile" not in body["html"]
    assert body["valid"] is False  # End turn stays refused all the same
