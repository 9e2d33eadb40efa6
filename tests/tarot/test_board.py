"""The Tarot board template, as the rooms app renders it for one seat in each mode."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tarot import engine
from tarot.state import State
from tarot.templatetags.tarot_board import card_face, card_name, points, signed
from tarot.turns import legal_cards
from tests.rooms.boards import render_board
from tests.tarot.positions import cards_worth, play, position

MODES = ["local", "computer", "friend"]


def render(state: State, seat: int | None, mode: str = "local") -> str:
    return render_board("tarot", state, seat, mode)


def part(html: str, marker: str) -> str:
    """The markup from `marker` to the end of its element's block (good enough for
    the board's flat sections)."""
    return html.split(marker, 1)[1]


def hand_codes(html: str) -> list[str]:
    hand = part(html, 'class="tarot-hand"').split("</div>", 1)[0]
    return re.findall(r'data-code="(\w+)"', hand)


def legal_codes(html: str) -> list[str]:
    return re.findall(r'data-code="(\w+)"(?: data-stack="\d")? data-legal', html)


def shown(html: str, code: str) -> bool:
    return f'data-code="{code}"' in html


def mid_trick() -> State:
    """Seat 1 led the 5 of hearts; seat 2 holds hearts and a heart on a stack top."""
    return position(
        {1: ["H1", "S2", "T3"], 2: ["S7", "H9", "T4", "EX"]},
        {1: [("C1", "C2")], 2: [("D1", "HK"), ("C3", "T8")]},
        leader=1,
        trick=(1, "H5", -1),
    )


def finished() -> State:
    """The last trick: seat 1 leads the Petit and seat 2 overtrumps it."""
    state = position(
        {1: ["T1"], 2: ["T2"]},
        won={1: cards_worth(30, 0), 2: []},
    )
    return play(state, (1, "T1"), (2, "T2"))


@pytest.mark.parametrize("mode", MODES)
def test_the_board_shows_only_the_seats_own_hand(mode: str) -> None:
    html = render(mid_trick(), 2, mode)
    assert hand_codes(html) == ["S7", "H9", "T4", "EX"]
    assert not shown(html, "H1")
    assert not shown(html, "T3")
    assert not shown(html, "D1")
    assert not shown(html, "C3")


def test_legal_cards_are_the_engines_and_the_others_are_dimmed() -> None:
    html = render(mid_trick(), 2)
    assert sorted(legal_codes(html)) == sorted(legal_cards(mid_trick(), 2))
    assert sorted(legal_codes(html)) == ["EX", "H9", "HK"]  # the stack top follows too
    dimmed = re.findall(r'class="card [^"]*is-dimmed[^"]*" data-code="(\w+)"', html)
    assert sorted(dimmed) == ["S7", "T4", "T8"]
    assert "(cannot be played now)" in html


def test_the_player_to_move_gets_play_card_and_the_other_only_the_table() -> None:
    mine = render(mid_trick(), 2, "computer")
    assert 'data-action="play"' in mine
    assert 'data-action="hint"' in mine
    theirs = render(mid_trick(), 1, "computer")
    assert 'data-action="play"' not in theirs
    assert "is-legal" not in theirs
    # The hand is still shown, as cards that cannot be pressed into play.
    assert hand_codes(theirs) == ["S2", "H1", "T3"]


def test_there_is_no_hint_online() -> None:
    html = render(mid_trick(), 2, "friend")
    assert 'data-action="play"' in html
    assert 'data-action="hint"' not in html
    assert "data-hint-url" not in html


def test_each_stack_shows_its_face_up_top_and_its_count_below() -> None:
    html = render(mid_trick(), 2)
    stacks = re.findall(r'<li class="tarot-stack down-(\d)"[^>]*>(.*?)</li>', html, re.S)
    assert len(stacks) == 12  # six per seat
    counts = [re.search(r'class="stack-count"[^>]*>(\d)<', body).group(1) for _, body in stacks]
    # Seat 1's stacks (the opponent, above), then seat 2's: C1 C2, then D1 HK and C3 T8.
    assert counts == ["2", "0", "0", "0", "0", "0", "2", "2", "0", "0", "0", "0"]
    assert 'data-code="C2"' in stacks[0][1]
    assert 'data-code="HK" data-stack="0"' in stacks[6][1]
    assert "card-slot" in stacks[1][1]  # an empty stack


