"""The play page names one thing with one word in every mode: "New round" starts a
round on one device, against the computer and online alike, and the turn line says
"Round over" when it ends (docs/glossary)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rooms.models import Room

pytestmark = pytest.mark.django_db

WORDS = {
    "en": ("New round", "Round over"),
    "ru": ("Новый раунд", "Раунд окончен"),
    "pt": ("Nova ronda", "Fim da ronda"),
}


def play_page(client, slug: str, mode: str, language: str) -> str:
    headers = {"accept-language": language}
    if mode == "friend":
        room = Room.objects.create_for(slug)
        url = reverse("room", args=[room.code])
    else:
        url = reverse("game_page", args=[slug, mode])
    return client.get(url, headers=headers).content.decode()


@pytest.mark.parametrize("language", WORDS)
@pytest.mark.parametrize("mode", ["local", "computer", "friend"])
@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_the_new_round_button_and_the_round_over_line_are_the_same_words_in_every_mode(
    client, slug: str, mode: str, language: str
) -> None:
    html = play_page(client, slug, mode, language)
    new_round, over = WORDS[language]

    button = re.search(r'<button type="button" id="play-new"[^>]*>([^<]*)</button>', html)
    assert button
    assert button.group(1) == new_round
    assert f'data-over="{over}"' in html


REVEAL = {
    ("tiles", "en"): "Show Player {seat}&#x27;s tiles",
    ("tiles", "ru"): "Показать плитки игрока {seat}",
    ("tiles", "pt"): "Mostrar as peças do Jogador {seat}",
    ("cards", "en"): "Show Player {seat}&#x27;s cards",
    ("cards", "ru"): "Показать карты игрока {seat}",
    ("tarot", "pt"): "Mostrar as cartas do Jogador {seat}",
}


@pytest.mark.parametrize(("slug", "language"), list(REVEAL))
def test_the_one_device_cover_names_the_games_own_pieces(client, slug: str, language: str) -> None:
    html = play_page(client, slug, "local", language)

    assert f'data-reveal="{REVEAL[slug, language]}"' in html


# What a room's page says of the other player (docs/glossary: a board names that seat
# "Your friend"): the turn, presence and new-round lines, never "Player 2".
FRIEND_STRINGS = ("their-turn", "waiting-for", "left", "asked", "you-asked", "withdrawn")
FRIEND = {"en": "your friend", "ru": "друг", "pt": "seu amigo"}
PLAYER = {"en": "Player", "ru": "игрок", "pt": "Jogador"}


@pytest.mark.parametrize("language", WORDS)
@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_a_room_names_the_other_player_your_friend_in_every_line(
    client, slug: str, language: str
) -> None:
    html = play_page(client, slug, "friend", language)
    strings = re.search(r'<div id="play-strings"[^>]*>', html)
    assert strings
    found = dict(re.findall(r'data-([\w-]+)="([^"]*)"', strings.group(0)))

    for name in FRIEND_STRINGS:
        assert FRIEND[language] in found[name].lower(), (name, found[name])
        assert PLAYER[language].lower() not in found[name].lower(), (name, found[name])


REPLAY = {"en": "Replay", "ru": "Повтор", "pt": "Repetição"}


@pytest.mark.parametrize("language", WORDS)
def test_a_rooms_replay_links_say_replay_once(client, language: str) -> None:
    html = play_page(client, "tiles", "friend", language)
    links = re.search(r'<p class="replay-list" id="play-replays".*?</p>', html, re.DOTALL)
    assert links
    text = re.sub(r"<[^>]+>", " ", links.group(0))
    last = re.search(r'id="play-replay-last"[^>]*data-over="([^"]*)" data-later="([^"]*)"', html)
    assert last

    assert (
        text.count(REPLAY[language]) == 1
    )  # "Replay: This round", not "Replay: Replay this round"
    assert REPLAY[language].lower() not in (last.group(1) + last.group(2)).lower()
