"""What the Tarot templates need to draw cards, stacks, the trick and the won cards.

Everything here reads the engine's view; nothing decides a rule (the legal cards are
the view's `legal`).

Online, every action renders both seats' boards, and a board draws up to 78 cards: as a
loop of `{% include "tarot/card.html" %}` with every name looked up again, that was most
of a board's 11 ms (`python bench/board_render.py`). So a card's markup is rendered
from tarot/card.html (still its one source) once per card, way of showing it and
language, and a row of cards is one tag ({% cards_markup %}) joining those strings; a
side's six stacks likewise, each tarot/stack.html ({% stacks_markup %}).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from django.template.loader import get_template
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from gamekit.memo import memoized
from rooms.errors import each
from rooms.templatetags.phrase_tags import phrase_tags
from rooms.templatetags.seats import plain_seat_name
from tarot import phrases
from tarot.cards import EXCUSE, OUDLERS, SUIT_SYMBOLS, is_card

# The sentences that name a seat (tarot/phrases.py) are tags:
# {% played_line who seat mode card=… %}.
register = phrase_tags(phrases)

SUIT_CLASSES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# The arrow keys of the board, as board.js has them: lines of the play page's Keys panel
# (tarot/keys.html).
KEYS = (
    _("Arrow keys: move between the cards of your hand and of your stacks."),
    _("Enter or Space: select a card; Enter on the selected card plays it."),
)


def _rank_index(rank: str) -> str:
    """The short rank in the card's corner, in the reader's language."""
    honours = {
        "K": pgettext("card rank, king", "K"),
        "Q": pgettext("card rank, queen", "Q"),
        "N": pgettext("card rank, knight", "Kn"),  # English, as K Q J are (not the French C)
        "J": pgettext("card rank, jack", "J"),
    }
    return honours.get(rank, rank)


def _rank_name(rank: str) -> str:
    # The numbers too: Russian says "семёрка червей", "туз пик" for the 1 (as cards/ does).
    names = {
        "1": pgettext("card rank", "1"),
        "2": pgettext("card rank", "2"),
        "3": pgettext("card rank", "3"),
        "4": pgettext("card rank", "4"),
        "5": pgettext("card rank", "5"),
        "6": pgettext("card rank", "6"),
        "7": pgettext("card rank", "7"),
        "8": pgettext("card rank", "8"),
        "9": pgettext("card rank", "9"),
        "10": pgettext("card rank", "10"),
        "K": pgettext("card rank", "king"),
        "Q": pgettext("card rank", "queen"),
        "N": pgettext("card rank", "knight"),
        "J": pgettext("card rank", "jack"),
    }
    return names.get(rank, rank)


def _suit_name(suit: str) -> str:
    # The suit as it follows a rank: "7 of hearts", "7 червей", "7 de copas".
    return {
        "S": pgettext("after a rank", "of spades"),
        "H": pgettext("after a rank", "of hearts"),
        "D": pgettext("after a rank", "of diamonds"),
        "C": pgettext("after a rank", "of clubs"),
    }[suit]


def card_name(code: str) -> str:
    """The card in words: "7 of hearts", "king of spades", "trump 14", "the Excuse"."""
    return _card_name(code, get_language())


@memoized("tarot.board.card_name", 1024)
def _card_name(code: str, language: str | None) -> str:
    """card_name in `language`, the active one (the cache key)."""
    if code == EXCUSE:
        return gettext("the Excuse")
    if code[0] == "T":
        if code == "T1":
            return gettext("trump 1 (the Petit)")
        return gettext("trump %(number)s") % {"number": code[1:]}
    # Translators: a suit card, "7" or "king" then "of hearts".
    name = gettext("%(rank)s %(suit)s")
    return name % {"rank": _rank_name(code[1:]), "suit": _suit_name(code[0])}


def _refused_card(code: str) -> str:
    # A hand-made message may name what is no card: said as it came.
    return card_name(code) if is_card(code) else code


# The params of the duel's refusals that name a card (tarot/turns.py), said in words as
# the board says them, not by the code a hand-made message sent ("HK") (Game.names).
NAMES = {"card": _refused_card, "pieces": each(_refused_card)}


def card_face(code: str, **marks: Any) -> dict[str, Any]:
    """A card as the templates draw it, with any marks given (legal, fresh, …)."""
    return _face(code, get_language()) | marks


@memoized("tarot.board.face", 1024)
def _face(code: str, language: str | None) -> dict[str, Any]:
    """card_face without marks in `language` (the cache key); never changed, only copied."""
    face: dict[str, Any] = {"code": code, "label": card_name(code), "oudler": code in OUDLERS}
    if code == EXCUSE:
        face |= {"kind": "excuse", "suit": "excuse", "index": "★", "symbol": "★", "red": False}
    elif code[0] == "T":
        face |= {"kind": "trump", "suit": "trump", "index": code[1:], "symbol": "", "red": False}
    else:
        face |= {
            "kind": "suit",
            "suit": SUIT_CLASSES[code[0]],
            "index": _rank_index(code[1:]),
            "symbol": SUIT_SYMBOLS[code[0]],
            "red": code[0] in "HD",
            "honour": code[1:] in ("K", "Q", "N", "J"),
        }
        # A two-letter honour (the knight: "Kn", "Кв"): its centre keeps clear of the
        # wider corner (board.css).
        face["wide"] = face["honour"] and len(face["index"]) > 1
    return face


@memoized("tarot.board.card_markup", 16384)
def _card_markup(
    code: str,
    language: str | None,
    legal: bool,
    fresh: bool,
    turned: bool,
    button: bool,
    playing: bool,
    stack: int | None,
    small: bool,
    piece: bool = False,
) -> str:
    """tarot/card.html for one card shown one way, in `language` (the cache key)."""
    context = {
        "card": card_face(code, legal=legal, fresh=fresh, turned=turned),
        "button": button,
        "playing": playing,
        "stack": stack,
        "small": small,
        "piece": piece,
    }
    return get_template("tarot/card.html").render(context)


def _markup(face: dict[str, Any], language: str | None, **how: Any) -> str:
    return _card_markup(
        face["code"],
        language,
        bool(face.get("legal")),
        bool(face.get("fresh")),
        bool(face.get("turned")),
        bool(how.get("button")),
        bool(how.get("playing")),
        how.get("stack"),
        bool(how.get("small")),
        bool(how.get("piece")),
    )


@register.simple_tag
def card_markup(card: dict[str, Any], **how: Any) -> SafeString:
    """{% card_markup card button=True playing=… stack=… %}: one card (a card_face), as
    {% include "tarot/card.html" with … %} draws it."""
    return mark_safe(_markup(card, get_language(), **how))  # the template escaped it


@register.simple_tag
def cards_markup(cards: Iterable[dict[str, Any]], **how: Any) -> SafeString:
    """{% cards_markup cards small=True %}: a row of cards, each shown the same way."""
    language = get_language()
    return mark_safe("".join(_markup(card, language, **how) for card in cards))


@memoized("tarot.board.stack_markup", 16384)
def _stack_markup(
    code: str | None,
    language: str | None,
    legal: bool,
    turned: bool,
    down: int,
    index: int,
    button: bool,
    playing: bool,
    seat: int | None = None,
) -> str:
    """tarot/stack.html for one stack shown one way, in `language` (the cache key);
    `seat`, the side's, names its place (data-place="stack-S-K")."""
    card = None if code is None else card_face(code, legal=legal, turned=turned)
    stack = {
        "index": index,
        "number": index + 1,
        "card": card,
        "down": down,
        "count": down + (code is not None),
    }
    context = {"stack": stack, "button": button, "playing": playing, "seat": seat}
    return get_template("tarot/stack.html").render(context)


