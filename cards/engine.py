"""Rummy for two: the rules as pure Python (no Django), see RULES.md "Rummy".

Cards are codes, rank + suit (`AS`, `TD`, `QH`; cards/melds.py). 52 cards, 10 each, one
card turned up starts the discard pile, the rest is the stock (drawn from its end).

A turn is several actions, each one step (online, each is its own confirmed action):
- `{"type": "draw", "source": "stock" | "discard"}` once, first;
- then any number of `{"type": "meld", "cards": [...]}` and
  `{"type": "lay_off", "card": "8H", "meld": 0}` (`meld` is the 0-based index of a meld
  in `view["melds"]`; messages name melds 1-based; `"cards": [...]` instead of `"card"`
  lays off several cards on that meld at once);
- then `{"type": "discard", "card": "KS"}`, which ends the turn.
Emptying the hand (by a meld, a lay-off or the discard) ends the deal at once.

Choices where the rules leave room, and how they are settled here:
- Who plays first. The engine decides, from `previous`: in the first deal of a match
  player 1 plays first; each next deal of the same match is played first by the other
  player than the deal before (the deal alternates, and the non-dealer plays first).
  `new_round`'s `first_seat` is only checked to be 1 or 2: the rooms app alternates it
  per round across matches, which would break the rule after a match ends.
- Which deal continues a match. `previous` a finished deal of a match nobody has won
  yet: the next deal, match score kept. `previous` None, a deal in progress ("New round"
  mid-deal) or a finished match: a new match at 0-0, deal 1.
- The empty stock. Drawing from an empty stock first shuffles the discard pile, except
  its top card, into a new stock (a `random.Random` seeded from the deal's seed and a
  reshuffle counter, so a replay is exact), then draws from it. "Only that top card is
  left" means: the stock is empty and the discard pile holds exactly one card. Then
  the draw (from either source) takes that card; it comes from the discard pile, so it
  is public and it is the card taken from the discard pile this turn (it cannot be
  discarded this turn). At the start of a turn the discard pile is never empty (every
  turn that does not end the deal ends with a discard).
- No dead end. A meld or lay-off that would leave in the hand only the card taken from
  the discard pile this turn, when that card then fits no meld on the table, is
  refused: the player could neither discard it nor go out.
- The 200-turn limit: when the 200th turn of a deal is completed by a discard and
  nobody has gone out, the deal is drawn with no points. A turn that goes out wins.
- Scores: only the winner of a deal scores (the value of every card left in the
  loser's hand). The match is over when a player's total reaches 100; as only the
  deal's winner scores, that player wins the match.
- What is public: every card ever turned up on the discard pile and still there, the
  melds, and the cards a player took from the discard pile and still holds (`known`:
  both saw it taken). `hidden` leaves those out.

`State` is immutable: tuples for sequences; its dicts are never mutated.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cards.melds import (
    CARD_CODES,
    DECK,
    check_meld,
    fits,
    hand_value,
    listing,
    melds_in,
    shown,
    sort_cards,
)
from rooms.engine import Action, IllegalAction, Seat, Status, View, gettext_noop

SCHEMA = 1
# Rummy's own rule decides who plays first (player 1 in a match's first deal, then the
# deal alternates), not the rooms app's round-by-round first_seat (docs/games.md).
FIRST_SEAT_BY_RULES = True
HAND_SIZE = 10
MATCH_TARGET = 100
TURN_LIMIT = 200
SEATS: tuple[Seat, Seat] = (1, 2)
SOURCES = ("stock", "discard")


@dataclass(frozen=True)
class Meld:
    """A meld on the table: who melded it, its cards in order (laid-off cards included)
    and the cards laid off on it, with who laid each off."""

    owner: Seat
    cards: tuple[str, ...]
    laid_off: tuple[tuple[Seat, str], ...] = ()


@dataclass(frozen=True)
class State:
    """One deal of a rummy match. Immutable: never mutate the dicts either."""

    seed: int
    first: Seat  # who plays first this deal (the non-dealer)
    game_no: int  # the deal's number in the match
    match: dict[Seat, int]  # match score before this deal
    stock: tuple[str, ...]  # draws come from the end
    pile: tuple[str, ...]  # the discard pile, its top last
    hands: dict[Seat, tuple[str, ...]]
    melds: tuple[Meld, ...]
    turn: Seat | None  # None once the deal is over
    step: str | None  # "draw", "play", or None once over
    taken: str | None = None  # the card taken from the discard pile this turn
    known: dict[Seat, tuple[str, ...]] | None = None  # held cards seen taken from the pile
    turns: int = 0  # completed turns
    reshuffles: int = 0
    # The turn being played and the last completed one, public:
    # {"seat", "draw": "stock"|"discard"|None, "taken": card|None, "melds": [[cards]],
    #  "lay_offs": [{"card", "meld"}], "discard": card|None}
    current: dict[str, Any] | None = None
    last: dict[str, Any] | None = None
    # {"winner": 1|2|None, "scores": {1: n, 2: n}, "reason": "out"|"turn_limit",
    #  "hand_values": {1: n, 2: n}}
    result: dict[str, Any] | None = None


def other(seat: Seat) -> Seat:
    return 2 if seat == 1 else 1


def _known(state: State) -> dict[Seat, tuple[str, ...]]:
    return state.known if state.known is not None else {1: (), 2: ()}


def match_totals(state: State) -> dict[Seat, int]:
    """The match score, this deal's points included once it is over."""
    scores = state.result["scores"] if state.result else {1: 0, 2: 0}
    return {seat: state.match[seat] + scores[seat] for seat in SEATS}


