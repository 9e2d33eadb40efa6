"""The actions of a rummy turn, checked and applied: draw, meld, lay off, discard, and
the list of every legal action (the choices are explained in cards/engine.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cards import events
from cards.melds import (
    CARD_CODES,
    DECK,
    check_meld,
    fits,
    hand_value,
    melds_in,
    sort_cards,
)
from cards.state import (
    SOURCES,
    TURN_LIMIT,
    Meld,
    State,
    history_of,
    known_cards,
    new_turn,
    recorded,
)
from gamekit.engine import Action, IllegalAction, Seat, gettext_noop
from gamekit.seats import SEATS, other

# A refusal names cards by their codes ("7H", several split by spaces): the site says them
# in words, as the board does (cards.templatetags.cards_board.NAMES).


def _malformed(message: str, **params: Any) -> IllegalAction:
    return IllegalAction("malformed", message, **params)


def _card_field(action: Action, key: str = "card") -> str:
    code = action.get(key)
    if not isinstance(code, str):
        raise _malformed(gettext_noop('Name one card, e.g. "7H".'))
    if code not in CARD_CODES:
        raise IllegalAction("unknown_card", gettext_noop("%(card)s is not a card."), card=code[:10])
    return code


def _cards_field(action: Action, key: str = "cards") -> list[str]:
    cards = action.get(key)
    if not isinstance(cards, list) or not cards or len(cards) > len(DECK):
        raise _malformed(gettext_noop('Name the cards as a list, e.g. ["7H", "7S", "7D"].'))
    for code in cards:
        if not isinstance(code, str):
            raise _malformed(gettext_noop('Name the cards as a list, e.g. ["7H", "7S", "7D"].'))
        if code not in CARD_CODES:
            raise IllegalAction(
                "unknown_card", gettext_noop("%(card)s is not a card."), card=code[:10]
            )
    repeated = [code for code, n in Counter(cards).items() if n > 1]
    if repeated:
        raise IllegalAction(
            "duplicate_card",
            gettext_noop("The %(card)s is named twice."),
            card=repeated[0],
        )
    return cards


def _in_hand(state: State, seat: Seat, cards: Sequence[str]) -> None:
    hand = set(state.hands[seat])
    for code in cards:
        if code not in hand:
            raise IllegalAction(
                "not_in_hand", gettext_noop("You do not hold the %(card)s."), card=code
            )


def _check_dead_end(state: State, seat: Seat, left: tuple[str, ...], melds: tuple[Meld, ...]):
    """Refuse leaving only the card taken from the pile when it fits nowhere."""
    taken = state.taken
    if taken is not None and left == (taken,) and not any(fits(m.cards, taken) for m in melds):
        raise IllegalAction(
            "keep_a_discard",
            gettext_noop(
                "Keep a card to discard: the %(card)s, taken from the discard pile this "
                "turn, cannot be discarded and fits no meld on the table."
            ),
            card=taken,
        )


def finish(state: State, winner: Seat | None, reason: str, **changes: Any) -> State:
    hands: dict[Seat, tuple[str, ...]] = changes.get("hands", state.hands)
    values = {seat: hand_value(hands[seat]) for seat in SEATS}
    scores = {1: 0, 2: 0}
    if winner is not None:
        scores[winner] = values[other(winner)]
    result = {"winner": winner, "scores": scores, "reason": reason, "hand_values": values}
    current = changes.pop("current", state.current)
    return replace(
        state,
        turn=None,
        step=None,
        taken=None,
        current=None,
        last=current,
        result=result,
        **changes,
    )


def _draw(state: State, seat: Seat, action: Action) -> State:
    source = action.get("source")
    if source not in SOURCES:
        raise _malformed(gettext_noop("Draw from the stock or from the discard pile."))
    if state.step != "draw":
        raise IllegalAction(
            "already_drawn",
            gettext_noop("You have already drawn this turn: meld, lay off or discard."),
        )
    stock, pile, reshuffles = state.stock, state.pile, state.reshuffles
    if source == "stock" and not stock and len(pile) > 1:
        under = list(pile[:-1])
        random.Random(f"{state.seed}:{reshuffles}").shuffle(under)
        stock, pile, reshuffles = tuple(under), pile[-1:], reshuffles + 1
    from_pile = source == "discard" or not stock
    current = {**(state.current or new_turn(seat)), "draw": source}
    known = known_cards(state)
    if from_pile:
        code, pile = pile[-1], pile[:-1]
        current["taken"] = code
        known = {**known, seat: (*known[seat], code)}
        history = recorded(state, seat, "took", code)
    else:
        history = recorded(state, seat, "passed", pile[-1]) if pile else history_of(state)
        code, stock = stock[-1], stock[:-1]
    return replace(
        state,
        stock=stock,
        pile=pile,
        reshuffles=reshuffles,
        hands={**state.hands, seat: (*state.hands[seat], code)},
        step="play",
        taken=code if from_pile else None,
        known=known,
        history=history,
        current=current,
    )


def _drawn_first(state: State) -> None:
    if state.step != "play":
        raise IllegalAction("draw_first", gettext_noop("Draw a card first."))


def _without(cards: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    out = set(gone)
    return tuple(code for code in cards if code not in out)


def _after_play(state: State, seat: Seat, gone: Sequence[str], **changes: Any) -> State:
    left = _without(state.hands[seat], gone)
    known = known_cards(state)
    changes["hands"] = {**state.hands, seat: left}
    changes["known"] = {**known, seat: _without(known[seat], gone)}
    if not left:
        return finish(state, seat, "out", **changes)
    _check_dead_end(state, seat, left, changes.get("melds", state.melds))
    return replace(state, **changes)


def _meld(state: State, seat: Seat, action: Action) -> State:
    cards = _cards_field(action)
    _drawn_first(state)
    _in_hand(state, seat, cards)
    check = check_meld(cards)
    if not check.valid:
        raise check.error()
    current = dict(state.current or new_turn(seat))
    current["melds"] = [*current["melds"], list(check.arranged)]
    melds = (*state.melds, Meld(owner=seat, cards=check.arranged))
    return _after_play(state, seat, cards, melds=melds, current=current)


def _lay_off(state: State, seat: Seat, action: Action) -> State:
    cards = _cards_field(action) if "cards" in action else [_card_field(action)]
    index = action.get("meld")
    if not isinstance(index, int) or isinstance(index, bool):
        raise _malformed(gettext_noop("Say which meld on the table the cards go on."))
    _drawn_first(state)
    if not 0 <= index < len(state.melds):
        raise IllegalAction(
            "no_such_meld",
            gettext_noop("There is no meld number %(meld)s on the table."),
            meld=index + 1 if index >= 0 else index,
        )
    _in_hand(state, seat, cards)
    meld = state.melds[index]
    check = check_meld([*meld.cards, *cards])
    if not check.valid or check.kind != check_meld(meld.cards).kind:
        raise IllegalAction(
            "does_not_fit",
            gettext_noop("%(cards)s cannot be laid off on meld %(meld)s (%(meld_cards)s)."),
            cards=" ".join(sort_cards(cards)),
            meld=index + 1,
            meld_cards=" ".join(meld.cards),
        )
    laid = Meld(
        owner=meld.owner,
        cards=check.arranged,
        laid_off=(*meld.laid_off, *((seat, code) for code in sort_cards(cards))),
    )
    melds = (*state.melds[:index], laid, *state.melds[index + 1 :])
    current = dict(state.current or new_turn(seat))
    current["lay_offs"] = [
        *current["lay_offs"],
        *({"card": code, "meld": index} for code in sort_cards(cards)),
    ]
    return _after_play(state, seat, cards, melds=melds, current=current)


def _discard(state: State, seat: Seat, action: Action) -> State:
    code = _card_field(action)
    _drawn_first(state)
    _in_hand(state, seat, [code])
    if code == state.taken:
        raise IllegalAction(
            "taken_card",
            gettext_noop(
                "You took the %(card)s from the discard pile this turn: it cannot be discarded now."
            ),
            card=code,
        )
    current = {**(state.current or new_turn(seat)), "discard": code}
    left = _without(state.hands[seat], [code])
    known = known_cards(state)
    changes: dict[str, Any] = {
        "hands": {**state.hands, seat: left},
        "known": {**known, seat: _without(known[seat], [code])},
        "pile": (*state.pile, code),
        "history": recorded(state, seat, "discarded", code),
        "turns": state.turns + 1,
        "current": current,
    }
    if not left:
        return finish(state, seat, "out", **changes)
    if state.turns + 1 >= TURN_LIMIT:
        return finish(state, None, "turn_limit", **changes)
    nxt = other(seat)
    changes.pop("current")
    return replace(
        state, turn=nxt, step="draw", taken=None, current=new_turn(nxt), last=current, **changes
    )


ACTIONS = {"draw": _draw, "meld": _meld, "lay_off": _lay_off, "discard": _discard}


def _kind(action: dict[str, Any]) -> str:
    kind = action.get("type")
    return kind if isinstance(kind, str) else ""


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` takes `action`, or IllegalAction (and nothing changes)."""
    if type(seat) is not int or seat not in SEATS:
        raise _malformed(gettext_noop("Unknown seat."))
    if not isinstance(action, dict) or _kind(action) not in ACTIONS:
        raise _malformed(
            gettext_noop("Unknown action: draw, meld, lay off or discard were expected.")
        )
    if state.result is not None:
        raise IllegalAction("game_over", gettext_noop("The deal is over."))
    if state.turn != seat:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    return events.record(state, ACTIONS[action["type"]](state, seat, action), seat, action)


