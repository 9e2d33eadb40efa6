"""The four tile colours read at 4.5:1 or more on every shade of the tile's face, light
and dark (tiles/static/tiles/faces.css and the face's gradient in board.css), and each
has its own mark, so that no colour is told by hue alone (issue 45)."""

from __future__ import annotations

import re
from pathlib import Path

from tiles.markup import COLOURS

STATIC = Path(__file__).resolve().parents[2] / "tiles" / "static" / "tiles"


def luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, two: str) -> float:
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def variables(css: str) -> dict[str, list[str]]:
    """Each custom property's values, in the order the file gives them (light, dark)."""
    found: dict[str, list[str]] = {}
    for name, value in re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", css):
        found.setdefault(name, []).append(value.lower())
    return found


def test_every_tile_colour_has_a_contrast_of_at_least_4_5_on_every_shade_of_the_face():
    faces = variables((STATIC / "faces.css").read_text())
    gradient = re.search(
        r"\.tile \{.*?background: linear-gradient\(([^;]+)\);",
        (STATIC / "board.css").read_text(),
        re.S,
    )
    assert gradient
    shades = re.findall(r"#[0-9a-fA-F]{6}", gradient[1]) + faces["--tile-face"]
    assert len(shades) >= 4  # the gradient's two ends, the face light and dark
    inks = [faces[f"--c-{name}"][0] for name, _spoken, _mark in COLOURS.values()]
    low = {(ink, shade): round(contrast(ink, shade), 2) for ink in inks for shade in shades}
    assert min(low.values()) >= 4.5, low


def test_each_tile_colour_has_a_mark_of_its_own():
    marks = [mark for _name, _spoken, mark in COLOURS.values()]
    assert len(set(marks)) == 4
    assert all(mark.strip() for mark in marks)
