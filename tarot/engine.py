"""The Tarot duel: the rules as pure Python (no Django), see RULES.md.

Cards are codes (tarot/cards.py): `H10`, `SK`, `DN`, trumps `T1` … `T21`, the Excuse `EX`.

Design choices worth knowing before reading the code:
- Each seat has a hand (kept sorted) and six stacks (bottom → top). The top of a stack
  is face up, except the stack a card was just played from while that trick is still
  on the table: its new top is turned up only when the trick is gathered. In a duel
  the trick on the table holds at most one card (the second card gathers it at once),
  so that face-down top can only be the leader's, derived from `trick`.
- "The cards a player holds" are the hand and the face-up stack tops (`held`).
- The Excuse exchange is a half-point transfer: played before the last trick, the
  Excuse goes back into its owner's won cards and its owner gives the trick's winner
  (always the opponent: the Excuse never wins) half a point, recorded as
  `excuse_giver`. So the owner counts 4.5 - 0.5 for it and the winner 0.5 more than
  the cards they took: the two players' points always add up to 91. Played in the
  last trick the Excuse goes to that trick's winner with no exchange.
- The Petit bonus: the seat that wins the last trick, when the Petit (T1) is in it,
  scores 10 more and the opponent 10 less, whoever played the Petit; this is added
  to the round score whether the round is won or drawn (the seed gives it with no
  condition). Scores and points can end in .5 (tarot/cards.py, `score_round`).
- Refusals never leak: a card hidden from the player (the opponent's hand, any
  face-down card) gets one answer wherever it lies ("face_down": "That card is face
  down or in your opponent's hand.").
- `State` is immutable; won cards, the Excuse exchange and the leader are kept in it
  for speed, and `from_json` recomputes them from the gathered tricks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from rooms.engine import Action, IllegalAction, Seat, Status, View, gettext_noop
from tarot.cards import (
    DECK,
    EXCUSE,
    OUDLERS,
    PETIT,
    SUIT_SYMBOLS,
    as_number,
    half_points,
    is_card,
    is_trump,
    score_round,
    sort_cards,
    strength,
    suit,
    trick_winner,
)

SCHEMA = 1
SEATS: tuple[Seat, Seat] = (1, 2)
HAND_SIZE = 21
STACKS = 6
STACK_SIZE = 3
TRICKS = HAND_SIZE + STACKS * STACK_SIZE  # 39 tricks in a round
HAND = -1  # where a card was played from: the hand, or a stack index 0 … 5

# A play: (seat, card, where from). A gathered trick: (lead play, second play, winner).
Play = tuple[Seat, str, int]
Trick = tuple[Play, Play, Seat]

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


@dataclass(frozen=True)
class State:
    """One round of the Tarot duel. Immutable: never mutate the dicts either."""

    seed: int
    first: Seat  # who leads the first trick
    game_no: int
    hands: dict[Seat, tuple[str, ...]]
    stacks: dict[Seat, tuple[tuple[str, ...], ...]]  # six per seat, bottom → top
    leader: Seat  # who leads the trick on the table (or the next one)
    trick: tuple[Play, ...] = ()  # the card on the table: () or (lead play,)
    tricks: tuple[Trick, ...] = ()  # gathered tricks, oldest first
    # Cards taken (the Excuse with its owner when it came back).
    won: dict[Seat, tuple[str, ...]] = field(default_factory=lambda: {1: (), 2: ()})
    excuse_giver: Seat | None = None  # who gave half a point for the Excuse


def other(seat: Seat) -> Seat:
    return 2 if seat == 1 else 1


def next_first_seat(previous: State | None) -> Seat:
    """Player 1 leads the first round; then the first player alternates."""
    return 1 if previous is None else other(previous.first)


def deal(cards: list[str], first_seat: Seat, seed: int = 0, game_no: int = 1) -> State:
    """A round from 78 cards in deal order: seat 1's hand (21) and stacks (6 × 3, bottom
    card first), then seat 2's. The deal does not depend on who leads."""
    if sorted(cards) != sorted(DECK):
        raise ValueError("a deal is the 78 cards, each once")
    hands, stacks = {}, {}
    for i, seat in enumerate(SEATS):
        part = cards[39 * i : 39 * (i + 1)]
        hands[seat] = tuple(sort_cards(part[:HAND_SIZE]))
        rest = part[HAND_SIZE:]
        stacks[seat] = tuple(
            tuple(rest[STACK_SIZE * k : STACK_SIZE * (k + 1)]) for k in range(STACKS)
        )
    return State(
        seed=seed, first=first_seat, game_no=game_no, hands=hands, stacks=stacks, leader=first_seat
    )


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh round, deterministic from the seed; `first_seat` leads the first trick."""
    if first_seat not in SEATS or isinstance(first_seat, bool):
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    game_no = 1 if previous is None else previous.game_no + 1
    return deal(cards, first_seat, seed=seed, game_no=game_no)


# --- What a seat holds ------------------------------------------------------------------


def is_over(state: State) -> bool:
    return len(state.tricks) == TRICKS or (
        not state.trick
        and not any(state.hands.values())
        and not any(cards for seat in SEATS for cards in state.stacks[seat])
    )


def tricks_left(state: State) -> int:
    """Tricks still to play, the one on the table included."""
    return max(len(state.hands[s]) + sum(len(stack) for stack in state.stacks[s]) for s in SEATS)


def turn(state: State) -> Seat | None:
    if is_over(state):
        return None
    return other(state.leader) if state.trick else state.leader


def top_is_up(state: State, seat: Seat, stack: int) -> bool:
    """Whether the top of the seat's stack is face up (it exists and was not just
    uncovered by a card still on the table)."""
    if not state.stacks[seat][stack]:
        return False
    return not any(p[0] == seat and p[2] == stack for p in state.trick)


def held(state: State, seat: Seat) -> dict[str, int]:
    """The cards a seat holds: card → where from (HAND, or the index of its stack)."""
    cards = dict.fromkeys(state.hands[seat], HAND)
    for index, stack in enumerate(state.stacks[seat]):
        if top_is_up(state, seat, index):
            cards[stack[-1]] = index
    return cards


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


# --- Playing ----------------------------------------------------------------------------


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
    if not state.trick:
        return replace(state, trick=(play,), **changes)
    after = replace(state, trick=(), **changes)
    last = not any(after.hands.values()) and not any(
        cards for s in SEATS for cards in after.stacks[s]
    )
    winner, won, giver = gather(state.won, state.trick[0], play, last)
    return replace(
        after,
        leader=winner,
        tricks=(*state.tricks, (state.trick[0], play, winner)),
        won=won,
        excuse_giver=giver if giver is not None else state.excuse_giver,
    )


# --- Points and the result --------------------------------------------------------------


def points_halves(state: State) -> dict[Seat, int]:
    """Points taken so far, in half-points, the Excuse exchange included."""
    halves = {s: sum(half_points(c) for c in state.won[s]) for s in SEATS}
    if state.excuse_giver is not None:
        halves[state.excuse_giver] -= 1
        halves[other(state.excuse_giver)] += 1
    return halves


def oudlers_taken(state: State) -> dict[Seat, int]:
    return {s: sum(c in OUDLERS for c in state.won[s]) for s in SEATS}


def petit_taker(state: State) -> Seat | None:
    """Who took the Petit in the last trick, once the round is over."""
    if not is_over(state) or not state.tricks:
        return None
    lead, second, winner = state.tricks[-1]
    return winner if PETIT in (lead[1], second[1]) else None


def result(state: State) -> dict[str, Any] | None:
    """The round's breakdown once it is over (JSON-ready, seat keys "1"/"2")."""
    if not is_over(state):
        return None
    scored: dict[str, Any] = score_round(state.won, state.excuse_giver, petit_taker(state))

    def points(key: str) -> dict[str, int | float]:
        return {str(s): as_number(scored[key][s]) for s in SEATS}

    return {
        "winner": scored["winner"],
        "drawn": scored["winner"] is None,
        "points": points("half_points"),
        "card_points": points("card_half_points"),
        "excuse_exchange": points("exchange"),
        "oudlers": {str(s): scored["oudlers"][s] for s in SEATS},
        "thresholds": {str(s): scored["thresholds"][s] for s in SEATS},
        "excess": points("excess"),
        "petit_bonus": points("petit"),
        "petit_taker": petit_taker(state),
        "scores": points("score_halves"),
    }


