"""The rule sentences of RULES.md "Rummy" (and rummy.ru.txt) that no other test covers,
one test each: the deals and the match as the platform plays them (one device and
against the computer, through the sealed tokens), and the absence of any bonus.
Online, the next deal and a new round by both consents: tests/cards/test_online.py."""

from __future__ import annotations

import pytest

from cards import engine
from cards.seen import summary
from cards.state import State, match_over
from gamekit.engine import IllegalAction
from rooms.local import play as local_play
from rooms.local.sealing import seal
from tests.cards.positions import discard, draw, meld, play, position


def next_state(token: str, mode: str) -> State:
    """The state of the game that "New game" (or the result's button) starts after `token`."""
    return local_play.open_token("cards", local_play.new_game("cards", mode, None, token).token)[1]


def token_at(state: State, mode: str) -> str:
    payload = {"game": "cards", "mode": mode, "level": "easy" if mode == "computer" else None}
    payload |= {"round": 1, "seed": 1, "moves": 0, "seat": 1, "state": engine.to_json(state)}
    return seal(payload)


def finished_deal(match: dict[int, int]) -> State:
    state = position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"], match=match)
    return play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))


@pytest.mark.django_db  # a new game records its save (rooms.saves)
@pytest.mark.parametrize("mode", ["local", "computer"])
def test_the_next_deal_keeps_the_match_score_and_the_other_player_plays_first(mode) -> None:
    # "Следующая раздача сохраняет счёт и меняет сдающего."
    token = token_at(finished_deal({1: 30, 2: 8}), mode)
    state = next_state(token, mode)
    assert (state.game_no, state.first) == (2, 2)
    assert state.match == {1: 41, 2: 8}
    if mode == "computer":  # the computer's turn is played before the page hears of it
        assert state.turn == 1
        assert state.last is not None
        assert state.last["seat"] == 2
    else:
        assert (state.turn, state.step) == (2, "draw")


@pytest.mark.django_db  # a new game records its save (rooms.saves)
@pytest.mark.parametrize("mode", ["local", "computer"])
def test_new_game_during_a_deal_restarts_the_match_at_0_0_with_player_1(mode) -> None:
    # "Новый раунд во время раздачи сбрасывает матч."
    midway = position(["4S", "5S", "QH"], ["AS", "KD"], pile=["9D"], match={1: 60, 2: 90}, turn=2)
    fresh = local_play.new_game("cards", mode, None, token_at(midway, mode))
    state = local_play.open_token("cards", fresh.token)[1]
    assert state.match == {1: 0, 2: 0}
    assert (state.game_no, state.first, state.turn) == (1, 1, 1)


@pytest.mark.django_db  # a new game records its save (rooms.saves)
def test_after_the_match_a_new_game_is_a_new_match() -> None:
    token = token_at(finished_deal({1: 95, 2: 8}), "local")
    assert match_over(local_play.open_token("cards", token)[1])
    state = next_state(token, "local")
    assert state.match == {1: 0, 2: 0}
    assert state.first == 1


def test_going_out_in_one_turn_from_a_full_hand_earns_no_bonus() -> None:
    # "No knocking, no gin, no double bonuses": only the cards left in the other hand.
    hand = ["2S", "3S", "4S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"]
    state = position(hand, ["AS", "KH", "QD"], draws=["QC"], pile=["5H"])
    state = play(
        state, 1, draw(), meld("2S", "3S", "4S"), meld("7H", "7D", "7C"),
        meld("9C", "TC", "JC", "QC"), discard("KD"),
    )  # fmt: skip
    assert summary(state)["scores"] == {1: 21, 2: 0}
    assert summary(state)["reason"] == "out"


def test_a_player_may_not_knock_there_is_no_such_action() -> None:
    state = position(["2S", "3S", "KD"], ["AS", "KH", "QD"], pile=["5H"])
    for kind in ["knock", "gin", "pass"]:
        with pytest.raises(IllegalAction) as caught:
            engine.apply(state, 1, {"type": kind})
        assert caught.value.code == "malformed"
