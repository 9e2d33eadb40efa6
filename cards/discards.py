"""Which card rummy's computer players discard, level by level.

- easy discards a card at random (its melds are already down): it does not see which
  cards could still make a meld;
- medium discards the card that leaves the least deadwood and the best chances counting
  only live cards (a pair whose other cards are all seen is dead), avoids what the
  opponent visibly collects and sheds high cards sooner;
- strong weighs each discard by the same measure plus the chance that it helps the
  opponent, over opponent hands sampled from the unseen cards (cards/opponent_hands.py).

The weights are tuned with ``bench/bots.py --set discards.NAME=VALUE``, in cards of
deadwood. Variants measured for issue 44 and left out (a learned guess of the opponent's
hand, a learned discard value, a search and rollouts over sampled worlds, medium by the
guides' order or with a shorter memory) are in bench/RESULTS.md, with the commit that
still runs them.
"""

from __future__ import annotations

import random

from cards.judge import Judge, Seen, discardable
from cards.melds import value
from cards.opponent_hands import collected, danger, sample_opponent_hands

SAMPLES = 24  # strong: opponent hands sampled per decision
CHANCES = 4.0  # medium and strong: a hand's chances (mean gain of one live card)
COLLECTED = 0.5  # medium: each known opponent card the discard would go with
DANGER = 0.8  # strong: the chance that the discard lets the opponent meld or lay off
POINTS = 0.05  # medium and strong: a point of card value (shed high cards sooner)
MEDIUM_CHANCES = 4.0  # medium: the weight of its chances (strong's: CHANCES)
MEDIUM_POINTS = 0.05  # medium: the weight of a point of card value (strong's: POINTS)


def _easy_discard(seen: Seen, rng: random.Random) -> str:
    """Any card at random (its melds are already down): easy does not see which cards
    could still make a meld."""
    return rng.choice(sorted(discardable(seen)))


def loose_cards(seen: Seen, judge: Judge) -> list[str]:
    """The cards that may be discarded without breaking a meld or a lay-off the hand
    holds (all discardable cards if there is none)."""
    hand = seen.hand
    can = judge.leaving(hand)
    options = discardable(seen)
    loose = [c for c in options if judge.leaving([x for x in hand if x != c]) == can]
    return loose or options


def _medium_discard(seen: Seen, rng: random.Random) -> str:
    judge = Judge(seen)
    unseen = seen.unseen

    def cost(code: str) -> tuple[float, float]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in unseen if c != code]
        worth = judge.deadwood(rest) - MEDIUM_CHANCES * judge.gain(rest, live)
        worth += COLLECTED * collected(code, seen) - MEDIUM_POINTS * value(code)
        return (worth, rng.random())

    return min(loose_cards(seen, judge), key=cost)


def _strong_worth(hand: list[str], judge: Judge, live: list[str]) -> float:
    """Lower is better: deadwood less the chances of the next live card."""
    chances = CHANCES * judge.gain(hand, live)
    return judge.deadwood(hand) - chances + POINTS * sum(map(value, hand))


def _strong_discard(seen: Seen, rng: random.Random) -> str:
    """The discard that costs least by the rule measure plus the danger (the card's
    code breaking ties)."""
    judge = Judge(seen)
    hands = [set(hand) for hand in sample_opponent_hands(seen, rng, SAMPLES)]

    def cost(code: str) -> tuple[float, str]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in seen.unseen if c != code]
        worth = _strong_worth(rest, judge, live)
        return (worth + DANGER * danger(code, seen, hands), code)

    return min(cost(code) for code in discardable(seen))[1]


DISCARDERS = {"easy": _easy_discard, "medium": _medium_discard, "strong": _strong_discard}
