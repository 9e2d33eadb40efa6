"""Rummy for two: the rules as pure Python (no Django), see RULES.md "Rummy".

This module holds the engine's public names (docs/games.md); the code is in its
siblings, by concept: cards/melds.py (cards, sets and runs), cards/state.py (the state,
the deal and the match), cards/turns.py (the actions checked and applied),
cards/events.py (the move events each action records, issue 56), cards/seen.py (what
each seat sees) and cards/codec.py (saves).

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

from cards.codec import from_json as from_json
from cards.codec import to_json as to_json
from cards.seen import hidden as hidden
from cards.seen import redeal_hidden as redeal_hidden
from cards.seen import status as status
from cards.seen import view as view
from cards.state import SCHEMA as SCHEMA
from cards.state import new_round as new_round
from cards.turns import apply as apply
from cards.turns import legal_actions as legal_actions
from gamekit.engine import PROTOCOL

# The protocol (imported `as` itself: re-exported) and what this engine adds.
__all__ = [*PROTOCOL, "legal_actions"]
