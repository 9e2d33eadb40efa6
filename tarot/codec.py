"""Saving a Tarot duel round: `to_json` and `from_json` (tarot.engine re-exports them).

A save holds the hands, the stacks, the card on the table and the gathered tricks.
Won cards, the Excuse exchange, the leader and the move events are not saved:
`from_json` replays the gathered tricks to recompute them (so a save from before the
events reads with them), and refuses with IllegalAction("bad_state") any save
that could not come from a real round (wrong types, unknown or repeated cards, the 78
cards not all there, a trick led by the wrong seat or given to the wrong winner, cards
played from a stack or a hand that do not add up).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from gamekit.engine import Seat
from gamekit.saves import bad_state, read_int, read_list, read_pair, round_json
from gamekit.seats import SEATS, json_by_seat
from tarot import events
from tarot.cards import DECK, is_card, sort_cards, trick_winner
from tarot.scoring import result
from tarot.state import HAND, HAND_SIZE, STACK_SIZE, STACKS, TRICKS, Play, State, Trick, is_over
from tarot.turns import gather

SCHEMA = 1


def _play_out(play: Play) -> list[Any]:
    return [play[0], play[1], play[2]]


def to_json(state: State) -> dict[str, Any]:
    return {
        **round_json(SCHEMA, state),
        "hands": json_by_seat({s: list(state.hands[s]) for s in SEATS}),
        "stacks": json_by_seat({s: [list(stack) for stack in state.stacks[s]] for s in SEATS}),
        "trick": [_play_out(p) for p in state.trick],
        "tricks": [[_play_out(lead), _play_out(second), w] for lead, second, w in state.tricks],
    }


def _cards(item: object, what: str, most: int) -> tuple[str, ...]:
    return read_list(item, what, is_card, most=most)


def _play(item: object) -> Play:
    if not isinstance(item, list) or len(item) != 3 or not is_card(item[1]):
        raise bad_state("play")
    return (read_int(item[0], "play", 1, 2), item[1], read_int(item[2], "play", HAND, STACKS - 1))


def _trick(item: object) -> Trick:
    if not isinstance(item, list) or len(item) != 3:
        raise bad_state("tricks")
    lead, second = _play(item[0]), _play(item[1])
    if lead[0] == second[0]:
        raise bad_state("tricks")
    return (lead, second, read_int(item[2], "tricks", 1, 2))


def _stacks(item: object) -> tuple[tuple[str, ...], ...]:
    if not isinstance(item, list) or len(item) != STACKS:
        raise bad_state("stacks")
    return tuple(_cards(pile, "stacks", STACK_SIZE) for pile in item)


def from_json(data: object) -> State:
    """A State from to_json's output; IllegalAction("bad_state") for anything else."""
    if not isinstance(data, dict):
        raise bad_state("not an object")
    read_int(data.get("schema"), "schema", SCHEMA, SCHEMA)
    seed = read_int(data.get("seed"), "seed", -(2**63), 2**63)
    first = read_int(data.get("first"), "first", 1, 2)
    game_no = read_int(data.get("game_no"), "game_no", 1, 2**31)
    hands = dict(read_pair(data.get("hands"), "hands", lambda h: _cards(h, "hands", HAND_SIZE)))
    stacks = dict(read_pair(data.get("stacks"), "stacks", _stacks))
    raw_trick, raw_tricks = data.get("trick"), data.get("tricks")
    if not isinstance(raw_trick, list) or len(raw_trick) > 1:
        raise bad_state("trick")
    if not isinstance(raw_tricks, list) or len(raw_tricks) > TRICKS:
        raise bad_state("tricks")
    trick = tuple(_play(p) for p in raw_trick)
    tricks = tuple(_trick(t) for t in raw_tricks)

    # Replay the gathered tricks: who led each, who won it, where the cards went.
    leader: Seat = first
    won: dict[Seat, tuple[str, ...]] = {1: (), 2: ()}
    giver: Seat | None = None
    for number, (lead, second, winner) in enumerate(tricks, start=1):
        if lead[0] != leader or winner != (lead[0], second[0])[trick_winner(lead[1], second[1])]:
            raise bad_state("tricks")
        leader, won, gave = gather(won, lead, second, last=number == TRICKS)
        giver = gave if gave is not None else giver
    if trick and trick[0][0] != leader:
        raise bad_state("trick")

    played = [p for t in tricks for p in t[:2]] + list(trick)
    everything = Counter(c for s in SEATS for c in hands[s])
    everything.update(c for s in SEATS for pile in stacks[s] for c in pile)
    everything.update(p[1] for p in played)
    if everything != Counter(DECK):
        raise bad_state("cards")
    for s in SEATS:
        sources = Counter(p[2] for p in played if p[0] == s)
        if sources[HAND] + len(hands[s]) != HAND_SIZE:
            raise bad_state("hands")
        if any(sources[i] + len(stacks[s][i]) != STACK_SIZE for i in range(STACKS)):
            raise bad_state("stacks")
    state = State(
        seed=seed,
        first=first,
        game_no=game_no,
        hands={s: tuple(sort_cards(hands[s])) for s in SEATS},
        stacks=stacks,
        leader=leader,
        trick=trick,
        tricks=tricks,
        won=won,
        excuse_giver=giver,
    )
    if is_over(state) != (len(tricks) == TRICKS):
        raise bad_state("tricks")
    # The events are not saved: rebuilt from the tricks, as `apply` recorded them.
    return replace(state, events=events.rebuilt(state, result(state)))
