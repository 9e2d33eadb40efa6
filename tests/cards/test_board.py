"""The board template, as the rooms app renders it for one seat in each mode."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from cards import engine
from cards.state import State
from cards.templatetags.cards_board import card_name
from rooms.registry import get
from tests.cards.positions import discard, draw, lay_off, meld, owned, play, position
from tests.rooms.boards import render_board

MODES = ["local", "computer", "friend"]
BASE_DIR = Path(__file__).resolve().parents[2]


def render(state: State, seat: int | None, mode: str = "local") -> str:
    return render_board("cards", state, seat, mode)


def hand_codes(html: str) -> list[str]:
    hand = html.split('class="cards-hand"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'data-code="(\w\w)"', hand)


def board_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="cards-data" type="application/json">(.*?)</script>', html)
    assert found
    return json.loads(found.group(1))


def after_the_opponents_turn() -> State:
    """Seat 1 to draw; seat 2 took the 9♦ from the pile, melded nines, laid off the 8♥
    on seat 1's run and discarded the K♣."""
    state = position(
        ["2S", "3S", "4S", "JD"], ["9S", "9H", "8H", "KC", "2C"], pile=["4D", "9D"],
        melds=[owned(1, "5H", "6H", "7H")], turn=2, match={1: 12, 2: 30},
    )  # fmt: skip
    return play(state, 2, draw("discard"), meld("9S", "9H", "9D"), lay_off("8H", 0), discard("KC"))


def deal_won_by_seat_1(match: dict | None = None) -> State:
    state = position(["4S", "5S", "QH"], ["AS", "KD", "7C", "7D", "7S"], draws=["6S"],
                     pile=["9D"], match=match)  # fmt: skip
    return play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))


def test_the_game_is_available_once_its_board_exists() -> None:
    game = get("cards")
    assert game is not None
    assert game.available


@pytest.mark.parametrize("mode", MODES)
def test_the_board_shows_only_the_seats_own_hand(mode: str) -> None:
    state = after_the_opponents_turn()
    html = render(state, 1, mode)
    assert hand_codes(html) == list(state.hands[1])
    for code in engine.hidden(state, 1):
        assert f'data-code="{code}"' not in html
    assert "2 cards" in html  # the opponent's hand, by its size


def test_a_watcher_sees_no_hand_but_the_size_of_both() -> None:
    state = after_the_opponents_turn()
    html = render(state, None, "friend")
    assert 'class="cards-hand"' not in html
    for code in engine.hidden(state, None):
        assert f'data-code="{code}"' not in html
    sizes = re.findall(r'data-count="hand-(\d)">([^<]*)<', html)
    assert sizes == [("1", f"{len(state.hands[1])} cards"), ("2", "1 card")]
    assert len(state.hands[2]) == 1


def test_the_player_to_draw_gets_the_stock_and_the_discard_piles_top_card() -> None:
    html = render(after_the_opponents_turn(), 1)
    assert 'data-action="draw-stock"' in html
    # The button shows "Take the K♣" and is said "Take the king of clubs from the discard
    # pile".
    assert "Take the K♣" in html
    assert 'aria-label="Take the king of clubs from the discard pile"' in html
    assert 'data-action="meld"' not in html
    assert board_data(html)["step"] == "draw"
    assert "Discard pile, 2 cards, king of clubs on top" in html


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_the_take_buttons_spoken_label_begins_with_its_visible_words(language: str) -> None:
    # WCAG 2.5.3 (label in name): "Comprar: K♣" is said "Comprar: rei de paus, da pilha
    # de descarte", never "Comprar o K♣" said "Comprar a carta ...".
    with translation.override(language):
        html = render(after_the_opponents_turn(), 1)
        spoken = card_name("KC")
    action = r'<button type="button" class="button" data-action="draw-discard"'
    button = re.search(action + r'[^>]*aria-label="([^"]*)">([^<]*)<', html)
    assert button
    label, visible = button.groups()

    assert "K♣" in visible
    assert label.startswith(visible.replace("K♣", spoken)), (visible, label)


def test_after_the_draw_the_player_melds_lays_off_on_a_meld_or_discards() -> None:
    state = play(after_the_opponents_turn(), 1, draw("discard"))
    html = render(state, 1)
    for action in ['data-action="meld"', 'data-action="discard"', 'data-drop="meld"']:
        assert action in html
    # Said aloud when a discard of it is tried (board.js): the card in words.
    assert "The king of clubs taken from the discard pile cannot be discarded this turn." in html
    assert 'data-code="KC" aria-pressed' in html
    assert "is-taken" in html


