"""Where the focus goes after the controls that take their own button away (issue 56):
"Play in this tab" (a reload that takes the seat back), "Review this round" (the review
panel replaces its button), and the review's "Try again from here" (a new page): each
time on the next useful control, never on <body>. By the keyboard, in a real browser.
(The focus after "Forget" in the games list: tests/e2e/test_your_games.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamekit.replay import bot_record
from tests.e2e.live_database import LiveDatabase, insert_replay
from tests.e2e.play_pages import open_room

pytestmark = pytest.mark.e2e


def focus_on_the_hand(page: Page) -> None:
    page.wait_for_function(
        "() => document.activeElement !== document.body"
        " && document.activeElement.closest('#board [data-own-hand]') !== null"
    )


def test_play_in_this_tab_takes_the_seat_back_with_the_focus_on_the_hand(new_page) -> None:
    first = new_page()
    open_room(first, "tiles")
    first.locator("#board [data-own-hand]").wait_for()
    second = first.context.new_page()  # the same browser: the same seat key
    second.goto(first.url)
    retake = first.locator("#play-retake-button")
    expect(retake).to_be_visible()

    retake.focus()
    first.keyboard.press("Enter")

    first.wait_for_load_state()
    first.locator("#board [data-own-hand]").wait_for()
    focus_on_the_hand(first)
    expect(second.locator("#play-retake-button")).to_be_visible()  # the other tab stopped


def test_review_this_round_then_a_try_each_leave_the_focus_on_what_comes_next(
    new_page, live_db: LiveDatabase
) -> None:
    from rooms import registry

    game = registry.get("tarot")
    # (not test_try_again's round, tarot seed 4: a review is kept once per round, and
    # whichever test ran second found it done, with no button to start it)
    record = bot_record(game.engine, game.bots, 8, {1: "easy", 2: "medium"})
    notes = game.review.judge(record, game.review.decisions(record))
    note = next(n for n in notes if n["kind"] in ("ok", "miss") and n["seat"] == 1)
    code = "focus-review".ljust(24, "0")
    live_db.run(insert_replay, code, record, "tarot")
    page = new_page()
    page.goto(f"/replays/{code}/")
    start = page.locator('#review [data-review="start"]')
    expect(start).to_be_visible()

    start.focus()
    page.keyboard.press("Enter")

    # The button is gone: the focus on the replay's steps, where the notes are read.
    expect(page.locator('[data-replay="forward"]')).to_be_focused()
    expect(page.locator('#review [data-review-status="done"]')).to_be_attached(timeout=90_000)
    for _ in range(note["step"] + 1):
        page.keyboard.press("Enter")  # Step forward, still focused
    try_link = page.locator(f'#review [data-review-step="{note["step"] + 1}"] .review-try a')
    expect(try_link).to_be_visible()
    try_link.focus()
    page.keyboard.press("Enter")

    expect(page).to_have_url(f"/tarot/try/{code}/{note['step']}/")
    page.locator("#board > section").wait_for()
    focus_on_the_hand(page)
