"""What the rummy board templates need: card faces, the melds by owner, the turn's step,
the other player's last move and the deal's result counted card by card.

Online, every action renders both seats' boards: a card's markup is rendered from
cards/card.html (its one source) once per card, way of showing it and language, and a
row of cards is one tag ({% cards_markup %}) joining those strings, not a loop of
includes (`python bench/board_render.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cards import phrases
from cards.melds import RANK_NAMES, SUIT_SYMBOLS, is_card, listing, value
from gamekit.memo import memoized
from rooms.errors import each
from rooms.templatetags.phrase_tags import phrase_tags
from rooms.templatetags.seats import by_seat, plain_seat_name

# The sentences that name a seat (cards/phrases.py) are tags:
# {% melds_heading who seat mode %}.
register = phrase_tags(phrases)

# Spoken names (aria-label): a screen reader says "7 of hearts", not "7♥". The numbers
# are catalogue entries too, for a speaker of Russian says "семёрка червей", not "семь
# червей" (English and Portuguese keep the figure, read aloud as "seven", "sete").
RANK_WORDS = {
    "A": pgettext_lazy("card rank", "ace"),
    "2": pgettext_lazy("card rank", "2"),
    "3": pgettext_lazy("card rank", "3"),
    "4": pgettext_lazy("card rank", "4"),
    "5": pgettext_lazy("card rank", "5"),
    "6": pgettext_lazy("card rank", "6"),
    "7": pgettext_lazy("card rank", "7"),
    "8": pgettext_lazy("card rank", "8"),
    "9": pgettext_lazy("card rank", "9"),
    "T": pgettext_lazy("card rank", "10"),
    "J": pgettext_lazy("card rank", "jack"),
    "Q": pgettext_lazy("card rank", "queen"),
    "K": pgettext_lazy("card rank", "king"),
}
SUIT_WORDS = {
    "S": pgettext_lazy("card suit", "spades"),
    "H": pgettext_lazy("card suit", "hearts"),
    "D": pgettext_lazy("card suit", "diamonds"),
    "C": pgettext_lazy("card suit", "clubs"),
}
RED_SUITS = {"H", "D"}
# The arrow keys of the board, as board.js has them: lines of the play page's Keys panel
# (cards/keys.html).
KEYS = (
    _(
        "Left and Right: move between the cards of your hand. Up: to the stock, the discard "
        "pile and the melds; Down: back to the hand."
    ),
    _(
        "Enter or Space: select a card; on the stock or the discard pile, draw or discard; "
        "on a meld, lay off the selected cards."
    ),
    _("Shift with Left or Right: move a card within the hand."),
)


def card_face(code: str, fresh: bool = False) -> dict[str, Any]:
    """A card as the templates draw it: rank, suit symbol, colour, spoken label, points."""
    return _face(code, get_language()) | {"fresh": fresh}


@memoized("cards.board.face", 512)
def _face(code: str, language: str | None) -> dict[str, Any]:
    """card_face in `language`, the active one (the cache key); never changed, only copied."""
    rank, suit = code[0], code[1]
    spoken_rank = RANK_WORDS.get(rank) or RANK_NAMES.get(rank, rank)
    return {
        "code": code,
        "rank": RANK_NAMES.get(rank, rank),
        "suit": SUIT_SYMBOLS[suit],
        "colour": "red" if suit in RED_SUITS else "black",
        "label": gettext("%(rank)s of %(suit)s") % {"rank": spoken_rank, "suit": SUIT_WORDS[suit]},
        "value": value(code),
    }


@memoized("cards.board.card_markup", 8192)
def _card_markup(
    code: str,
    language: str | None,
    fresh: bool,
    button: bool,
    small: bool,
    taken: bool,
    points: bool,
    piece: bool = False,
) -> str:
    """cards/card.html for one card shown one way, in `language` (the cache key)."""
    context = {
        "card": card_face(code, fresh=fresh),
        "button": button,
        "small": small,
        "taken": code if taken else None,
        "points": points,
        "piece": piece,
    }
    return get_template("cards/card.html").render(context)


def _markup(card: dict[str, Any], language: str | None, **how: Any) -> str:
    code = card["code"]
    return _card_markup(
        code,
        language,
        bool(card.get("fresh")),
        bool(how.get("button")),
        bool(how.get("small")),
        code == how.get("taken"),
        bool(how.get("points")),
        bool(how.get("piece")),
    )


@register.simple_tag
def card_markup(card: dict[str, Any], **how: Any) -> SafeString:
    """{% card_markup card %}: one card (a card_face), as {% include "cards/card.html" %}
    draws it (`button`, `small`, `taken`: the code marked taken, `points`, `piece`:
    marked as a piece of the board for motion.js)."""
    return mark_safe(_markup(card, get_language(), **how))  # the template escaped it


@register.simple_tag
def cards_markup(cards: Iterable[dict[str, Any]], **how: Any) -> SafeString:
    """{% cards_markup cards small=True %}: a row of cards, each shown the same way."""
    language = get_language()
    return mark_safe("".join(_markup(card, language, **how) for card in cards))


@register.filter
def cards(codes: Iterable[str] | str | None) -> list[dict[str, Any]]:
    """{% for card in codes|cards %}: faces for a list of codes, or for a space-separated
    string of codes ("7H 7S 7D", for the rules pages)."""
    if isinstance(codes, str):
        codes = codes.split()
    return [card_face(code) for code in codes or () if is_card(code)]


@register.filter
def shown_cards(codes: Iterable[str] | str | None, spoken: bool = False) -> str:
    """The cards (or one card's code) as a player reads them in a sentence: "7♥ 8♥ 9♥";
    `spoken`, as a screen reader says them: "7 of hearts, 8 of hearts, 9 of hearts"."""
    if isinstance(codes, str):
        codes = [codes]
    codes = tuple(code for code in codes or () if is_card(code))
    if spoken:
        return _spoken(codes, get_language())
    return listing(codes)


def card_name(code: str) -> str:
    """A card in words, as its face's spoken label says it: "7 of hearts", "семёрка
    червей"; what is not a card's code (a hand-made message's) as it is."""
    return _face(code, get_language())["label"] if is_card(code) else code


# The params of rummy's refusals that name cards (cards/turns.py), said in words
# (Game.names).
NAMES = {
    "card": card_name,
    "cards": each(card_name),
    "meld_cards": each(card_name),
    "pieces": each(card_name),
}


@memoized("cards.board.spoken", 4096)
def _spoken(codes: tuple[str, ...], language: str | None) -> str:
    """Cards by their names, in `language` (the cache key): a meld or a hand, mostly the
    same from one action to the next."""
    return ", ".join(_face(code, language)["label"] for code in codes)


# --- The position in words (hidden; announce.js reads it at the `p` key, issue 45).
# Every push renders it for each seat: built in Python from cached pieces, not a loop
# of template tags.


@memoized("cards.board.melds_words", 1024)
def _melds_words(
    owner: int, seat: int | None, mode: str, melds: tuple, language: str | None
) -> str:
    heading = phrases.MELDS_HEADING.text(owner, seat, mode)
    if not melds:
        # Without its full stop: the position's line ends with its own.
        return f"{heading}: {gettext('No melds yet.').rstrip('.')}"
    pattern = gettext("Meld %(number)s: %(cards)s")
    listed = "; ".join(
        pattern % {"number": number, "cards": _spoken(codes, language)} for number, codes in melds
    )
    return f"{heading}: {listed}"


@memoized("cards.board.piles_words", 1024)
def _piles_words(top: str | None, pile: int, stock: int, language: str | None) -> str:
    if top:
        card = _face(top, language)["label"]
        shown = ngettext(
            "Discard pile, %(counter)s card, %(card)s on top",
            "Discard pile, %(counter)s cards, %(card)s on top",
            pile,
        ) % {"counter": pile, "card": card}
    else:
        shown = gettext("Discard pile, empty")
    stock_words = ngettext("Stock, %(counter)s card", "Stock, %(counter)s cards", stock)
    return f"{shown}. {stock_words % {'counter': stock}}."


@memoized("cards.board.hand_size", 1024)
def _hand_size(who: int, seat: int | None, mode: str, count: int, language: str | None) -> str:
    cards = ngettext("%(counter)s card", "%(counter)s cards", count) % {"counter": count}
    return f"{plain_seat_name(who, seat, mode)}: {cards}."


@register.simple_tag
def cards_position(
    view: dict[str, Any], board: dict[str, Any], seat: int | None, mode: str
) -> SafeString:
    """{% cards_position view board seat mode %}: the table's melds by owner, the piles,
    the seat's own hand (a replay's both) and the other hands' sizes, one <p> each."""
    language = get_language()
    groups = "; ".join(
        _melds_words(
            group["owner"],
            seat,
            mode,
            tuple((m["number"], tuple(c["code"] for c in m["cards"])) for m in group["melds"]),
            language,
        )
        for group in board["groups"]
    )
    top = board["top"]
    stock = view.get("stock_count") or 0
    lines = [
        f"{gettext('Table')}: {groups}.",
        _piles_words(top["code"] if top else None, board["pile_count"], stock, language),
    ]
    if board["hand"]:
        codes = tuple(card["code"] for card in board["hand"])
        lines.append(f"{gettext('Your hand')}: {_spoken(codes, language)}.")
    for row in board["replay_hands"] or ():
        codes = tuple(card["code"] for card in row["cards"])
        name = plain_seat_name(row["seat"], seat, mode)
        lines.append(f"{name}: {_spoken(codes, language) or '—'}.")
    if not view.get("over") and not view.get("replay"):
        for who in (1, 2):
            if who != seat:
                count = by_seat(view.get("hand_counts"), who) or 0
                lines.append(_hand_size(who, seat, mode, count, language))
    return mark_safe("".join(f"<p>{escape(line)}</p>" for line in lines))  # escaped here


@register.simple_tag
def keyboard_lines() -> tuple[Any, ...]:
    """The arrow and Enter keys of this board, for the play page's Keys panel
    (rooms/partials/keys_panel.html)."""
    return KEYS