def status(state: State) -> Status:
    """What the platform reads (rooms.engine.Status); the board reads the view."""
    done = result(state)
    return {
        "turn": turn(state),
        "over": done is not None,
        "winner": None if done is None else done["winner"],
        "scores": None if done is None else {str(s): done["scores"][str(s)] for s in SEATS},
    }


def summary(state: State) -> dict[str, Any]:
    """The round at a glance, seats as int keys (tests, bots, benches)."""
    done = result(state)
    halves = points_halves(state)
    return {
        "turn": turn(state),
        "over": done is not None,
        "scores": None if done is None else {s: done["scores"][str(s)] for s in SEATS},
        "winner": None if done is None else done["winner"],
        "first": state.first,
        "game_no": state.game_no,
        "points": {s: as_number(halves[s]) for s in SEATS},
        "oudlers": oudlers_taken(state),
        "tricks_played": len(state.tricks),
        "tricks_left": tricks_left(state),
    }


# --- What is shown ----------------------------------------------------------------------


def _by_seat(values: dict[Seat, Any]) -> dict[str, Any]:
    return {str(seat): values[seat] for seat in SEATS}


def _where(source: int) -> str | int:
    return "hand" if source == HAND else source


def _play_json(play: Play) -> dict[str, Any]:
    return {"seat": play[0], "card": play[1], "from": _where(play[2])}


