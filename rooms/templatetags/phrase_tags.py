"""A game's sentences that name a seat (rooms.phrases.SeatPhrase) as template tags.

Not a tag library of its own: a game's board library starts from it,

    register = phrase_tags(phrases)  # the game's phrases module

and each SeatPhrase there becomes a tag named after it in lower case: MELDS_HEADING is
`{% melds_heading who seat mode %}`, further keyword arguments fill the sentence's other
placeholders. One name for the sentence and its tag, and no list of them to keep.
"""

from __future__ import annotations

from types import ModuleType

from django import template

from rooms.phrases import SeatPhrase


def phrase_tags(phrases: ModuleType) -> template.Library:
    """A new tag library holding every SeatPhrase of the `phrases` module."""
    register = template.Library()
    for name, phrase in vars(phrases).items():
        if isinstance(phrase, SeatPhrase):
            register.simple_tag(phrase.as_tag(), name=name.lower())
    return register
