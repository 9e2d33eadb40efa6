"""Rummy's move events in words (issue 56; Game.narrate): one whole sentence or two per
event (cards/events.py), in the active language, for the seat the page is for (None: a
watcher) in the board's mode. Seats are named as the board names them (rooms.phrases:
each sentence written whole for you, the computer, your friend and Player N) and cards
as the board's spoken labels say them (cards_board.card_name: "6 of hearts", "шестёрка
червей"; in Russian after a colon, so that no name needs declining).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import get_language, gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from cards.state import TURN_LIMIT
from cards.templatetags.cards_board import card_name, shown_cards
from gamekit.events import HIDDEN, Event
from gamekit.memo import memoized
from rooms.phrases import SeatPhrase
from rooms.score_words import MATCH  # the match's totals, as the result says them

DREW_CARD = SeatPhrase(
    you=_("You drew the %(card)s."),
    computer=_("The computer drew the %(card)s."),
    friend=_("Your friend drew the %(card)s."),
    player=_("Player %(number)s drew the %(card)s."),
)
DREW_HIDDEN = SeatPhrase(
    you=_("You drew a card from the stock."),
    computer=_("The computer drew a card from the stock."),
    friend=_("Your friend drew a card from the stock."),
    player=_("Player %(number)s drew a card from the stock."),
)
TOOK = SeatPhrase(
    you=_("You took the %(card)s from the discard pile."),
    computer=_("The computer took the %(card)s from the discard pile."),
    friend=_("Your friend took the %(card)s from the discard pile."),
    player=_("Player %(number)s took the %(card)s from the discard pile."),
)
MELDED_SET = SeatPhrase(
    you=_("You melded a set: %(cards)s (meld %(meld)s)."),
    computer=_("The computer melded a set: %(cards)s (meld %(meld)s)."),
    friend=_("Your friend melded a set: %(cards)s (meld %(meld)s)."),
    player=_("Player %(number)s melded a set: %(cards)s (meld %(meld)s)."),
)
MELDED_RUN = SeatPhrase(
    you=_("You melded a run: %(cards)s (meld %(meld)s)."),
    computer=_("The computer melded a run: %(cards)s (meld %(meld)s)."),
    friend=_("Your friend melded a run: %(cards)s (meld %(meld)s)."),
    player=_("Player %(number)s melded a run: %(cards)s (meld %(meld)s)."),
)
LAID_OFF = SeatPhrase(
    you=ngettext_lazy(
        "You laid off the %(cards)s on meld %(meld)s.",
        "You laid off %(counter)s cards on meld %(meld)s: %(cards)s.",
        "counter",
    ),
    computer=ngettext_lazy(
        "The computer laid off the %(cards)s on meld %(meld)s.",
        "The computer laid off %(counter)s cards on meld %(meld)s: %(cards)s.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend laid off the %(cards)s on meld %(meld)s.",
        "Your friend laid off %(counter)s cards on meld %(meld)s: %(cards)s.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s laid off the %(cards)s on meld %(meld)s.",
        "Player %(number)s laid off %(counter)s cards on meld %(meld)s: %(cards)s.",
        "counter",
    ),
)
DISCARDED = SeatPhrase(
    you=_("You discarded the %(card)s."),
    computer=_("The computer discarded the %(card)s."),
    friend=_("Your friend discarded the %(card)s."),
    player=_("Player %(number)s discarded the %(card)s."),
)
WENT_OUT = SeatPhrase(
    you=ngettext_lazy(
        "You went out and won the deal: %(counter)s point.",
        "You went out and won the deal: %(counter)s points.",
        "counter",
    ),
    computer=ngettext_lazy(
        "The computer went out and won the deal: %(counter)s point.",
        "The computer went out and won the deal: %(counter)s points.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend went out and won the deal: %(counter)s point.",
        "Your friend went out and won the deal: %(counter)s points.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s went out and won the deal: %(counter)s point.",
        "Player %(number)s went out and won the deal: %(counter)s points.",
        "counter",
    ),
)
MATCH_WON = SeatPhrase(
    you=_("You won the match, %(won)s to %(lost)s."),
    computer=_("The computer won the match, %(won)s to %(lost)s."),
    friend=_("Your friend won the match, %(won)s to %(lost)s."),
    player=_("Player %(number)s won the match, %(won)s to %(lost)s."),
)


def _draw(event: Event, viewer: int | None, mode: str) -> str:
    code = event["pieces"][0]
    if code == HIDDEN:
        return DREW_HIDDEN.text(event["seat"], viewer, mode)
    return DREW_CARD.text(event["seat"], viewer, mode, card=card_name(code))


def _take(event: Event, viewer: int | None, mode: str) -> str:
    took = TOOK.text(event["seat"], viewer, mode, card=card_name(event["pieces"][0]))
    if event["facts"]["stock_empty"]:
        empty = gettext("The stock is empty.")  # outside the f-string: xgettext finds it
        return f"{empty} {took}"
    return took


def _reshuffle(event: Event, viewer: int | None, mode: str) -> str:
    count = event["facts"]["count"]
    return ngettext(
        "The discard pile, except its top card, was shuffled into a new stock: %(counter)s card.",
        "The discard pile, except its top card, was shuffled into a new stock: %(counter)s cards.",
        count,
    ) % {"counter": count}


def _meld(event: Event, viewer: int | None, mode: str) -> str:
    phrase = MELDED_RUN if event["facts"]["run"] else MELDED_SET
    cards = shown_cards(event["pieces"], spoken=True)
    return phrase.text(event["seat"], viewer, mode, cards=cards, meld=event["facts"]["meld"])


def _lay_off(event: Event, viewer: int | None, mode: str) -> str:
    pieces = event["pieces"]
    return LAID_OFF.text(
        event["seat"],
        viewer,
        mode,
        counter=len(pieces),
        cards=shown_cards(pieces, spoken=True),
        meld=event["facts"]["meld"],
    )


def _discard(event: Event, viewer: int | None, mode: str) -> str:
    return DISCARDED.text(event["seat"], viewer, mode, card=card_name(event["pieces"][0]))


def _seats(viewer: int | None) -> tuple[int, int]:
    """The seats in the order a sentence about both names them: the viewer's first."""
    return (viewer, 3 - viewer) if viewer in (1, 2) else (1, 2)  # type: ignore[return-value]