def test_the_melds_are_shown_by_owner_with_their_table_numbers() -> None:
    html = render(after_the_opponents_turn(), 1, "computer")
    mine, theirs = html.split('class="meld-owner"', 2)[1:]
    assert mine.startswith('><span class="seat-name" data-colour="teal">Your melds<')
    # Spoken by name: a screen reader says "9 of spades", not "9 black spade suit".
    assert 'aria-label="Meld 1: 5 of hearts, 6 of hearts, 7 of hearts, 8 of hearts"' in mine
    assert "The computer&#x27;s melds" in theirs
    assert 'aria-label="Meld 2: 9 of spades, 9 of hearts, 9 of diamonds"' in theirs


def test_the_other_players_last_move_is_marked_and_told_in_words() -> None:
    html = render(after_the_opponents_turn(), 1, "computer")
    assert (
        "Last move: the computer took the 9♦ from the discard pile</span>, melded 9♠ 9♥ 9♦, "
        "laid off the 8♥ on meld 1, discarded the K♣." in html
    )
    assert html.count("meld is-last-move") == 2  # the new meld and the one laid off on
    assert 'card card-red card-small is-fresh" role="img" aria-label="8 of hearts"' in html
    # The player's own last move is not marked for them.
    assert "Last move" not in render(after_the_opponents_turn(), 2, "computer")


def test_the_match_score_and_the_deal_number_are_shown() -> None:
    html = render(after_the_opponents_turn(), 1, "computer")
    assert "Match to 100" in html
    assert 'data-count="match-own">12<' in html
    assert 'data-count="match-other">30<' in html
    assert "<dt>Deal</dt><dd>1</dd>" in html


def test_the_result_shows_both_hands_and_counts_the_points_card_by_card() -> None:
    html = render(deal_won_by_seat_1(), 2, "friend")
    assert "Your friend won the deal" in html
    assert "1 + 10 + 7 + 7 + 7 = 32" in html  # the sevens are a meld, still counted
    assert 'aria-label="king of diamonds (10)"' in html
    assert "+32" in html
    assert "Ask for the next deal" in html
    assert 'class="cards-hand"' not in html  # the hands are in the result, once


def play_words(html: str) -> dict[str, str]:
    """The board's words for the play page's strings (docs/games.md), by name."""
    found = re.search(r"<div hidden data-play-words([^>]*)>", html)
    return dict(re.findall(r'data-([\w-]+)="([^"]*)"', found.group(1))) if found else {}


@pytest.mark.parametrize(
    ("language", "over", "asked", "accept"),
    [
        ("en", "Deal over", "Your friend asks for the next deal.", "Start the next deal"),
        ("ru", "Раздача окончена", "Ваш друг предлагает следующую раздачу.",
         "Начать следующую раздачу"),
        ("pt", "Fim da mão", "O seu amigo pede a próxima mão.", "Começar a próxima mão"),
    ],
)  # fmt: skip
def test_after_a_deal_the_play_page_speaks_of_the_next_deal_not_of_a_game_over(
    language: str, over: str, asked: str, accept: str
) -> None:
    with translation.override(language):
        words = play_words(render(deal_won_by_seat_1(), 2, "friend"))
        match_over = render(deal_won_by_seat_1({1: 70, 2: 12}), 2, "friend")
    assert (words["over"], words["asked"], words["accept"]) == (over, asked, accept)
    # Each word replaces one of the play page's strings; at the match's end, its own.
    play_page = (BASE_DIR / "rooms" / "templates" / "rooms" / "play.html").read_text()
    assert all(f"data-{name}=" in play_page for name in words)
    assert set(words) == {"over", "asked", "you-asked", "accept", "declined", "withdrawn", "begun"}
    assert play_words(match_over) == {}


def test_the_match_result_at_100_offers_a_new_match() -> None:
    html = render(deal_won_by_seat_1({1: 70, 2: 12}), 1, "computer")
    assert ">You won the match<" in html
    assert ">Play again<" in html
    assert "Next deal" not in html


@pytest.mark.parametrize(
    ("mode", "shown"), [("local", True), ("computer", True), ("friend", False)]
)
def test_the_hint_is_offered_on_one_device_and_against_the_computer_only(mode, shown) -> None:
    html = render(after_the_opponents_turn(), 1, mode)
    assert ('data-action="hint"' in html) is shown
    assert ("/cards/hint/" in html) is shown


def test_the_waiting_player_and_a_spectator_get_no_turn_buttons() -> None:
    state = after_the_opponents_turn()
    for seat in (2, None):
        html = render(state, seat, "friend")
        assert "cards-actions" not in html
        assert board_data(html)["playing"] is False
    assert 'class="cards-hand"' not in render(state, None, "friend")


def test_the_board_speaks_the_players_language() -> None:
    with translation.override("ru"):
        html = render(play(after_the_opponents_turn(), 1, draw()), 1, "computer")
    assert "Выложить" in html
    assert "Сбросить" in html
    assert "Колода" in html
    assert "Сброс" in html
    with translation.override("pt"):
        html = render(after_the_opponents_turn(), 1, "computer")
    assert "Comprar do monte" in html
    assert "rei de paus" in html  # the K♣, spoken
