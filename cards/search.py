"""The strong level's search: determinized Monte Carlo (PIMC) over the hidden cards.

A decision of the strong level (the draw, the discard) is judged by its simulated
outcome, not by rules alone: worlds consistent with the seat's view are sampled (the
opponent's hidden cards and the stock's order, cards/opponent_hands.py: each card the
opponent was seen taking is held with two that make a meld with it), and in each world
the rest of the deal is played out from every candidate by a fast policy for both
seats (cards as bits of an int, cards/fast.py's plans). The candidate with the best
mean outcome over the same worlds (common random numbers: each candidate meets the
same hands and the same stock) is chosen. A playout longer than `DEPTH` turns is
stopped and scored by the learned evaluation (cards/evaluation.py) of the position
from the world's whole information.

The opponent's hidden cards are drawn by the learned guess of cards/hand_model.py from
the public history (what the opponent took, passed and discarded; `GUESS`), or else by
cards/opponent_hands.py's meld pairs, weighted by the pile and thinned.

Every random choice comes from the rng given (the worlds, the stock reshuffles), so a
decision is reproducible from the view and its rng: the hint and the review agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cards import evaluation, fast, hand_model
from cards.judge import Judge, Seen
from cards.opponent_hands import melds_with, sample_opponent_hands

# Sampled worlds per decision. 0: the search is off and strong plays by its rules alone:
# no setting measured played better than the rules beyond the noise, with either way of
# drawing the opponent's hand (bench/RESULTS.md, issue 44), so the site keeps them;
# bench/bots.py --set search.WORLDS=16 turns the search on.
WORLDS = 0
CANDIDATES = 4  # discards judged by the search (the best by the rule measure)
DEPTH = 2  # playout turns (both seats) before the evaluation scores the position
FULL_DEPTH = 200  # without the evaluation (USE_MODEL 0): playouts to the end
USE_MODEL = 1  # 0: no learned evaluation, every playout to the end of the deal
POINTS = 0.01  # the outcome: a deal won 1, lost -1, plus this much a point scored
MARGIN = 0.0  # the search overrules the rule choice only by more than this
OVERSAMPLE = 4  # opponent hands drawn per world, the worlds chosen among them by weight
PASSED = 0.25  # the weight of a hand per pile card it would have made a meld with
THIN = 0  # cards drawn into a sampled hand and let go again (the opponent keeps its best;
# 5 before the guess, which with it measured worse)
GUESS = 1  # 1: the opponent's hidden cards drawn by the learned guess (cards/hand_model.py)
# from the public history; 0: the sampled hands of cards/opponent_hands.py, weighted
SEARCH_DRAW = 0  # 0: the draw by the rule alone; 1: the search may only turn down a
# take of the rule (taking shows the opponent a card, which the playouts do not model);
# 2: the search decides either way


def worlds(seen: Seen, rng: random.Random, count: int) -> list[tuple[int, list[int]]]:
    """(the opponent's hand, the stock, its next card last) of `count` sampled worlds.

    The hands are weighted by what the opponent did: every card of the discard pile was
    either let go by it or left on top for it to take, and every level takes a card
    that makes a meld; so a hand that would make a meld with a card of the pile is
    `PASSED` times as likely per such card. `OVERSAMPLE` times as many hands as worlds
    are drawn, and the worlds drawn from them by weight."""
    if count <= 0:
        return []
    if GUESS:
        return guessed_worlds(seen, rng, count)
    drawn = sample_opponent_hands(seen, rng, count * OVERSAMPLE)
    pile = seen.pile
    weights = [PASSED ** sum(melds_with(c, set(hand)) for c in pile) for hand in drawn]
    hands = rng.choices(drawn, weights, k=count) if OVERSAMPLE > 1 else drawn
    unseen = [fast.INDEX[c] for c in seen.unseen]
    table = fast.table_of(seen.table)
    known = fast.mask_of(seen.opponent_known)
    extra = min(THIN, seen.view["turns"] // 2)
    found = []
    for hand in hands:
        found.append(world(fast.mask_of(hand), unseen, extra, known, table, rng))
    return found


def world(
    mask: int, unseen: list[int], extra: int, known: int, table: Any, rng: random.Random
) -> tuple[int, list[int]]:
    """A world of a sampled opponent hand `mask`: thinned by `extra` cards drawn and let
    go, then the stock shuffled from the other unseen cards."""
    if extra:
        free = [c for c in unseen if not mask >> c & 1]
        mask = thinned(mask, rng.sample(free, min(extra, len(free))), known, table)
    stock = [c for c in unseen if not mask >> c & 1]
    rng.shuffle(stock)
    return mask, stock


def guessed_worlds(seen: Seen, rng: random.Random, count: int) -> list[tuple[int, list[int]]]:
    """Worlds whose opponent hands are drawn card by card in proportion to the odds the
    learned guess gives each unseen card (cards/hand_model.py), its known cards kept."""
    unseen, chance = hand_model.chances(seen)
    odds = [float(p / (1 - p)) if p < 1 else 1e9 for p in chance]
    known = fast.mask_of(seen.opponent_known)
    size = min(seen.opponent_size - len(seen.opponent_known), len(unseen))
    table = fast.table_of(seen.table)
    extra = min(THIN, seen.view["turns"] // 2)
    found = []
    for _ in range(count):
        mask = known | hand_model.sample_hidden(unseen, odds, size, rng)
        found.append(world(mask, unseen, extra, known, table, rng))
    return found


def thinned(hand: int, more: list[int], known: int, table: tuple[fast.Shape, ...]) -> int:
    """The hand as a player keeps it: `more` cards drawn into it, then as many let go,
    each the loosest (outside the best plan, the fewest partners, the highest)."""
    for card in more:
        hand |= 1 << card
        leaving = fast.plan(hand, table)[2]
        loose = hand & ~leaving & ~known or hand & ~known
        out = max(
            fast.bits(loose),
            key=lambda i: (-(hand & fast.PARTNERS[i]).bit_count(), fast.VALUE[i], i),
        )
        hand &= ~(1 << out)
    return hand


def start(seen: Seen, opponent: int, stock: list[int]) -> fast.World:
    """The world of the view with the opponent's hand and the stock filled in (the
    seat to move is 0, the opponent 1)."""
    return fast.World(
        hands=[fast.mask_of(seen.hand), opponent],
        table=fast.table_of(seen.table),
        stock=list(stock),
        pile=[fast.INDEX[c] for c in seen.pile],
        turns=seen.view["turns"],
    )


def outcome(world: fast.World, rng: random.Random) -> float:
    """Seat 0's outcome of playing the world out from seat 1's turn: `DEPTH` turns, then
    the learned evaluation (or to the end, without it)."""
    to_move = fast.play_out(world, rng, DEPTH if USE_MODEL else FULL_DEPTH)
    if world.over() or not USE_MODEL:
        return world.outcome(0, POINTS)
    return evaluation.evaluate(world, 0, to_move)


def best_discard(seen: Seen, rng: random.Random, ranked: list[str]) -> str:
    """The discard among `ranked` (best first by the rules) with the best mean outcome."""
    options = ranked[:CANDIDATES]
    if len(options) == 1:
        return options[0]
    sampled = worlds(seen, rng, WORLDS)
    seeds = [rng.getrandbits(32) for _ in sampled]
    totals = dict.fromkeys(options, 0.0)
    for (opponent, stock), seed in zip(sampled, seeds, strict=True):
        for code in options:
            world = start(seen, opponent, stock)
            world.discard(0, fast.INDEX[code])
            totals[code] += outcome(world, random.Random(seed))
    first = options[0]
    best = max(options, key=lambda code: (totals[code], code == first))
    return best if totals[best] > totals[first] + MARGIN * len(sampled) else first


def takes(seen: Seen, rng: random.Random, rule: bool) -> bool:
    """Whether to take the pile's top card: the mean outcome of taking it (then the
    fast policy's discard) against that of drawing the stock's next card."""
    if seen.top is None or not SEARCH_DRAW or (SEARCH_DRAW == 1 and not rule):
        return rule and seen.top is not None
    sampled = worlds(seen, rng, WORLDS)
    seeds = [rng.getrandbits(32) for _ in sampled]
    margin = 0.0
    for (opponent, stock), seed in zip(sampled, seeds, strict=True):
        for take in (True, False):
            world = start(seen, opponent, stock)
            play_rng = random.Random(seed)
            world.draw(0, take, play_rng)
            world.finish_turn(0)
            result = outcome(world, play_rng)
            margin += result if take else -result
    if rule:
        return margin >= -MARGIN * len(sampled)
    return margin > MARGIN * len(sampled)


# --- Meld or hold: strong's play step (issue 44, fourth try) ---------------------------

# 1: when strong's rules hold a meld (no dead meld, the opponent not near going out, not
# going out this turn), the search judges laying each held meld down now against holding
# it, by the deal's score difference played out to the end in the same sampled worlds.
# Off: every setting measured lost deals to medium for a point or less a deal, within the
# noise (bench/RESULTS.md, issue 44, fourth try): the playouts' opponent does not react
# to a hand that shrinks, medium does.
HOLD = 0
HOLD_WORLDS = 16  # sampled worlds per meld/hold decision
HOLD_WIN = 0.0  # points added for a deal won (0: the score difference alone)
HOLD_MARGIN = 0.0  # points a world a lay-down must gain over holding to be chosen
HOLD_FROM = 0  # the search decides from this completed turn of the deal (both seats')
HOLD_DEADWOOD = 0  # and only while this many cards or more cannot leave the hand
# 1: holding is also played out as "hold now, lay the meld down at the next turn" (after
# the draw), and a meld goes down now only if that beats both holding to the end and
# laying it down a turn later: the decision comes again next turn, which a playout that
# holds to the end leaves out.
HOLD_DELAY = 1


def after_meld(seen: Seen, meld: list[str]) -> Seen:
    """The seat's view once it has laid `meld` down (its hand less the meld, the meld on
    the table as its own)."""
    view = dict(seen.view)
    view["hand"] = [code for code in seen.hand if code not in meld]
    view["melds"] = [*view["melds"], {"cards": list(meld), "owner": view["seat"]}]
    return Seen(view)


def points_outcome(world: fast.World) -> float:
    """Seat 0's score difference at the end of the deal (plus `HOLD_WIN` for a win)."""
    if world.winner is None:
        return 0.0
    won = HOLD_WIN if world.winner == 0 else -HOLD_WIN
    return won + world.scores[0] - world.scores[1]


