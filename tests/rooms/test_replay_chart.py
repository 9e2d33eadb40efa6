"""The chart under a replay (issue 58): each game's estimator gives each seat a chance in
[0, 1] at every step of whole rounds, adding up to at most 1 and ending at the result;
the page draws the whole round as an SVG (a line per seat, a column per step, the shown
step marked), the review's marked decisions as dots, and the text twin of the three
largest swings, each with its step, the move in words and the change, in en, ru, pt."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from gamekit.replay import Record, bot_record, states
from rooms import chart, registry
from rooms.models import Replay
from rooms.reviews import Review

pytestmark = pytest.mark.django_db

CODE = "chrt" * 6  # a replay code in its shape (rooms/codes.py)
GAMES = ["cards", "tarot", "tiles"]


def record_of(slug: str, seed: int = 5) -> Record:
    game = registry.get(slug)
    return bot_record(game.engine, game.bots, seed, {1: "easy", 2: "medium"})


def replay_of(slug: str, mode: str = "local") -> Replay:
    record = record_of(slug)
    return Replay.objects.create(
        code=CODE, key=record.key(), game=slug, mode=mode, record=record.to_json()
    )


def page(client: Client, query: str = "", language: str = "en") -> str:
    with translation.override(language):
        answer = client.get(f"/replays/{CODE}/{query}", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_step_of_a_round_has_each_seats_chance_in_0_1_ending_at_the_result(
    slug: str, seed: int
) -> None:
    game = registry.get(slug)
    record = record_of(slug, seed)
    every = states(game.engine, record)
    for state in every:
        found = game.chances(state)
        assert set(found) == {1, 2}
        assert all(0.0 <= p <= 1.0 for p in found.values())
        assert found[1] + found[2] <= 1.0 + 1e-9
    winner = game.engine.status(every[-1])["winner"]
    assert game.chances(every[-1]) == {1: float(winner == 1), 2: float(winner == 2)}


@pytest.mark.parametrize("slug", GAMES)
def test_the_chances_move_during_a_round_and_do_not_sit_at_one_half(slug: str) -> None:
    game = registry.get(slug)
    found = [game.chances(s)[1] for s in states(game.engine, record_of(slug))[:-1]]
    assert max(found) - min(found) > 0.1


@pytest.mark.parametrize("slug", GAMES)
def test_the_page_draws_the_whole_round_as_an_svg_with_a_line_per_seat(
    client: Client, slug: str
) -> None:
    replay = replay_of(slug)
    last = len(replay.record["steps"])
    text = page(client, "?step=3")
    svg = re.search(r'<svg class="replay-chart-svg".*?</figure>', text, re.S).group(0)
    lines = re.findall(r'<polyline class="chart-line"[^>]*points="([^"]*)"', svg)
    assert len(lines) == 2
    for points in lines:
        pairs = [tuple(map(float, p.split(","))) for p in points.split()]
        assert len(pairs) == last + 1
        xs = [x for x, _ in pairs]
        assert xs == sorted(xs)
        assert all(chart.PAD - 0.1 <= y <= chart.HEIGHT - chart.PAD + 0.1 for _, y in pairs)
    steps = re.findall(r'<rect data-chart-step="(\d+)"', svg)
    assert steps == [str(i) for i in range(last + 1)]
    # The shown step's line is in the middle of its column.
    column = re.search(r'<rect data-chart-step="3" x="([\d.]+)" y="0" width="([\d.]+)"', svg)
    marker = float(re.search(r'data-chart-marker x1="([\d.]+)"', svg).group(1))
    assert marker == pytest.approx(float(column.group(1)) + float(column.group(2)) / 2, abs=0.1)


def test_the_svg_numbers_are_written_with_a_point_in_russian(client: Client) -> None:
    replay_of("tiles")
    svg = re.search(r'<svg class="replay-chart-svg".*?</figure>', page(client, "", "ru"), re.S)
    numbers = re.findall(r' (?:x|x1|x2|y1|y2|cx|cy|width|r)="([^"]*)"', svg.group(0))
    assert numbers
    assert all(re.fullmatch(r"\d+(\.\d+)?%?", n) for n in numbers)
    for points in re.findall(r'points="([^"]*)"', svg.group(0)):
        assert all(re.fullmatch(r"[\d.]+,[\d.]+", pair) for pair in points.split())


@pytest.mark.parametrize("slug", GAMES)
def test_the_text_twin_says_the_three_largest_swings_with_step_move_and_change(
    client: Client, slug: str
) -> None:
    replay = replay_of(slug)
    game = registry.get(slug)
    found = chart.chances_of(game, replay)
    record = Record.from_json(replay.record)
    chosen = chart.largest_swings(found, record)
    assert len(chosen) == 3
    sizes = sorted(
        (max(abs(found[i][s] - found[i - 1][s]) for s in (1, 2)) for i in range(1, len(found))),
        reverse=True,
    )
    picked = [max(abs(found[i][s] - found[i - 1][s]) for s in (1, 2)) for i, _ in chosen]
    assert sorted(picked, reverse=True) == sizes[:3]
    text = page(client)
    twin = re.findall(r'<a href="\?step=(\d+)" data-chart-step="\d+">([^<]*)</a>', text)
    assert [int(step) for step, _ in twin] == [step for step, _ in chosen]
    for (step, seat), (_, said) in zip(chosen, twin, strict=True):
        before, after = round(100 * found[step - 1][seat]), round(100 * found[step][seat])
        assert said.startswith(f"Step {step}: Player {seat}")  # the move, by its seat
        assert said.endswith(f"Player {seat}: chance to win {before}% → {after}%.")


WORDS = {"ru": ("Шаг", "шанс на победу"), "pt": ("Passo", "chance de vencer")}


@pytest.mark.parametrize("language", ["ru", "pt"])
def test_the_text_twin_is_translated(client: Client, language: str) -> None:
    replay_of("cards")
    text = page(client, "", language)
    twin = re.findall(r'<a href="\?step=\d+" data-chart-step="\d+">([^<]*)</a>', text)
    step, chance = WORDS[language]
    assert len(twin) == 3
    assert all(said.startswith(step) and chance in said for said in twin)


def test_against_the_computer_the_player_reads_you(client: Client) -> None:
    replay = replay_of("tarot", mode="computer")
    session = client.session
    session["rooms_played_replays"] = [replay.code]
    session.save()
    text = page(client)
    assert "You</li>" in text
    assert "The computer</li>" in text


def test_the_reviews_marked_decisions_are_dots_sized_by_what_they_cost(client: Client) -> None:
    replay = replay_of("cards")
    game = registry.get("cards")
    record = Record.from_json(replay.record)
    notes = game.review.judge(record, game.review.decisions(record))
    Review.objects.create(key=record.key(), game="cards", status=Review.DONE, notes=notes)
    marked = [n for n in notes if n["kind"] in ("ok", "miss")]
    assert marked
    svg = re.search(r'<svg class="replay-chart-svg".*?</figure>', page(client), re.S).group(0)
    dots = re.findall(
        r'class="chart-dot is-(\w+)" data-chart-step="(\d+)"[^>]*'
        r'data-cost="(\d+)"[^>]*r="([\d.]+)"',
        svg,
    )
    assert [(kind, int(step)) for kind, step, _, _ in dots] == [
        (n["kind"], n["step"] + 1) for n in marked
    ]
    by_cost = sorted((int(cost), float(size)) for _, _, cost, size in dots)
    assert [size for _, size in by_cost] == sorted(size for _, size in by_cost)
    # The review panel sends them again, for the page opened before the review was done.
    panel = client.get(f"/reviews/{CODE}/").content.decode()
    assert panel.count('class="chart-dot is-') == len(marked)
