"""The games a browser keeps (rooms.browser_games, issue 43): listed from the seat keys
and sealed games the page posts, nothing of another browser's; forgetting one has an
effect on the server too, and a forget the browser cannot prove is refused with a
translated message and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards import engine as cards_engine
from rooms import registry
from rooms.local import play as local_play
from rooms.local.sealing import seal, unseal
from rooms.models import Room
from rooms.saves import BrowserSave
from tests.cards.positions import discard, draw, meld, play, position
from tests.rooms.test_tries import CODE, marked, reviewed, start

pytestmark = pytest.mark.django_db


def post(client: Client, url: str, body: Any, **headers: str):
    return client.post(url, body, content_type="application/json", **headers)


def listed_alone(client: Client, token: str, resume: str, storage: str) -> str:
    """The list of this one saved game: its line, resumed at `resume`, its keys in the
    browser under `storage`, the player to move."""
    text = post(client, "/games/yours", {"saves": [token]}).content.decode()
    assert text.count('class="your-game"') == 1
    assert f'href="{resume}"' in text
    assert f'data-storage="{storage}"' in text
    assert "Your turn" in text
    return text


def room_with(*seats: int) -> tuple[Room, dict[int, str]]:
    room = Room.objects.create_for("tiles")
    keys = {1: room.claim_host_seat()}
    if 2 in seats:
        keys[2] = room.claim_guest_seat()
    return room, keys


def test_the_list_shows_a_room_only_to_the_key_of_its_seat(client: Client) -> None:
    room, keys = room_with(1, 2)
    other, _ = room_with(1)

    mine = post(client, "/games/yours", {"rooms": [{"code": room.code, "key": keys[2]}]})
    theirs = post(client, "/games/yours", {"rooms": [{"code": other.code, "key": keys[2]}]})

    assert mine.status_code == 200
    assert f'href="/r/{room.code}/"' in mine.content.decode()
    assert "You are Player 2" in mine.content.decode()
    assert theirs.status_code == 200
    assert other.code not in theirs.content.decode()
    assert "your-game" not in theirs.content.decode()


def test_the_list_shows_a_saved_game_from_its_sealed_token_and_nothing_of_a_made_up_one(
    client: Client,
) -> None:
    token = local_play.new_game("tarot", "computer", "strong").token

    answer = post(client, "/games/yours", {"saves": [token, "made-up", "x" * 500]}).content
    text = answer.decode()

    assert text.count('class="your-game"') == 1
    assert "Tarot duel" in text
    assert "(Strong)" in text
    assert 'href="/tarot/computer/"' in text


def test_a_games_page_asks_for_that_games_only(client: Client) -> None:
    token = local_play.new_game("tarot", "local").token
    room, keys = room_with(1)
    body = {"rooms": [{"code": room.code, "key": keys[1]}], "saves": [token], "game": "tarot"}

    text = post(client, "/games/yours", body).content.decode()

    assert text.count('class="your-game"') == 1
    assert "Tarot duel" in text
    assert room.code not in text


def test_a_lesson_is_listed_with_its_step_and_resumes_on_the_learn_page(client: Client) -> None:
    lesson = registry.get("cards").lesson
    token = local_play.new_game("cards", "computer", lesson=True).token
    token = local_play.act("cards", "computer", token, lesson.steps[0].action).token

    text = listed_alone(client, token, "/cards/learn/", "play:cards:learn:")

    assert "Learn to play" in text
    assert f"(Step 2 of {lesson.numbered})" in text


def test_a_try_from_a_replay_resumes_on_its_own_page_in_the_seat_it_tried(
    client: Client, inline
) -> None:
    review = reviewed(client, "tarot", mode="local")
    note = next(n for n in marked(review) if n["seat"] == 2)
    token = start(client, "tarot", note["step"], level="medium").json()["token"]

    text = listed_alone(client, token, f"/tarot/try/{CODE}/{note['step']}/", "play:tarot:try:")

    assert "Try again from here (Medium)" in text
    assert "Player" not in text  # against the computer the player is "you", as on the board


def test_a_game_against_the_computer_is_listed_without_a_player_number(client: Client) -> None:
    token = local_play.new_game("tiles", "computer").token

    text = listed_alone(client, token, "/tiles/computer/", "play:tiles:computer:")

    assert "Player" not in text


@pytest.mark.parametrize(
    "body",
    [{"rooms": "all"}, {"rooms": [{"code": 1, "key": "k"}]}, {"saves": [3]}, {"game": 2}, [1]],
)
def test_a_list_request_of_the_wrong_shape_is_refused(client: Client, body: Any) -> None:
    answer = post(client, "/games/yours", body)
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_request"


def test_forgetting_a_room_nobody_else_holds_deletes_it(client: Client) -> None:
    room, keys = room_with(1)

    answer = post(client, "/games/forget", {"code": room.code, "key": keys[1], "confirmed": True})

    assert answer.status_code == 200
    assert not Room.objects.filter(code=room.code).exists()


def test_forgetting_a_room_the_friend_holds_leaves_it_to_the_friend(client: Client) -> None:
    room, keys = room_with(1, 2)

    body = {"code": room.code, "key": keys[1], "confirmed": True}
    assert post(client, "/games/forget", body).status_code == 200

    assert Room.objects.filter(code=room.code).exists()
    listed = post(client, "/games/yours", {"rooms": [{"code": room.code, "key": keys[2]}]})
    assert room.code in listed.content.decode()


def test_forgetting_a_saved_game_forgets_its_newest_token_on_the_server(client: Client) -> None:
    outcome = local_play.new_game("cards", "computer", "easy")
    assert BrowserSave.objects.count() == 1

    body = {"token": outcome.token, "confirmed": True}
    assert post(client, "/games/forget", body).status_code == 200

    assert BrowserSave.objects.count() == 0


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_forgetting_another_browsers_room_is_refused_in_the_readers_language_and_changes_nothing(
    client: Client, language: str
) -> None:
    room, keys = room_with(1)
    other, other_keys = room_with(1)
    messages = {
        "en": "This game is not one this browser keeps: nothing was forgotten.",
        "ru": "Этой партии нет в этом браузере: ничего не забыто.",
        "pt": "Esta partida não é uma das que este navegador guarda: nada foi esquecido.",
    }

    for body in (
        {"code": room.code, "key": other_keys[1]},  # a key of another room
        {"code": room.code, "key": "guessed"},
        {"code": "no-such-room", "key": keys[1]},
    ):
        answer = post(client, "/games/forget", body, HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 400
        assert answer.json() == {"code": "not_yours", "message": messages[language]}

    assert Room.objects.filter(code__in=[room.code, other.code]).count() == 2


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"token": "tampered"}, "bad_token"),
        ({"code": "abc"}, "bad_request"),
        ({}, "bad_request"),
    ],
)
def test_a_tampered_forget_is_refused_and_changes_nothing(
    client: Client, body: dict[str, Any], code: str
) -> None:
    local_play.new_game("tiles", "local")

    answer = post(client, "/games/forget", body)

    assert answer.status_code == 400
    assert answer.json()["code"] == code
    assert answer.json()["message"]
    assert BrowserSave.objects.count() == 1


def test_a_posted_code_out_of_shape_lists_nothing_and_forgets_nothing(client: Client) -> None:
    room, keys = room_with(1)
    for code in ("\x00", room.code + "\x00", "\x01" * 24):
        listed = post(client, "/games/yours", {"rooms": [{"code": code, "key": keys[1]}]})
        forgot = post(client, "/games/forget", {"code": code, "key": keys[1]})
        assert listed.status_code == 200
        assert "/r/" not in listed.content.decode()
        assert forgot.status_code == 400
    assert Room.objects.filter(pk=room.pk).exists()


@pytest.mark.parametrize(("match", "words"), [(None, "Deal over"), ({1: 70, 2: 12}, "Round over")])
def test_a_rummy_deal_that_does_not_end_the_match_is_listed_as_the_board_says_it(
    client: Client, match: dict | None, words: str
) -> None:
    # The board's turn line says "Deal over" after such a deal (docs/glossary), and
    # "Round over" once the match, rummy's round, is over.
    payload = unseal(local_play.new_game("cards", "computer").token)
    state = position(["4S", "5S", "QH"], ["AS", "KD", "7C", "7D", "7S"], draws=["6S"],
                     pile=["9D"], match=match)  # fmt: skip
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    payload["state"] = cards_engine.to_json(state)

    text = post(client, "/games/yours", {"saves": [seal(payload)]}).content.decode()

    assert text.count('class="your-game"') == 1
    assert f'<span class="your-game-turn">{words}</span>' in text
