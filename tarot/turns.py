"""Playing a card: which cards are legal, why another is refused, and the trick.

Refusals never leak: a card hidden from the player (the opponent's hand, any face-down
card) gets one answer wherever it lies ("face_down").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from gamekit.engine import Action, IllegalAction, Seat, gettext_noop
from gamekit.seats import SEATS, other
from tarot import events
from tarot.cards import (
    EXCUSE,
    SUIT_SYMBOLS,
    is_card,
    is_trump,
    sort_cards,
    strength,
    suit,
    trick_winner,
)
from tarot.scoring import result
from tarot.state import (
    HAND,
    STACKS,
    Play,
    State,
    held,
    is_over,
    top_is_up,
    turn,
)

# Refusals: in the player's words, one literal message per suit (makemessages).
FOLLOW_SUIT = {
    "S": gettext_noop("You have a spade (♠): follow suit."),
    "H": gettext_noop("You have a heart (♥): follow suit."),
    "D": gettext_noop("You have a diamond (♦): follow suit."),
    "C": gettext_noop("You have a club (♣): follow suit."),
}
PLAY_A_TRUMP = {
    "S": gettext_noop("You have no spade (♠): play a trump."),
    "H": gettext_noop("You have no heart (♥): play a trump."),
    "D": gettext_noop("You have no diamond (♦): play a trump."),
    "C": gettext_noop("You have no club (♣): play a trump."),
    "T": gettext_noop("Trumps were led: play a trump."),
}


def _legal(lead: str | None, cards: Iterable[str]) -> list[str]:
    cards = list(cards)
    if lead is None or lead == EXCUSE:
        return sort_cards(cards)
    plain = [c for c in cards if c != EXCUSE]
    excuse = [EXCUSE] if EXCUSE in cards else []
    if not is_trump(lead):
        same = [c for c in plain if suit(c) == suit(lead)]
        if same:
            return sort_cards(same + excuse)
    trumps = [c for c in plain if is_trump(c)]
    if not trumps:
        return sort_cards(cards)
    if is_trump(lead):
        higher = [c for c in trumps if strength(c) > strength(lead)]
        trumps = higher or trumps
    return sort_cards(trumps + excuse)


def legal_cards(state: State, seat: Seat) -> list[str]:
    if turn(state) != seat:
        return []
    lead = state.trick[0][1] if state.trick else None
    return _legal(lead, held(state, seat))


def legal_actions(state: State, seat: Seat) -> list[Action]:
    return [{"type": "play", "card": card} for card in legal_cards(state, seat)]


def _why_not(lead: str, cards: Iterable[str]) -> IllegalAction:
    """Why a held card may not follow `lead` (the card is not among the legal ones)."""
    cards = list(cards)
    if not is_trump(lead) and any(suit(c) == suit(lead) for c in cards):
        return IllegalAction("follow_suit", FOLLOW_SUIT[suit(lead)], suit=SUIT_SYMBOLS[suit(lead)])
    if is_trump(lead) and any(is_trump(c) and strength(c) > strength(lead) for c in cards):
        return IllegalAction(
            "overtrump",
            gettext_noop("You must play a trump higher than %(trump)s."),
            trump=strength(lead),
        )
    return IllegalAction("play_a_trump", PLAY_A_TRUMP[suit(lead)])


def _card_of(state: State, seat: Seat, action: dict[str, Any]) -> tuple[str, int]:
    """The card the action plays and where from, or why it cannot be played."""
    stack = action.get("stack")
    if stack is not None and (type(stack) is not int or not 0 <= stack < STACKS):
        raise IllegalAction("bad_stack", gettext_noop("There is no such stack."))
    card = action.get("card")
    if card is None and stack is not None:
        if not state.stacks[seat][stack]:
            raise IllegalAction("empty_stack", gettext_noop("That stack is empty."))
        if not top_is_up(state, seat, stack):
            raise IllegalAction("face_down", gettext_noop("That card is face down."))
        card = state.stacks[seat][stack][-1]
    if not isinstance(card, str):
        raise IllegalAction("malformed", gettext_noop("Say which card to play."))
    if not is_card(card):
        raise IllegalAction("unknown_card", gettext_noop("%(card)s is not a card."), card=card[:10])
    mine = held(state, seat)
    if card in mine and (stack is None or stack == mine[card]):
        return card, mine[card]
    if card in mine:
        raise IllegalAction(
            "not_on_stack",
            gettext_noop("%(card)s is not on top of that stack."),
            card=card,
        )
    if card in held(state, other(seat)) and held(state, other(seat))[card] != HAND:
        raise IllegalAction(
            "opponents_card", gettext_noop("%(card)s is your opponent's card."), card=card
        )
    if any(card in state.won[s] for s in SEATS) or any(p[1] == card for p in state.trick):
        raise IllegalAction(
            "already_played", gettext_noop("%(card)s has already been played."), card=card
        )
    # Hidden from this seat: one answer wherever it lies, so that nothing leaks.
    raise IllegalAction(
        "face_down", gettext_noop("That card is face down or in your opponent's hand.")
    )


def _without(state: State, seat: Seat, card: str, source: int) -> dict[str, Any]:
    if source == HAND:
        hand = tuple(c for c in state.hands[seat] if c != card)
        return {"hands": {**state.hands, seat: hand}}
    stacks = list(state.stacks[seat])
    stacks[source] = stacks[source][:-1]
    return {"stacks": {**state.stacks, seat: tuple(stacks)}}


def gather(
    won: dict[Seat, tuple[str, ...]], lead: Play, second: Play, last: bool
) -> tuple[Seat, dict[Seat, tuple[str, ...]], Seat | None]:
    """The trick's winner, the won cards after it, and the seat giving half a point for
    the Excuse if this trick holds it before the last trick (else None)."""
    winner = (lead[0], second[0])[trick_winner(lead[1], second[1])]
    won = dict(won)
    giver = None
    for seat, card, _ in (lead, second):
        if card == EXCUSE and not last:
            won[seat] = (*won[seat], card)  # back to its owner
            giver = seat
        else:
            won[winner] = (*won[winner], card)
    return winner, won, giver


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` plays, or IllegalAction (and nothing changes)."""
    if seat not in SEATS or isinstance(seat, bool):
        raise IllegalAction("malformed", gettext_noop("Unknown seat."))
    if not isinstance(action, dict) or action.get("type") != "play":
        raise IllegalAction("malformed", gettext_noop("Unknown action: play was expected."))
    if is_over(state):
        raise IllegalAction("game_over", gettext_noop("The round is over."))
    if turn(state) != seat:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    card, source = _card_of(state, seat, action)
    lead = state.trick[0][1] if state.trick else None
    if card not in _legal(lead, held(state, seat)):
        assert lead is not None
        raise _why_not(lead, held(state, seat))
    changes = _without(state, seat, card, source)
    play: Play = (seat, card, source)
    # The events of this play follow those kept (tarot/events.py); a state made by hand
    # with tricks behind it has its events rebuilt first.
    recorded = state.events or (events.rebuilt(state, None) if state.tricks else ())
    recorded = events.kept(recorded, seat, events.actor_before(state))
    n = events.next_number(recorded)
    if not state.trick:
        made = events.play_events(n, play, None, (), None)
        return replace(state, trick=(play,), events=(*recorded, *made), **changes)
    after = replace(state, trick=(), **changes)
    last = not any(after.hands.values()) and not any(
        cards for s in SEATS for cards in after.stacks[s]
    )
    winner, won, giver = gather(state.won, state.trick[0], play, last)
    gathered = (state.trick[0], play, winner)
    turned = [
        (who, index, after.stacks[who][index][-1])
        for who, _, index in gathered[:2]
        if index != HAND and after.stacks[who][index]
    ]
    done = replace(
        after,
        leader=winner,
        tricks=(*state.tricks, gathered),
        won=won,
        excuse_giver=giver if giver is not None else state.excuse_giver,
        events=(*recorded, *events.play_events(n, play, gathered, turned, None)),
    )
    if last:  # the round's end follows the trick, with the score of the state it ends in
        made = events.play_events(n, play, gathered, turned, result(done))
        done = replace(done, events=(*recorded, *made))
    return done
