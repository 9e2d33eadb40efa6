"""The tile board's sentences that name a seat, whole in each case (rooms.phrases)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from rooms.phrases import SeatPhrase

PLACED = SeatPhrase(
    you=ngettext_lazy(
        "Last move: you placed %(counter)s tile",
        "Last move: you placed %(counter)s tiles",
        "counter",
    ),
    computer=ngettext_lazy(
        "Last move: the computer placed %(counter)s tile",
        "Last move: the computer placed %(counter)s tiles",
        "counter",
    ),
    friend=ngettext_lazy(
        "Last move: your friend placed %(counter)s tile",
        "Last move: your friend placed %(counter)s tiles",
        "counter",
    ),
    player=ngettext_lazy(
        "Last move: Player %(number)s placed %(counter)s tile",
        "Last move: Player %(number)s placed %(counter)s tiles",
        "counter",
    ),
)
DREW = SeatPhrase(
    you=_("Last move: you drew a tile."),
    computer=_("Last move: the computer drew a tile."),
    friend=_("Last move: your friend drew a tile."),
    player=_("Last move: Player %(number)s drew a tile."),
)
PASSED = SeatPhrase(
    you=_("Last move: you passed."),
    computer=_("Last move: the computer passed."),
    friend=_("Last move: your friend passed."),
    player=_("Last move: Player %(number)s passed."),
)
WON = SeatPhrase(
    you=_("You won"),
    computer=_("The computer won"),
    friend=_("Your friend won"),
    player=_("Player %(number)s won"),
)