def match_over(state: State) -> bool:
    return state.result is not None and max(match_totals(state).values()) >= MATCH_TARGET


def match_winner(state: State) -> Seat | None:
    if not match_over(state):
        return None
    totals = match_totals(state)
    return max(SEATS, key=totals.__getitem__)


def _new_turn(seat: Seat) -> dict[str, Any]:
    return {"seat": seat, "draw": None, "taken": None, "melds": [], "lay_offs": [], "discard": None}


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh deal, deterministic from the seed (see the module docstring for who
    plays first and when the match score is kept)."""
    if first_seat not in SEATS:
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    continues = previous is not None and previous.result is not None and not match_over(previous)
    if continues:
        assert previous is not None
        first, game_no, match = other(previous.first), previous.game_no + 1, match_totals(previous)
    else:
        first, game_no, match = 1, 1, {1: 0, 2: 0}
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands = {
        first: tuple(sort_cards(cards[-HAND_SIZE:])),
        other(first): tuple(sort_cards(cards[-2 * HAND_SIZE : -HAND_SIZE])),
    }
    up = cards[-2 * HAND_SIZE - 1]
    return State(
        seed=seed,
        first=first,
        game_no=game_no,
        match=match,
        stock=tuple(cards[: -2 * HAND_SIZE - 1]),
        pile=(up,),
        hands=hands,
        melds=(),
        turn=first,
        step="draw",
        known={1: (), 2: ()},
        current=_new_turn(first),
    )


def state_from_position(
    hands: dict[Seat, Sequence[str]],
    *,
    pile: Sequence[str],
    melds: Sequence[Sequence[str] | Meld] = (),
    stock: Sequence[str] | None = None,
    turn: Seat = 1,
    step: str = "draw",
    seed: int = 0,
    match: dict[Seat, int] | None = None,
    turns: int = 0,
) -> State:
    """A deal set up at a chosen position (tests, tutorials). `stock` defaults to every
    card not placed elsewhere, in deck order; the 52 cards must add up either way."""
    table = tuple(
        m if isinstance(m, Meld) else Meld(owner=turn, cards=check_meld(list(m)).arranged)
        for m in melds
    )
    used = [*hands[1], *hands[2], *pile, *(c for m in table for c in m.cards)]
    if stock is None:
        stock = [code for code in DECK if code not in set(used)]
    if Counter([*used, *stock]) != Counter(DECK):
        raise ValueError("the hands, pile, melds and stock must hold exactly the 52 cards")
    return State(
        seed=seed,
        first=turn,
        game_no=1,
        match=dict(match or {1: 0, 2: 0}),
        stock=tuple(stock),
        pile=tuple(pile),
        hands={seat: tuple(hands[seat]) for seat in SEATS},
        melds=table,
        turn=turn,
        step=step,
        known={1: (), 2: ()},
        turns=turns,
        current=_new_turn(turn),
    )


# --- Checking actions -----------------------------------------------------------------


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
            card=shown(repeated[0]),
        )
    return cards


def _in_hand(state: State, seat: Seat, cards: Sequence[str]) -> None:
    hand = set(state.hands[seat])
    for code in cards:
        if code not in hand:
            raise IllegalAction(
                "not_in_hand", gettext_noop("You do not hold the %(card)s."), card=shown(code)
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
            card=shown(taken),
        )


def _finish(state: State, winner: Seat | None, reason: str, **changes: Any) -> State:
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
    current = {**(state.current or _new_turn(seat)), "draw": source}
    known = _known(state)
    if from_pile:
        code, pile = pile[-1], pile[:-1]
        current["taken"] = code
        known = {**known, seat: (*known[seat], code)}
    else:
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
    known = _known(state)
    changes["hands"] = {**state.hands, seat: left}
    changes["known"] = {**known, seat: _without(known[seat], gone)}
    if not left:
        return _finish(state, seat, "out", **changes)
    _check_dead_end(state, seat, left, changes.get("melds", state.melds))
    return replace(state, **changes)


def _meld(state: State, seat: Seat, action: Action) -> State:
    cards = _cards_field(action)
    _drawn_first(state)
    _in_hand(state, seat, cards)
    check = check_meld(cards)
    if not check.valid:
        raise check.error()
    current = dict(state.current or _new_turn(seat))
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
            cards=listing(sort_cards(cards)),
            meld=index + 1,
            meld_cards=listing(meld.cards),
        )
    laid = Meld(
        owner=meld.owner,
        cards=check.arranged,
        laid_off=(*meld.laid_off, *((seat, code) for code in sort_cards(cards))),
    )
    melds = (*state.melds[:index], laid, *state.melds[index + 1 :])
    current = dict(state.current or _new_turn(seat))
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
            card=shown(code),
        )
    current = {**(state.current or _new_turn(seat)), "discard": code}
    left = _without(state.hands[seat], [code])
    known = _known(state)
    changes: dict[str, Any] = {
        "hands": {**state.hands, seat: left},
        "known": {**known, seat: _without(known[seat], [code])},
        "pile": (*state.pile, code),
        "turns": state.turns + 1,
        "current": current,
    }
    if not left:
        return _finish(state, seat, "out", **changes)
    if state.turns + 1 >= TURN_LIMIT:
        return _finish(state, None, "turn_limit", **changes)
    nxt = other(seat)
    changes.pop("current")
    return replace(
        state, turn=nxt, step="draw", taken=None, current=_new_turn(nxt), last=current, **changes
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
    return ACTIONS[action["type"]](state, seat, action)


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


# --- What is shown --------------------------------------------------------------------


def _by_seat(values: dict[Seat, Any]) -> dict[str, Any]:
    return {str(seat): values[seat] for seat in SEATS}


def _turn_json(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    return {
        "seat": turn["seat"],
        "draw": turn["draw"],
        "taken": turn["taken"],
        "melds": [list(cards) for cards in turn["melds"]],
        "lay_offs": [dict(item) for item in turn["lay_offs"]],
        "discard": turn["discard"],
    }


def _result_json(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "winner": result["winner"],
        "scores": _by_seat(result["scores"]),
        "reason": result["reason"],
        "hand_values": _by_seat(result["hand_values"]),
    }


def _melds_json(melds: Sequence[Meld]) -> list[dict[str, Any]]:
    return [
        {
            "owner": m.owner,
            "cards": list(m.cards),
            "laid_off": [{"seat": s, "card": code} for s, code in m.laid_off],
        }
        for m in melds
    ]


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator): never the stock, nor the cards of the
    other hand that were not seen taken from the discard pile, except that both hands
    are shown once the deal is over (the result screen)."""
    if seat is not None and (type(seat) is not int or seat not in SEATS):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    over = state.result is not None
    result = _result_json(state.result)
    if result is not None:
        result["hands"] = _by_seat({s: list(state.hands[s]) for s in SEATS})
    totals = match_totals(state)
    return {
        "game": "cards",
        "seat": seat,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_value": None if seat is None else hand_value(state.hands[seat]),
        "hand_counts": _by_seat({s: len(state.hands[s]) for s in SEATS}),
        "known": _by_seat({s: list(_known(state)[s]) for s in SEATS}),
        "stock_count": len(state.stock),
        "pile": list(state.pile),
        "top": state.pile[-1] if state.pile else None,
        "melds": _melds_json(state.melds),
        "turn": state.turn,
        "step": state.step,
        "taken": state.taken,
        "current": _turn_json(state.current),
        "last_move": _turn_json(state.last),
        "turns": state.turns,
        "turn_limit": TURN_LIMIT,
        "over": over,
        "result": result,
        "match": _by_seat(totals),
        "match_before": _by_seat(state.match),
        "match_target": MATCH_TARGET,
        "match_over": match_over(state),
        "match_winner": match_winner(state),
        "game_no": state.game_no,
        "first": state.first,
    }


