"""What each game's board gives a screen reader (issue 45): the position in words, hidden,
that announce.js reads at the `p` key (only what the seat may see), and the last move
marked to be spoken once per move (data-speak-id), with cards and tiles by their names,
in the page's language."""

from __future__ import annotations

import re

from django.utils import translation

from cards import engine as cards_engine
from tests.cards.test_board import after_the_opponents_turn
from tests.cards.test_board import render as render_cards
from tests.tarot.test_board import mid_trick
from tests.tarot.test_board import render as render_tarot
from tests.tiles.test_board import mid_game
from tests.tiles.test_board import render as render_tiles
from tiles import engine as tiles_engine


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", markup)).strip()


def position(html: str) -> str:
    """The hidden summary's paragraphs, as announce.js reads them (one space between)."""
    match = re.search(r'<div class="\w+-position" hidden data-position>(.*?)</div>', html, re.S)
    assert match
    return " ".join(text(p) for p in re.findall(r"<p>(.*?)</p>", match.group(1), re.S))


def spoken_move(html: str) -> tuple[str, str]:
    """The move to announce: its id and its words."""
    match = re.search(r'<p[^>]*data-speak="move" data-speak-id="([^"]+)">(.*?)</p>', html, re.S)
    assert match
    return match.group(1), text(match.group(2))


def test_the_tile_position_names_the_table_and_the_own_rack_but_only_counts_the_other() -> None:
    html = render_tiles(mid_game(), 1, "computer")

    assert position(html) == (
        "Table: Set 1: black 5, blue 5, orange 5; Set 2: red 10, red 11, red 12, red 13. "
        "Your rack: red 1, red 2, black 7, joker. The computer: 5 tiles. Pool: 90."
    )


def test_a_watcher_hears_both_rack_sizes_and_no_tile_of_them() -> None:
    words = position(render_tiles(mid_game(), None, "friend"))

    assert "Player 1: 4 tiles. Player 2: 5 tiles." in words
    assert "black 7" not in words
    assert "blue 4" not in words


def test_a_tile_move_is_spoken_once_and_the_next_one_again_even_in_the_same_words() -> None:
    state = mid_game()
    after_one = tiles_engine.apply(state, 1, {"type": "draw"})
    after_two = tiles_engine.apply(after_one, 2, {"type": "draw"})
    first = spoken_move(render_tiles(after_one, 2, "friend"))
    again = spoken_move(render_tiles(after_one, 2, "friend"))
    second = spoken_move(render_tiles(after_two, 1, "friend"))

    assert first == again  # the same board drawn again: the same id, said once
    assert first[1] == second[1] == "Last move: your friend drew a tile."
    assert first[0] != second[0]


def test_rummy_speaks_the_other_players_move_with_card_names_in_russian() -> None:
    with translation.override("ru"):
        html = render_cards(after_the_opponents_turn(), 1, "computer")

    assert spoken_move(html)[1] == (
        "Последний ход: компьютер взял из сброса: девятка бубен, выложено: девятка пик, "
        "девятка червей, девятка бубен, к комбинации 1 добавлено: восьмёрка червей, "
        "в сброс: король треф."
    )
    # The symbols stay on the screen, hidden from the screen reader.
    assert '<p class="cards-last" aria-hidden="true">' in html
    assert "9♦" in html


def test_the_rummy_position_in_portuguese() -> None:
    with translation.override("pt"):
        html = render_cards(after_the_opponents_turn(), 1, "computer")

    assert position(html) == (
        "Mesa: Os seus jogos: Jogo 1: cinco de copas, seis de copas, sete de copas, "
        "oito de copas; Os jogos do computador: Jogo 2: nove de espadas, nove de copas, "
        "nove de ouros. Pilha de descarte, 2 cartas, rei de paus em cima. Monte, 38 cartas. "
        "As suas cartas: dois de espadas, três de espadas, quatro de espadas, valete de ouros. "
        "O computador: 1 carta."
    )


def test_the_tarot_position_names_the_trick_the_stacks_and_the_hand() -> None:
    with translation.override("ru"):
        html = render_tarot(mid_trick(), 2, "friend")

    assert position(html) == (
        "Взятка: Ваш друг — пятёрка червей. "
        "Ваши стопки: король червей (2 карты в стопке); козырь 8 (2 карты в стопке). "
        "Стопки вашего друга: двойка треф (2 карты в стопке). "
        "Ваша рука: семёрка пик, девятка червей, козырь 4, Шут. Ваш друг: 3 карты. "
        "Осталось взяток: 8."
    )
    assert spoken_move(html) == ("1:0:1", "Последний ход: ваш друг сыграл: пятёрка червей.")


def test_an_empty_rummy_table_is_said_without_a_doubled_full_stop() -> None:
    with translation.override("ru"):
        html = render_cards(cards_engine.new_round(3, 1), 1, "computer")

    table = position(html).split(" Сброс")[0]
    assert table == (
        "Стол: Ваши комбинации: Комбинаций пока нет; Комбинации компьютера: Комбинаций пока нет."
    )
