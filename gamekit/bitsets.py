"""Sets of cards held as the bits of an int (the searches of tarot/search.py and
tarot/endgame.py): pure Python, like the rest of the kit."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The indices of the bits set in `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