def status(state: State) -> Status:
    """What the platform reads (rooms.engine.Status); the board reads the view."""
    result = state.result
    return {
        "turn": state.turn,
        "over": result is not None,
        "winner": None if result is None else result["winner"],
        "scores": None if result is None else {str(s): result["scores"][s] for s in SEATS},
    }


def summary(state: State) -> dict[str, Any]:
    """The deal and the match at a glance, seats as int keys (tests, bots, benches)."""
    result = state.result
    return {
        "turn": state.turn,
        "over": result is not None,
        "scores": None if result is None else dict(result["scores"]),
        "winner": None if result is None else result["winner"],
        "reason": None if result is None else result["reason"],
        "step": state.step,
        "match": match_totals(state),
        "match_over": match_over(state),
        "match_winner": match_winner(state),
        "hand_counts": {seat: len(state.hands[seat]) for seat in SEATS},
        "stock_count": len(state.stock),
        "turns": state.turns,
        "game_no": state.game_no,
        "first": state.first,
    }


# --- Hidden cards ---------------------------------------------------------------------


def _secret(state: State, seat: Seat) -> list[str]:
    """The cards of `seat`'s hand that the other seat has not seen."""
    known = set(_known(state)[seat])
    return [code for code in state.hands[seat] if code not in known]


