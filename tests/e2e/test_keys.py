"""The keyboard on the play page (issue 45): one Tab stop per group, the short keys, the
Keys panel in each language, the focus kept across a new board (an action, a push from
the friend, the hand-over cover), and tile colours told apart without colour. Keyboard
only: no click, tap or mouse."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import (
    big_position_token,
    open_board,
    open_saved_game,
    position_token,
    wait_for_turn,
)

pytestmark = pytest.mark.e2e

KEY = "play:tiles:computer:token"
DESKTOP = {"width": 1280, "height": 800}


def focus_in(page: Page, selector: str) -> bool:
    return page.evaluate("selector => Boolean(document.activeElement.closest(selector))", selector)


def focused_code(page: Page) -> str | None:
    return page.evaluate("() => document.activeElement.dataset.code || null")


def tab_into(page: Page, selector: str) -> int:
    """Tab from where the focus is until it is inside `selector`: the presses it took."""
    for presses in range(1, 120):
        page.keyboard.press("Tab")
        if focus_in(page, selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


def test_the_rack_each_set_and_the_buttons_are_one_tab_stop_each(new_page) -> None:
    page = new_page(viewport=DESKTOP)
    open_saved_game(page, "/tiles/computer/", KEY, big_position_token())
    tab_into(page, ".tiles-rack")
    # The arrow keys move inside the rack; Tab leaves it at once, for the buttons.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    third = focused_code(page)
    page.keyboard.press("Tab")
    assert focus_in(page, ".tiles-actions")
    # Shift+Tab comes back to the tile last used, not to the rack's first.
    page.keyboard.press("Shift+Tab")
    assert focus_in(page, ".tiles-rack")
    assert focused_code(page) == third
    # Back through the sort buttons to the twelve sets, one stop each.
    page.keyboard.press("Shift+Tab")
    assert focus_in(page, ".rack-sort")
    sets = []
    for _ in range(12):
        page.keyboard.press("Shift+Tab")
        sets.append(page.evaluate("() => document.activeElement.closest('.tile-set')?.dataset.set"))
    assert sets == [str(index) for index in range(11, -1, -1)]
    play_pages.picture(page, "tiles-keys-focus-desktop.png")


def test_a_short_key_whose_button_cannot_be_used_says_so_and_changes_nothing(new_page) -> None:
    page = new_page(viewport=DESKTOP, locale="pt-PT")
    open_saved_game(page, "/tiles/computer/", KEY, position_token(["K5", "K6"], ["O1"], []))
    tab_into(page, ".tiles-rack")
    page.keyboard.press("e")  # End turn: nothing was placed
    expect(page.locator(".tiles-message")).to_have_text(
        "«Terminar o turno» não pode ser usado agora."
    )
    expect(page.locator(".tile-set")).to_have_count(0)
    assert focus_in(page, ".tiles-rack")


@pytest.mark.parametrize(
    ("locale", "title", "end_turn", "read"),
    [
        ("en-GB", "Keys", "End turn", "Read the last move"),
        ("ru-RU", "Клавиши", "Завершить ход", "Прочитать последний ход"),
        ("pt-PT", "Teclas", "Terminar o turno", "Ler a última jogada"),
    ],
)
def test_the_keys_panel_lists_the_keys_in_the_pages_language(
    new_page, locale: str, title: str, end_turn: str, read: str
) -> None:
    page = new_page(viewport=DESKTOP, locale=locale)
    open_saved_game(page, "/tiles/computer/", KEY, position_token(["K5", "K6"], ["O1"], []))
    tab_into(page, ".tiles-rack")
    page.keyboard.press("?")
    panel = page.get_by_role("dialog", name=title)
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(end_turn)
    expect(panel).to_contain_text(read)
    play_pages.picture(page, f"keys-panel-{locale}.png")
    page.keyboard.press("?")
    expect(panel).to_be_hidden()
    assert focus_in(page, ".tiles-rack")


def test_the_focus_stays_in_the_rack_through_the_hand_over_cover(new_page) -> None:
    page = new_page(viewport=DESKTOP)
    open_board(page, "/tiles/local/")
    expect(page.locator("#play-reveal")).to_be_focused()
    page.keyboard.press("Enter")
    assert focus_in(page, ".tiles-rack")
    page.keyboard.press("d")  # Draw: the device goes to Player 2
    expect(page.locator("#play-reveal")).to_be_focused()
    expect(page.locator("#play-reveal")).to_contain_text("2")
    page.keyboard.press("d")  # the board is covered: no key reaches it
    page.keyboard.press("Enter")
    assert focus_in(page, ".tiles-rack")
    expect(page.locator("[data-count='pool']")).to_have_text("77")


def test_online_the_focus_stays_in_the_rack_after_an_action_and_after_a_push(new_page) -> None:
    host = new_page(viewport=DESKTOP)
    play_pages.open_room(host)
    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here")
    for page in (host, guest):
        page.locator(".tiles-rack .tile").first.wait_for()
        tab_into(page, ".tiles-rack")
        page.keyboard.press("ArrowRight")
    mine, theirs = focused_code(host), focused_code(guest)
    wait_for_turn(host, True)
    host.keyboard.press("d")  # the host's own action: a new board for both
    wait_for_turn(host, False)
    wait_for_turn(guest, True)
    assert focus_in(host, ".tiles-rack")
    assert focused_code(host) == mine
    assert focus_in(guest, ".tiles-rack")
    assert focused_code(guest) == theirs
    play_pages.picture(guest, "tiles-keys-after-push.png")


def test_the_four_tile_colours_differ_in_their_mark_and_in_greyscale(new_page) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    rack = ["K5", "B5", "O5", "R5", "K9", "B9", "O9", "R9", "J"]
    open_saved_game(page, "/tiles/computer/", KEY, position_token(rack, ["O1"], []))
    marks = page.locator(".tiles-rack .tile").evaluate_all(
        "tiles => tiles.filter(t => t.dataset.code !== 'J')"
        ".map(t => [t.dataset.code[0], t.querySelector('.tile-mark').textContent])"
    )
    by_colour: dict[str, set[str]] = {}
    for colour, mark in marks:
        by_colour.setdefault(colour, set()).add(mark)
    # One mark per colour, never shared, each drawn (not blank).
    assert all(len(each) == 1 for each in by_colour.values())
    assert len({next(iter(each)) for each in by_colour.values()}) == 4
    assert all(next(iter(each)).strip() for each in by_colour.values())
    # The picture to look at: the rack in greyscale (CSSOM, which the CSP allows).
    page.evaluate("() => { document.querySelector('.tiles-rack').style.filter = 'grayscale(1)'; }")
    play_pages.picture(page, "tiles-rack-greyscale.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
@pytest.mark.parametrize(
    ("game", "hand"), [("tiles", ".tiles-rack"), ("cards", ".cards-hand"), ("tarot", ".tarot-hand")]
)
def test_the_focus_is_drawn_on_the_hand_and_on_the_buttons(
    new_page, game: str, hand: str, size: tuple[int, int], scheme: str
) -> None:
    page = new_page(viewport={"width": size[0], "height": size[1]}, color_scheme=scheme)
    page.goto(f"/{game}/computer/")
    page.locator(f"#board {hand} button").first.wait_for()
    play_pages.wait_until_idle(page)
    tab_into(page, hand)
    ring = "() => { const s = getComputedStyle(document.activeElement);"
    ring += " return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; }"
    assert page.evaluate(ring)
    play_pages.picture(page, f"{game}-keys-focus-{size[0]}-{scheme}.png")
    tab_into(page, ".board-actions")
    assert page.evaluate(ring)


@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_with_reduced_motion_nothing_on_the_play_page_moves(new_page, game: str) -> None:
    page = new_page(viewport=DESKTOP, reduced_motion="reduce")
    page.goto(f"/{game}/computer/")
    page.locator("#board > section").wait_for()
    page.keyboard.press("?")  # the Keys panel too
    moving = page.evaluate(
        """() => [...document.querySelectorAll("*")].filter(e => {
            const s = getComputedStyle(e);
            const runs = (value) => value.split(",").some(d => parseFloat(d) > 0);
            const animated = s.animationName !== "none" && runs(s.animationDuration);
            return runs(s.transitionDuration) || animated;
        }).map(e => e.className)"""
    )
    assert moving == []


def test_a_adds_the_selected_tiles_to_the_set_last_visited(new_page) -> None:
    page = new_page(viewport=DESKTOP)
    table = [["K1", "K2", "K3"], ["R1", "R2", "R3"]]
    open_saved_game(page, "/tiles/computer/", KEY, position_token(["R4", "K9"], ["O1"], table))
    tab_into(page, ".tiles-rack")
    page.keyboard.press("ArrowUp")  # the last set, R1 R2 R3
    assert focus_in(page, '.tile-set[data-set="1"]')
    page.keyboard.press("ArrowDown")
    assert focused_code(page) == "R4"
    page.keyboard.press("Enter")
    page.keyboard.press("a")
    expect(page.locator('.tile-set[data-set="1"] .tile')).to_have_count(4)
    expect(page.locator('.tile-set[data-set="0"] .tile')).to_have_count(3)
    assert focus_in(page, ".tiles-rack")


def test_a_watcher_has_the_keys_panel_without_the_players_keys(new_page) -> None:
    from tests.e2e.test_watch import watch

    host = new_page(viewport=DESKTOP)
    play_pages.open_room(host)
    invite = host.locator("#play-invite-link").input_value()
    play_pages.join(new_page, invite)
    wait_for_turn(host, True)
    watcher = watch(new_page, invite, DESKTOP, "en-US", "watch-keys")
    pool = watcher.locator('[data-count="pool"]').inner_text()
    watcher.keyboard.press("d")  # a player's key: nothing for a watcher
    watcher.keyboard.press("?")
    panel = watcher.get_by_role("dialog", name="Keys")
    expect(panel).to_contain_text("Read the position")
    expect(panel).not_to_contain_text("End turn")
    play_pages.picture(watcher, "watch-keys-panel.png")
    expect(watcher.locator('[data-count="pool"]')).to_have_text(pool)
    expect(host.locator('[data-count="pool"]')).to_have_text(pool)


def test_on_a_russian_layout_the_key_of_d_still_draws(new_page) -> None:
    page = new_page(viewport=DESKTOP, locale="ru-RU")
    open_saved_game(page, "/tiles/computer/", KEY, position_token(["K5", "K6"], ["O1"], []))
    tab_into(page, ".tiles-rack")
    pool = page.locator('[data-count="pool"]').inner_text()
    # The physical D key types "в" on a Russian layout (a keyboard Playwright has not).
    page.evaluate(
        "() => document.activeElement.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: 'в', code: 'KeyD', bubbles: true, cancelable: true}))"
    )
    expect(page.locator('[data-count="pool"]')).not_to_have_text(pool)
    assert focus_in(page, ".tiles-rack")
