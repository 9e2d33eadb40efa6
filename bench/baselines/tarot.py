"""Outside players for the Tarot duel (bench/bots.py), each written from a published
strategy, not offered on the site. Like a bot, each reads only ``engine.view(state, seat)``:
its hand, the face-up cards, the tricks; never the opponent's hand nor a face-down card.

``thumb``: the rules of thumb of the French Tarot strategy guides (the Fédération
Française de Tarot's advice to beginners, "Le Tarot, règles et conseils", and the usual
club primers, e.g. tarot-regles.fr "Conseils de jeu"), for two hands with no partner:
- second to play, win the trick when you can, cheaply: following suit, with your most
  valuable card that wins (the king brings its own points home, it may be trumped
  later); trumping, with the lowest trump that wins; the 21 only for a trick worth it;
- when you cannot win, shed (« pisser ») your cheapest card; the Excuse rather than a
  king, a queen or a knight;
- save the Petit: play it only when it wins the trick (as second card, or on a led
  Excuse), or lead it once the opponent can hold no trump; never give it away while
  another trump will do;
- lead your masters (« jouer ses maîtres »): the highest card still out of a suit the
  opponent still follows, the most valuable first;
- hunt the Petit (« chasse au Petit »): while the Petit is out and you hold more trumps
  than the opponent can, lead big trumps so that it has to come down;
- otherwise lead low from your longest suit; play the Excuse before the last trick.

``pimc``: the standard perfect-information Monte Carlo player (Ginsberg's GIB, 2001;
Long, Sturtevant, Buro & Furtak, "Understanding the success of perfect information Monte
Carlo sampling in trick-taking games", AAAI 2010): sample worlds (the opponent's hand and
every face-down card) uniformly among those consistent with what was shown (a player who
did not follow suit holds none of it, one who did not trump no trump, one who did not
overtrump no higher trump), evaluate each candidate card in each world with everything
open, and play the card with the best total. The evaluation of a world: a playout to the
end of the round with the rules of thumb above for both players (the "rule-policy
playout" of PIMC for long games), or, over the last ``EXACT_TRICKS`` tricks, the exact
search to the end (tarot.endgame, the site's own). A playout scores the round's result
first (won, drawn, lost), then the points. ``WORLDS`` worlds a decision: a budget chosen
so that its CPU time per decision is close to the strong bot's (bench/RESULTS.md).

``beginner``: a reference for "easy is beatable": legal, sensible cards and no
lookahead, no card counting: second to play it wins with its lowest winning card when it
can (a trump only for a card worth something), else gives its lowest card; it leads a
king when it holds one, else its lowest card of its longest suit, trumps last; it plays
the Excuse only when it has nothing else to play or at the second to last trick.

``random``: any legal card, uniformly at random: how far below the beginner a player
that plays legal cards can be (bench/RESULTS.md: the beginner beats it in far fewer
than 75% of rounds, the luck of the deal weighs that much).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tarot import engine
from tarot.cards import (
    DECK,
    EXCUSE,
    INDEX,
    PETIT,
    TWENTY_ONE,
    half_points,
    is_trump,
    strength,
    suit,
    trick_winner,
)
from tarot.endgame import OUDLER_UNIT, EndSearch, outcome
from tarot.search import (
    BEATS,
    EX,
    EX_BIT,
    SUIT_MASKS,
    T1,
    T1_BIT,
    TRUMPS,
    bits,
    legal_mask,
)

View = dict[str, Any]

# pimc: worlds per decision, and how few tricks left make it search them exactly.
WORLDS = 16
EXACT_TRICKS = 6


# --- What the view shows -----------------------------------------------------------------


def _opponent(view: View) -> int:
    return 2 if view["seat"] == 1 else 1


def _lead(view: View) -> str | None:
    cards = view["trick"]["cards"]
    return cards[0]["card"] if cards else None


def _face_up(view: View, seat: int) -> list[str]:
    return [pile["up"] for pile in view["stacks"][str(seat)] if pile["up"] is not None]


def _unseen(view: View) -> set[str]:
    """The opponent's hand and every face-down card: what this seat has not seen."""
    seen = set(view["hand"]) | set(_face_up(view, 1)) | set(_face_up(view, 2))
    seen |= {c for s in ("1", "2") for c in view["won"][s]}  # the tricks' cards
    seen |= {p["card"] for p in view["trick"]["cards"]}
    return set(DECK) - seen