def test_the_trick_the_last_move_and_the_opponents_card_are_marked() -> None:
    html = render(mid_trick(), 2, "computer")
    trick = part(html, 'class="tarot-trick"').split('class="tarot-side', 1)[0]
    assert 'data-code="H5"' in trick
    assert "is-fresh" in trick
    assert ">Last move: the computer played 5 of hearts.</span>" in html


def test_a_gathered_trick_shows_who_took_it_and_the_cards_turned_up() -> None:
    state = play(mid_trick(), (2, "HK"))
    html = render(state, 1, "friend")
    assert "Your friend took the trick.</span>" in html
    assert "Your friend took the last trick</span>" in html
    assert ">Last move: your friend played king of hearts.</span>" in html
    # The card under the king is turned up now that the trick is gathered.
    assert re.search(r'is-turned" data-code="D1" role="img" aria-label="1 of diamonds"', html)


def test_the_cards_won_points_and_oudlers_are_shown_for_each_player() -> None:
    state = play(mid_trick(), (2, "HK"))
    view = engine.view(state, 1)
    html = render(state, 1)
    won = re.findall(r"<summary>(.*?)</summary>", html, re.S)
    assert len(won) == 2
    theirs = re.sub(r"<[^>]+>", "", won[0])
    assert f"{len(view['won']['2'])} cards won" in theirs
    assert f"points: {points(view['points']['2'])}" in theirs
    assert f"{view['oudlers']['2']} oudler" in theirs


def test_the_result_shows_the_whole_breakdown_and_play_again() -> None:
    state = finished()
    result = engine.view(state, 1)["result"]
    html = render(state, 1, "computer")
    breakdown = part(html, 'class="tarot-result board-result"')
    for heading in (
        "Card points",
        "Excuse exchange",
        "Points",
        "Oudlers taken",
        "Threshold",
        "Excess",
        "Petit bonus",
        "Score",
    ):
        assert f'<th scope="row">{heading}</th>' in breakdown
    assert "The Petit was in the last trick: 10 points for the computer." in breakdown
    assert signed(result["petit_bonus"]["2"]) == "+10"
    assert f"<td>{signed(result['excess']['1'])}</td>" in breakdown
    assert f'<td class="score">{signed(result["scores"]["1"])}</td>' in breakdown
    assert "data-play-again" in html
    assert "Play again" in html
    assert "Ask for a new round" in render(state, 1, "friend")
    assert 'class="tarot-hand"' not in html


def test_a_spectator_sees_both_sides_and_no_hand() -> None:
    html = render(mid_trick(), None, "friend")
    assert 'class="tarot-hand"' not in html
    assert "data-own-hand" not in html
    assert not shown(html, "H9")
    assert not shown(html, "H1")


def test_every_card_has_a_spoken_name() -> None:
    assert card_name("HK") == "king of hearts"
    assert card_name("S10") == "10 of spades"
    assert card_name("DN") == "knight of diamonds"
    assert card_name("T14") == "trump 14"
    assert card_name("T1") == "trump 1 (the Petit)"
    assert card_name("EX") == "the Excuse"
    html = render(mid_trick(), 2)
    assert 'aria-label="the Excuse"' in html


@pytest.mark.parametrize(
    ("language", "indices"),
    [("en", ["K", "Q", "Kn", "J"]), ("ru", ["К", "Д", "Кв", "В"]), ("pt", ["R", "D", "C", "V"])],
)
def test_the_honours_corner_index_is_the_readers_letters_the_knight_kn_in_english(
    language: str, indices: list[str]
) -> None:
    with translation.override(language):
        assert [card_face(f"H{rank}")["index"] for rank in "KQNJ"] == indices


def test_points_are_written_with_the_readers_decimal_mark_and_a_real_minus() -> None:
    assert points(40.5) == "40.5"
    assert signed(-32.5) == "\u221232.5"
    assert signed(0) == "0"
    with translation.override("ru"):
        assert points(40.5) == "40,5"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", ["Сыграть карту", "Ваша рука", "червей"]),
        ("pt", ["Jogar carta", "As suas cartas", "copas"]),
    ],
)
def test_the_board_speaks_the_players_language(language: str, words: list[str]) -> None:
    with translation.override(language):
        html = render(mid_trick(), 2, "computer")
    for word in words:
        assert word in html
