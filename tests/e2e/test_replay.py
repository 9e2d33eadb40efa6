"""The replay of a finished round (issue 25) in a browser, at 390 px: the play page
offers it once the round is over, and the replay page steps through it (first, back,
forward, last, play), telling each shown step with `replay:step`."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.live_database import LiveDatabase
from tests.e2e.play_pages import picture, save_token, seal

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
STEP_3 = {"en": "Step 3 of", "ru": "Шаг 3 из", "pt": "Passo 3 de"}


def finished_game(slug: str, mode: str = "computer") -> str:
    """A sealed game whose round is over, with its record, as the server makes them."""
    from rooms import registry
    from rooms.local import records

    game = registry.get(slug)
    engine, bots = game.engine, game.bots
    state = engine.new_round(5, 1)
    record = records.begin(engine.to_json(state))
    rng = random.Random(5)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, "easy", rng)
        state = engine.apply(state, seat, action)
        record = records.add(record, [(seat, action)])
    payload = {"game": slug, "mode": mode, "level": "easy", "round": 1, "seed": 5, "moves": 0}
    payload |= {"seat": 1, "save": f"e2e-replay-{slug}-{mode}", "version": 0}
    return seal(payload | {"state": engine.to_json(state), "record": record})


def shot(page, name: str) -> None:
    """A picture to look at (E2E_PICTURES=<folder>), none otherwise."""
    picture(page, name, full_page=False)


def open_replay(new_page, slug: str, viewport: dict, language: str = "en", mode: str = "computer"):
    page = new_page(viewport=viewport, extra_http_headers={"Accept-Language": language})
    save_token(page, f"play:{slug}:{mode}:token", finished_game(slug, mode))
    page.goto(f"/{slug}/{mode}/")
    offer = page.locator("#play-replay button")
    expect(offer).to_be_visible()
    shot(page, f"{slug}-play-over-{language}-{viewport['width']}")
    offer.click()
    page.wait_for_url("**/replays/**")
    return page


def test_a_finished_round_is_stepped_through_on_a_phone(new_page) -> None:
    page = open_replay(new_page, "tarot", PHONE)
    page.evaluate(
        "() => { window.steps = []; document.addEventListener('replay:step',"
        " (event) => window.steps.push(event.detail.step)); }"
    )
    last = int(page.locator("#replay").get_attribute("data-last"))
    position = page.locator('[data-replay="position"]')
    expect(position).to_have_text("As dealt")
    assert page.locator("#review[data-replay]").count() == 1
    assert page.locator(".replay-frame .replay-hands .replay-hand").count() == 2
    page.get_by_role("button", name="Step forward").click()
    expect(position).to_have_text(f"Step 1 of {last}")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Step 2 of {last}")
    page.get_by_role("button", name="Step back").click()
    expect(position).to_have_text(f"Step 1 of {last}")
    page.get_by_role("button", name="Last step").click()
    expect(position).to_have_text(f"Step {last} of {last}")
    expect(page.locator(".replay-frame .board-result")).to_be_visible()
    page.get_by_role("button", name="First step").click()
    expect(position).to_have_text("As dealt")
    page.locator('[data-replay="speed"]').select_option("400")
    page.get_by_role("button", name="Play").click()
    # Playing on moves a step each 400 ms, faster than the text's later polls: wait for
    # the third step's event instead (one CI run polled past "Step 3" on a loaded machine).
    page.wait_for_function("() => window.steps.filter((step) => step === 3).length > 0")
    page.get_by_role("button", name="Pause").click()
    assert page.evaluate("() => window.steps")[:4] == [1, 2, 1, last]
    # The board is read, not played: none of its pieces is a Tab stop, a tap on one
    # changes nothing, and a screen reader still finds them (the frame is not inert).
    frame = page.locator(".replay-frame")
    assert frame.get_attribute("inert") is None
    focusable = "button, a[href], input, select, [tabindex]"
    tab_stops = frame.locator(focusable).evaluate_all("all => all.filter(e => e.tabIndex >= 0)")
    assert tab_stops == []
    read = frame.aria_snapshot()
    assert "Last move:" in read
    assert read.count('img "') >= 20  # both hands, card by card
    # The page fits the phone's width.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    # The share link shows most of itself: a row of its own, its button below.
    link = page.locator("#replay-link").bounding_box()
    button = page.get_by_role("button", name="Copy link").bounding_box()
    assert link is not None
    assert button is not None
    assert link["width"] >= 0.75 * PHONE["width"]
    assert button["y"] >= link["y"] + link["height"]


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
@pytest.mark.parametrize(
    ("language", "viewport"), [("en", PHONE), ("ru", DESKTOP), ("pt", PHONE)], ids=str
)
def test_the_replay_speaks_the_players_language_and_fits_the_screen(
    new_page, slug, language, viewport
) -> None:
    page = open_replay(new_page, slug, viewport, language)
    name = f"{slug}-{language}-{viewport['width']}"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator('[data-replay="position"]')).to_contain_text(STEP_3[language])
    expect(page.locator(".replay-frame .replay-hand")).to_have_count(2)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    shot(page, f"replay-{name}-step3")
    page.keyboard.press("End")
    expect(page.locator(".replay-frame .board-result")).to_be_visible()
    shot(page, f"replay-{name}-last")


def expect_a_drawn_board(page, hands: int = 2) -> None:
    """The shown step is a board (with both hands while it goes on), not its markup as
    text."""
    frame = page.locator(".replay-frame")
    expect(frame.locator("> section")).to_have_count(1)
    expect(frame.locator(".replay-hand")).to_have_count(hands)
    expect(frame).not_to_contain_text("<section")
    expect(frame).not_to_contain_text("class=")


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
@pytest.mark.parametrize(("mode", "viewport"), [("computer", PHONE), ("local", DESKTOP)], ids=str)
def test_every_step_of_the_replay_draws_the_board_the_deal_too(
    new_page, slug, mode, viewport
) -> None:
    page = open_replay(new_page, slug, viewport, mode=mode)
    position = page.locator('[data-replay="position"]')
    expect(position).to_have_text("As dealt")
    expect_a_drawn_board(page)
    if mode == "computer":  # the seats as the board named them
        names = page.locator(".replay-frame .replay-hand dt")
        expect(names).to_have_text(["You", "The computer"])
    shot(page, f"replay-{slug}-{mode}-{viewport['width']}-dealt")
    page.get_by_role("button", name="Step forward").click()
    expect(position).to_contain_text("Step 1 of")
    expect_a_drawn_board(page)
    page.get_by_role("button", name="Last step").click()
    expect(page.locator(".replay-frame .board-result")).to_be_visible()
    expect(page.locator(".replay-frame")).not_to_contain_text("<section")
    page.get_by_role("button", name="First step").click()
    expect(position).to_have_text("As dealt")
    expect_a_drawn_board(page)


def finish_room_round(using: str, code: str, moves: int | None = None) -> None:
    """Play the room's first round with the easy bots, to its end (or `moves` actions and
    on until seat 1 is to move), as the store would have written it: each action in the
    log, the last state as the room's (a test only)."""
    from rooms import registry
    from rooms.models import ActionLog, Room, RoundStart

    start = RoundStart.objects.using(using).select_related("room").get(room__code=code, round=1)
    game = registry.get(start.room.game)
    engine, bots = game.engine, game.bots
    state = engine.from_json(start.state)
    rng = random.Random(9)
    actions = []
    while not engine.status(state)["over"]:
        if moves is not None and len(actions) >= moves and engine.status(state)["turn"] == 1:
            break
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, "easy", rng)
        state = engine.apply(state, seat, action)
        version = start.version + len(actions) + 1
        actions.append(ActionLog(room=start.room, seat=seat, version=version, action=action))
    ActionLog.objects.using(using).bulk_create(actions)
    Room.objects.using(using).filter(pk=start.room.pk).update(
        state=engine.to_json(state),
        version=actions[-1].version,
        finished=engine.status(state)["over"],
    )


