"""Tile rummy's draft heard as a blind player uses it (issue 56): each key that changes
the table (N a new set, A add, R reset, H the hint's table, U undo) is said by the page's
live region in a whole sentence, in the page's language, with the reason of a set that
becomes invalid or changes its reason; after each, the focus stays on the rack, never on
<body>. Against the computer, and online (two browsers on the room's socket)."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.announcing import LANGUAGES, said
from tests.e2e.play_pages import open_room, save_token
from tests.e2e.tiles_pages import position_token, wait_for_draft

pytestmark = pytest.mark.e2e

TABLE = [["K1", "K2", "K3"]]
MINE = ["R7", "B7", "K7", "O3", "O4", "O5", "R9", "B12", "O12", "R1", "B2", "K11", "O9"]
THEIRS = ["R4", "R8", "R12", "O7", "O11", "B3", "B6", "B10", "K6", "K10", "R2", "O2", "B5"]


def press(page: Page, key: str, tile: str = "") -> list[str]:
    """Space on the rack's `tile` (if any), then `key`: the lines said for it."""
    rack = page.locator("#board .tiles-rack")
    if tile:
        rack.locator(f'.tile[data-code="{tile}"]').focus()
        page.keyboard.press("Space")
    before = len(said(page))
    page.keyboard.press(key)
    wait_for_draft(page)
    page.wait_for_function(
        "count => document.querySelectorAll('#play-announce p').length > count", arg=before
    )
    page.wait_for_timeout(100)  # the rest of the same answer
    return said(page)[before:]


def focus_in(page: Page, selector: str) -> bool:
    return page.evaluate("s => Boolean(document.activeElement.closest(s))", selector)


def words_of(language: str, text: str, **values) -> str:
    from django.utils.translation import gettext

    with translation.override(language):
        return gettext(text) % values


def set_too_short(language: str, number: int) -> str:
    return words_of(language, "Set %(set)s is too short: a set needs at least 3 tiles.", set=number)


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_against_the_computer_each_draft_key_is_said_and_the_focus_stays_on_the_rack(
    new_page, language: str
) -> None:
    from tiles.markup import label

    def name(code: str) -> str:
        with translation.override(language):
            return label(code, language)

    page = new_page(locale=LANGUAGES[language])
    save_token(page, "play:tiles:computer:token", position_token(MINE, THEIRS, TABLE))
    page.goto("/tiles/computer/")
    page.locator("#board .tiles-rack .tile").first.wait_for()

    # N: a new set of one tile, too short, and said so.
    new_set = words_of(language, "New set %(number)s with %(tiles)s.", number=2, tiles=name("R7"))
    assert press(page, "n", tile="R7")[:1] == [f"{new_set} {set_too_short(language, 2)}"]
    assert focus_in(page, ".tiles-rack")
    # A, the new set last used: added, still too short (not said again).
    page.locator('#board .tile-set[data-set="1"] .tile').first.focus()
    lines = press(page, "a", tile="B7")
    assert lines[:1] == [
        words_of(language, "Added %(tiles)s to set %(number)s.", tiles=name("B7"), number=2)
    ]
    assert not any(set_too_short(language, 2) in line for line in lines)
    assert focus_in(page, ".tiles-rack")
    # A with a tile of another number: the set's reason is new, and said.
    page.locator('#board .tile-set[data-set="1"] .tile').first.focus()
    lines = press(page, "a", tile="O3")
    assert lines[0].startswith(
        words_of(language, "Added %(tiles)s to set %(number)s.", tiles=name("O3"), number=2)
    )
    reason = page.locator('#board .tile-set[data-set="1"] .set-problem').inner_text()
    assert lines[0].endswith(reason.replace("⚠", "").strip())
    assert focus_in(page, ".tiles-rack")
    # R: the table as it was.
    assert press(page, "r")[:1] == [words_of(language, "The table is back as it was.")]
    assert focus_in(page, "#board")
    # H: the hint's table, the tiles it placed and the sets it made.
    page.locator("#board .tiles-rack .tile").first.focus()
    hint = press(page, "h")[0]
    with translation.override(language):
        placed = translation.ngettext(
            "The hint placed %(counter)s tile: %(tiles)s.",
            "The hint placed %(counter)s tiles: %(tiles)s.",
            2,
        ).split("%(counter)s")[0]
    assert hint.startswith(placed), hint
    assert (
        words_of(language, "Set %(number)s is now %(tiles)s.", number=2, tiles="")
        .rstrip(".")
        .strip()
        in hint
    )
    assert focus_in(page, "#board")
    # U: the hint taken back.
    assert press(page, "u")[:1] == [words_of(language, "The last change is undone.")]
    assert focus_in(page, "#board")
    # A reload restores the draft and says nothing of it.
    press(page, "n", tile="R7")
    page.reload()
    page.locator("#board .tile-set").nth(1).wait_for()
    wait_for_draft(page)
    page.wait_for_timeout(300)
    assert not any(line.startswith(new_set) for line in said(page))


def test_online_the_guests_draft_is_said_in_the_guests_language(new_page) -> None:
    host = new_page(locale="en-GB")
    open_room(host, "tiles")
    guest = new_page(locale="pt-PT")
    guest.goto(host.url)
    guest.locator("#board .tiles-rack .tile").first.wait_for()
    host.locator('#board [data-action="draw"]').click()
    expect(guest.locator('#board [data-action="new-set"]')).to_be_visible()
    code = guest.locator("#board .tiles-rack .tile").first.get_attribute("data-code") or ""
    from tiles.markup import label

    with translation.override("pt"):
        tile = label(code, "pt")
    lines = press(guest, "n", tile=code)
    assert lines[0].startswith(f"Nova combinação 1 com {tile}."), lines
    assert focus_in(guest, ".tiles-rack")
