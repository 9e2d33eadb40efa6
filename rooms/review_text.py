"""A review's messages (gamekit/review.py) in the active language: the English msgid
with its params, and for a count its plural form, translated when shown. A game names
its own params (a card's name) through `names`; a note as a whole is drawn by the game's
`<slug>/review_note.html` (or rooms')."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.template.loader import select_template
from django.utils.translation import gettext, ngettext


def say(message: dict[str, Any], **names: Callable[[Any], str]) -> str:
    params = dict(message.get("params") or {})
    for key, name in names.items():
        if key in params:
            params[key] = name(params[key])
    if message.get("plural"):
        text = ngettext(message["id"], message["plural"], int(message["n"]))
    else:
        text = gettext(message["id"])
    return text % params if params else text


def note_html(game: Any, note: dict[str, Any]) -> str:
    """A review's note in the active language, drawn by the game's template."""
    template = select_template([f"{game.slug}/review_note.html", "rooms/review_note.html"])
    return template.render({"note": note, "game": game})
