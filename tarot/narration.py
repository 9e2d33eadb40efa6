"""The Tarot duel's move events said in words (Game.narrate; docs/games.md, "The Tarot
duel's events"): `narrate(event, viewer, mode)`, whole sentences in the active language
naming each seat as the board does (rooms.phrases.SeatPhrase) and each card as its
spoken label does (tarot_board.card_name), with the article a sentence needs ("the king
of clubs", "o rei de paus", "a dama de copas"). Russian names a card after a colon, so
that no name needs declining ("Компьютер сыграл: король треф.").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy, pgettext

from gamekit.events import Event
from rooms.phrases import SeatPhrase, seat_case
from tarot import events
from tarot.cards import EXCUSE
from tarot.phrases import PETIT_BONUS
from tarot.templatetags.tarot_board import card_name, points, signed

LED = SeatPhrase(
    you=_("You led %(card)s."),
    computer=_("The computer led %(card)s."),
    friend=_("Your friend led %(card)s."),
    player=_("Player %(number)s led %(card)s."),
)
LED_FROM_STACK = SeatPhrase(
    you=_("You led %(card)s from stack %(stack)s."),
    computer=_("The computer led %(card)s from stack %(stack)s."),
    friend=_("Your friend led %(card)s from stack %(stack)s."),
    player=_("Player %(number)s led %(card)s from stack %(stack)s."),
)
PLAYED = SeatPhrase(
    you=_("You played %(card)s."),
    computer=_("The computer played %(card)s."),
    friend=_("Your friend played %(card)s."),
    player=_("Player %(number)s played %(card)s."),
)
PLAYED_FROM_STACK = SeatPhrase(
    you=_("You played %(card)s from stack %(stack)s."),
    computer=_("The computer played %(card)s from stack %(stack)s."),
    friend=_("Your friend played %(card)s from stack %(stack)s."),
    player=_("Player %(number)s played %(card)s from stack %(stack)s."),
)
TURNED_UP = SeatPhrase(
    you=_("Turned up on your stack %(stack)s: %(card)s."),
    computer=_("Turned up on the computer's stack %(stack)s: %(card)s."),
    friend=_("Turned up on your friend's stack %(stack)s: %(card)s."),
    player=_("Turned up on Player %(number)s's stack %(stack)s: %(card)s."),
)
WON_TRICK = SeatPhrase(
    you=_("You won the trick with %(card)s (%(points)s)."),
    computer=_("The computer won the trick with %(card)s (%(points)s)."),
    friend=_("Your friend won the trick with %(card)s (%(points)s)."),
    player=_("Player %(number)s won the trick with %(card)s (%(points)s)."),
)
WON_LAST_TRICK = SeatPhrase(
    you=_("You won the last trick with %(card)s (%(points)s)."),
    computer=_("The computer won the last trick with %(card)s (%(points)s)."),
    friend=_("Your friend won the last trick with %(card)s (%(points)s)."),
    player=_("Player %(number)s won the last trick with %(card)s (%(points)s)."),
)
# Two seats in one sentence: by the giver's case and, for "you", the receiver's.
EXCUSE_KEPT = {
    ("you", "computer"): _("You keep the Excuse and give the computer half a point."),
    ("computer", "you"): _("The computer keeps the Excuse and gives you half a point."),
    ("you", "friend"): _("You keep the Excuse and give your friend half a point."),
    ("friend", "you"): _("Your friend keeps the Excuse and gives you half a point."),
    ("player", "player"): _(
        "Player %(number)s keeps the Excuse and gives Player %(other)s half a point."
    ),
}
ROUND_WON = SeatPhrase(
    you=_("You won the round."),
    computer=_("The computer won the round."),
    friend=_("Your friend won the round."),
    player=_("Player %(number)s won the round."),
)
ROUND_DRAWN = _("A drawn round: neither player reached their threshold.")
TOOK = SeatPhrase(
    you=ngettext_lazy(
        "You took %(points)s and %(counter)s oudler (%(threshold)s needed): "
        "your score is %(score)s.",
        "You took %(points)s and %(counter)s oudlers (%(threshold)s needed): "
        "your score is %(score)s.",
        "counter",
    ),
    computer=ngettext_lazy(
        "The computer took %(points)s and %(counter)s oudler (%(threshold)s needed): "
        "its score is %(score)s.",
        "The computer took %(points)s and %(counter)s oudlers (%(threshold)s needed): "
        "its score is %(score)s.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend took %(points)s and %(counter)s oudler (%(threshold)s needed): "
        "their score is %(score)s.",
        "Your friend took %(points)s and %(counter)s oudlers (%(threshold)s needed): "
        "their score is %(score)s.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s took %(points)s and %(counter)s oudler (%(threshold)s "
        "needed): their score is %(score)s.",
        "Player %(number)s took %(points)s and %(counter)s oudlers (%(threshold)s "
        "needed): their score is %(score)s.",
        "counter",
    ),
)


def the_card(code: str) -> str:
    """The card as a sentence names it after a verb: its spoken label with the article
    the language puts there ("the king of clubs", "trump 14", "the Excuse")."""
    name = card_name(code)
    if code == EXCUSE:
        return name  # the label has its article: "the Excuse", "a Desculpa"
    if code[0] == "T":
        return pgettext("a trump named after a verb", "%(card)s") % {"card": name}
    if code[1:] == "Q":  # a queen: "a dama" in Portuguese
        return pgettext("a queen named after a verb", "the %(card)s") % {"card": name}
    return pgettext("a suit card named after a verb", "the %(card)s") % {"card": name}


def points_words(value: int | float) -> str:
    """Points with their noun: "1 point", "5 points", "4.5 points" ("4,5 очка")."""
    if float(value).is_integer():
        count = int(value)
        return ngettext("%(count)s point", "%(count)s points", count) % {"count": count}
    return pgettext("points ending in a half", "%(points)s points") % {"points": points(value)}


def _play(one: Event, viewer: int | None, mode: str) -> str:
    source = one["source"]
    card = the_card(one["pieces"][0])
    lead = one["facts"].get("lead")
    if source.startswith("stack-"):
        phrase = LED_FROM_STACK if lead else PLAYED_FROM_STACK
        return phrase.text(one["seat"], viewer, mode, card=card, stack=source.rsplit("-", 1)[1])
    return (LED if lead else PLAYED).text(one["seat"], viewer, mode, card=card)


def _trick_won(one: Event, viewer: int | None, mode: str) -> str:
    facts = one["facts"]
    phrase = WON_LAST_TRICK if facts.get("last") else WON_TRICK
    return phrase.text(
        facts["winner"],
        viewer,
        mode,
        card=the_card(facts["card"]),
        points=points_words(facts["points"]),
    )


def _excuse(one: Event, viewer: int | None, mode: str) -> str:
    giver, receiver = one["facts"]["giver"], one["facts"]["receiver"]
    cases = (seat_case(giver, viewer, mode), seat_case(receiver, viewer, mode))
    phrase = EXCUSE_KEPT.get(cases, EXCUSE_KEPT["player", "player"])  # a watcher of any mode
    return str(phrase % {"number": giver, "other": receiver})


def _round_over(one: Event, viewer: int | None, mode: str) -> str:
    facts = one["facts"]
    winner = facts["winner"]
    said = [ROUND_WON.text(winner, viewer, mode) if winner else str(ROUND_DRAWN)]
    order = (viewer, 3 - viewer) if viewer in (1, 2) else (1, 2)
    for seat in order:
        key = str(seat)
        said.append(
            TOOK.text(
                seat,
                viewer,
                mode,
                points=points_words(facts["points"][key]),
                counter=facts["oudlers"][key],
                threshold=facts["thresholds"][key],
                score=signed(facts["scores"][key]),
            )
        )
    if facts.get("petit_taker"):
        said.append(PETIT_BONUS.text(facts["petit_taker"], viewer, mode))
    return " ".join(said)


def _turned_up(one: Event, viewer: int | None, mode: str) -> str:
    facts = one["facts"]
    card = the_card(one["pieces"][0])
    return TURNED_UP.text(facts["owner"], viewer, mode, stack=facts["stack"], card=card)


SAY = {
    events.PLAY: _play,
    events.TURNED_UP: _turned_up,
    events.TRICK_WON: _trick_won,
    events.EXCUSE_RETURNED: _excuse,
    events.ROUND_OVER: _round_over,
}


def narrate(event: Event | dict[str, Any], viewer: int | None, mode: str) -> str:
    """The event in whole sentences for the page of `viewer` (None: a watcher)."""
    return SAY[event["kind"]](event, viewer, mode)  # type: ignore[arg-type]
