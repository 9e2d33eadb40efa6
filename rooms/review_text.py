"""A review's messages (gamekit/review.py) in the active language: the English msgid
with its params, and for a count its plural form, translated when shown. A game names
its own params (a card's name) through `names`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
