"""The end of a round heard and reached by the keyboard (issue 56): the round's last
move, made by a key, is followed by the result's heading and its reason carrying each
seat's points (rummy's also the match's totals), in the page's language, and the focus
goes to the result's "Play again", whose Enter puts it on the new round's hand, never on
<body>. The guided lesson's end is said and its way on focused."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.announcing import LANGUAGES, said
from tests.e2e.play_pages import save_token, seal, wait_until_idle

pytestmark = pytest.mark.e2e


def before_the_last_move(slug: str, seed: int = 2) -> tuple[str, dict, dict]:
    """A sealed game against the computer one move of the player's (seat 1) from the
    end of its round, with that move and the state it makes (the easy bots' round)."""
    from rooms import registry
    from rooms.local import records

    game = registry.get(slug)
    engine = game.engine
    state = engine.new_round(seed, 1)
    record = records.begin(engine.to_json(state))
    rng = random.Random(seed)
    while True:
        seat = engine.status(state)["turn"]
        action = game.bots.choose(state, seat, "easy", rng)
        after = engine.apply(state, seat, action)
        if engine.status(after)["over"]:
            assert seat == 1, "a seed whose round the player ends"
            break
        state = after
        record = records.add(record, [(seat, action)])
    payload = {"game": slug, "mode": "computer", "level": "easy", "round": 1, "seed": seed}
    payload |= {"moves": 0, "seat": 1, "save": f"e2e-end-{slug}", "version": 0}
    token = seal(payload | {"state": engine.to_json(state), "record": record})
    return token, action, engine.view(after, 1)


def last_move_by_keys(page: Page, slug: str, action: dict) -> None:
    """The move by the keyboard: tile rummy's X passes; rummy's card chosen by Space and
    discarded by X; the Tarot card chosen by Space and played by C."""
    board = page.locator("#board")
    if slug == "tiles":
        assert action == {"type": "pass"}
        board.locator(".tiles-rack .tile").first.focus()
        page.keyboard.press("x")
        return
    hand = ".cards-hand" if slug == "cards" else ".tarot-board"
    board.locator(f'{hand} .card[data-code="{action["card"]}"]').first.focus()
    page.keyboard.press("Space")
    page.keyboard.press("x" if slug == "cards" else "c")


def focused(page: Page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e === document.body ? 'body' : e.outerHTML.slice(0, 120); }"
    )


@pytest.mark.parametrize(("slug", "language"), [("tiles", "en"), ("cards", "ru"), ("tarot", "pt")])
def test_the_rounds_end_is_said_with_its_points_and_play_again_is_focused(
    new_page, slug: str, language: str
) -> None:
    from rooms.score_words import match_points, round_points

    token, action, view = before_the_last_move(slug)
    page = new_page(locale=LANGUAGES[language])
    save_token(page, f"play:{slug}:computer:token", token)
    page.goto(f"/{slug}/computer/")
    page.locator("#board > section").wait_for()
    wait_until_idle(page)
    before = len(said(page))

    last_move_by_keys(page, slug, action)

    heading = page.locator("#board .board-result h2")
    expect(heading).to_be_visible()
    page.wait_for_timeout(200)  # the rest of what the same answer says
    lines = said(page)[before:]
    with translation.override(language):
        points = round_points(view["result"]["scores"], 1, "computer")
        if slug == "cards":
            points += " " + match_points(view["match"], 1, "computer")
    at = lines.index(heading.inner_text().strip())
    assert lines[at + 1].endswith(points), lines
    assert points.split(".")[0] in lines[at + 1]
    again = page.locator("#board [data-play-again]")
    expect(again).to_be_focused()

    page.keyboard.press("Enter")
    expect(heading).to_have_count(0)
    wait_until_idle(page)
    page.wait_for_function("() => document.activeElement.closest('[data-own-hand]') !== null")


def test_the_lessons_end_is_said_and_its_way_on_is_focused(new_page) -> None:
    page = new_page(locale="en-GB")
    page.goto("/cards/learn/")
    page.locator("#board > section").wait_for()

    def cards(*codes: str) -> None:
        for code in codes:
            page.locator(f'.cards-hand .card[data-code="{code}"]').click()

    def button(action: str) -> None:
        page.locator(f'[data-action="{action}"]').first.click()
        wait_until_idle(page)

    # The rummy lesson's moves (tests/e2e/test_lessons.py), with the mouse.
    button("draw-discard")
    cards("5S", "5D", "5C")
    button("meld")
    cards("KC")
    button("discard")
    button("draw-stock")
    cards("QD")
    page.locator('button.meld[data-meld="1"]').click()
    wait_until_idle(page)
    cards("2H", "3H", "4H")
    button("meld")
    cards("7S", "7H", "7C")
    button("meld")
    before = len(said(page))
    cards("AS")
    button("discard")

    expect(page.locator("#lesson-over")).to_be_visible()
    page.wait_for_timeout(200)
    assert "Lesson over. Play a whole round:" in said(page)[before:]
    expect(page.locator("#lesson-over a").first).to_be_focused()
