"""Issue 55, item 11: a shared replay of a round against the computer said "You won" to
anyone who opened its link. The player whose browser made the replay from its own
sealed game still reads "You" and "The computer"; whoever else opens the link reads
the seats' names, "Player 1" and "Player 2", on every step and in the review."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from rooms.models import Replay
from tests.rooms.test_replays import GAMES, play_local

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_cached_frames():
    cache.clear()


def hand_names(html: str) -> list[str]:
    names = re.findall(r'<div class="replay-hand"[^>]*><dt>(.*?)</dt>', html)
    return [re.sub(r"<[^>]+>", "", name) for name in names]


def played_and_shared(slug: str) -> tuple[Client, Replay]:
    player = Client()
    outcome = play_local(slug, "computer")
    answer = player.post(f"/play/{slug}/replay", {"token": outcome.token})
    assert answer.status_code == 302
    return player, Replay.objects.get()


@pytest.mark.parametrize("slug", GAMES)
def test_a_shared_replay_against_the_computer_names_the_seats_to_a_reader_who_did_not_play(
    slug: str,
) -> None:
    player, replay = played_and_shared(slug)
    last = len(replay.record["steps"])
    reader = Client()

    for client, names in ((reader, ["Player 1", "Player 2"]), (player, ["You", "The computer"])):
        page = client.get(f"/replays/{replay.code}/").content.decode()
        step = client.get(f"/replays/{replay.code}/1/").content.decode()
        assert hand_names(page) == names
        assert hand_names(step) == names
    read = reader.get(f"/replays/{replay.code}/{last}/").content.decode()
    assert not re.search(r">You won", read)
    assert "The computer won" not in read


def test_the_reader_who_did_not_play_reads_player_1_won_where_the_player_reads_you_won() -> None:
    for _attempt in range(6):  # a tile round may end without a winner: play another
        player, replay = played_and_shared("tiles")
        last = len(replay.record["steps"])
        mine = player.get(f"/replays/{replay.code}/{last}/").content.decode()
        if ">You won<" in mine or ">The computer won<" in mine:
            break
        Replay.objects.all().delete()
    else:
        pytest.skip("no tile round with a winner in six deals")
    theirs = Client().get(f"/replays/{replay.code}/{last}/").content.decode()
    winner = "Player 1 won" if ">You won<" in mine else "Player 2 won"
    assert f">{winner}<" in theirs
    assert ">You won<" not in theirs


@pytest.mark.parametrize("slug", ["cards"])
def test_the_review_of_a_shared_replay_names_the_seats_to_a_reader_who_did_not_play(
    slug: str, inline
) -> None:
    player, replay = played_and_shared(slug)
    reader = Client()
    player.post(f"/reviews/{replay.code}/")

    theirs = reader.get(f"/reviews/{replay.code}/").content.decode()
    mine = player.get(f"/reviews/{replay.code}/").content.decode()

    assert "Player 1" in theirs
    assert ">You<" not in theirs
    assert ">You<" in mine
