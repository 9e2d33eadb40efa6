"""The Tarot duel's move events (gamekit/events.py; docs/games.md, "The Tarot duel's
events"): what one play did, as `apply` records it in the state and `view` shows it.

Every event's `seat` is the seat that played (gamekit.events: who moved); the others
it speaks of are in its facts and places. A play makes, in this order:
- `play`: the card, from `hand-S` or `stack-S-K` to `trick` (facts: `lead`);
- when it is the trick's second card, the trick gathered: `trick_won` (the cards the
  winner takes, `trick` to `won-W`; facts: `winner`, `card` the winner's own card,
  `points` those cards' points, `last`), then `excuse_returned` if the Excuse came
  back to its owner (`trick` to `won-S`; facts: `giver`, `receiver`, `points` 0.5),
  then `turned_up` for each stack a card of the trick came from that still has cards
  (its new top, now face up, `stack-S-K` to itself; facts: `owner`, `stack` K), then
  `round_over` after the last trick (facts: tarot/scoring.py's result, and `reason`:
  "threshold" or "drawn").

Every card an event names is public when it is named (played, or just turned up), so
no event is private. The state keeps the events from the other seat's latest play on
(`kept`): after the computer's reply, its card and the trick it won are both there.
`from_json` rebuilds them from the gathered tricks (`rebuilt`), so a save holds no
events of its own and an older save reads with them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamekit.events import Event, event
from gamekit.seats import other
from tarot.cards import EXCUSE, as_number, half_points
from tarot.state import HAND, STACK_SIZE, Play, State, Trick, is_over

PLAY = "play"
TRICK_WON = "trick_won"
EXCUSE_RETURNED = "excuse_returned"
TURNED_UP = "turned_up"
ROUND_OVER = "round_over"
KINDS = (PLAY, TRICK_WON, EXCUSE_RETURNED, TURNED_UP, ROUND_OVER)

TRICK = "trick"


def hand_place(seat: int) -> str:
    return f"hand-{seat}"


def stack_place(seat: int, index: int) -> str:
    """Seat S's stack K (1-based, as the board numbers them)."""
    return f"stack-{seat}-{index + 1}"


def won_place(seat: int) -> str:
    return f"won-{seat}"


def _from(play: Play) -> str:
    return hand_place(play[0]) if play[2] == HAND else stack_place(play[0], play[2])


# A stack card turned up when a trick was gathered: (seat, stack index, card).
Turned = tuple[int, int, str]


def play_events(
    n: int,
    play: Play,
    gathered: Trick | None,
    turned: Sequence[Turned],
    result: dict[str, Any] | None,
) -> list[Event]:
    """The events of one play, numbered from `n`: `gathered` is the trick it completed
    (None for a lead), `turned` the stack cards face up after it, `result` the round's
    (tarot.scoring.result) when it ended the round."""
    seat, card, _ = play
    made = [event(n, seat, PLAY, [card], _from(play), TRICK, lead=gathered is None)]
    if gathered is None:
        return made
    lead, second, winner = gathered
    last = result is not None
    # Before the last trick the Excuse goes back to its owner (tarot.turns.gather).
    owner = next((p[0] for p in (lead, second) if p[1] == EXCUSE and not last), None)
    taken = [p[1] for p in (lead, second) if p[0] != owner or p[1] != EXCUSE]
    own_card = lead[1] if lead[0] == winner else second[1]
    made.append(
        event(
            n + len(made),
            seat,
            TRICK_WON,
            taken,
            TRICK,
            won_place(winner),
            winner=winner,
            card=own_card,
            points=as_number(sum(half_points(c) for c in taken)),
            last=last,
        )
    )
    if owner is not None:
        made.append(
            event(
                n + len(made),
                seat,
                EXCUSE_RETURNED,
                [EXCUSE],
                TRICK,
                won_place(owner),
                giver=owner,
                receiver=other(owner),
                points=0.5,
            )
        )
    for who, index, up in turned:
        place = stack_place(who, index)
        made.append(
            event(n + len(made), seat, TURNED_UP, [up], place, place, owner=who, stack=index + 1)
        )
    if result is not None:
        facts = {
            key: result[key]
            for key in ("winner", "points", "oudlers", "thresholds", "scores", "petit_taker")
        }
        facts["reason"] = "drawn" if result["drawn"] else "threshold"
        made.append(event(n + len(made), seat, ROUND_OVER, **facts))
    return made


def actor_before(state: State) -> int | None:
    """Who made the latest play of the round (None before the first)."""
    if state.trick:
        return state.trick[0][0]
    return state.tricks[-1][1][0] if state.tricks else None


def kept(events: Sequence[Event], seat: int, previous: int | None) -> list[Event]:
    """The recorded events to keep when `seat` plays after `previous`: all of them while
    the same seat plays on, else those from the other seat's latest play on."""
    if previous is None or previous == seat:
        return list(events)
    start = len(events) - 1
    while start > 0 and events[start]["kind"] != PLAY:
        start -= 1
    return list(events[start:])


def next_number(events: Sequence[Event]) -> int:
    return events[-1]["n"] + 1 if events else 1


def rebuilt(state: State, result: dict[str, Any] | None) -> tuple[Event, ...]:
    """The events `apply` would have recorded on the way to `state`, from its gathered
    tricks and the card on the table (for `from_json`, and a state made by hand);
    `result` is the round's when it is over. Only the kept plays' events are made: the
    earlier ones are counted, for the numbers."""
    plays = [p for trick in state.tricks for p in trick[:2]] + list(state.trick)
    if not plays:
        return ()
    # `kept` leaves the plays from the latest one by the other seat than the last mover.
    mover, start = plays[-1][0], len(plays) - 1
    while start > 0 and plays[start][0] == mover:
        start -= 1
    # Before it: a play each, and for each trick gathered, its trick_won, the Excuse's
    # exchange (never in the last trick, which is kept) and a turned_up for each of a
    # stack's first two cards gathered (the third leaves it empty).
    done = start // 2 * 2
    gathered_from = Counter((p[0], p[2]) for p in plays[:done] if p[2] != HAND)
    n = 1 + start + done // 2 + any(p[1] == EXCUSE for p in plays[:done])
    n += sum(min(count, STACK_SIZE - 1) for count in gathered_from.values())
    events: list[Event] = []
    for number in range(start, len(plays)):
        play = plays[number]
        gathered = state.tricks[number // 2] if number % 2 else None
        turned: list[Turned] = []
        for who, _, index in gathered[:2] if gathered else ():
            if index == HAND:
                continue
            gathered_from[who, index] = k = gathered_from[who, index] + 1
            if k < STACK_SIZE:
                turned.append((who, index, _turned(state, plays, who, index, k)))
        ended = result if number == len(plays) - 1 and is_over(state) else None
        made = play_events(n, play, gathered, turned, ended)
        events += made
        n += len(made)
    return tuple(events)


def _turned(state: State, plays: Sequence[Play], seat: int, index: int, k: int) -> str:
    """The card turned up on a stack once its k-th card played was gathered: the next
    card played from it, or its top now if none was since."""
    later = [p[1] for p in plays if p[0] == seat and p[2] == index]
    return later[k] if k < len(later) else state.stacks[seat][index][-1]
