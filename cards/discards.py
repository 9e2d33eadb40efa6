"""Which card rummy's computer players discard, level by level.

- easy discards a card at random (its melds are already down): it does not see which
  cards could still make a meld;
- medium discards the card that leaves the least deadwood and the best chances counting
  only live cards (a pair whose other cards are all seen is dead), avoids what the
  opponent visibly collects and sheds high cards sooner (by the guides' order instead,
  the least deadwood first and the chances only breaking ties, with `ORDER`, or with a
  shorter memory of the pile, `MEMORY`: both off, bench/RESULTS.md, issue 44, medium's
  second try);
- strong weighs each discard by the same measure plus the chance that it helps the
  opponent, over opponent hands sampled from the unseen cards (cards/opponent_hands.py;
  with `GUESSED`, off, drawn by the learned guess of cards/hand_model.py instead);
  with the search on (cards/search.py, off on the site), its best few are then judged
  by their mean outcome over sampled worlds; with `LEARNED` (off), its best few are
  ranked by a value learned from the search given the opponent's true hand
  (cards/discard_model.py); with the rollouts on (cards/rollout.py, off), its best few
  are played on by the levels' own rules in sampled worlds.

The weights are tuned with ``bench/bots.py --set discards.NAME=VALUE``, in cards of
deadwood.
"""

from __future__ import annotations

import random

from cards import discard_model, fast, hand_model, rollout, search
from cards.judge import Judge, Seen, discardable
from cards.melds import DECK, value
from cards.opponent_hands import collected, danger, sample_opponent_hands

SAMPLES = 24  # strong: opponent hands sampled per decision
CHANCES = 4.0  # medium and strong: a hand's chances (mean gain of one live card)
COLLECTED = 0.5  # medium: each known opponent card the discard would go with
DANGER = 0.8  # strong: the chance that the discard lets the opponent meld or lay off
POINTS = 0.05  # medium and strong: a point of card value (shed high cards sooner)
# The learned guess of the opponent's cards (cards/hand_model.py) in strong's rules, both
# off: neither moved strong beyond the noise on the tuning seeds (bench/RESULTS.md,
# issue 44, the public history), so the site's strong plays as before.
COMING = 0  # 1: a live card counts in the chances by the guess's odds that it is in the
# stock, not in the opponent's hand; 0: every live card alike
GUESSED = 0  # 1: the hands for the danger drawn by the guess; 0: cards/opponent_hands.py
# The learned value of a discard distilled from the clairvoyant search (cards/discard_model.py),
# off: level with the rules on seeds 200, 300 and 1 (bench/RESULTS.md, issue 44, third try).
LEARNED = 0  # 1: strong discards the best of its first `LEARNED_CANDIDATES` by the model
LEARNED_CANDIDATES = 4
# medium's discard, issue 44 (bench/RESULTS.md, "Rummy: medium as a guide reader"):
ORDER = 0  # medium: 0 weighs deadwood, chances, collected and points together; 1 takes the
# least deadwood in cards first, 2 the least deadwood in points first (the guides' rule),
# 3 the least in cards then in points, the chances then breaking ties, then the higher card
MEDIUM_CHANCES = 4.0  # medium, ORDER 0: the weight of its chances (strong's: CHANCES)
MEDIUM_POINTS = 0.05  # medium, ORDER 0: the weight of a point of card value (strong's: POINTS)
MEMORY = 0  # medium: it remembers only the pile's last MEMORY cards (0: the whole pile)


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


def _medium_live(seen: Seen) -> list[str]:
    """The cards medium counts as live: with `MEMORY`, the pile's older cards are forgotten."""
    if not MEMORY:
        return seen.unseen
    forgotten = set(seen.pile[:-MEMORY])
    return [c for c in DECK if c in forgotten or c in seen.unseen]


def _medium_discard(seen: Seen, rng: random.Random) -> str:
    judge = Judge(seen)
    unseen = _medium_live(seen)
    if ORDER:
        return _guide_discard(seen, judge, unseen, rng)

    def cost(code: str) -> tuple[float, float]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in unseen if c != code]
        worth = judge.deadwood(rest) - MEDIUM_CHANCES * judge.gain(rest, live)
        worth += COLLECTED * collected(code, seen) - MEDIUM_POINTS * value(code)
        return (worth, rng.random())

    return min(loose_cards(seen, judge), key=cost)


def _guide_discard(seen: Seen, judge: Judge, unseen: list[str], rng: random.Random) -> str:
    """The guides' discard: the least deadwood (in cards, or with ORDER 2 in points),
    then the best chances, then the higher card."""

    def left(code: str) -> tuple[int, int]:
        rest = [c for c in seen.hand if c != code]
        leaving = judge.plan(rest)[3]
        points = sum(value(c) for c in rest if c not in leaving)
        if ORDER == 2:
            return (points, 0)
        return (len(rest) - len(leaving), points if ORDER == 3 else 0)

    lefts = {code: left(code) for code in discardable(seen)}
    least = min(lefts.values())

    def cost(code: str) -> tuple[float, int, float]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in unseen if c != code]
        return (-judge.gain(rest, live), -value(code), rng.random())

    return min((code for code in lefts if lefts[code] == least), key=cost)


def _strong_worth(
    hand: list[str], judge: Judge, live: list[str], odds: dict[str, float] | None = None
) -> float:
    """Lower is better: deadwood less the chances of the next live card."""
    chances = CHANCES * judge.gain(hand, live, odds)
    return judge.deadwood(hand) - chances + POINTS * sum(map(value, hand))


def _strong_discard(seen: Seen, rng: random.Random) -> str:
    """The discards ranked by the rule measure, the best few then judged by the search
    (cards/search.py: their mean outcome over sampled worlds)."""
    costed = costed_discards(seen, rng)
    if LEARNED and len(costed) > 1:
        return discard_model.best(seen, costed[:LEARNED_CANDIDATES])
    if rollout.active():
        return rollout.best_discard(seen, rng, costed)
    return search.best_discard(seen, rng, [code for _, code in costed])


def ranked_discards(seen: Seen, rng: random.Random) -> list[str]:
    """The discardable cards, best first by the rule measure plus the danger."""
    return [code for _, code in costed_discards(seen, rng)]


def costed_discards(seen: Seen, rng: random.Random) -> list[tuple[float, str]]:
    """(cost, card) of the discardable cards, best (lowest) first by the rule measure
    plus the danger."""
    judge = Judge(seen)
    if GUESSED:
        hands = [set(hand) for hand in hand_model.sample_hands(seen, rng, SAMPLES)]
    else:
        hands = [set(hand) for hand in sample_opponent_hands(seen, rng, SAMPLES)]
    odds = None
    if COMING:
        unseen, chance = hand_model.chances(seen)
        odds = {fast.CODE[c]: float(1 - p) for c, p in zip(unseen, chance, strict=True)}

    def cost(code: str) -> tuple[float, str]:
        rest = [c for c in seen.hand if c != code]
        live = [c for c in seen.unseen if c != code]
        worth = _strong_worth(rest, judge, live, odds)
        return (worth + DANGER * danger(code, seen, hands), code)

    return sorted(cost(code) for code in discardable(seen))


DISCARDERS = {"easy": _easy_discard, "medium": _medium_discard, "strong": _strong_discard}
