"""Rummy's board (Game.board): cards/board.html, drawn from the context board_context
builds here in Python from the view; its cards, melds and words come from the
cards_board tags (cards/templatetags/cards_board.py)."""

from __future__ import annotations

from typing import Any

from cards.templatetags.cards_board import card_face, shown_cards
from rooms.registry import TemplateBoard


def _theirs(view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The other player's last completed turn, while it is the last one (the marks on the
    table last until this player's own turn is over)."""
    last = view.get("last_move")
    if not last or seat is None or view.get("over"):
        return None
    if last.get("seat") == seat and not view.get("replay"):  # a replay marks every move
        return None
    return last


def _melds(view: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    last = _theirs(view, seat) or {}
    new_melds = [set(cards) for cards in last.get("melds") or ()]
    laid = {(item["meld"], item["card"]) for item in last.get("lay_offs") or ()}
    melds = []
    for index, meld in enumerate(view.get("melds") or ()):
        codes = meld["cards"]
        new = any(melded <= set(codes) for melded in new_melds)
        # A new meld is marked as a whole; a laid-off card by itself.
        faces = [card_face(code, fresh=(index, code) in laid) for code in codes]
        melds.append(
            {
                "index": index,
                "number": index + 1,
                "owner": meld["owner"],
                "cards": faces,
                "listing": shown_cards(codes, spoken=True),  # an aria-label's words
                "fresh": new or any(i == index for i, _ in laid),
            }
        )
    return melds


def _replay_hands(view: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Both hands of a replay's step, face up (none once the deal is over: the result
    shows them)."""
    replay = view.get("replay")
    if not replay or view.get("over"):
        return None
    hands = replay["hands"]
    return [{"seat": who, "cards": [card_face(c) for c in hands[str(who)]]} for who in (1, 2)]


def _hand(view: dict[str, Any], seat: int | None) -> list[dict[str, Any]] | None:
    """This seat's hand, with the card it just drew marked: the engine puts a drawn card
    last, where it stays until the turn's first meld or lay-off."""
    hand = view.get("hand")
    if hand is None or view.get("over"):
        return None
    current = view.get("current") or {}
    drawn = None
    if current.get("seat") == seat and current.get("draw"):
        if current.get("taken"):
            drawn = current["taken"]
        elif not current.get("melds") and not current.get("lay_offs") and hand:
            drawn = hand[-1]
    return [card_face(code, fresh=code == drawn) for code in hand]


def _result(view: dict[str, Any]) -> list[dict[str, Any]] | None:
    result = view.get("result")
    if not result:
        return None
    rows = []
    for who in ("1", "2"):
        hand = result["hands"][who]
        rows.append(
            {
                "seat": int(who),
                "cards": [card_face(code) for code in hand],
                "hand_value": result["hand_values"][who],
                "score": result["scores"][who],
                "match": view["match"][who],
                "winner": result["winner"] == int(who),
            }
        )
    return rows


def board_context(view: dict[str, Any], seat: int | None, mode: str) -> dict[str, Any]:
    """Everything board.html shows, straight from the view (its `board`). A replay
    (rooms.replays) draws no control and both hands face up."""
    replay = view.get("replay")
    playing = seat is not None and not view.get("over") and view.get("turn") == seat
    playing = playing and not replay
    step = view.get("step") if playing else None
    last = _theirs(view, seat)
    top = view.get("top")
    melds = _melds(view, seat)
    owners = (1, 2) if seat is None else (seat, 2 if seat == 1 else 1)
    return {
        "playing": playing,
        "step": step,
        "hand": None if replay else _hand(view, seat),
        "replay_hands": _replay_hands(view),
        "melds": melds,
        # The table's melds by owner, this seat's first; each keeps its table number.
        "groups": [
            {"owner": owner, "melds": [m for m in melds if m["owner"] == owner]} for owner in owners
        ],
        "top": card_face(top, fresh=bool(last and last.get("discard") == top)) if top else None,
        "pile_count": len(view.get("pile") or ()),
        "last": last,
        "taken": view.get("taken") if playing else None,
        "result": _result(view),
        # What board.js reads (json_script): whose hand order to restore, what a tap does.
        "data": {
            "seat": seat,
            "step": step,
            "playing": playing,
            # The card taken from the discard pile this turn: not to be discarded now.
            "taken": view.get("taken") if playing else None,
        },
    }


BOARD = TemplateBoard("cards/board.html", context=board_context)
