"""The "Learn to play" pages on a small phone (issue 55): the step's buttons in view
without scrolling, a refused discard that leaves no card selected and says what was
wrong with it, and a tile lesson page that does not shift as it loads."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.play_pages import wait_until_idle

pytestmark = pytest.mark.e2e

SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}

LAYOUT_SHIFT = """() => new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const shift of list.getEntries()) if (!shift.hadRecentInput) total += shift.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(total), 800);
})"""


def open_lesson(new_page, slug: str, language: str) -> Page:
    page = new_page(**SMALL_PHONE, extra_http_headers={"Accept-Language": language})
    page.goto(f"/{slug}/learn/")
    page.locator("#board > section").wait_for()
    wait_until_idle(page)
    return page


@pytest.mark.parametrize(
    ("slug", "language", "button"),
    [
        ("cards", "pt", '[data-action="draw-discard"]'),
        ("cards", "ru", '[data-action="draw-discard"]'),
        ("tarot", "pt", '[data-action="play"]'),
        ("tarot", "en", '[data-action="play"]'),
    ],
)
def test_the_lessons_buttons_are_in_view_on_a_small_phone_without_scrolling(
    new_page, slug: str, language: str, button: str
) -> None:
    page = open_lesson(new_page, slug, language)
    expect(page.locator("#lesson-say")).not_to_be_empty()
    assert page.evaluate("() => window.scrollY") == 0
    expect(page.locator("#board .board-actions")).to_be_in_viewport(ratio=1)
    expect(page.locator(f"#board .board-actions {button}")).to_be_in_viewport(ratio=1)
    play_pages.picture(page, f"lesson-{slug}-{language}-360.png")


def test_a_refused_discard_in_the_rummy_lesson_says_why_and_the_next_card_picked_works(
    new_page,
) -> None:
    page = open_lesson(new_page, "cards", "en")

    def tap(selector: str) -> None:
        page.locator(selector).first.tap()
        wait_until_idle(page)

    tap('[data-action="draw-discard"]')
    for code in ("5S", "5D", "5C"):
        tap(f'.cards-hand .card[data-code="{code}"]')
    tap('[data-action="meld"]')
    expect(page.locator(".meld")).to_have_count(1)
    # The step asks for the king of clubs: the ace of spades is refused, and why.
    tap('.cards-hand .card[data-code="AS"]')
    tap('[data-action="discard"]')
    expect(page.locator("#play-message")).not_to_be_empty()
    expect(page.locator('.cards-hand .card[aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("#play-message")).to_have_text(
        "That move is allowed, but this step asks for the king of clubs, not the ace of spades."
    )
    play_pages.picture(page, "lesson-cards-en-360-refused-discard.png")
    tap('.cards-hand .card[data-code="KC"]')
    expect(page.locator('#board [data-action="discard"]')).to_be_enabled()
    tap('[data-action="discard"]')
    expect(page.locator("#lesson-step")).to_have_text("Step 4 of 8")


@pytest.mark.parametrize("language", ["pt", "ru"])
def test_the_tile_lesson_page_does_not_shift_as_it_loads(new_page, language: str) -> None:
    page = new_page(**SMALL_PHONE, extra_http_headers={"Accept-Language": language})

    # A phone's network: the page is drawn before the board.
    play_pages.slow_answers(page, "**/play/tiles/computer/new", 0.4)
    page.goto("/tiles/learn/")
    page.locator(".tiles-board").wait_for()
    wait_until_idle(page)
    assert page.evaluate(LAYOUT_SHIFT) == 0


@pytest.mark.parametrize("language", ["pt", "ru"])
def test_the_tile_lessons_panel_has_its_size_before_the_script_runs(
    new_page, language: str
) -> None:
    served = new_page(
        **SMALL_PHONE, java_script_enabled=False, extra_http_headers={"Accept-Language": language}
    )
    served.goto("/tiles/learn/")
    before = served.locator("#lesson").bounding_box()
    page = new_page(**SMALL_PHONE, extra_http_headers={"Accept-Language": language})
    page.goto("/tiles/learn/")
    page.locator(".tiles-board").wait_for()
    wait_until_idle(page)
    expect(page.locator("#lesson-step")).not_to_be_empty()
    assert page.locator("#lesson").bounding_box() == before