@register.simple_tag
def stacks_markup(
    stacks: Iterable[dict[str, Any]],
    seat: int | None = None,
    buttons: bool = False,
    playing: bool = False,
) -> SafeString:
    """{% stacks_markup stacks seat=… buttons=… playing=… %}: the stacks (_stacks) of
    seat `seat`'s side, their top cards buttons when `buttons` (the seat shown may play
    from them)."""
    language = get_language()
    shown = []
    for stack in stacks:
        card = stack["card"] or {}
        shown.append(
            _stack_markup(
                card.get("code"),
                language,
                bool(card.get("legal")),
                bool(card.get("turned")),
                stack["down"],
                stack["index"],
                bool(buttons),
                bool(playing),
                seat,
            )
        )
    return mark_safe("".join(shown))  # the template escaped it


@register.filter
def cards(codes: Iterable[str] | str | None) -> list[dict[str, Any]]:
    """{% for card in codes|cards %}: faces for a list of codes, or for a space-separated
    string of codes ("T1 T21 EX", for the rules pages). Unknown codes are left out."""
    if isinstance(codes, str):
        codes = codes.split()
    return [card_face(code) for code in codes or () if is_card(code)]


# --- The position in words (hidden; announce.js reads it at the `p` key, issue 45).
# Every push renders it for each seat: built in Python from cached pieces, not a loop
# of template tags.


