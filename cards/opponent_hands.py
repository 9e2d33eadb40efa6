"""What rummy's computer players infer of the opponent's hidden hand.

The strong level weighs each discard by the chance that it helps the opponent,
estimated over opponent hands sampled from the unseen cards: its known cards, each
with two cards that make a meld with it (every level takes a card from the pile to use
it), plus a random deal; a fixed number of samples from the rng, so that a decision is
reproducible. medium only counts the opponent's known cards a discard would go with.
"""

from __future__ import annotations

import random

from cards.judge import Seen, partners
from cards.melds import DECK, RANK_OF, SUIT_OF, card, fits


def gift(code: str, seen: Seen) -> bool:
    """Whether the opponent could lay `code` off at once."""
    return any(fits(meld, code) for meld in seen.table)


def collected(code: str, seen: Seen) -> int:
    """How many of the opponent's known cards `code` would go with."""
    return len(partners(code, seen.opponent_known))


def sample_opponent_hands(seen: Seen, rng: random.Random, samples: int) -> list[list[str]]:
    """Opponent hands consistent with the view: known cards plus unseen ones at random,
    except that a known card is held with two that make a meld with it (the opponent
    took it from the pile for a meld), unless it can go on the table instead."""
    hidden = min(seen.opponent_size - len(seen.opponent_known), len(seen.unseen))
    unseen = set(seen.unseen)
    hands = []
    for _ in range(samples):
        held = set(seen.opponent_known)
        chosen: list[str] = []
        for known in seen.opponent_known:
            if melds_with(known, held) or gift(known, seen):
                continue
            room = hidden - len(chosen)
            pairs = [
                pair
                for pair in MELD_PAIRS[known]
                if all(c in unseen or c in held for c in pair)
                and sum(c not in held for c in pair) <= room
            ]
            if pairs:
                new = [c for c in rng.choice(pairs) if c not in held]
                chosen += new
                held.update(new)
        rest = [c for c in seen.unseen if c not in held]
        hands.append([*seen.opponent_known, *chosen, *rng.sample(rest, hidden - len(chosen))])
    return hands


def _run_pairs(code: str) -> list[tuple[str, str]]:
    """The pairs of cards of `code`'s suit that make a run of three with it."""
    rank, suit = RANK_OF[code], SUIT_OF[code]
    pairs = []
    for low in (rank - 2, rank - 1, rank):
        if 1 <= low <= 11:  # a run of three from `low` stays within ace to king
            a, b = (r for r in (low, low + 1, low + 2) if r != rank)
            pairs.append((card(a, suit), card(b, suit)))
    return pairs


RUN_PAIRS = {code: _run_pairs(code) for code in DECK}
SAME_RANK = {code: [c for c in DECK if RANK_OF[c] == RANK_OF[code] and c != code] for code in DECK}
# The pairs of cards that make a meld of three with a card: a run, or a set.
MELD_PAIRS = {
    code: RUN_PAIRS[code]
    + [(a, b) for i, a in enumerate(SAME_RANK[code]) for b in SAME_RANK[code][i + 1 :]]
    for code in DECK
}


def melds_with(code: str, held: set[str]) -> bool:
    """Whether `code` makes a meld at once with cards of `held`: `makes_meld` without
    listing every meld (the danger estimate asks it for every sampled hand)."""
    if sum(c in held for c in SAME_RANK[code]) >= 2:
        return True
    return any(a in held and b in held for a, b in RUN_PAIRS[code])


def danger(code: str, seen: Seen, hands: list[set[str]]) -> float:
    """The chance that the opponent can use `code` at once (meld or lay off)."""
    if gift(code, seen):
        return 1.0
    return sum(melds_with(code, hand) for hand in hands) / max(1, len(hands))
