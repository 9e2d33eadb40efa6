"""The review's summary adds up (issue 58, item 4): per seat, the count of its decisions
judged, then the count of each kind of them, each decision in one kind, so that the
numbers sum to what that seat played; said so in en, ru and pt. Whole rounds played by
the bots, reviewed, summed."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from gamekit.replay import bot_record
from rooms import registry
from rooms.models import Replay

CODE = "sum" * 8  # a replay code in its shape (rooms/codes.py)
LEVELS = [{1: "easy", 2: "strong"}, {1: "medium", 2: "medium"}]


def reviewed(slug: str, seed: int, levels: dict[int, str]):
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, seed, levels)
    notes = game.review.judge(record, game.review.decisions(record))
    return game, record, notes


@pytest.mark.parametrize("slug", ["cards", "tarot", "tiles"])
@pytest.mark.parametrize("seed", [3, 8])
def test_each_seats_counts_add_up_to_the_decisions_it_made_in_the_round(slug, seed):
    for levels in LEVELS:
        game, record, notes = reviewed(slug, seed, levels)
        summary = game.review.summary(notes)
        for seat in (1, 2):
            made = sum(1 for i in game.review.decisions(record) if record.steps[i].seat == seat)
            lines = summary[str(seat)]
            total, groups = lines[0], lines[1:]
            assert total["n"] == made, (slug, seed, seat, lines)
            assert sum(line["n"] for line in groups) == made, (slug, seed, seat, lines)
            assert all(line["n"] > 0 for line in groups)  # an empty kind is left out
            assert len({line["id"] for line in lines}) == len(lines)


def test_a_tarot_seat_that_played_only_cards_forced_on_it_is_counted_so():
    game, _record, notes = reviewed("tarot", 5, {1: "easy", 2: "strong"})
    forced = [n for n in notes if n["seat"] == 1 and n["text"][0]["id"] == game.review.ONLY]
    assert forced  # the last trick's card at least
    ids = {line["id"]: line["n"] for line in game.review.summary(notes)["1"]}
    assert ids[game.review.ONLY_COUNT[0]] == len(forced)


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", html.unescape(text))]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("slug", ["cards", "tarot", "tiles"])
def test_the_panels_summary_says_the_total_first_then_kinds_that_sum_to_it(
    client: Client, inline, slug, language
):
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, 5, {1: "easy", 2: "strong"})
    Replay.objects.create(
        code=CODE, key=record.key(), game=slug, mode="local", record=record.to_json()
    )
    with translation.override(language):
        text = client.post(f"/reviews/{CODE}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    block = text.split('<ul class="review-summary">', 1)[1].split("</ul>", 1)[0]
    lines = re.findall(r"</strong>(.*?)</li>", block, re.S)
    assert len(lines) == 2
    for seat, line in zip((1, 2), lines, strict=True):
        made = sum(1 for i in game.review.decisions(record) if record.steps[i].seat == seat)
        total, *groups = numbers(line)
        assert total == made, line
        assert sum(groups) == made, line
        assert line.strip().endswith("."), line
        assert ":" in line, line


CHANCE_WORDS = {
    "en": ("after this card", "after the strong level's"),
    "ru": ("после этой карты", "после карты сильного уровня"),
    "pt": ("depois desta carta", "depois da do nível forte"),
}


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_a_tarot_chance_line_says_both_chances_it_compares(language):
    from tarot.templatetags.tarot_review import review_line

    _game, _record, notes = reviewed("tarot", 5, {1: "easy", 2: "strong"})
    lines = [n["text"][1] for n in notes if n["kind"] == "miss" and len(n["text"]) > 1]
    assert lines
    for line in lines:
        with translation.override(language):
            said = review_line(line)
        played, best = (int(p) for p in re.findall(r"(\d+)%", said))
        assert all(words in said for words in CHANCE_WORDS[language]), said
        assert best - played >= 10 - 1, said  # a miss by its chance: 10 points or more
        assert said.index(CHANCE_WORDS[language][0]) < said.index(CHANCE_WORDS[language][1])
