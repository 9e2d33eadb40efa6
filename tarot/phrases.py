"""The Tarot board's sentences that name a seat, whole in each case (rooms.phrases)."""

from django.utils.translation import gettext_lazy as _

from rooms.phrases import SeatPhrase

STACKS = SeatPhrase(
    you=_("Your stacks"),
    computer=_("The computer's stacks"),
    friend=_("Your friend's stacks"),
    player=_("Player %(number)s's stacks"),
)
PLAYED_LINE = SeatPhrase(
    you=_("Last move: you played %(card)s."),
    computer=_("Last move: the computer played %(card)s."),
    friend=_("Last move: your friend played %(card)s."),
    player=_("Last move: Player %(number)s played %(card)s."),
)
TOOK_TRICK = SeatPhrase(
    you=_("You took the trick."),
    computer=_("The computer took the trick."),
    friend=_("Your friend took the trick."),
    player=_("Player %(number)s took the trick."),
)
TOOK_LAST_TRICK = SeatPhrase(
    you=_("You took the last trick"),
    computer=_("The computer took the last trick"),
    friend=_("Your friend took the last trick"),
    player=_("Player %(number)s took the last trick"),
)
LEADS = SeatPhrase(
    you=_("You lead"),
    computer=_("The computer leads"),
    friend=_("Your friend leads"),
    player=_("Player %(number)s leads"),
)
ROUND_WON = SeatPhrase(
    you=_("You won the round"),
    computer=_("The computer won the round"),
    friend=_("Your friend won the round"),
    player=_("Player %(number)s won the round"),
)
PETIT_BONUS = SeatPhrase(
    you=_("The Petit was in the last trick: 10 points for you."),
    computer=_("The Petit was in the last trick: 10 points for the computer."),
    friend=_("The Petit was in the last trick: 10 points for your friend."),
    player=_("The Petit was in the last trick: 10 points for Player %(number)s."),
)