def hidden(state: State, seat: Seat | None) -> Counter[str]:
    """The card codes `seat` may not see now: the stock, and the other hand (both for
    a spectator) except the cards seen taken from the discard pile; once the deal is
    over, only the stock."""
    cards = Counter(state.stock)
    if state.result is None:
        for s in SEATS:
            if s != seat:
                cards.update(_secret(state, s))
    return cards


def redeal_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """A state `seat` cannot tell from this one: the cards hidden from it shuffled among
    their hidden places (the other hand's unseen cards and the stock), sizes kept."""
    places = [s for s in SEATS if s != seat] if state.result is None else []
    pool = list(hidden(state, seat).elements())
    rng.shuffle(pool)
    hands = dict(state.hands)
    for s in places:
        known = _known(state)[s]
        size = len(state.hands[s]) - len(known)
        hands[s] = tuple(sort_cards([*known, *pool[:size]]))
        pool = pool[size:]
    return replace(state, hands=hands, stock=tuple(pool))


def to_json(state: State) -> dict[str, Any]:
    from cards import codec  # the codec reads this module's State

    return codec.to_json(state)


def from_json(data: dict[str, Any]) -> State:
    """A State from to_json's output; IllegalAction("bad_state") for anything else."""
    from cards import codec

    return codec.from_json(data)


__all__ = [
    "SCHEMA",
    "Meld",
    "State",
    "apply",
    "from_json",
    "hidden",
    "legal_actions",
    "new_round",
    "redeal_hidden",
    "status",
    "to_json",
    "view",
]
