"""The "Learn to play" page: a game's guided first round through the sealed-token endpoints
(rooms.local.lessons), as the learn page's script plays it."""

from __future__ import annotations

import pytest

from rooms import registry
from rooms.local.sealing import unseal

pytestmark = pytest.mark.django_db


def post(client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def start(client, slug: str) -> dict:
    response = post(client, f"/play/{slug}/computer/new", {"lesson": True})
    assert response.status_code == 200
    return response.json()


def act(client, slug: str, token: str, action: dict):
    return post(client, f"/play/{slug}/computer/act", {"token": token, "action": action})


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_the_learn_page_starts_the_lesson_of_each_game(client, slug: str) -> None:
    page = client.get(f"/{slug}/learn/")
    assert page.status_code == 200
    assert 'data-lesson="1"' in page.content.decode()
    assert 'id="lesson"' in page.content.decode()

    data = start(client, slug)
    lesson = registry.get(slug).lesson
    assert data["lesson"]["step"] == 1
    assert data["lesson"]["steps"] == lesson.numbered
    assert data["lesson"]["say"]
    assert data["status"]["turn"] == 1


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_the_lessons_own_moves_lead_to_a_normal_round_against_the_easy_computer(
    client, slug: str
) -> None:
    lesson = registry.get(slug).lesson
    data = start(client, slug)
    token = data["token"]
    for index, step in enumerate(lesson.steps):
        response = act(client, slug, token, step.action)
        if step.refused:
            assert response.status_code == 400
            assert response.json()["code"] == step.refused
            assert response.json()["lesson"]["step"] == lesson.number(index + 1)
            continue
        assert response.status_code == 200, response.json()
        data = response.json()
        token = data["token"]
    assert data["lesson"]["done"] is True
    payload = unseal(token)
    assert payload["level"] == "easy"
    assert data["status"]["over"] or data["status"]["turn"] == 1


def test_a_move_the_step_does_not_ask_for_is_refused_with_the_lessons_place(client) -> None:
    token = start(client, "cards")["token"]

    stock = act(client, "cards", token, {"type": "draw", "source": "stock"})
    assert stock.status_code == 400
    assert stock.json()["code"] == "lesson_elsewhere"
    assert stock.json()["lesson"]["step"] == 1

    early = act(client, "cards", token, {"type": "discard", "card": "KC"})
    assert early.json()["code"] == "draw_first"
    assert early.json()["lesson"]["step"] == 1

    # Nothing changed: the same token still makes the step.
    made = act(client, "cards", token, {"type": "draw", "source": "discard"})
    assert made.status_code == 200
    assert made.json()["lesson"]["step"] == 2


def test_a_refusal_is_explained_in_the_pages_language(client) -> None:
    token = start(client, "tarot")["token"]
    token = act(client, "tarot", token, {"type": "play", "card": "HK"}).json()["token"]
    token = act(client, "tarot", token, {"type": "play", "card": "S2"}).json()["token"]

    refused = post(
        client,
        "/play/tarot/computer/act",
        {"token": token, "action": {"type": "play", "card": "T5"}},
    )
    ru = client.post(
        "/play/tarot/computer/act",
        {"token": token, "action": {"type": "play", "card": "T5"}},
        content_type="application/json",
        headers={"accept-language": "ru"},
    )
    assert refused.json()["code"] == "follow_suit"
    assert "follow suit" in refused.json()["message"]
    assert ru.json()["lesson"]["say"] == "Ходите в масть: сыграйте тройку бубен."


def test_starting_again_begins_the_lesson_from_its_first_step(client) -> None:
    token = start(client, "cards")["token"]
    token = act(client, "cards", token, {"type": "draw", "source": "discard"}).json()["token"]

    again = post(client, "/play/cards/computer/new", {"lesson": True, "token": token}).json()

    assert again["lesson"]["step"] == 1
    assert unseal(again["token"])["save"] == unseal(token)["save"]


def test_a_game_without_a_lesson_has_no_learn_page(client, counter_game) -> None:
    assert client.get("/counter/learn/").status_code == 404
    refused = post(client, "/play/counter/computer/new", {"lesson": True})
    assert refused.json()["code"] == "no_lesson"


def test_a_lesson_is_only_against_the_computer(client) -> None:
    refused = post(client, "/play/tiles/local/new", {"lesson": True})
    assert refused.status_code == 400
    assert refused.json()["code"] == "no_lesson"
