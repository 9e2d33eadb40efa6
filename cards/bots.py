"""Computer players for rummy: easy, medium and strong.

``choose(state, seat, level, rng)`` returns one action (one step of a turn) for
``seat``. A bot reads only ``engine.view(state, seat)``: its own hand, the table, the
discard pile, counts and the cards the opponent was seen taking from the pile; never
the opponent's hidden cards or the stock.

All levels share one measure of a hand (`Judge`): how many of its cards could leave it
now (the best choice of disjoint melds, then lay-offs on the table and on those melds,
one after another), the rest being "deadwood", and its chances (how many more cards
one more live card would let leave, on average over the live cards). Live cards are
those the bot has not seen: not in its hand, on the table, in the discard pile or
among the cards the opponent was seen taking from the pile.

- easy melds everything at once and lays off on its own melds only (it does not look
  for room on the opponent's), takes the discard pile's top card only when it makes a
  meld at once, and discards a card at random (it does not see which cards could still
  make a meld): a player who plays sensibly without looking ahead beats it (the
  ``beginner`` of bench/baselines/cards.py, bench/RESULTS.md);
- medium remembers every card seen (the view's table, discard pile and the cards the
  opponent took from it): it discards the card that leaves the least deadwood and the
  best chances counting only live cards (a pair whose other cards are all seen is
  dead), avoids what the opponent visibly collects, sheds high cards sooner, takes the
  top card when it makes a meld or lays off at once, lays off at once, and keeps up to
  two melds in hand (it melds once it holds three, or when it can go out; once the
  opponent has shown a meld, at two already; against an opponent down to three cards
  it lays down the melds worth 20 points or more, 12 when it holds two);
- strong keeps its melds in hand until it can go out in this turn (the opponent gets
  no lay-off spots), but lays down at once a meld no unseen card fits (the opponent
  cannot use it) and everything against an opponent down to three cards, to cut the
  points it would lose. It weighs each discard by the same measure plus the chance
  that it helps the opponent, estimated over opponent hands sampled from the unseen
  cards (its known cards, each with two cards that make a meld with it, since every
  level takes a card from the pile to use it, plus a random deal: a fixed number of
  samples from the rng, so a decision is reproducible). Like medium, it takes the top
  card only when the card can leave the hand at once (a meld, or a lay-off on the
  table or on a meld it holds). Taking also the cards that only improved its measure
  lost it deals against medium (bench/RESULTS.md).

Variants measured for issue 44 and left out of the levels (bench/RESULTS.md names the
commit that still runs each): for medium, two more lay-downs (a meld no unseen card fits
at once, the big melds late in the deal), its discard by the guides' order and a shorter
memory; for strong, a search over sampled worlds for the draw, the discard and the
meld/hold choice (with a learned evaluation and a learned guess of the opponent's hand),
a learned discard value, and rollouts of the levels' own rules. None played better than
the rules above beyond the noise.

Deals won and matches won disagree in rummy (the winner of a deal scores the loser's
hand, melds held included), so the levels are tuned on both: holding melds wins deals,
laying them down in time and shedding high cards keeps the points lost small.

The parts, each in its module: the measure of a hand and what a view tells a bot
(cards/judge.py), when to meld and lay off (cards/laying_down.py), which card to
discard (cards/discards.py), what the opponent's hidden hand may hold
(cards/opponent_hands.py). This module keeps the levels, the draw and ``choose``.
"""

from __future__ import annotations

import random
from typing import Any

from cards import engine
from cards.discards import DISCARDERS
from cards.judge import Action, Seen, View, makes_meld
from cards.laying_down import PLAYS, next_play
from cards.opponent_hands import gift

LEVELS = ("easy", "medium", "strong")


def choose(state: Any, seat: int, level: str, rng: random.Random) -> Action:
    """The action ``seat`` takes at ``level``; only ``view(state, seat)`` is looked at."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    return choose_from_view(engine.view(state, seat), level, rng)


def choose_from_view(view: View, level: str, rng: random.Random) -> Action:
    if view["turn"] != view["seat"] or view["over"]:
        raise ValueError("it is not this seat's turn")
    seen = Seen(view)
    if view["step"] == "draw":
        take = DRAWERS[level](seen, rng)
        return {"type": "draw", "source": "discard" if take else "stock"}
    play = PLAYS.get(level, next_play)(seen)
    if play is not None:
        return play
    return {"type": "discard", "card": DISCARDERS[level](seen, rng)}


def _easy_draw(seen: Seen, rng: random.Random) -> bool:
    """easy: take the top card only when it makes a meld at once."""
    return seen.top is not None and makes_meld(seen.top, seen.hand)


def _draw_to_use_at_once(seen: Seen, rng: random.Random) -> bool:
    """medium and strong: take the top card only when it can leave the hand at once (a
    meld with the hand, a held meld grown, or a lay-off on the table)."""
    top = seen.top
    if top is None:
        return False
    return makes_meld(top, seen.hand) or gift(top, seen)


DRAWERS = {"easy": _easy_draw, "medium": _draw_to_use_at_once, "strong": _draw_to_use_at_once}
