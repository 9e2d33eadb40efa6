"""The Tarot duel's board (Game.board): tarot/board.html, drawn from the context
board_context builds here in Python from the view; its cards, stacks and words come
from the tarot_board tags (tarot/templatetags/tarot_board.py)."""

from __future__ import annotations

from typing import Any

from rooms.registry import TemplateBoard
from rooms.templatetags.seats import by_seat
from tarot import phrases
from tarot.templatetags.tarot_board import card_face, card_name


def _stacks(view: dict[str, Any], who: int, mine: bool, fresh: set[tuple[int, int]]) -> list:
    legal = set(view.get("legal") or ()) if mine else set()
    shown = []
    for index, stack in enumerate(by_seat(view.get("stacks"), who) or ()):
        up = stack.get("up")
        down = stack.get("down", 0)
        shown.append(
            {
                "index": index,
                "number": index + 1,
                "card": None
                if up is None
                else card_face(up, legal=up in legal, turned=(who, index) in fresh, playable=mine),
                "down": down,
                "count": down + (up is not None),
            }
        )
    return shown


def board_context(view: dict[str, Any], seat: int | None, mode: str) -> dict[str, Any]:
    """Everything board.html shows, straight from the view (its `board`), for the seat
    shown (seat 1 at the bottom for a spectator)."""
    me = seat if seat is not None else 1
    them = 2 if me == 1 else 1
    # A replay (rooms.replays) draws no control, both hands face up, every move marked.
    replay = view.get("replay")
    playing = seat is not None and not view.get("over") and view.get("turn") == seat
    playing = playing and not replay
    legal = set(view.get("legal") or ()) if playing else set()
    last = view.get("last_move") or {}
    theirs = seat is not None and last.get("seat") not in (None, seat)
    theirs = theirs or bool(replay and last.get("seat") is not None)
    # The cards turned up when the last trick was gathered (either seat's stacks).
    turned = {(t["seat"], t["stack"]) for t in last.get("turned") or ()}
    trick_cards = (view.get("trick") or {}).get("cards") or []
    on_table = [
        card_face(
            play["card"],
            seat=play["seat"],
            fresh=theirs and play["seat"] == last.get("seat") and play["card"] == last.get("card"),
        )
        for play in trick_cards
    ]
    # The trick gathered last: in the middle while the table is empty, and small beside
    # the trick once the next one is led (the computer may win and lead at once).
    gathered = None
    tricks = view.get("tricks") or []
    if tricks:
        trick = tricks[-1]
        gathered = {
            "winner": trick["winner"],
            "cards": [
                card_face(
                    play["card"],
                    seat=play["seat"],
                    fresh=theirs and not trick_cards and play["card"] == last.get("card"),
                )
                for play in trick["cards"]
            ],
        }
    won = {}
    for who in (me, them):
        codes = by_seat(view.get("won"), who) or []
        won[who] = {
            "seat": who,
            "count": len(codes),
            "points": by_seat(view.get("points"), who),
            "oudlers": by_seat(view.get("oudlers"), who),
            "cards": [card_face(c) for c in codes],
        }
    hand = view.get("hand") if seat is not None and not replay else None
    replay_hands = None
    if replay and not view.get("over"):
        replay_hands = [
            {"seat": who, "cards": [card_face(c) for c in by_seat(replay["hands"], who) or ()]}
            for who in (1, 2)
        ]
    my_stacks = _stacks(view, me, seat is not None, turned)
    their_stacks = _stacks(view, them, False, turned)
    return {
        "replay_hands": replay_hands,
        "me": me,
        "them": them,
        # For an aria-label, which cannot hold the coloured name's markup.
        "their_stacks_label": phrases.STACKS.text(them, seat, mode),
        "playing": playing,
        "hand": None
        if hand is None
        else [card_face(c, legal=c in legal, playable=True) for c in hand],
        "my_stacks": my_stacks,
        # Whether the cards atop the seat's own stacks are buttons (tarot/stack.html).
        "stack_buttons": hand is not None,
        "their_stacks": their_stacks,
        "their_hand": by_seat(view.get("hand_counts"), them) or 0,
        # Both sides' stacks, this seat's first, for the position in words.
        "sides": [
            {"mine": True, "stacks": my_stacks},
            {"mine": False, "stacks": their_stacks},
        ],
        "my_hand_count": by_seat(view.get("hand_counts"), me) or 0,
        "on_table": on_table,
        "leader": (view.get("trick") or {}).get("leader"),
        "gathered": gathered,
        "won_me": won[me],
        "won_them": won[them],
        "last": last or None,
        "last_card": card_name(last["card"]) if last.get("card") else "",
        "theirs": theirs,
    }


BOARD = TemplateBoard("tarot/board.html", context=board_context)
