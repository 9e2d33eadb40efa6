"""The "Try again from here" pages in a real browser: from a reviewed replay's marked
decision to a game against the computer at that position, the first move judged against
the strong level (its hint's move is as good; the move played then is not), play going
on, and "Next mistake" to the seat's next marked decision (issue 46)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamekit.replay import bot_record
from tests.e2e import play_pages, tarot_pages
from tests.e2e.live_database import LiveDatabase, insert_replay
from tests.e2e.play_pages import wait_until_idle

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
AS_GOOD = {
    "en": "As good as the strong level.",
    "ru": "Не хуже сильного уровня.",
    "pt": "Tão bom como o nível forte.",
}
TRY = {
    "en": "Try again from here",
    "ru": "Попробовать отсюда ещё раз",
    "pt": "Tentar de novo a partir daqui",
}


def reviewed_replay(page: Page, live_db: LiveDatabase, slug: str, code: str, seed: int = 4) -> dict:
    """A finished round's replay, reviewed through its button (each test its own round:
    a review is kept per round); its first marked note of the player's, from the game's
    own review."""
    from rooms import registry  # the e2e process has Django set up by pytest-django

    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, seed, {1: "easy", 2: "medium"})
    notes = game.review.judge(record, game.review.decisions(record))
    live_db.run(insert_replay, code, record, slug)
    page.goto(f"/replays/{code}/")
    panel = page.locator("#review")
    panel.locator('[data-review="start"]').click()
    expect(panel.locator('[data-review-status="done"]')).to_be_attached(timeout=90_000)
    # Against the computer only the player's own decisions (seat 1) are offered (issue 55).
    marked = [n for n in notes if n["kind"] in ("ok", "miss") and n["seat"] == 1]
    return {"record": record, "note": marked[0]}


def open_the_try(page: Page, slug: str, code: str, note: dict, language: str) -> None:
    """Step the replay to the note and press its button."""
    for _ in range(note["step"] + 1):
        page.locator('[data-replay="forward"]').click()
    shown = page.locator(f'#review [data-review-step="{note["step"] + 1}"]')
    expect(shown).to_be_visible()
    shown.get_by_role("link", name=TRY[language]).click()
    expect(page).to_have_url(f"/{slug}/try/{code}/{note['step']}/")
    page.locator("#board > section").wait_for()
    expect(page.locator("#try-say")).to_contain_text(str(note["step"] + 1))


@pytest.mark.parametrize(("way", "language", "seed"), [("phone", "en", 4), ("desktop", "ru", 6)])
def test_the_tarot_hints_move_is_as_good_as_the_strong_level(
    new_page, live_db: LiveDatabase, way: str, language: str, seed: int
) -> None:
    page = new_page(**(PHONE if way == "phone" else DESKTOP), locale=language)
    code = f"try-tarot-{way}".ljust(24, "0")
    note = reviewed_replay(page, live_db, "tarot", code, seed)["note"]
    open_the_try(page, "tarot", code, note, language)

    page.locator('[data-action="hint"]').click()
    expect(page.locator(".tarot-board .card.is-hinted")).to_have_count(1)
    page.locator('[data-action="play"]').click()
    wait_until_idle(page)
    expect(page.locator("#try-say")).to_have_text(AS_GOOD[language])
    play_pages.picture(page, f"try-tarot-{way}-judged.png")
    # Play goes on against the computer: two more cards, the judgement stays.
    before = tarot_pages.tricks_left(page)
    for _ in range(2):
        tarot_pages.legal_card(page).click()
        page.locator('[data-action="play"]').click()
        wait_until_idle(page)
    assert tarot_pages.tricks_left(page) < before
    expect(page.locator("#try-say")).to_have_text(AS_GOOD[language])


def test_rummy_the_move_played_then_is_judged_again_and_next_mistake_goes_on(
    new_page, live_db: LiveDatabase
) -> None:
    page = new_page(**DESKTOP, locale="pt")
    code = "try-cards-desktop".ljust(24, "0")
    found = reviewed_replay(page, live_db, "cards", code)
    note, record = found["note"], found["record"]
    open_the_try(page, "cards", code, note, "pt")

    action = record.steps[note["step"]].action
    if action["type"] == "draw":
        page.locator(f'[data-action="draw-{action["source"]}"]').first.click()
    else:  # a meld (the first marked decision of this round: easy melds at once) or discard
        for code in action.get("cards") or [action["card"]]:
            page.locator(f'.cards-hand .card[data-code="{code}"]').click()
        page.locator(f'[data-action="{action["type"]}"]').first.click()
    wait_until_idle(page)
    say = page.locator("#try-say")
    expect(say).not_to_have_text(AS_GOOD["pt"])
    expect(say).to_contain_text("nível forte")
    expect(page.locator("#try-judged")).to_contain_text("nível forte")
    play_pages.picture(page, "try-cards-desktop-judged.png")
    # Play goes on: the rest of the turn, then the computer's.
    while page.locator('[data-action="discard"]').count() == 0:
        page.locator('[data-action="draw-stock"]').first.click()
        wait_until_idle(page)
    page.locator(".cards-hand .card").last.click()
    page.locator('[data-action="discard"]').first.click()
    wait_until_idle(page)
    expect(page.locator(".cards-last")).to_contain_text("computador")  # it answered
    expect(page.locator("#play-status")).to_have_text("A sua vez")
    expect(say).not_to_have_text(AS_GOOD["pt"])  # the judgement of the first move stays
    later = page.locator("#try-next")
    if later.is_visible():
        later.click()
        page.locator("#board > section").wait_for()
        expect(page.locator("#try-say")).to_contain_text("Passo")


def test_tile_rummy_the_hints_table_is_as_good_as_the_strong_level(
    new_page, live_db: LiveDatabase
) -> None:
    page = new_page(**PHONE, locale="en")
    code = "try-tiles-phone".ljust(24, "0")
    note = reviewed_replay(page, live_db, "tiles", code)["note"]
    open_the_try(page, "tiles", code, note, "en")

    page.locator('[data-action="hint"]').first.tap()
    page.wait_for_function(
        "() => !document.querySelector('.tiles-board').classList.contains('is-busy')"
    )
    end_turn = page.locator('[data-action="end-turn"]').first
    draw = page.locator('[data-action="draw"]').first
    (end_turn if end_turn.is_enabled() else draw).tap()
    wait_until_idle(page)
    expect(page.locator("#try-say")).to_have_text(AS_GOOD["en"])
    play_pages.picture(page, "try-tiles-phone-judged.png")
    # Play goes on against the computer: a draw, answered.
    pool = page.locator('[data-count="pool"]')
    before = pool.inner_text() if pool.count() else None
    draw.tap()
    wait_until_idle(page)
    expect(page.locator("#play-status")).to_have_text("Your turn")
    if before is not None:
        expect(pool).not_to_have_text(before)
