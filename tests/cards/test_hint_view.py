"""The hint endpoint: the strong level's next step for the player to move, read from the
game's sealed token, on one device and against the computer only."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from cards import engine
from cards.hint import describe_action
from cards.state import State
from cards.templatetags.cards_board import card_name
from rooms.local import play as local_play
from rooms.local.sealing import seal
from tests.cards.positions import draw, play, position

URL = "/cards/hint/"


def post(client: Client, body: object, **headers: str):
    return client.post(URL, body, content_type="application/json", **headers)


def token_at(state: State, mode: str = "computer") -> str:
    payload = {"game": "cards", "mode": mode, "level": "easy" if mode == "computer" else None}
    payload |= {"round": 1, "seed": 1, "moves": 0, "seat": 1, "state": engine.to_json(state)}
    return seal(payload)


@pytest.mark.django_db  # a new game records its save (rooms.saves)
@pytest.mark.parametrize("mode", ["local", "computer"])
def test_the_hint_is_a_legal_step_for_the_player_to_move(client: Client, mode: str) -> None:
    outcome = local_play.new_game("cards", mode, "easy" if mode == "computer" else None)
    answer = post(client, {"token": outcome.token})
    assert answer.status_code == 200
    action = answer.json()["action"]
    state = local_play.open_token("cards", outcome.token)[1]
    assert action in engine.legal_actions(state, engine.status(state)["turn"])
    assert answer.json()["message"].startswith("Hint: ")


def test_the_hint_takes_the_discard_piles_top_card_when_it_makes_a_meld(client: Client) -> None:
    state = position(["7H", "7S", "2C", "9D", "KS"], ["2D", "3D", "4D"], pile=["4C", "7D"])
    answer = post(client, {"token": token_at(state)}).json()
    assert answer["action"] == {"type": "draw", "source": "discard"}
    assert answer["message"] == "Hint: take the top card of the discard pile."


def test_the_hint_goes_out_when_it_can(client: Client) -> None:
    state = play(position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"]), 1, draw())
    answer = post(client, {"token": token_at(state, "local")}).json()
    assert answer["action"]["type"] == "meld"
    assert sorted(answer["action"]["cards"]) == ["4S", "5S", "6S"]
    assert answer["message"] == "Hint: meld 4 of spades, 5 of spades, 6 of spades."


def test_a_discard_hint_while_melds_could_go_down_says_to_keep_them(client: Client) -> None:
    # The run 5-6-7 of hearts could go down; the strong level keeps it (the 4 and 8 of
    # hearts are unseen: on the table the run would give the opponent a lay-off).
    hand = ["5H", "6H", "7H", "KD", "2S", "QC", "9S"]
    opponent = ["3C", "8D", "JS", "4C", "TD", "AD", "2D", "6C", "9C", "QS"]
    state = play(position(hand, opponent, pile=["2H"], draws=["JD"]), 1, draw())

    answer = post(client, {"token": token_at(state)}).json()

    assert answer["action"]["type"] == "discard"
    card = card_name(answer["action"]["card"])
    assert answer["message"] == f"Hint: keep your melds in hand and discard the {card}."


def test_the_hint_speaks_the_players_language() -> None:
    with translation.override("ru"):
        text = describe_action({"type": "discard", "card": "KS"})
        assert text == "Подсказка: сбросьте эту карту: король пик."
    with translation.override("pt"):
        text = describe_action({"type": "lay_off", "card": "8H", "meld": 0})
        assert text == "Dica: encaixe oito de copas no jogo 1."
    with translation.override("ru"):
        text = describe_action({"type": "discard", "card": "KS"}, holding=True)
        assert text == "Подсказка: оставьте комбинации в руке и сбросьте эту карту: король пик."


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Hint: discard the king of spades."),
        ("ru", "Подсказка: сбросьте эту карту: король пик."),
        # "a carta": the article agrees with "carta", whatever the card ("a dama", "o rei").
        ("pt", "Dica: descarte a carta rei de espadas."),
    ],
)
def test_the_hint_names_the_card_in_words_as_the_board_speaks_it(language, said) -> None:
    # Not "K♠", which a screen reader reads "K black spade suit".
    with translation.override(language):
        assert describe_action({"type": "discard", "card": "KS"}) == said


def test_without_a_sealed_game_there_is_no_hint_so_never_online(client: Client) -> None:
    # An online game has no token: its page can only send nothing, or a position.
    for body in [{}, {"token": ""}, {"mode": "friend"}, {"table": [], "hand": ["7H"]}]:
        answer = post(client, body)
        assert answer.status_code == 400
        assert answer.json()["code"] == "online"


@pytest.mark.parametrize(
    ("token", "code"),
    [("forged", "bad_token"), (["a list"], "online"), (12, "online")],
)
def test_a_forged_token_is_refused(client: Client, token: object, code: str) -> None:
    answer = post(client, {"token": token})
    assert answer.status_code == 400
    assert answer.json()["code"] == code


@pytest.mark.django_db  # a new game records its save (rooms.saves)
def test_a_token_of_another_game_is_refused(client: Client) -> None:
    tiles = local_play.new_game("tiles", "local")
    answer = post(client, {"token": tiles.token})
    assert answer.status_code == 400
    assert answer.json()["code"] == "wrong_game"


def test_a_finished_deal_gets_no_hint(client: Client) -> None:
    state = position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"])
    over = play(state, 1, draw(), {"type": "meld", "cards": ["4S", "5S", "6S"]})
    over = play(over, 1, {"type": "discard", "card": "QH"})
    answer = post(client, {"token": token_at(over)})
    assert answer.status_code == 400
    assert answer.json()["code"] == "game_over"


def test_the_hint_answers_only_posts(client: Client) -> None:
    assert client.get(URL).status_code == 405