def meld_or_hold(
    seen: Seen, rng: random.Random, melds: list[list[str]], discard: Callable[[Seen], str]
) -> list[str] | None:
    """The held meld to lay down now, or None to hold: each meld laid down (then the
    discard `discard` chooses in that position) against holding (the same rule's
    discard), played out to the end by the fast policy in the same worlds (common random
    numbers: each option meets the same hands, the same stock and the same playout rng)."""
    if not melds or seen.view["turns"] < HOLD_FROM:
        return None
    if HOLD_DEADWOOD and Judge(seen).deadwood(seen.hand) < HOLD_DEADWOOD:
        return None
    positions = [seen, *(after_meld(seen, meld) for meld in melds)]
    discards = [discard(position) for position in positions]
    sampled = worlds(seen, rng, HOLD_WORLDS)
    seeds = [rng.getrandbits(32) for _ in sampled]
    totals = [0.0] * len(positions)
    later = [0.0] * len(melds)  # held now, laid down at the next turn
    for (opponent, stock), seed in zip(sampled, seeds, strict=True):
        for i, (position, card) in enumerate(zip(positions, discards, strict=True)):
            world = start(position, opponent, stock)
            world.discard(0, fast.INDEX[card])
            fast.play_out(world, random.Random(seed), FULL_DEPTH)
            totals[i] += points_outcome(world)
        for i, meld in enumerate(melds[: len(melds) * HOLD_DELAY]):
            world = start(seen, opponent, stock)
            world.discard(0, fast.INDEX[discards[0]])
            table = [*seen.table, meld]
            lay_down_next_turn(world, fast.mask_of(meld), table, random.Random(seed))
            later[i] += points_outcome(world)
    margin = HOLD_MARGIN * len(sampled)
    best = max(range(len(melds)), key=lambda i: totals[i + 1])
    held = max(totals[0], later[best]) if HOLD_DELAY else totals[0]
    return melds[best] if totals[best + 1] > held + margin else None


def lay_down_next_turn(
    world: fast.World, meld: int, table: list[list[str]], rng: random.Random
) -> None:
    """Play the world to its end from the opponent's turn, seat 0 laying `meld` down at
    its next turn after the draw (when it still holds it and keeps a card to discard)."""
    fast.play_out(world, rng, 1)
    if world.over():
        return
    world.draw(0, world.wants_top(0), rng)
    hand = world.hands[0]
    taken = 1 << world.taken if world.taken >= 0 else 0
    if hand & meld == meld and hand & ~meld & ~taken:
        world.hands[0] = hand & ~meld
        world.table = fast.table_of(table)
    world.finish_turn(0)
    fast.play_out(world, rng, FULL_DEPTH)