def shown_voids(view: View) -> tuple[set[str], int]:
    """What the opponent's hand cannot hold, from its plays: the suits (`T`: trumps) it
    did not follow, and the highest trump it may hold (21: any). A hand never gains a
    card, so what it lacked once it lacks for good."""
    them = _opponent(view)
    missing: set[str] = set()
    cap = 21
    for trick in view["tricks"]:
        lead, second = (p["card"] for p in trick["cards"])
        if trick["cards"][1]["seat"] != them or EXCUSE in (lead, second):
            continue
        if not is_trump(lead) and suit(second) != suit(lead):
            missing.add(suit(lead))
            if not is_trump(second):
                missing.add("T")
        elif is_trump(lead):
            if not is_trump(second):
                missing.add("T")
            elif strength(second) < strength(lead):
                cap = min(cap, strength(lead))
    return missing, cap


def _possible(card: str, missing: set[str], cap: int) -> bool:
    if card == EXCUSE:
        return True
    if is_trump(card):
        return "T" not in missing and strength(card) <= cap
    return suit(card) not in missing


def _their_trumps(view: View) -> int:
    """The trumps the opponent may hold at most (hand and face-up tops)."""
    missing, cap = shown_voids(view)
    tops = sum(1 for c in _face_up(view, _opponent(view)) if is_trump(c))
    if "T" in missing:
        return tops
    out = sum(1 for c in _unseen(view) if is_trump(c) and strength(c) <= cap)
    return tops + min(out, view["hand_counts"][str(_opponent(view))])


def _cheapest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (c == PETIT, half_points(c), is_trump(c), strength(c)))


# --- thumb: the rules of thumb -------------------------------------------------------------


def thumb_card(view: View) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    plain = [c for c in legal if c != EXCUSE]
    if EXCUSE in legal and (not plain or view["tricks_left"] <= 2):
        return EXCUSE  # never kept for the last trick
    lead = _lead(view)
    if lead is not None:
        return _thumb_follow(lead, legal, plain)
    return _thumb_lead(view, plain)


def _thumb_follow(lead: str, legal: list[str], plain: list[str]) -> str:
    if lead == EXCUSE:  # anything wins: bring home the Petit, else the best suit card
        if PETIT in plain:
            return PETIT
        suited = [c for c in plain if not is_trump(c)]
        if suited:
            return max(suited, key=lambda c: (half_points(c), strength(c)))
        return min(plain, key=strength)
    winning = [c for c in plain if trick_winner(lead, c) == 1]
    if PETIT in winning:
        return PETIT  # save the Petit: it wins here
    suited = [c for c in winning if not is_trump(c)]
    if suited:  # following suit: the most valuable winner
        return max(suited, key=lambda c: (half_points(c), strength(c)))
    if winning:  # trumping or overtrumping: the lowest trump that wins
        low = min(winning, key=strength)
        if low != TWENTY_ONE or half_points(lead) >= 3 or is_trump(lead):
            return low
    losing = [c for c in plain if c not in winning and c != PETIT] or [
        c for c in plain if c != PETIT
    ]
    if not losing:  # only the Petit (and maybe the Excuse) left to give
        return EXCUSE if EXCUSE in legal else PETIT
    giving = _cheapest(losing)
    if EXCUSE in legal and half_points(giving) >= 5:
        return EXCUSE  # rather than a king, a queen or a knight
    return giving


def _thumb_lead(view: View, plain: list[str]) -> str:
    if not plain:
        return EXCUSE
    missing, _ = shown_voids(view)
    out = _unseen(view)
    theirs_up = _face_up(view, _opponent(view))
    trumps = [c for c in plain if is_trump(c)]
    their_trumps = _their_trumps(view)
    # Save the Petit: lead it once nothing can take it.
    if PETIT in plain and their_trumps == 0:
        return PETIT
    # Hunt the Petit: it is out, and we hold more trumps than they can.
    petit_out = PETIT in out or PETIT in theirs_up
    big = [c for c in trumps if c != PETIT]
    if petit_out and big and len(trumps) > their_trumps and their_trumps > 0:
        return max(big, key=strength)
    # Lead masters: the highest card still out of a suit they still follow.
    hidden_or_theirs = out | set(theirs_up)
    masters = []
    for card in plain:
        if is_trump(card) or suit(card) in missing:
            continue
        s = suit(card)
        if not any(suit(c) == s for c in hidden_or_theirs):
            continue  # they hold none of it: they would trump
        if all(strength(c) < strength(card) for c in hidden_or_theirs if suit(c) == s):
            masters.append(card)
    if masters:
        return max(masters, key=lambda c: (half_points(c), strength(c)))
    # Otherwise low from the longest suit, honours kept.
    return low_from_longest_suit(plain)


