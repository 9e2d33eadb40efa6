"""Issue 55, item 1: nothing a player holds is lost by one click. A game in progress is
forgotten only once the player confirmed it, after a question that says what is lost
(the friend left waiting, a room's invite, a saved game); a finished one at once, and
"Forget finished games" tidies the list."""

from __future__ import annotations

import pytest
from django.test import Client

from rooms.local import play as local_play
from rooms.models import Room
from rooms.saves import BrowserSave
from tests.rooms.test_browser_games import post, room_with
from tests.rooms.test_replays import play_local

pytestmark = pytest.mark.django_db


def listed(client: Client, body: dict, language: str = "en") -> str:
    return post(client, "/games/yours", body, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_forgetting_an_online_seat_in_play_without_confirming_is_refused_in_russian(
    client: Client,
) -> None:
    room, keys = room_with(1, 2)

    answer = post(
        client, "/games/forget", {"code": room.code, "key": keys[2]}, HTTP_ACCEPT_LANGUAGE="ru"
    )

    assert answer.status_code == 400
    assert answer.json() == {
        "code": "unconfirmed",
        "message": "Эта партия не закончена: подтвердите, что хотите её забыть. Ничего не забыто.",
    }
    assert room.code in listed(client, {"rooms": [{"code": room.code, "key": keys[2]}]})


def test_a_saved_game_in_progress_is_kept_without_a_confirmation_and_forgotten_with_one(
    client: Client,
) -> None:
    token = local_play.new_game("cards", "computer", "easy").token

    refused = post(client, "/games/forget", {"token": token, "confirmed": "yes"})
    assert refused.status_code == 400
    assert BrowserSave.objects.count() == 1

    assert post(client, "/games/forget", {"token": token, "confirmed": True}).status_code == 200
    assert BrowserSave.objects.count() == 0


def test_a_confirmed_forget_of_a_room_nobody_else_holds_deletes_it(client: Client) -> None:
    room, keys = room_with(1)

    body = {"code": room.code, "key": keys[1], "confirmed": True}
    assert post(client, "/games/forget", body).status_code == 200

    assert not Room.objects.filter(code=room.code).exists()


def test_a_finished_game_is_forgotten_at_once(client: Client) -> None:
    token = play_local("tarot", "computer").token
    assert BrowserSave.objects.count() == 1

    assert post(client, "/games/forget", {"token": token}).status_code == 200

    assert BrowserSave.objects.count() == 0


@pytest.mark.parametrize(
    ("language", "seat", "room", "save"),
    [
        (
            "en",
            "Your friend will be left waiting, and this seat cannot be taken back.",
            "The room will be deleted and its invite link will stop working.",
            "It cannot be resumed afterwards.",
        ),
        (
            "ru",
            "Ваш друг останется ждать, а это место уже не вернуть.",
            "Комната будет удалена, и ссылка-приглашение перестанет работать.",
            "Продолжить её потом будет нельзя.",
        ),
        (
            "pt",
            "O seu amigo ficará à espera, e este lugar não poderá ser recuperado.",
            "A sala será apagada e a sua ligação de convite deixará de funcionar.",
            "Depois não será possível continuá-la.",
        ),
    ],
)
def test_each_game_in_progress_says_what_forgetting_it_loses(
    client: Client, language: str, seat: str, room: str, save: str
) -> None:
    shared, shared_keys = room_with(1, 2)
    alone, alone_keys = room_with(1)
    token = local_play.new_game("tiles", "local").token
    rooms = [
        {"code": shared.code, "key": shared_keys[2]},
        {"code": alone.code, "key": alone_keys[1]},
    ]

    text = listed(client, {"rooms": rooms, "saves": [token]}, language)

    assert text.count('class="your-game-confirm"') == 3
    assert text.count(seat) == 1
    assert text.count(room) == 1
    assert text.count(save) == 1
    assert "data-finished" not in text
    assert "data-forget-finished" not in text


def test_a_finished_game_asks_nothing_and_the_list_offers_to_forget_finished_games(
    client: Client,
) -> None:
    finished = play_local("cards", "computer").token
    going_on = local_play.new_game("tarot", "local").token

    text = listed(client, {"saves": [finished, going_on]})

    assert text.count('class="your-game-confirm"') == 1
    assert text.count("data-finished") == 1
    assert "Forget finished games" in text