def test_an_online_rounds_replay_is_offered_to_both_players_and_shared(
    new_page, live_db: LiveDatabase
) -> None:
    from tests.e2e.play_pages import join, open_room

    host = new_page(viewport=PHONE)
    open_room(host, "tarot")
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    guest = join(new_page, host.url)
    # While the round goes on its replay does not exist, whatever is asked.
    refused = new_page(viewport=PHONE, extra_http_headers={"Accept-Language": "ru"})
    answer = refused.goto(f"/r/{code}/replay/1/")
    assert answer.status == 409
    expect(refused.locator(".replay-refusal")).to_contain_text("Этот раунд ещё не окончен")

    live_db.run(finish_room_round, code)
    for page in (host, guest):
        page.reload()
        expect(page.locator("#play-replay-last")).to_be_visible()
    shot(host, "room-over-en-390")
    guest.locator("#play-replay-last").click()
    guest.wait_for_url("**/replays/**")
    link = guest.locator("#replay-link").input_value()
    guest.get_by_role("button", name="Last step").click()
    expect(guest.locator(".replay-frame .board-result")).to_be_visible()

    # The shared link works in a browser that never was in the room.
    stranger = new_page(viewport=DESKTOP)
    stranger.goto(link)
    expect(stranger.locator('[data-replay="position"]')).to_have_text("As dealt")
    assert stranger.locator(".replay-frame .replay-hand").count() == 2
    assert code not in stranger.content()  # no way from a shared replay to the room
    expect(stranger.locator("[data-replay-back]")).to_have_count(0)
    # The host's link leads to the same replay, and back to the room.
    host.locator("#play-replay-last").click()
    host.wait_for_url(f"{link}?from=room")
    host.get_by_role("button", name="Back to the room").click()
    host.wait_for_url(f"**/r/{code}/")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_replay_page_has_no_accessibility_violations(new_page, scheme) -> None:
    from tests.e2e.test_accessibility import violations

    problems = {}
    for slug in ("tiles", "cards", "tarot"):
        page = new_page(viewport=PHONE, color_scheme=scheme)
        save_token(page, f"play:{slug}:computer:token", finished_game(slug))
        page.goto(f"/{slug}/computer/")
        page.locator("#play-replay button").click()
        page.wait_for_url("**/replays/**")
        page.get_by_role("button", name="Step forward").click()
        expect(page.locator('[data-replay="position"]')).to_contain_text("Step 1")
        found = violations(page)
        if found:
            problems[slug] = found
    assert not problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_replays_keys_are_listed_with_question_mark_and_still_step_after(
    new_page, scheme: str
) -> None:
    from tests.e2e.test_accessibility import violations

    page = open_replay(new_page, "cards", DESKTOP, "ru")
    position = page.locator('[data-replay="position"]')
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(re.compile(r"^Шаг 1 из \d+$"))
    page.emulate_media(color_scheme=scheme)
    page.keyboard.press("?")
    keys = page.locator("#play-keys")
    expect(keys).to_be_visible()
    expect(keys).to_contain_text("Шаг назад или вперёд")
    expect(keys).to_contain_text("Прочитать последний ход")
    assert not violations(page)
    # Arrows do not step behind the open list; Escape closes it and they step again.
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(re.compile(r"^Шаг 1 из \d+$"))
    page.keyboard.press("Escape")
    expect(keys).to_be_hidden()
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(re.compile(r"^Шаг 2 из \d+$"))
