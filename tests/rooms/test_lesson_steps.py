"""What a learner reads of a lesson's steps (issue 55): consecutive numbers as the
learner meets them, tile rummy's first step saying how tiles go on the table, and a
move the step does not ask for told what it moved against what the step asks for, in
the page's language."""

from __future__ import annotations

import pytest

from tests.rooms.test_lessons import act, post, start
from tiles.lesson import RUN, TENS

pytestmark = pytest.mark.django_db


def test_a_learner_who_opens_at_once_goes_from_step_1_to_step_2_of_tile_rummy(client) -> None:
    data = start(client, "tiles")
    assert (data["lesson"]["step"], data["lesson"]["steps"]) == (1, 4)

    made = act(client, "tiles", data["token"], {"type": "play", "table": [RUN, TENS]})

    assert made.status_code == 200, made.json()
    assert made.json()["lesson"]["step"] == 2


def test_rummys_steps_go_on_one_by_one_past_the_refused_discard(client) -> None:
    data = start(client, "cards")
    assert data["lesson"]["steps"] == 8
    taken = act(client, "cards", data["token"], {"type": "draw", "source": "discard"}).json()
    assert taken["lesson"]["step"] == 2
    refused = act(client, "cards", taken["token"], {"type": "discard", "card": "5C"}).json()
    assert refused["lesson"]["step"] == 2  # the same task: now meld the three 5s

    melded = act(client, "cards", taken["token"], {"type": "meld", "cards": ["5S", "5D", "5C"]})

    assert melded.json()["lesson"]["step"] == 3


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Select your blue 2, 3 and 4", "click or tap", "Enter", "New set", "End turn")),
        ("ru", ("Выберите синие 2, 3 и 4", "Enter", "«Новая комбинация»", "«Завершить ход»")),
        ("pt", ("Selecione o 2, o 3 e o 4 azuis", "Enter", "«Nova combinação»", "«Terminar")),
    ],
)
def test_tile_rummys_first_step_says_how_to_put_tiles_on_the_table(
    client, language: str, words: tuple[str, ...]
) -> None:
    data = post(client, "/play/tiles/computer/new", {"lesson": True})
    page = client.get("/tiles/learn/", headers={"accept-language": language}).content.decode()
    line = client.post(
        "/play/tiles/computer/new",
        {"lesson": True},
        content_type="application/json",
        headers={"accept-language": language},
    ).json()["lesson"]["say"]
    assert data.status_code == 200
    for word in words:
        assert word in line
    assert line in page  # the page comes with it: nothing shifts as the script starts


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "this step asks for the king of hearts, not the 2 of spades."),
        ("ru", "на этом шаге нужно другое: король червей, а не двойка пик."),
        ("pt", "este passo pede outra coisa: rei de copas, e não dois de espadas."),
    ],
)
def test_a_move_the_step_does_not_ask_for_is_told_what_it_played_and_what_to_play(
    client, language: str, said: str
) -> None:
    token = start(client, "tarot")["token"]
    refused = client.post(
        "/play/tarot/computer/act",
        {"token": token, "action": {"type": "play", "card": "S2"}},
        content_type="application/json",
        headers={"accept-language": language},
    ).json()
    assert refused["code"] == "lesson_elsewhere"
    assert refused["message"].endswith(said)


def test_a_draw_before_the_tiles_a_step_asks_for_is_told_which_tiles(client) -> None:
    token = start(client, "tiles")["token"]
    refused = act(client, "tiles", token, {"type": "draw"}).json()
    assert refused["code"] == "lesson_elsewhere"
    assert refused["message"] == (
        "That move is allowed, but this step asks for the blue 2, blue 3, blue 4, red 10, "
        "black 10, orange 10, blue 10 first, not a draw."
    )
    assert refused["lesson"]["step"] == 1


def test_two_wrong_discards_of_rummy_get_two_explanations(client) -> None:
    token = start(client, "cards")["token"]
    for step in (
        {"type": "draw", "source": "discard"},
        {"type": "meld", "cards": ["5S", "5D", "5C"]},
    ):
        token = act(client, "cards", token, step).json()["token"]
    first = act(client, "cards", token, {"type": "discard", "card": "AS"}).json()["message"]
    second = act(client, "cards", token, {"type": "discard", "card": "7S"}).json()["message"]
    assert first != second
    assert first.endswith("asks for the king of clubs, not the ace of spades.")
    assert second.endswith("asks for the king of clubs, not the 7 of spades.")
