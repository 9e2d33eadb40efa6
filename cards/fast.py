"""A fast rummy deal for the strong level's search (cards/search.py): cards as bits of
an int, the table fixed, and one cheap policy for both seats.

A card is an int, suit * 13 + rank - 1 (suits in the order of cards/melds.py), a hand
the int with those bits set. In a playout nobody lays a meld down before going out (the
way the strong level and the rule player hold them), so the table stays as it is and a
hand's plan (how many of its cards could leave it now: the best choice of disjoint
melds, then lay-offs on the table and on those melds) is cached per table.

The policy (both seats): take the pile's top card when it would leave the hand at once
(in a meld or a lay-off of the best plan), go out when every card but one discard can
leave, else discard the card outside the plan with the fewest partners in the hand
(same rank, or same suit within two ranks), the higher first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cards.melds import RANK_OF, RANKS, SUITS, value
from cards.state import TURN_LIMIT
from gamekit.bitsets import bits

CODE: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODE)}
VALUE: tuple[int, ...] = tuple(value(code) for code in CODE)
SUIT_BITS = 0x1FFF
RANK_MASK: tuple[int, ...] = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
# Cards that could make a meld with a card given one or two more: same rank, or same
# suit within two ranks.
PARTNERS: tuple[int, ...] = tuple(
    (
        RANK_MASK[i % 13]
        | sum(1 << (i // 13 * 13 + r) for r in range(max(0, i % 13 - 2), min(13, i % 13 + 3)))
    )
    & ~(1 << i)
    for i in range(52)
)
_SUIT_VALUE: tuple[int, ...] = tuple(
    sum(min(r + 1, 10) for r in range(13) if m >> r & 1) for m in range(1 << 13)
)

Shape = tuple[bool, int, int, int, int]  # (is a run, suit or rank, low, high, size)
Plan = tuple[int, int, int]  # (cards leaving, their points, the mask of those cards)


def mask_of(codes: Iterable[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << INDEX[code]
    return mask


def codes_of(mask: int) -> list[str]:
    return [CODE[i] for i in range(52) if mask >> i & 1]


def points(mask: int) -> int:
    return (
        _SUIT_VALUE[mask & SUIT_BITS]
        + _SUIT_VALUE[mask >> 13 & SUIT_BITS]
        + _SUIT_VALUE[mask >> 26 & SUIT_BITS]
        + _SUIT_VALUE[mask >> 39 & SUIT_BITS]
    )


def table_of(melds: Sequence[Sequence[str]]) -> tuple[Shape, ...]:
    shapes = []
    for meld in melds:
        ranks = [RANK_OF[c] - 1 for c in meld]
        low, high = min(ranks), max(ranks)
        if low == high:
            shapes.append((False, low, low, low, len(meld)))
        else:
            shapes.append((True, SUITS.index(meld[0][1]), low, high, len(meld)))
    return tuple(shapes)


def melds_of(mask: int) -> list[int]:
    """Every meld of the hand, as masks: sets of three and four, runs of every length."""
    found = []
    for r in range(13):
        same = mask & RANK_MASK[r]
        n = same.bit_count()
        if n >= 3:
            if n == 4:
                found.append(same)
                for s in range(4):
                    found.append(same & ~(1 << (s * 13 + r)))
            else:
                found.append(same)
    for s in range(4):
        row = mask >> (13 * s) & SUIT_BITS
        if not row & (row >> 1) & (row >> 2):
            continue
        low = 0
        while low < 11:
            if not row >> low & 1:
                low += 1
                continue
            high = low
            while high < 12 and row >> (high + 1) & 1:
                high += 1
            for a in range(low, high - 1):
                for b in range(a + 2, high + 1):
                    found.append(((1 << (b - a + 1)) - 1) << (13 * s + a))
            low = high + 1
    return found


_SHAPES: dict[int, tuple[int, int, int, int, int]] = {}


def _shape_of(meld: int) -> list[int]:
    """[is a run, suit or rank, low, high, size] of a meld mask."""
    found = _SHAPES.get(meld)
    if found is None:
        found_bits = bits(meld)
        ranks = [i % 13 for i in found_bits]
        if min(ranks) == max(ranks):
            found = (0, ranks[0], ranks[0], ranks[0], len(found_bits))
        else:
            found = (1, found_bits[0] // 13, min(ranks), max(ranks), len(found_bits))
        _SHAPES[meld] = found
    return list(found)


def _lay_offs(rest: int, shapes: list[list[int]]) -> int:
    """The cards of `rest` that can be laid off, one after another, on the shapes."""
    laid = 0
    more = True
    while more and rest:
        more = False
        for shape in shapes:
            if shape[0]:
                base = shape[1] * 13
                while shape[2] > 0 and rest >> (base + shape[2] - 1) & 1:
                    shape[2] -= 1
                    bit = 1 << (base + shape[2])
                    rest &= ~bit
                    laid |= bit
                    more = True
                while shape[3] < 12 and rest >> (base + shape[3] + 1) & 1:
                    shape[3] += 1
                    bit = 1 << (base + shape[3])
                    rest &= ~bit
                    laid |= bit
                    more = True
            elif shape[4] < 4:
                same = rest & RANK_MASK[shape[1]]
                if same:
                    bit = same & -same
                    shape[4] += 1
                    rest &= ~bit
                    laid |= bit
                    more = True
    return laid


_CACHES: dict[tuple[Shape, ...], dict[int, Plan]] = {}
CACHE_LIMIT = 200_000


def plan(mask: int, table: tuple[Shape, ...]) -> Plan:
    """(how many cards of the hand can leave it now, their points, their mask)."""
    cache = _CACHES.get(table)
    if cache is None:
        if len(_CACHES) > 64:
            _CACHES.clear()
        cache = _CACHES[table] = {}
    found = cache.get(mask)
    if found is not None:
        return found
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    candidates = melds_of(mask)
    shapes = [[int(s[0]), s[1], s[2], s[3], s[4]] for s in table]
    best = [0, 0, 0]

    def search(begin: int, used: int, made: list[int]) -> None:
        rest = mask & ~used
        laid = _lay_offs(rest, [list(s) for s in shapes] + [_shape_of(m) for m in made])
        leaving = used | laid
        count = leaving.bit_count()
        if count > best[0] or (count == best[0] and points(leaving) > best[1]):
            best[:] = [count, points(leaving), leaving]
        if best[0] == mask.bit_count():
            return
        for i in range(begin, len(candidates)):
            meld = candidates[i]
            if not meld & used:
                made.append(meld)
                search(i + 1, used | meld, made)
                made.pop()

    search(0, 0, [])
    found = cache[mask] = (best[0], best[1], best[2])
    return found


@dataclass
class World:
    """A whole deal as one seat imagines it: seat 0 is the seat that searches."""

    hands: list[int]
    table: tuple[Shape, ...]
    stock: list[int]  # its next card last
    pile: list[int]  # its top last
    turns: int = 0
    taken: int = -1  # the card taken from the pile this turn
    winner: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    drawn: bool = False

    def over(self) -> bool:
        return self.winner is not None or self.drawn

    def outcome(self, seat: int, per_point: float) -> float:
        if self.winner is None:
            return 0.0
        gained = per_point * (self.scores[0] + self.scores[1])
        return 1.0 + gained if self.winner == seat else -1.0 - gained

    def draw(self, seat: int, take: bool, rng: random.Random) -> None:
        if not take and not self.stock and len(self.pile) > 1:
            under = self.pile[:-1]
            rng.shuffle(under)
            self.stock, self.pile = under, self.pile[-1:]
        if take or not self.stock:
            card = self.pile.pop()
            self.taken = card
        else:
            card = self.stock.pop()
            self.taken = -1
        self.hands[seat] |= 1 << card

    def go_out(self, seat: int) -> None:
        self.winner = seat
        self.scores[seat] = points(self.hands[1 - seat])

    def discard(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.pile.append(card)
        self.turns += 1
        self.taken = -1
        if not self.hands[seat]:
            self.go_out(seat)
        elif self.turns >= TURN_LIMIT:
            self.drawn = True

    def wants_top(self, seat: int) -> bool:
        """The policy's draw: the top card when it would leave the hand at once."""
        if not self.pile:
            return False
        top = 1 << self.pile[-1]
        return bool(plan(self.hands[seat] | top, self.table)[2] & top)

    def finish_turn(self, seat: int) -> None:
        """The policy's play after the draw: go out if it can, else discard."""
        hand = self.hands[seat]
        count, _, leaving = plan(hand, self.table)
        size = hand.bit_count()
        taken = 1 << self.taken if self.taken >= 0 else 0
        if count == size:
            self.go_out(seat)
            return
        if count == size - 1:
            if leaving | taken != hand:  # the one card left over is not the taken one
                out = hand & ~leaving
                self.hands[seat] = leaving
                self.pile.append(out.bit_length() - 1)
                self.go_out(seat)
                return
            for i in bits(hand & ~taken):
                rest = hand & ~(1 << i)
                if plan(rest, self.table)[0] == size - 1:
                    self.hands[seat] = rest
                    self.pile.append(i)
                    self.go_out(seat)
                    return
        loose = hand & ~leaving & ~taken
        if loose:
            card = max(bits(loose), key=lambda i: (-(hand & PARTNERS[i]).bit_count(), VALUE[i], i))
        else:
            card = min(bits(hand & ~taken), key=lambda i: (VALUE[i], i))
        self.discard(seat, card)


