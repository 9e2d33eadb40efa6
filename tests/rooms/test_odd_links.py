"""Issue 55, item 6: odd links get a page that says what is wrong with them and a way
on. A seat-move link of an existing room whose token is mangled says the link is not
valid (not that the room is gone); a try page of a step there is nothing to try (out of
range) is a 404, not an empty board with live Level and New round controls."""

from __future__ import annotations

import pytest
from django.test import Client

from rooms.models import Room
from tests.rooms.test_seat_moves import host_key
from tests.rooms.test_tries import CODE, reviewed

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en", "This link to move a seat is not valid"),
        ("ru", "Эта ссылка для переноса места недействительна"),
        ("pt", "Esta ligação para mudar o lugar de aparelho não é válida"),
    ],
)
@pytest.mark.parametrize("garbage", ["garbage", "x" * 31, "a/b", "x" * 33])
def test_a_mangled_seat_move_link_of_an_existing_room_says_the_link_is_wrong(
    client: Client, language: str, heading: str, garbage: str
) -> None:
    room, key = host_key(client)

    for method in ("get", "post"):
        page = getattr(Client(), method)(
            f"/r/{room.code}/move/{garbage}/", HTTP_ACCEPT_LANGUAGE=language
        )
        text = page.content.decode()
        assert page.status_code == 404
        assert heading in text
        assert "no longer exists" not in text
        assert "Этой комнаты больше нет" not in text
        assert 'href="/"' in text  # a way on
    assert room.seat_for_key(key).number == 1


def test_a_mangled_seat_move_link_of_a_room_that_is_gone_says_the_room_is_gone(
    client: Client,
) -> None:
    room, _ = host_key(client)
    code = room.code
    Room.objects.filter(pk=room.pk).delete()

    page = client.get(f"/r/{code}/move/garbage/")

    assert page.status_code == 404
    assert "This room no longer exists" in page.content.decode()


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_a_try_page_of_a_step_the_replay_does_not_have_is_a_404_with_a_way_on(
    client: Client, inline, language: str
) -> None:
    reviewed(client, "tiles")
    messages = {
        "en": "there is nothing to try again",
        "ru": "переигрывать нечего",
        "pt": "não há nada para tentar de",
    }

    page = client.get(f"/tiles/try/{CODE}/999/", HTTP_ACCEPT_LANGUAGE=language)

    text = page.content.decode()
    assert page.status_code == 404
    assert messages[language] in text
    assert f'href="/replays/{CODE}/"' in text  # back to the replay
    assert 'href="/"' in text
    assert "data-try=" not in text
    assert 'id="play-level"' not in text


def test_a_try_page_of_a_replay_that_does_not_exist_is_a_404(client: Client) -> None:
    page = client.get(f"/tiles/try/{'x' * 24}/3/")

    assert page.status_code == 404
    assert "Back to the replay" not in page.content.decode()
