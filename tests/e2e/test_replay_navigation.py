"""A replay's navigation (issue 58, item 3), in each game: a link with `?step=N` opens at
that step; the review's marked decisions are marks on the slider; M goes to the next
marked decision and Shift+M to the previous one, and the address follows the step shown
(a link copied opens there); axe finds nothing. On a phone and a desktop, en, ru, pt."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gamekit.replay import bot_record
from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase, insert_replay
from tests.e2e.test_accessibility import violations

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
STEP = {"en": "Step", "ru": "Шаг", "pt": "Passo"}


def insert_review(using: str, code: str, record, slug: str, notes: list) -> None:
    """The replay's review, done (as rooms.reviews leaves it)."""
    from rooms.reviews import Review

    Review.objects.using(using).create(
        key=record.key(),
        game=slug,
        status=Review.DONE,
        notes=notes,
        done=len(notes),
        total=len(notes),
        summary={},
    )


@pytest.mark.parametrize(
    ("slug", "language", "device"),
    [("cards", "en", DESKTOP), ("tarot", "ru", PHONE), ("tiles", "pt", DESKTOP)],
)
def test_the_next_mistake_key_and_a_link_to_a_step(
    new_page, live_db: LiveDatabase, slug: str, language: str, device: dict
) -> None:
    from rooms import registry  # the e2e process has Django set up by pytest-django

    game = registry.get(slug)
    # Tile rummy's seed 3: a round of 76 steps (seed 5's 102 made this the slowest test).
    seed = 3 if slug == "tiles" else 5
    record = bot_record(game.engine, game.bots, seed, {1: "easy", 2: "strong"})
    notes = game.review.judge(record, game.review.decisions(record))
    marked = [n["step"] + 1 for n in notes if n["kind"] in ("ok", "miss")]
    assert len(marked) >= 3
    code = f"nav-{slug}".ljust(24, "0")  # a code in its shape (rooms/codes.py)
    live_db.run(insert_replay, code, record, slug)
    live_db.run(insert_review, code, record, slug, notes)
    page = new_page(locale=language, **device)

    opened = marked[1] - 1  # between two marked decisions
    page.goto(f"/replays/{code}/?step={opened}")
    slider = page.locator('[data-replay="slider"]')
    expect(slider).to_have_value(str(opened))
    expect(page.locator('[data-replay="position"]')).to_contain_text(f"{STEP[language]} {opened}")
    marks = page.locator('[data-replay="marks"] [data-mark-step]')
    expect(marks).to_have_count(len(marked))
    expect(marks.first).to_have_attribute("data-mark-step", str(marked[0]))

    page.keyboard.press("m")
    expect(slider).to_have_value(str(marked[1]))
    expect(page).to_have_url(re.compile(rf"\?step={marked[1]}$"))
    expect(page.locator(f'#review [data-review-step="{marked[1]}"]')).to_be_visible()
    page.keyboard.press("m")
    expect(slider).to_have_value(str(marked[2]))
    page.keyboard.press("Shift+M")
    page.keyboard.press("Shift+M")
    expect(slider).to_have_value(str(marked[0]))
    page.keyboard.press("Shift+M")  # none before the first: said, the step stays
    expect(page.locator('[data-replay="message"]')).to_be_in_viewport()
    expect(slider).to_have_value(str(marked[0]))
    page.keyboard.press("End")
    expect(page).to_have_url(re.compile(rf"\?step={len(record.steps)}$"))
    page.keyboard.press("Home")
    expect(page).to_have_url(re.compile(rf"/replays/{code}/$"))

    assert not violations(page)
    # The link of a step opens there in another browser, light and dark.
    width = device["viewport"]["width"]
    for scheme in ("light", "dark"):
        other = new_page(locale=language, color_scheme=scheme, **device)
        other.goto(f"/replays/{code}/?step={marked[2]}")
        expect(other.locator('[data-replay="slider"]')).to_have_value(str(marked[2]))
        expect(other.locator(f'#review [data-review-step="{marked[2]}"]')).to_be_visible()
        expect(other.locator('[data-replay="marks"] [data-mark-step]')).to_have_count(len(marked))
        assert not violations(other)
        play_pages.picture(other, f"replay-marks-{slug}-{language}-{width}-{scheme}.png")
