"""The chart under a replay (issue 58) in a browser, for each game in each mode: against
the computer (the player's own replay: "You" and "The computer"), the same replay at
its shared link (another browser: "Player 1" and "Player 2") and an online round's;
each draws both seats' lines, a column per step and the three largest swings in words,
and axe finds nothing in it. A click on a dot, on a step's column or on a swing shows
that step; the next-mistake key still works and moves the chart's line. Pictures at
360×640 and 1280×800, light and dark (E2E_PICTURES)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from gamekit.replay import bot_record
from tests.e2e.live_database import LiveDatabase
from tests.e2e.play_pages import picture
from tests.e2e.test_replay import open_replay
from tests.e2e.test_replay_navigation import insert_review

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
AXE = Axe()
NAMES = {
    "en": (("You", "The computer"), ("Player 1", "Player 2")),
    "ru": (("Вы", "Компьютер"), ("Игрок 1", "Игрок 2")),
    "pt": (("Você", "O computador"), ("Jogador 1", "Jogador 2")),
}


def insert_online(using: str, code: str, record, slug: str) -> None:
    """An online round's replay (a room's round, "friend"), at /replays/<code>/."""
    from rooms.models import Replay

    Replay.objects.using(using).create(
        code=code, key=record.key(), game=slug, mode="friend", record=record.to_json()
    )


def check_chart(page, names: tuple[str, str], name: str) -> None:
    """The chart drawn whole: two lines, a column per step, the legend's seats, three
    swings in words; axe finds nothing in it; a picture of it."""
    last = int(page.locator("#replay").get_attribute("data-last"))
    chart = page.locator("[data-replay-chart]")
    chart.scroll_into_view_if_needed()
    expect(chart.locator("svg.replay-chart-svg")).to_be_visible()
    expect(chart.locator("polyline.chart-line")).to_have_count(2)
    expect(chart.locator("rect[data-chart-step]")).to_have_count(last + 1)
    for line in chart.locator("polyline.chart-line").all():
        assert len(line.get_attribute("points").split()) == last + 1
    legend = chart.locator(".replay-chart-legend li")
    expect(legend.nth(0)).to_have_text(names[0])
    expect(legend.nth(1)).to_have_text(names[1])
    expect(chart.locator(".replay-chart-twin li a")).to_have_count(3)
    # The SVG fits the page's width (no sideways scrolling at 360 px).
    box = chart.locator("svg.replay-chart-svg").bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    found = AXE.run(page, context="[data-replay-chart]").response["violations"]
    assert not [f"{v['id']}: {[n['target'] for n in v['nodes']]}" for v in found]
    picture(page, name, full_page=False)


def marker_at(page) -> float:
    return float(page.locator("[data-chart-marker]").get_attribute("x1"))


def column_middle(page, step: int) -> float:
    column = page.locator(f'rect[data-chart-step="{step}"]')
    return float(column.get_attribute("x")) + float(column.get_attribute("width")) / 2


@pytest.mark.parametrize(
    ("slug", "language", "played", "shared", "online"),
    [
        ("cards", "en", (DESKTOP, "light"), (PHONE, "dark"), (DESKTOP, "dark")),
        ("tarot", "ru", (PHONE, "light"), (DESKTOP, "light"), (PHONE, "dark")),
        ("tiles", "pt", (DESKTOP, "dark"), (PHONE, "light"), (DESKTOP, "light")),
    ],
)
def test_the_chart_is_drawn_in_each_mode(
    new_page, live_db: LiveDatabase, slug: str, language: str, played, shared, online
) -> None:
    from rooms import registry

    yours, theirs = NAMES[language]
    # Against the computer: the player's own replay.
    viewport, scheme = played
    page = open_replay(new_page, slug, viewport, language)
    page.emulate_media(color_scheme=scheme)
    check_chart(page, yours, f"chart-{slug}-computer-{viewport['width']}-{scheme}")
    link = page.url
    # Its shared link, in another browser.
    viewport, scheme = shared
    other = new_page(viewport=viewport, color_scheme=scheme, locale=language)
    other.goto(link)
    check_chart(other, theirs, f"chart-{slug}-shared-{viewport['width']}-{scheme}")
    # An online round's.
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, 7, {1: "easy", 2: "medium"})
    code = f"chart-{slug}".ljust(24, "0")
    live_db.run(insert_online, code, record, slug)
    viewport, scheme = online
    room = new_page(viewport=viewport, color_scheme=scheme, locale=language)
    room.goto(f"/replays/{code}/")
    check_chart(room, theirs, f"chart-{slug}-online-{viewport['width']}-{scheme}")


def test_a_click_on_the_chart_goes_to_its_step_and_the_mistake_key_still_works(
    new_page, live_db: LiveDatabase
) -> None:
    from rooms import registry

    game = registry.get("cards")
    # Not test_replay_navigation's round: a review is kept once per round, in one database.
    record = bot_record(game.engine, game.bots, 6, {1: "easy", 2: "strong"})
    notes = game.review.judge(record, game.review.decisions(record))
    marked = [n["step"] + 1 for n in notes if n["kind"] in ("ok", "miss")]
    assert len(marked) >= 2
    code = "chart-clicks".ljust(24, "0")
    live_db.run(insert_online, code, record, "cards")
    live_db.run(insert_review, code, record, "cards", notes)
    page = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(f"/replays/{code}/")
    slider = page.locator('[data-replay="slider"]')
    dots = page.locator("[data-replay-chart] .chart-dot")
    expect(dots).to_have_count(len(marked))
    page.locator("[data-replay-chart]").scroll_into_view_if_needed()
    picture(page, "chart-cards-dots-360-light", full_page=False)

    dots.nth(1).click()  # a dot: its decision's step
    expect(slider).to_have_value(str(marked[1]))
    expect(page.locator(f'#review [data-review-step="{marked[1]}"]')).to_be_visible()
    assert marker_at(page) == pytest.approx(column_middle(page, marked[1]), abs=0.1)

    page.locator('rect[data-chart-step="3"]').tap()  # a step's column, by touch
    expect(slider).to_have_value("3")
    assert marker_at(page) == pytest.approx(column_middle(page, 3), abs=0.1)

    page.keyboard.press("m")  # the next marked decision after step 3
    after = next(step for step in marked if step > 3)
    expect(slider).to_have_value(str(after))
    assert marker_at(page) == pytest.approx(column_middle(page, after), abs=0.1)

    swing = page.locator(".replay-chart-twin a").first
    step = swing.get_attribute("data-chart-step")
    swing.focus()  # the swings are links: the keyboard reaches them
    page.keyboard.press("Enter")
    expect(slider).to_have_value(step)
    expect(page).to_have_url(f"{page.url.split('?')[0]}?step={step}")
