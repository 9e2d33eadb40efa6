"""Issue 43, item 4: a way back to a game. The home page (and a game's page) lists the
rooms and saved games this browser keeps, with whom and whose turn, when it was last
played and when it will be deleted, one tap to resume and a way to forget one; nothing
of another browser is ever listed."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.test_tiles_fits_screen import SCREENS

pytestmark = pytest.mark.e2e

PHONE = SCREENS["phone"]


def start_a_computer_game(page: Page, game: str = "cards") -> None:
    page.goto(f"/{game}/computer/")
    page.locator("#board [data-own-hand], #board .board").first.wait_for(state="attached")
    play_pages.wait_until_idle(page)


def your_games(page: Page):
    return page.locator("#your-games .your-game")


def test_the_home_page_lists_this_browsers_room_and_saved_game_and_resumes_each(
    new_page,
) -> None:
    page = new_page(**PHONE)
    play_pages.open_room(page, "tiles")
    room = page.url
    start_a_computer_game(page, "cards")

    page.goto("/")

    expect(page.get_by_role("heading", name="Your games in this browser")).to_be_visible()
    expect(your_games(page)).to_have_count(2)
    online = your_games(page).filter(has_text="Tile rummy")
    expect(online).to_contain_text("With a friend")
    expect(online).to_contain_text("You are Player 1")
    expect(online).to_contain_text("Your friend has not joined yet")
    expect(online).to_contain_text("Deleted in 6 days")
    expect(online.locator('[data-colour="teal"]')).to_be_visible()
    saved = your_games(page).filter(has_text="Rummy · Against the computer")
    expect(saved).to_contain_text("(Medium)")
    expect(saved).to_contain_text("Your turn")
    expect(saved).to_contain_text("Last activity just now.")
    expect(saved).to_contain_text("Kept in this browser until you forget it.")
    play_pages.picture(page, "your-games-390.png")

    online.get_by_role("link", name="Resume").click()
    expect(page).to_have_url(room)
    expect(page.locator("#play-presence")).to_contain_text("You are Player 1")
    page.goto("/")
    computer = your_games(page).filter(has_text="Against the computer")
    computer.get_by_role("link", name="Resume").click()
    expect(page).to_have_url("/cards/computer/")


def test_a_lesson_left_half_way_is_listed_and_resumes_at_its_step(new_page) -> None:
    page = new_page(**PHONE)
    page.goto("/cards/learn/")
    page.locator("#board > section").wait_for()
    page.locator('[data-action="draw-discard"]').first.click()
    play_pages.wait_until_idle(page)
    expect(page.locator("#lesson-step")).to_have_text("Step 2 of 8")

    page.goto("/")

    lesson = your_games(page).filter(has_text="Rummy · Learn to play (Step 2 of 8)")
    expect(lesson).to_contain_text("Your turn")
    lesson.get_by_role("link", name="Resume").click()
    expect(page).to_have_url("/cards/learn/")
    expect(page.locator("#lesson-step")).to_have_text("Step 2 of 8")


def test_a_games_page_lists_that_games_rooms_only(new_page) -> None:
    page = new_page()
    play_pages.open_room(page, "tiles")
    play_pages.open_room(page, "cards")

    page.goto("/cards/friend/")

    expect(your_games(page)).to_have_count(1)
    expect(your_games(page)).to_contain_text("Rummy · With a friend")
    play_pages.picture(page, "your-games-game-page.png")


def test_another_browser_sees_nothing_of_these_games(new_page) -> None:
    page = new_page()
    play_pages.open_room(page, "tiles")
    room = page.url
    start_a_computer_game(page, "tarot")
    page.goto("/")
    expect(your_games(page)).to_have_count(2)

    stranger = new_page()
    stranger.goto("/")
    stranger.wait_for_load_state("networkidle")
    expect(stranger.locator("#your-games")).to_be_hidden()
    expect(your_games(stranger)).to_have_count(0)
    # Knowing the room's code is not enough: a made-up key for its seat lists nothing.
    code = room.rstrip("/").rsplit("/", 1)[-1]
    guessed = '{"seat": 1, "key": "guessed"}'
    stranger.evaluate("([n, v]) => localStorage.setItem(n, v)", [f"rooms:{code}:seat", guessed])
    with stranger.expect_response("**/games/yours") as answer:
        stranger.reload()
    assert answer.value.status == 200
    expect(stranger.locator("#your-games")).to_be_hidden()
    expect(your_games(stranger)).to_have_count(0)


def test_the_guest_finds_the_room_too_with_their_own_seat(new_page) -> None:
    host = new_page()
    play_pages.open_room(host, "tiles")
    guest = play_pages.join(new_page, host.url)

    guest.goto("/")

    expect(your_games(guest)).to_have_count(1)
    expect(your_games(guest)).to_contain_text("You are Player 2")
    expect(your_games(guest).locator('[data-colour="amber"]')).to_be_visible()


def test_forgetting_a_game_removes_it_from_this_browser_for_good(new_page) -> None:
    page = new_page()
    play_pages.open_room(page, "tiles")
    room = page.url
    start_a_computer_game(page, "cards")
    page.goto("/")
    expect(your_games(page)).to_have_count(2)

    computer = your_games(page).filter(has_text="Against the computer")
    computer.get_by_role("button", name="Forget", exact=True).click()
    computer.get_by_role("button", name="Forget this game").click()
    expect(your_games(page)).to_have_count(1)
    # A room nobody else holds is deleted with it.
    your_games(page).get_by_role("button", name="Forget", exact=True).click()
    expect(your_games(page)).to_contain_text("its invite link will stop working")
    your_games(page).get_by_role("button", name="Forget this game").click()
    expect(page.locator("#your-games")).to_be_hidden()
    expect(page.locator("#your-games-said")).to_have_text("Game forgotten.")
    expect(page.locator("#your-games-said")).to_be_focused()

    page.reload()
    page.wait_for_load_state("networkidle")
    expect(your_games(page)).to_have_count(0)
    kept = page.evaluate("() => Object.keys(localStorage)")
    assert [name for name in kept if name.startswith(("play:cards:computer:", "rooms:"))] == []
    assert page.goto(room).status == 404


def test_forgetting_a_seat_the_friend_waits_on_asks_first_in_russian_and_keeping_loses_nothing(
    new_page,
) -> None:
    """Issue 55, item 1: one click on "Забыть" no longer loses the seat."""
    russian = {"extra_http_headers": {"Accept-Language": "ru"}}
    host = new_page(**PHONE, **russian)
    play_pages.open_room(host, "tiles")
    guest = new_page(**SCREENS["small-phone"], **russian)
    guest.goto(host.url)
    expect(guest.locator("#play-presence")).to_contain_text("2")
    start_a_computer_game(guest, "cards")
    guest.goto("/")
    expect(your_games(guest)).to_have_count(2)
    room = your_games(guest).filter(has_text="С другом")
    question = room.locator(".your-game-confirm")

    room.get_by_role("button", name="Забыть", exact=True).click()

    expect(question).to_be_in_viewport()
    expect(question).to_contain_text("Забыть эту партию?")
    expect(question).to_contain_text("Ваш друг останется ждать, а это место уже не вернуть.")
    expect(room.get_by_role("button", name="Оставить")).to_be_focused()
    expect(room.get_by_role("button", name="Забыть", exact=True)).to_have_attribute(
        "aria-expanded", "true"
    )
    play_pages.picture(guest, "your-games-forget-question-ru-360.png")
    guest.keyboard.press("Enter")  # a second Enter keeps the game
    expect(question).to_be_hidden()
    expect(room.get_by_role("button", name="Забыть", exact=True)).to_be_focused()
    guest.reload()
    expect(your_games(guest)).to_have_count(2)

    room = your_games(guest).filter(has_text="С другом")
    room.get_by_role("button", name="Забыть", exact=True).click()
    room.get_by_role("button", name="Забыть партию").click()

    expect(your_games(guest)).to_have_count(1)
    expect(guest.locator("#your-games-said")).to_have_text("Партия забыта.")
    expect(your_games(guest).get_by_role("button", name="Забыть", exact=True)).to_be_focused()
    assert [
        k for k in guest.evaluate("() => Object.keys(localStorage)") if k.startswith("rooms:")
    ] == []


def test_a_finished_game_goes_at_once_and_forget_finished_games_keeps_the_rest(new_page) -> None:
    from tests.e2e.test_replay import finished_game

    page = new_page()
    for slug in ("tarot", "tiles"):
        play_pages.save_token(page, f"play:{slug}:computer:token", finished_game(slug))
    start_a_computer_game(page, "cards")
    page.goto("/")
    expect(your_games(page)).to_have_count(3)
    finished = your_games(page).filter(has_text="Round over")
    expect(finished).to_have_count(2)

    finished.first.get_by_role("button", name="Forget", exact=True).click()  # no question
    expect(your_games(page)).to_have_count(2)
    page.get_by_role("button", name="Forget finished games").click()

    expect(your_games(page)).to_have_count(1)
    expect(your_games(page)).to_contain_text("Rummy · Against the computer")
    expect(page.locator("#your-games-said")).to_have_text("Finished games forgotten.")
    expect(your_games(page).get_by_role("button", name="Forget", exact=True)).to_be_focused()
    expect(page.get_by_role("button", name="Forget finished games")).to_have_count(0)
    kept = page.evaluate("() => Object.keys(localStorage)")
    assert [k for k in kept if k.startswith(("play:tarot:", "play:tiles:"))] == []
    assert "play:cards:computer:token" in kept


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_list_fits_a_phone_and_a_desktop_in_every_language(
    new_page, screen: str, language: str
) -> None:
    page = new_page(**SCREENS[screen], extra_http_headers={"Accept-Language": language})
    page.goto("/tiles/friend/")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/r/*/")
    start_a_computer_game(page, "cards")
    start_a_computer_game(page, "tarot")

    page.goto("/")

    expect(your_games(page)).to_have_count(3)
    for forget in page.locator("#your-games [data-forget]").all():
        forget.click()  # each line's question, open
    expect(page.locator("#your-games .your-game-confirm:visible")).to_have_count(3)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    for button in page.locator("#your-games .button:visible").all():
        inside_viewport_across(page, button.bounding_box())
    play_pages.picture(page, f"your-games-{screen}-{language}.png")


def inside_viewport_across(page: Page, box: dict[str, float] | None) -> None:
    size = page.viewport_size
    assert box is not None
    assert size is not None
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= size["width"], (box, size)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_list_has_no_accessibility_violations(new_page, scheme: str) -> None:
    page = new_page(**SCREENS["phone"], color_scheme=scheme)
    play_pages.open_room(page, "tiles")
    start_a_computer_game(page, "cards")
    page.goto("/")
    expect(your_games(page)).to_have_count(2)
    your_games(page).first.get_by_role("button", name="Forget", exact=True).click()
    expect(page.locator(".your-game-confirm:visible")).to_have_count(1)  # its question too

    found = Axe().run(page).response["violations"]

    assert [f"{v['id']}: {[n['target'] for n in v['nodes']]}" for v in found] == []
