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
from tests.e2e.play_pages import picture, save_token, seal, wait_until_idle

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
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        picture(page, f"round-end-{slug}-{language}-{width}")

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


def all_but_the_last_discard(using: str, code: str) -> tuple[int, dict]:
    """Play the room's first rummy deal with the easy bots up to the discard that ends
    it (bots' seeds tried until one ends so), written as the store would have; the seat
    to make that discard and the discard."""
    from rooms import registry
    from rooms.models import ActionLog, Room, RoundStart

    start = RoundStart.objects.using(using).select_related("room").get(room__code=code, round=1)
    engine, bots = registry.get("cards").engine, registry.get("cards").bots
    for seed in range(40):
        state, rng, actions = engine.from_json(start.state), random.Random(seed), []
        while True:
            seat = engine.status(state)["turn"]
            action = bots.choose(state, seat, "easy", rng)
            after = engine.apply(state, seat, action)
            if engine.status(after)["over"]:
                break
            state = after
            version = start.version + len(actions) + 1
            actions.append(ActionLog(room=start.room, seat=seat, version=version, action=action))
        if action["type"] == "discard":
            break
    ActionLog.objects.using(using).bulk_create(actions)
    Room.objects.using(using).filter(pk=start.room.pk).update(
        state=engine.to_json(state), version=actions[-1].version
    )
    return seat, action


def test_online_the_deals_end_is_said_to_both_and_each_focus_goes_to_the_next_deal(
    new_page, live_db
) -> None:
    from tests.e2e.play_pages import open_room

    host = new_page(locale="en-GB")
    open_room(host, "cards")
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    guest = new_page(locale="ru-RU")
    guest.goto(host.url)
    guest.locator("#board [data-own-hand]").wait_for()
    seat, action = live_db.run(all_but_the_last_discard, code)
    pages = {1: host, 2: guest}
    for page in pages.values():
        page.reload()
        page.locator("#board [data-own-hand] .card").first.focus()  # a keyboard player
    mover, waiter = pages[seat], pages[3 - seat]
    counts = {page: len(said(page)) for page in pages.values()}
    expect(waiter.locator("#play-new")).to_be_enabled()

    last_move_by_keys(mover, "cards", action)

    for page in pages.values():
        heading = page.locator("#board .board-result h2")
        expect(heading).to_be_visible()
        page.wait_for_function(
            "([text, after]) => [...document.querySelectorAll('#play-announce p')]"
            ".slice(after).some(p => p.textContent === text)",
            arg=[heading.inner_text().strip(), counts[page]],
        )
        expect(page.locator("#board [data-play-again]")).to_be_focused()