def _trick_json(trick: Trick) -> dict[str, Any]:
    lead, second, winner = trick
    return {"leader": lead[0], "cards": [_play_json(lead), _play_json(second)], "winner": winner}


def last_move(state: State) -> dict[str, Any] | None:
    """The previous play for the board to mark: the card, and when it ended a trick,
    that trick, its winner and the stack cards turned up after it."""
    if state.trick:
        return {**_play_json(state.trick[0]), "gathered": None, "turned": []}
    if not state.tricks:
        return None
    trick = state.tricks[-1]
    turned = [
        {"seat": seat, "stack": source, "card": state.stacks[seat][source][-1]}
        for seat, _, source in trick[:2]
        if source != HAND and state.stacks[seat][source]
    ]
    return {**_play_json(trick[1]), "gathered": _trick_json(trick), "turned": turned}


def _stack_json(state: State, seat: Seat) -> list[dict[str, Any]]:
    shown = []
    for index, stack in enumerate(state.stacks[seat]):
        up = stack[-1] if top_is_up(state, seat, index) else None
        shown.append({"up": up, "down": len(stack) - (up is not None)})
    return shown


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator): never the opponent's hand nor a
    face-down card. Played cards are public, so the won cards and tricks are shown."""
    if seat is not None and (seat not in SEATS or isinstance(seat, bool)):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    halves = points_halves(state)
    giver = state.excuse_giver
    return {
        "game": "tarot",
        "seat": seat,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_counts": _by_seat({s: len(state.hands[s]) for s in SEATS}),
        "stacks": _by_seat({s: _stack_json(state, s) for s in SEATS}),
        "trick": {
            "leader": state.leader,
            "cards": [_play_json(p) for p in state.trick],
        },
        "legal": [] if seat is None else legal_cards(state, seat),
        "won": _by_seat({s: list(state.won[s]) for s in SEATS}),
        "points": _by_seat({s: as_number(halves[s]) for s in SEATS}),
        "oudlers": _by_seat(oudlers_taken(state)),
        "excuse": {
            "played": giver is not None or any(EXCUSE in state.won[s] for s in SEATS),
            "giver": giver,
            "receiver": None if giver is None else other(giver),
        },
        "tricks": [_trick_json(t) for t in state.tricks],
        "tricks_played": len(state.tricks),
        "tricks_left": tricks_left(state),
        "turn": turn(state),
        "over": is_over(state),
        "result": result(state),
        "last_move": last_move(state),
        "game_no": state.game_no,
        "first": state.first,
    }


def hidden(state: State, seat: Seat | None) -> Counter[str]:
    """The cards `seat` may not see now: the opponent's hand (both hands for None) and
    every face-down stack card of both seats."""
    cards: Counter[str] = Counter()
    for s in SEATS:
        if s != seat:
            cards.update(state.hands[s])
        for index, stack in enumerate(state.stacks[s]):
            cards.update(stack[:-1] if top_is_up(state, s, index) else stack)
    return cards


def redeal_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """A state `seat` cannot tell from this one: the cards hidden from it shuffled among
    their hidden places (opponent's hand, face-down stack cards), every size kept."""
    cards = list(hidden(state, seat).elements())
    rng.shuffle(cards)
    hands = dict(state.hands)
    for s in SEATS:
        if s != seat:
            size = len(hands[s])
            hands[s] = tuple(sort_cards(cards[:size]))
            cards = cards[size:]
    stacks = {}
    for s in SEATS:
        piles = []
        for index, stack in enumerate(state.stacks[s]):
            down = len(stack) - 1 if top_is_up(state, s, index) else len(stack)
            piles.append((*cards[:down], *stack[down:]))
            cards = cards[down:]
        stacks[s] = tuple(piles)
    return replace(state, hands=hands, stacks=stacks)


# --- Saving -----------------------------------------------------------------------------


def to_json(state: State) -> dict[str, Any]:
    from tarot.codec import state_to_json

    return state_to_json(state)


def from_json(data: dict[str, Any]) -> State:
    """A State from to_json's output; IllegalAction('bad_state') for anything else."""
    from tarot.codec import state_from_json

    return state_from_json(data)