def legal_actions(state: State, seat: Seat) -> list[Action]:
    """Every action `seat` may take now: each a single step that apply accepts."""
    if state.result is not None or state.turn != seat:
        return []
    if state.step == "draw":
        return [{"type": "draw", "source": source} for source in SOURCES]
    hand = state.hands[seat]
    actions: list[Action] = []
    for cards in melds_in(hand):
        left = _without(hand, cards)
        melds = (*state.melds, Meld(owner=seat, cards=cards))
        if _no_dead_end(state, left, melds):
            actions.append({"type": "meld", "cards": list(cards)})
    for code in sort_cards(hand):
        for index, meld in enumerate(state.melds):
            if fits(meld.cards, code):
                left = _without(hand, [code])
                grown = check_meld([*meld.cards, code]).arranged
                melds = (
                    *state.melds[:index],
                    replace(meld, cards=grown),
                    *state.melds[index + 1 :],
                )
                if _no_dead_end(state, left, melds):
                    actions.append({"type": "lay_off", "card": code, "meld": index})
    actions.extend(
        {"type": "discard", "card": code} for code in sort_cards(hand) if code != state.taken
    )
    return actions


def _no_dead_end(state: State, left: tuple[str, ...], melds: tuple[Meld, ...]) -> bool:
    taken = state.taken
    return not (
        taken is not None and left == (taken,) and not any(fits(m.cards, taken) for m in melds)
    )
