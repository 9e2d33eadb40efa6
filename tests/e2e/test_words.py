"""The words a player reads once, and the marks a player sees (issue 55, item 12): a
refusal said once, not in the board's message and its step line at the same time, and
a tile's keyboard focus ring that stands out from the tile and the table."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.cards_pages import mid_game, open_saved_game, wait_until_idle
from tests.e2e.tiles_pages import big_position_token
from tests.e2e.tiles_pages import open_saved_game as open_saved_game_of_tiles

pytestmark = pytest.mark.e2e

KEY = "play:tiles:computer:token"
PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}

# The visible elements whose own text holds `phrase` (hidden ones and ancestors left out).
SHOWN_WITH = """phrase => [...document.querySelectorAll("#board *")].filter(element =>
  element.checkVisibility() && [...element.childNodes].some(node =>
    node.nodeType === Node.TEXT_NODE && node.textContent.includes(phrase))).length"""


def test_the_reason_a_card_just_taken_cannot_be_discarded_is_shown_once(new_page) -> None:
    page = new_page(**PHONE)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Take the king of clubs").tap()
    wait_until_idle(page)
    page.locator('.cards-hand .card[data-code="KC"]').tap()

    page.get_by_role("button", name="Discard", exact=True).tap(force=True)

    phrase = "cannot be discarded this turn"
    expect(page.locator(".cards-message")).to_contain_text(phrase)
    if os.environ.get("WORDS_PICTURES"):
        page.screenshot(path=f"{os.environ['WORDS_PICTURES']}/refusal-once.png")
    assert page.evaluate(SHOWN_WITH, phrase) == 1


def luminance(rgb: tuple[float, ...]) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: tuple[float, ...], two: tuple[float, ...]) -> float:
    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colours(text: str) -> list[tuple[float, ...]]:
    """Every rgb()/rgba() colour of a computed value, in order."""
    found = re.findall(r"rgba?\(([^)]*)\)", text)
    return [tuple(float(v) for v in re.split(r"[ ,/]+", each.strip()) if v) for each in found]


# The focused tile's ring (outline), its halo (box-shadow) and what they lie on: the
# tile's face (its gradient's colours), the table's felt and the rack's wood.
RING = """() => {
  const tile = document.activeElement, style = getComputedStyle(tile);
  const felt = getComputedStyle(document.querySelector("#board .board-felt"));
  const rack = getComputedStyle(document.querySelector("#board .tiles-rack"));
  return {code: tile.dataset.code || "", outline: style.outlineStyle + " " + style.outlineWidth,
          ring: style.outlineColor, offset: style.outlineOffset, halo: style.boxShadow,
          face: style.backgroundImage, felt: felt.backgroundColor + " " + felt.backgroundImage,
          rack: rack.backgroundImage};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_focused_tile_has_a_ring_that_stands_out_from_the_tile_and_the_table(
    new_page, scheme: str
) -> None:
    page = new_page(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    open_saved_game_of_tiles(page, "/tiles/computer/", KEY, big_position_token())
    for place in (".tiles-rack", ".tiles-table"):
        page.locator(f"#board {place} button.tile").first.focus()
        page.keyboard.press("ArrowRight")  # the keyboard's focus, as a player's
        page.wait_for_timeout(400)  # the tile's shadow eases in (a 0.12s transition)
        found = page.evaluate(RING)
        assert found["code"], place
        style, width = found["outline"].split()
        assert style == "solid", found
        assert float(width.removesuffix("px")) >= 2, found
        ring = colours(found["ring"])[0]
        # The ring touches the tile (no offset): 3:1 against every shade of its face.
        for face in colours(found["face"]):
            assert contrast(ring, face) >= 3, (place, scheme, found)
        assert float(found["offset"].removesuffix("px")) <= 0, found
        # The halo beyond the ring touches the felt or the rack: 3:1 against them, and at
        # least 2px wide past the ring.
        halo_colour = colours(found["halo"])[0]
        spread = [float(v) for v in re.findall(r"(-?[\d.]+)px", found["halo"])[:4]][-1]
        assert spread - float(width.removesuffix("px")) >= 2, found
        for ground in colours(found["felt"]) + colours(found["rack"]):
            if len(ground) > 3 and ground[3] < 0.5:
                continue  # a see-through layer of the felt's gradient
            assert contrast(halo_colour, ground) >= 3, (place, scheme, found)
        if os.environ.get("WORDS_PICTURES"):
            name = f"tile-focus-{place.strip('.')}-{scheme}.png"
            page.screenshot(path=f"{os.environ['WORDS_PICTURES']}/{name}")