@memoized("tarot.board.spoken", 4096)
def _spoken(codes: tuple[str, ...], language: str | None) -> str:
    return ", ".join(_card_name(code, language) for code in codes)


@memoized("tarot.board.stacks_words", 4096)
def _stacks_words(stacks: tuple[tuple[str | None, int], ...], language: str | None) -> str:
    """Stacks as (top card or None, cards in the stack); the empty ones left out."""
    words = []
    for top, count in stacks:
        if not count:
            continue
        card = _card_name(top, language) if top else gettext("A face-down card")
        size = ngettext(
            "%(counter)s card in this stack", "%(counter)s cards in this stack", count
        ) % {"counter": count}
        words.append(f"{card} ({size})")
    return "; ".join(words)


@register.simple_tag
def tarot_position(
    view: dict[str, Any], board: dict[str, Any], seat: int | None, mode: str
) -> SafeString:
    """{% tarot_position view board seat mode %}: the trick, both sides' stacks, the
    seat's own hand (a replay's both), the other hand's size and the tricks left, one
    <p> each."""
    language = get_language()
    trick = "; ".join(
        f"{plain_seat_name(card['seat'], seat, mode)} — {card['label']}"
        for card in board["on_table"]
    )
    lines = [f"{gettext('The trick')}: {trick or '—'}."]
    for side in board["sides"]:
        name = gettext("Your stacks") if side["mine"] else board["their_stacks_label"]
        stacks = tuple(
            (stack["card"]["code"] if stack["card"] else None, stack["count"])
            for stack in side["stacks"]
        )
        lines.append(f"{name}: {_stacks_words(stacks, language) or '—'}.")
    if board["hand"]:
        codes = tuple(card["code"] for card in board["hand"])
        lines.append(f"{gettext('Your hand')}: {_spoken(codes, language)}.")
    for row in board["replay_hands"] or ():
        codes = tuple(card["code"] for card in row["cards"])
        lines.append(
            f"{plain_seat_name(row['seat'], seat, mode)}: {_spoken(codes, language) or '—'}."
        )
    if seat is not None and not view.get("replay"):
        count = board["their_hand"]
        cards = ngettext("%(counter)s card", "%(counter)s cards", count) % {"counter": count}
        lines.append(f"{plain_seat_name(board['them'], seat, mode)}: {cards}.")
    lines.append(f"{gettext('Tricks left')}: {view.get('tricks_left')}.")
    return mark_safe("".join(f"<p>{escape(line)}</p>" for line in lines))  # escaped here


@register.filter
def points(value: int | float | None) -> str:
    """Points as the reader writes them: 41, 40.5 (40,5 in ru and pt)."""
    if value is None:
        return "—"
    whole = float(value).is_integer()
    return number_format(value, decimal_pos=0 if whole else 1)


@register.filter
def signed(value: int | float | None) -> str:
    """Points with their sign: +32.5, −10 (a real minus sign), 0."""
    if value is None:
        return "—"
    if value == 0:
        return "0"
    return ("+" if value > 0 else "\u2212") + points(abs(value))


@register.simple_tag
def keyboard_lines() -> tuple[Any, ...]:
    """The arrow and Enter keys of this board, for the play page's Keys panel
    (rooms/partials/keys_panel.html)."""
    return KEYS
