"""A message never moves or shrinks the board, in any game, on a phone: a refused move,
the hint's advice and the friend leaving an online room ("waiting for Player 2") lie
over the page, and the board's top, its height and the table's height stay as they
were."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import cards_pages, play_pages, tarot_pages, tiles_pages
from tests.e2e.test_tiles_fits_screen import SCREENS

pytestmark = pytest.mark.e2e

TABLES = {"tiles": ".tiles-table", "cards": ".cards-table", "tarot": ".tarot-table"}
BARS = {"tiles": ".tiles-actions", "cards": ".cards-actions", "tarot": ".tarot-actions"}


def saved_position(game: str) -> str:
    """A crowded board against the computer, the player to move."""
    if game == "tiles":
        return tiles_pages.big_position_token()
    if game == "cards":
        return cards_pages.sealed(cards_pages.crowded())
    return tarot_pages.seal_round(9)


def geometry(page: Page, game: str) -> dict[str, float]:
    board = page.locator("#board").bounding_box()
    table = page.locator(TABLES[game]).bounding_box()
    assert board is not None
    assert table is not None
    return {
        "board top": board["y"],
        "board height": board["height"],
        "table height": table["height"],
    }


def the_message_covers_none_of_the_board(page: Page, selector: str) -> None:
    message = page.locator(selector).bounding_box()
    board = page.locator("#board").bounding_box()
    assert message is not None
    assert board is not None
    assert message["y"] + message["height"] <= board["y"] + 1, (message, board)
    assert message["y"] >= 0, message


@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
@pytest.mark.parametrize("screen", ["small-phone", "phone"])
def test_a_refused_move_leaves_the_board_where_it_was(new_page, screen: str, game: str) -> None:
    page = new_page(**SCREENS[screen])
    play_pages.save_token(page, f"play:{game}:computer:token", saved_position(game))
    page.goto(f"/{game}/computer/")
    page.locator(BARS[game]).wait_for()
    before = geometry(page, game)

    # A move the server refuses (as a stale or tampered page would send).
    page.evaluate("() => Play.send({type: 'no such move'}).catch(() => {})")
    message = page.locator("#play-message")
    expect(message).not_to_be_empty()
    expect(message).to_be_visible()
    play_pages.picture(page, f"refused-{game}-{screen}")
    assert geometry(page, game) == before
    the_message_covers_none_of_the_board(page, "#play-message")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")

    # A tap puts the message away; the board is still where it was.
    message.click()
    expect(message).to_be_hidden()
    assert geometry(page, game) == before


def hint_position(game: str) -> str:
    """As saved_position, but for tile rummy a rack that cannot open: the hint's answer is
    then a message (draw a tile), not tiles on the table."""
    if game == "tiles":
        mine = ["K1", "B5", "O9", "R13", "K3", "B7", "O11", "R2"]
        return tiles_pages.position_token(mine, ["K13", "B13", "O13"], [])
    return saved_position(game)


@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
@pytest.mark.parametrize("screen", ["small-phone", "phone"])
def test_the_hint_leaves_the_board_where_it_was(new_page, screen: str, game: str) -> None:
    page = new_page(**SCREENS[screen])
    play_pages.save_token(page, f"play:{game}:computer:token", hint_position(game))
    page.goto(f"/{game}/computer/")
    page.locator(BARS[game]).wait_for()
    before = geometry(page, game)

    page.get_by_role("button", name="Hint").click()
    message = page.locator(".board-message")
    expect(message).to_be_visible()
    expect(message).not_to_be_empty()
    play_pages.picture(page, f"hint-{game}-{screen}")
    assert geometry(page, game) == before
    the_message_covers_none_of_the_board(page, ".board-message")

    message.click()
    expect(message).to_be_hidden()
    assert geometry(page, game) == before


# Every game and language on the narrowest screen, where the longer lines wrap first;
# every game on the phone in Portuguese, whose lines are the longest.
@pytest.mark.parametrize(
    ("screen", "language"),
    [("small-phone", "en"), ("small-phone", "ru"), ("small-phone", "pt"), ("phone", "pt")],
)
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_the_friend_leaving_leaves_the_board_where_it_was(
    new_page, screen: str, game: str, language: str
) -> None:
    # Russian and Portuguese say more on the presence line and in the invite.
    options = {**SCREENS[screen], "extra_http_headers": {"Accept-Language": language}}
    host = new_page(**options)
    host.goto(f"/{game}/friend/")
    host.locator("main form button.button-primary").click()
    host.wait_for_url("**/r/*/")
    guest = new_page(**options)
    guest.goto(host.locator("#play-invite-link").input_value())
    expect(host.locator("#play-invite")).to_be_hidden()
    host.locator(BARS[game]).wait_for()
    before = geometry(host, game)

    guest.close()
    expect(host.locator("#play-presence")).to_contain_text("…")  # waiting for your friend…
    # The room is full even while the friend is away: no invite comes back.
    expect(host.locator("#play-invite")).to_be_hidden()
    assert host.evaluate("Play.context.waiting") is True
    play_pages.picture(host, f"left-{game}-{screen}-{language}")
    assert geometry(host, game) == before
    assert host.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
