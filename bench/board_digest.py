"""Every game's boards on fixed seeds, as one digest per game: a refactoring of a board
(its builder, its template, its tags, their caches) that keeps every byte it draws
prints the very same lines. Run before and after, and compare::

    python bench/board_digest.py > before.txt   # on the old commit
    python bench/board_digest.py > after.txt    # on the new one
    diff before.txt after.txt

The states are those of bench/board_render.py's bot games (seeds 1 to 3, about 25
states of each game, the last included), each drawn by `Game.board.render` for seat 1,
seat 2 and a spectator, in the modes friend, computer and local, in en, ru and pt: a
few thousand boards, a few seconds. Compile the catalogues first (compilemessages), or
every language draws English.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from django.utils import translation

from bench.board_render import states  # sets Django up, before rooms is imported
from rooms import registry

SEEDS = (1, 2, 3)
LANGUAGES = ("en", "ru", "pt")
SEATS = (1, 2, None)
MODES = ("friend", "computer", "local")


def main() -> None:
    total = 0
    for slug in ("tiles", "cards", "tarot"):
        game = registry.get(slug)
        assert game is not None, f"no game {slug!r}"
        digest = hashlib.sha256()
        drawn = 0
        for seed in SEEDS:
            reached = states(game, seed)
            for state in reached[:: max(1, len(reached) // 25)] + reached[-1:]:
                status = game.engine.status(state)
                for language in LANGUAGES:
                    with translation.override(language):
                        for seat in SEATS:
                            view = game.engine.view(state, seat)
                            for mode in MODES:
                                html = game.board.render(game, view, status, seat, mode)
                                digest.update(html.encode())
                                drawn += 1
        total += drawn
        print(f"{slug:6} {drawn:5d} boards  {digest.hexdigest()[:32]}")
    print(f"{total} boards")


if __name__ == "__main__":
    main()