def play_out(world: World, rng: random.Random, depth: int, seat: int = 1) -> int:
    """Play `depth` turns from `seat`'s draw, or to the end; the seat to move next."""
    for _ in range(depth):
        if world.over():
            break
        world.draw(seat, world.wants_top(seat), rng)
        world.finish_turn(seat)
        seat = 1 - seat
    return seat


def leaving_count(mask: int, table: tuple[Shape, ...]) -> int:
    """How many cards of the hand can leave it now, as `plan` counts them, summed over
    the hand's groups of cards linked by partners: no meld nor lay-off links two groups
    (the table's runs grow at two ends apart), and small groups recur from hand to hand,
    so their plans are mostly cached (the rollouts of cards/rollout.py count many)."""
    return sum(plan(group, table)[0] for group in groups_of(mask))


def groups_of(mask: int) -> list[int]:
    """The hand's groups of cards linked by partners (see `leaving_count`)."""
    found = []
    rest = mask
    while rest:
        group, todo = 0, rest & -rest
        while todo:
            i = todo.bit_length() - 1
            group |= 1 << i
            todo = (todo | PARTNERS[i] & mask) & ~group
        found.append(group)
        rest &= ~group
    return found


def gain_total(mask: int, cards: Iterable[int], table: tuple[Shape, ...]) -> int:
    """The more cards that could leave the hand, summed over one more card of `cards`
    at a time: only the groups the card links change."""
    groups = [(group, plan(group, table)[0]) for group in groups_of(mask)]
    total = 0
    for c in cards:
        merged, before = 1 << c, 0
        for group, count in groups:
            if group & PARTNERS[c]:
                merged |= group
                before += count
        total += plan(merged, table)[0] - before
    return total
