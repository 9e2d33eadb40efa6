"""The computer's review on a replay page: "Review this round" starts it, the panel
shows its progress and then a summary per player and the note of the step shown,
following the replay's controls; a tile rummy miss shows the better table on demand.
In English and Russian, on a phone and a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gamekit.replay import bot_record
from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase, insert_replay
from tests.e2e.test_accessibility import violations
from tiles import bots, engine, review

pytestmark = pytest.mark.e2e


def tiles_round(seed: int):
    """A finished round (each test its own: a review is kept per round) and its first miss."""
    record = bot_record(engine, bots, seed, {1: "medium", 2: "strong"})
    notes = review.judge(record, review.decisions(record))
    return record, next(n for n in notes if n["kind"] == "miss")


# Rounds whose first miss comes early (steps 6 and 10): each test its own round.
@pytest.mark.parametrize(("language", "seed"), [("en", 5), ("ru", 11)])
def test_the_review_runs_then_follows_the_replays_steps(
    new_page, live_db: LiveDatabase, language: str, seed: int
) -> None:
    record, miss = tiles_round(seed)
    code = f"review-{language}".ljust(24, "0")  # a code in its shape (rooms/codes.py)
    live_db.run(insert_replay, code, record, "tiles")
    page = new_page(locale=language)
    page.goto(f"/replays/{code}/")
    panel = page.locator("#review")
    start = panel.locator('[data-review="start"]')
    expect(start).to_be_visible()
    start.click()
    expect(panel.locator('[data-review-status="done"]')).to_be_attached(timeout=60_000)
    expect(panel.locator(".review-summary li")).to_have_count(2)
    # As dealt: no decision yet.
    expect(panel.locator("[data-review-none]")).to_be_visible()
    shown_at = miss["step"] + 1
    page.locator('[data-replay="forward"]').click()
    for _ in range(shown_at - 1):
        page.locator('[data-replay="forward"]').click()
    note = panel.locator(f'[data-review-step="{shown_at}"]')
    expect(note).to_be_visible()
    expect(note).to_have_class("review-note is-miss")
    expect(panel.locator("[data-review-none]")).to_be_hidden()
    better = note.locator("details.review-better")
    better.locator("summary").click()
    expect(better.locator(".tile-sets .tile").first).to_be_visible()
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        play_pages.picture(page, f"review-tiles-{language}-{width}.png", full_page=True)
        assert not violations(page)  # the summary, a miss and its better table shown
    # Back to the deal: the note goes.
    page.locator('[data-replay="first"]').click()
    expect(note).to_be_hidden()


@pytest.mark.parametrize(("slug", "language"), [("cards", "en"), ("tarot", "ru")])
def test_the_card_games_reviews_name_the_strong_levels_card(
    new_page, live_db: LiveDatabase, slug: str, language: str
) -> None:
    from rooms import registry  # the e2e process has Django set up by pytest-django

    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, 3, {1: "medium", 2: "strong"})
    code = f"review-{slug}".ljust(24, "0")
    live_db.run(insert_replay, code, record, slug)
    page = new_page(locale=language)
    page.goto(f"/replays/{code}/")
    panel = page.locator("#review")
    panel.locator('[data-review="start"]').click()
    expect(panel.locator('[data-review-status="done"]')).to_be_attached(timeout=60_000)
    page.locator('[data-replay="forward"]').click()
    note = panel.locator('[data-review-step="1"]')
    expect(note).to_be_visible()
    strong = "Сильный уровень" if language == "ru" else "The strong level"
    expect(note).to_contain_text(strong)
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        play_pages.picture(page, f"review-{slug}-{language}-{width}.png", full_page=True)
        # The review done, a note and its "Try again from here" shown: axe finds nothing.
        assert not violations(page)
