"""A replay's navigation (issue 58, item 3): a link with `?step=N` opens at that step,
one with a step the replay does not have at the first or the last step with a
translated message (never an error); the review's marked decisions come as marks for
the slider, each with its step, kind and a name to read; the Keys panel lists the
mistake keys. en, ru, pt."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from gamekit.replay import bot_record
from rooms import registry
from rooms.models import Replay
from rooms.reviews import Review

pytestmark = pytest.mark.django_db

CODE = "nav" * 8  # a replay code in its shape (rooms/codes.py)


def replay_of(slug: str) -> Replay:
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, 5, {1: "easy", 2: "strong"})
    return Replay.objects.create(
        code=CODE, key=record.key(), game=slug, mode="local", record=record.to_json()
    )


def page(client: Client, query: str, language: str = "en") -> str:
    with translation.override(language):
        answer = client.get(f"/replays/{CODE}/{query}", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return answer.content.decode()


def slider(text: str) -> int:
    return int(re.search(r'value="(\d+)" data-replay="slider"', text).group(1))


@pytest.mark.parametrize("slug", ["cards", "tarot", "tiles"])
def test_a_link_with_a_step_opens_the_replay_at_that_step(client: Client, slug: str) -> None:
    replay = replay_of(slug)
    last = len(replay.record["steps"])
    text = page(client, "?step=14")
    assert slider(text) == 14
    assert 'data-start="14"' in text
    assert f"Step 14 of {last}" in text
    # The board drawn is step 14's, as the step's own fragment draws it.
    fragment = client.get(f"/replays/{CODE}/14/").content.decode()
    assert fragment.strip() in text


MESSAGES = {
    "en": "This replay has no step",
    "ru": "В этом повторе нет шага",
    "pt": "Esta repetição não tem o passo",
}


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_a_step_the_replay_lacks_opens_at_the_nearest_end_and_says_so(
    client: Client, language: str
) -> None:
    replay = replay_of("tarot")
    last = len(replay.record["steps"])
    for query, opened in (("?step=9999", last), ("?step=-3", 0), ("?step=abc", 0)):
        text = page(client, query, language)
        assert slider(text) == opened, query
        message = re.search(r'data-replay="message"[^>]*>(.*?)</p>', text, re.S).group(1)
        assert MESSAGES[language] in message, (query, message)
        assert f"{opened}" in message
    plain = page(client, "", language)
    assert slider(plain) == 0
    assert re.search(r'data-replay="message"[^>]*hidden>\s*</p>', plain)


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Marked decisions"), ("ru", "Отмеченные решения"), ("pt", "Decisões marcadas")],
)
def test_the_reviews_marked_decisions_come_as_marks_with_their_step_and_name(
    client: Client, inline, language: str, label: str
) -> None:
    replay = replay_of("tarot")
    with translation.override(language):
        text = client.post(f"/reviews/{CODE}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    review = Review.objects.get(key=replay.key)
    marked = [n for n in review.notes if n["kind"] in ("ok", "miss")]
    assert marked
    marks = re.findall(
        r'<li class="replay-mark is-(ok|miss)" data-mark-step="(\d+)">'
        r'<span class="visually-hidden">(.*?)</span>',
        text,
    )
    assert [(kind, int(step)) for kind, step, _ in marks] == [
        (n["kind"], n["step"] + 1) for n in marked
    ]
    assert f'aria-label="{label}"' in text
    assert f'data-last="{len(replay.record["steps"])}"' in text
    for _kind, step, name in marks:
        assert step in name  # "Step 14: Could be better · Player 1"


KEYS = {
    "en": "Next or previous mistake",
    "ru": "Следующая или предыдущая ошибка",
    "pt": "Próximo erro ou erro anterior",
}


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_the_keys_panel_lists_the_mistake_keys(client: Client, language: str) -> None:
    replay_of("cards")
    text = page(client, "", language)
    keys = text.split('id="play-keys"', 1)[1].split("</dialog>", 1)[0]
    assert "<kbd>M</kbd>" in keys
    assert KEYS[language] in keys
