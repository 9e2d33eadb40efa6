"""The Tarot duel: the rules as pure Python (no Django), see RULES.md.

Cards are codes (tarot/cards.py): `H10`, `SK`, `DN`, trumps `T1` … `T21`, the Excuse `EX`.
The names of the engine protocol (docs/games.md) live here; the code behind them is in
tarot/state.py (the deal, the turn, what a seat holds), tarot/turns.py (legal cards,
refusals, the trick), tarot/scoring.py (points, result, status), tarot/seen.py
(views, hidden cards) and tarot/codec.py (saves).

Design choices worth knowing before reading the code:
- Each seat has a hand (kept sorted) and six stacks (bottom → top). The top of a stack
  is face up, except the stack a card was just played from while that trick is still
  on the table: its new top is turned up only when the trick is gathered. In a duel
  the trick on the table holds at most one card (the second card gathers it at once),
  so that face-down top can only be the leader's, derived from `trick`.
- "The cards a player holds" are the hand and the face-up stack tops (`held`).
- The Excuse exchange is a half-point transfer: played before the last trick, the
  Excuse goes back into its owner's won cards and its owner gives the trick's winner
  (always the opponent: the Excuse never wins) half a point, recorded as
  `excuse_giver`. So the owner counts 4.5 - 0.5 for it and the winner 0.5 more than
  the cards they took: the two players' points always add up to 91. Played in the
  last trick the Excuse goes to that trick's winner with no exchange.
- The Petit bonus: the seat that wins the last trick, when the Petit (T1) is in it,
  scores 10 more and the opponent 10 less, whoever played the Petit; this is added
  to the round score whether the round is won or drawn (the seed gives it with no
  condition). Scores and points can end in .5 (tarot/cards.py, `score_round`).
- Refusals never leak: a card hidden from the player (the opponent's hand, any
  face-down card) gets one answer wherever it lies ("face_down": "That card is face
  down or in your opponent's hand.").
- `State` is immutable; won cards, the Excuse exchange and the leader are kept in it
  for speed, and `from_json` recomputes them from the gathered tricks.
"""

from gamekit.engine import PROTOCOL
from tarot.codec import SCHEMA as SCHEMA
from tarot.codec import from_json as from_json
from tarot.codec import to_json as to_json
from tarot.scoring import status as status
from tarot.seen import hidden as hidden
from tarot.seen import redeal_hidden as redeal_hidden
from tarot.seen import view as view
from tarot.state import new_round as new_round
from tarot.turns import apply as apply
from tarot.turns import legal_actions as legal_actions

# The protocol (imported `as` itself: re-exported) and what this engine adds.
__all__ = [*PROTOCOL, "legal_actions"]