def low_from_longest_suit(plain: list[str]) -> str:
    """The lowest card of the longest plain suit (ties: the later suit); with no plain
    suit, the lowest trump but the Petit."""
    suited = [c for c in plain if not is_trump(c)]
    if suited:
        length = {s: sum(1 for c in suited if suit(c) == s) for s in {suit(c) for c in suited}}
        longest = max(length, key=lambda s: (length[s], s))
        return min((c for c in suited if suit(c) == longest), key=strength)
    return min((c for c in plain if c != PETIT), key=strength, default=plain[0])


def thumb(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": thumb_card(engine.view(state, seat))}


# --- pimc: perfect-information Monte Carlo ---------------------------------------------------


def sample_world(view: View, rng: random.Random) -> tuple[list[str], dict[int, list[list[str]]]]:
    """One world consistent with the view, uniform among them: the opponent's hand and
    each seat's stacks (bottom → top, the face-down cards drawn, the face-up top kept)."""
    them = _opponent(view)
    missing, cap = shown_voids(view)
    out = sorted(_unseen(view), key=INDEX.__getitem__)
    size = view["hand_counts"][str(them)]
    possible = [c for c in out if _possible(c, missing, cap)]
    rng.shuffle(possible)
    hand = possible[:size]
    down = [c for c in out if c not in hand]
    rng.shuffle(down)
    stacks: dict[int, list[list[str]]] = {}
    for seat in (1, 2):
        piles = []
        for pile in view["stacks"][str(seat)]:
            cards = [down.pop() for _ in range(pile["down"])]
            if pile["up"] is not None:
                cards.append(pile["up"])
            piles.append(cards)
        stacks[seat] = piles
    return hand, stacks


# Shedding order inside a playout: the cheapest card first (points, then suit cards
# before trumps, then strength), the Petit and the Excuse last.
_SHED = sorted(
    (i for i in range(len(DECK)) if i not in (EX, T1)),
    key=lambda i: (half_points(DECK[i]), is_trump(DECK[i]), strength(DECK[i])),
)
_HALVES = [half_points(c) for c in DECK]
_T21 = INDEX[TWENTY_ONE]
_SUITS_ONLY = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _shed(mask: int) -> int:
    for card in _SHED:
        if mask >> card & 1:
            return card
    return T1 if mask & T1_BIT else EX


def playout_follow(avail: int, lead: int, left: int) -> int:
    """The rules of thumb as the second card, on masks (a playout's policy)."""
    legal = legal_mask(avail, lead)
    if legal & (legal - 1) == 0:
        return _low(legal)
    if legal & EX_BIT and (left <= 2 or legal == EX_BIT | T1_BIT):
        return EX
    plain = legal & ~EX_BIT
    if lead == EX:
        if plain & T1_BIT:
            return T1
        suited = plain & _SUITS_ONLY
        if suited:
            return max(bits(suited), key=lambda c: (_HALVES[c], c))
        return _low(plain)
    winning = plain & BEATS[lead]
    if winning & T1_BIT:
        return T1
    if winning & _SUITS_ONLY:
        return _high(winning & _SUITS_ONLY)  # within a suit the highest is the dearest
    if winning:
        low = _low(winning)
        if low != _T21 or _HALVES[lead] >= 3 or TRUMPS >> lead & 1:
            return low
    losing = plain & ~winning & ~T1_BIT
    if not losing:
        return EX if legal & EX_BIT else _low(plain)
    giving = _shed(losing)
    if legal & EX_BIT and _HALVES[giving] >= 5:
        return EX
    return giving


def playout_lead(avail: int, theirs: int, left: int) -> int:
    """The rules of thumb as the leader, on masks, in a world where all is open."""
    if avail & EX_BIT and (left <= 2 or avail == EX_BIT):
        return EX
    plain = avail & ~EX_BIT
    if not plain:
        return EX
    my_trumps = plain & TRUMPS
    their_trumps = theirs & TRUMPS
    if plain & T1_BIT and not their_trumps:
        return T1
    if theirs & T1_BIT and my_trumps & ~T1_BIT and my_trumps.bit_count() > their_trumps.bit_count():
        return _high(my_trumps)
    best = -1
    for mask in SUIT_MASKS:
        mine = plain & mask
        if mine and theirs & mask and _high(mine) > _high(theirs & mask):
            card = _high(mine)
            if best < 0 or _HALVES[card] > _HALVES[best]:
                best = card
    if best >= 0:
        return best
    longest = 0
    for mask in SUIT_MASKS:
        mine = plain & mask
        if mine.bit_count() > longest.bit_count():
            longest = mine
    if longest:
        return _low(longest)
    rest = my_trumps & ~T1_BIT
    return _low(rest) if rest else T1


def playout(
    search: EndSearch, a0: int, a1: int, leader: int, lead: int, left: int, mine: int
) -> int:
    """The rest of the round played by the rules of thumb from a trick `leader` led
    `lead` (-1: about to lead); `endgame.outcome` of the end for seat 0."""
    while True:
        if lead < 0:
            if leader == 0:
                lead = playout_lead(a0, a1, left)
                a0 = search.after(a0, lead)
            else:
                lead = playout_lead(a1, a0, left)
                a1 = search.after(a1, lead)
        if leader == 0:
            card = playout_follow(a1, lead, left)
            a1 = search.after(a1, card)
        else:
            card = playout_follow(a0, lead, left)
            a0 = search.after(a0, card)
        last = left == 1
        winner, took, petit = search.taken(lead, card, leader, last)
        mine += took
        if last or not (a0 | a1):
            return outcome(mine, petit)
        leader, lead, left = winner, -1, left - 1


def pimc_card(view: View, rng: random.Random, worlds: int | None = None) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    me, them = view["seat"], _opponent(view)
    lead = _lead(view)
    led = -1 if lead is None else INDEX[lead]
    left = view["tricks_left"]
    mine = round(2 * view["points"][str(me)]) + OUDLER_UNIT * view["oudlers"][str(me)]
    moves = [INDEX[c] for c in legal]
    totals = dict.fromkeys(moves, 0)
    my_hand = sum(1 << INDEX[c] for c in view["hand"])
    for _ in range(WORLDS if worlds is None else worlds):
        their_hand, stacks = sample_world(view, rng)
        piles = [[[INDEX[c] for c in p] for p in stacks[s]] for s in (me, them)]
        search = EndSearch(piles, 0)
        hands = [my_hand, sum(1 << INDEX[c] for c in their_hand)]
        heights = [tuple(len(p) for p in piles[0]), tuple(len(p) for p in piles[1])]
        if left <= EXACT_TRICKS:
            values = search.root_outcomes(moves, hands, heights, led, left, mine)
        else:
            a0 = search.avail(0, hands[0], heights[0])
            a1 = search.avail(1, hands[1], heights[1])
            values = {}
            for card in moves:
                rest = search.after(a0, card)
                if led < 0:
                    values[card] = playout(search, rest, a1, 0, card, left, mine)
                else:
                    winner, took, _ = search.taken(led, card, 1, False)
                    values[card] = playout(search, rest, a1, winner, -1, left - 1, mine + took)
        for card, value in values.items():
            totals[card] += value
    best = max(totals.values())
    return DECK[min(card for card, total in totals.items() if total == best)]


def pimc(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": pimc_card(engine.view(state, seat), rng)}


# --- beginner ---------------------------------------------------------------------------------


def beginner_card(view: View) -> str:
    legal = view["legal"]
    plain = [c for c in legal if c != EXCUSE]
    if EXCUSE in legal and (not plain or view["tricks_left"] == 2):
        return EXCUSE
    lead = _lead(view)
    if lead is not None and lead != EXCUSE:
        winning = [c for c in plain if trick_winner(lead, c) == 1]
        if winning:
            low = min(winning, key=lambda c: (is_trump(c), strength(c)))
            if not is_trump(low) or is_trump(lead) or half_points(lead) > 1:
                return low
        return min(plain, key=lambda c: (is_trump(c), strength(c)))
    if lead == EXCUSE:
        return min(plain, key=lambda c: (is_trump(c), strength(c)))
    kings = [c for c in plain if c.endswith("K") and not is_trump(c)]
    if kings:
        return kings[0]
    return low_from_longest_suit(plain)


def beginner(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": beginner_card(engine.view(state, seat))}


# --- random ---------------------------------------------------------------------------------


def random_card(view: View, rng: random.Random) -> str:
    return rng.choice(view["legal"])


def random_player(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """Any legal card, uniformly: the floor under every player that plays legal cards."""
    return {"type": "play", "card": random_card(engine.view(state, seat), rng)}


# name -> choose(state, seat, rng): the bench offers these beside the bot levels.
PLAYERS: dict[str, Callable[[Any, int, random.Random], dict[str, Any]]] = {
    "thumb": thumb,
    "pimc": pimc,
    "beginner": beginner,
    "random": random_player,
}
