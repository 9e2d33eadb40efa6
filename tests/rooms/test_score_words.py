"""The round's points, and rummy's match totals, said at the end of a round (issue 56):
rooms/score_words.py writes them as whole sentences for the viewer (en, ru, pt), and each
game's result puts them in its spoken reason (data-speak="result-reason"), after the
heading that names the winner."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from django.utils import translation

from rooms import registry
from rooms.score_words import match_points, round_points

CASES = [
    # scores, seat, mode -> en, ru, pt
    (
        {"1": 23, "2": -23},
        1,
        "computer",
        "You score 23 points. The computer loses 23 points.",
        "Вы получаете 23 очка. Компьютер теряет 23 очка.",
        "Você ganha 23 pontos. O computador perde 23 pontos.",
    ),
    (
        {"1": 1, "2": 0},
        2,
        "friend",
        "You score 0 points. Your friend scores 1 point.",
        "Вы получаете 0 очков. Ваш друг получает 1 очко.",
        "Você ganha 0 pontos. O seu amigo ganha 1 ponto.",
    ),
    (
        {"1": -31, "2": 31},
        None,
        "friend",
        "Player 1 loses 31 points. Player 2 scores 31 points.",
        "Игрок 1 теряет 31 очко. Игрок 2 получает 31 очко.",
        "O Jogador 1 perde 31 pontos. O Jogador 2 ganha 31 pontos.",
    ),
]


@pytest.mark.parametrize(("scores", "seat", "mode", "en", "ru", "pt"), CASES)
def test_a_rounds_points_are_said_for_each_seat_the_viewers_first(
    scores, seat, mode, en, ru, pt
) -> None:
    for language, words in (("en", en), ("ru", ru), ("pt", pt)):
        with translation.override(language):
            assert round_points(scores, seat, mode) == words


def test_a_matchs_totals_are_said_for_each_seat() -> None:
    totals = {"1": 112, "2": 64}
    expected = {
        "en": "You have 112 points in the match. The computer has 64 points in the match.",
        "ru": "У вас 112 очков в матче. У компьютера 64 очка в матче.",
        "pt": "Você tem 112 pontos na partida. O computador tem 64 pontos na partida.",
    }
    for language, words in expected.items():
        with translation.override(language):
            assert match_points(totals, 1, "computer") == words


def test_a_seat_without_a_number_is_left_out() -> None:
    assert round_points({"1": 5}, 1, "computer") == "You score 5 points."
    assert round_points(None, 1, "computer") == ""
    assert match_points({"1": True, "2": "7"}, 1, "computer") == ""


def finished(slug: str):
    game = registry.get(slug)
    engine = game.engine
    state = engine.new_round(5, 1)
    rng = random.Random(5)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, game.bots.choose(state, seat, "easy", rng))
    return game, state


REASON = re.compile(r'<p data-speak="result-reason"[^>]*>(.*?)</p>', re.S)


def spoken_reason(html: str) -> str:
    text = re.sub(r"<[^>]+>", " ", REASON.search(html).group(1))
    return re.sub(r"\s+", " ", unescape(text)).strip()


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_the_result_says_the_rounds_points_after_its_reason(slug: str, language: str) -> None:
    game, state = finished(slug)
    view = game.engine.view(state, 1)
    with translation.override(language):
        html = str(game.board.render(game, view, game.engine.status(state), 1, "computer"))
        points = round_points(view["result"]["scores"], 1, "computer")
        reason = spoken_reason(html)
        assert points
        if slug == "cards":
            assert reason.endswith(f"{points} {match_points(view['match'], 1, 'computer')}")
        else:
            assert reason.endswith(points)
