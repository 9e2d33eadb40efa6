"""The rummy board's sentences that name a seat, whole in each case (rooms.phrases)."""

from django.utils.translation import gettext_lazy as _

from rooms.phrases import SeatPhrase

MELDS_HEADING = SeatPhrase(
    you=_("Your melds"),
    computer=_("The computer's melds"),
    friend=_("Your friend's melds"),
    player=_("Player %(number)s's melds"),
)
TOOK_LINE = SeatPhrase(
    you=_("Last move: you took the %(card)s from the discard pile"),
    computer=_("Last move: the computer took the %(card)s from the discard pile"),
    friend=_("Last move: your friend took the %(card)s from the discard pile"),
    player=_("Last move: Player %(number)s took the %(card)s from the discard pile"),
)
DREW_LINE = SeatPhrase(
    you=_("Last move: you drew from the stock"),
    computer=_("Last move: the computer drew from the stock"),
    friend=_("Last move: your friend drew from the stock"),
    player=_("Last move: Player %(number)s drew from the stock"),
)
DEAL_WON = SeatPhrase(
    you=_("You won the deal"),
    computer=_("The computer won the deal"),
    friend=_("Your friend won the deal"),
    player=_("Player %(number)s won the deal"),
)
MATCH_WON = SeatPhrase(
    you=_("You won the match"),
    computer=_("The computer won the match"),
    friend=_("Your friend won the match"),
    player=_("Player %(number)s won the match"),
)