def _deal_over(event: Event, viewer: int | None, mode: str) -> str:
    facts = event["facts"]
    winner = facts["winner"]
    if winner is None:
        said = [
            gettext("%(limit)s turns without going out: the deal is drawn, no points.")
            % {"limit": TURN_LIMIT}
        ]
    else:
        points = facts["scores"][str(winner)]
        said = [WENT_OUT.text(winner, viewer, mode, counter=points)]
    if not facts["match_over"]:  # else the match's end says the score
        match = facts["match"]
        said.extend(
            MATCH.text(who, viewer, mode, counter=match[str(who)]) for who in _seats(viewer)
        )
    return " ".join(said)


def _match_over(event: Event, viewer: int | None, mode: str) -> str:
    facts = event["facts"]
    winner = facts["winner"]
    won, lost = facts["match"][str(winner)], facts["match"][str(3 - winner)]
    return MATCH_WON.text(winner, viewer, mode, won=won, lost=lost)


SAYS: dict[str, Callable[[Event, int | None, str], str]] = {
    "draw": _draw,
    "take": _take,
    "reshuffle": _reshuffle,
    "meld": _meld,
    "lay_off": _lay_off,
    "discard": _discard,
    "deal_over": _deal_over,
    "match_over": _match_over,
}


class _Seats(tuple):
    """A fact's per-seat dict, frozen for the cache's key."""


def narrate(event: Event | dict[str, Any], viewer: int | None, mode: str) -> str:
    """The event (as `view` shows it to `viewer`) in words, in the active language."""
    facts = tuple(
        (key, _Seats(value.items()) if isinstance(value, dict) else value)
        for key, value in event["facts"].items()
    )
    return _said(
        event["kind"], event["seat"], tuple(event["pieces"]), facts, viewer, mode, get_language()
    )


@memoized("cards.narration.said", 4096)
def _said(
    kind: str,
    seat: int,
    pieces: tuple[str, ...],
    facts: tuple[tuple[str, Any], ...],
    viewer: int | None,
    mode: str,
    language: str | None,
) -> str:
    """narrate's sentence, made once per event, viewer, mode and language (the cache
    key): a board says every kept event again on each render, for every seat."""
    event: Any = {
        "kind": kind,
        "seat": seat,
        "pieces": list(pieces),
        "facts": {key: dict(value) if isinstance(value, _Seats) else value for key, value in facts},
    }
    return SAYS[kind](event, viewer, mode)
