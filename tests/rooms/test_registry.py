"""A game is checked when it registers: a malformed one is refused at start-up, with an
error that says what is missing, instead of failing at a player's first move."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

from cards.board import board_context
from rooms import registry
from tests.counter_game import engine
from tests.counter_game.game import GAME as COUNTER
from tiles.board import BOARD


def refusal(**changes) -> str:
    with pytest.raises(ImproperlyConfigured) as refused:
        registry.register(dataclasses.replace(COUNTER, slug="broken", **changes))
    assert registry.get("broken") is None
    return str(refused.value)


def engine_without(*names: str) -> SimpleNamespace:
    kept = {n: getattr(engine, n) for n in (*registry.ENGINE_FUNCTIONS, "SCHEMA") if n not in names}
    return SimpleNamespace(__name__="broken.engine", **kept)


def test_every_game_of_the_site_registers_as_it_is() -> None:
    for game in registry.all_games():
        assert registry.problems(game) == [], game.slug


def test_an_engine_without_apply_or_view_is_refused_and_named() -> None:
    message = refusal(engine=engine_without("apply", "view"))

    assert "'broken' cannot be registered" in message
    assert "broken.engine lacks apply, view" in message


def test_an_engine_without_a_schema_is_refused() -> None:
    assert "has no integer SCHEMA" in refusal(engine=engine_without("SCHEMA"))


def test_a_status_without_the_four_keys_is_refused() -> None:
    broken = engine_without()
    broken.status = lambda state: {"turn": 1, "over": False}

    assert "its status has the keys ['over', 'turn']" in refusal(engine=broken)


def test_bots_without_choose_and_a_hint_that_is_not_a_function_are_refused() -> None:
    message = refusal(bots=SimpleNamespace(__name__="broken.bots"), hint="cards.hint:hint")

    assert "broken.bots lack choose" in message
    assert 'rates["hint"]' in message
    assert "its hint 'cards.hint:hint' is not a function" in message


def test_chances_that_are_not_a_function_are_refused() -> None:
    message = refusal(chances="tiles.chances:chances")

    assert "its chances 'tiles.chances:chances' is not a function chances(state)" in message


def test_urls_that_are_not_a_urlconf_and_counts_not_in_the_view_are_refused() -> None:
    message = refusal(urls=SimpleNamespace(__name__="broken.urls"), counts={"pool_count": "pool"})

    assert "is not a URLconf module" in message
    assert "its counts ['pool_count'] are not in its view" in message


def test_a_board_path_instead_of_a_board_is_refused() -> None:
    message = refusal(board="tiles.board:board_html")

    assert "its board 'tiles.board:board_html' is not a Board" in message


def test_every_game_has_a_board_its_template_unless_it_names_one() -> None:
    assert COUNTER.board == registry.TemplateBoard(f"{COUNTER.slug}/board.html")
    cards = registry.get("cards").board
    assert cards == registry.TemplateBoard("cards/board.html", context=board_context)
    assert registry.get("tiles").board is BOARD
    assert all(game.available for game in registry.all_games())


def test_an_installed_app_whose_game_module_has_no_game_is_refused(monkeypatch) -> None:
    app = SimpleNamespace(name="tests.counter_game")
    monkeypatch.setattr(registry.apps, "get_app_configs", lambda: [app])
    monkeypatch.setattr(registry, "import_module", lambda name: SimpleNamespace())

    with pytest.raises(ImproperlyConfigured, match=r"tests.counter_game.game defines no GAME"):
        registry.discover()


def test_every_installed_app_with_a_game_module_is_registered() -> None:
    assert {"tiles", "cards", "tarot"} <= {game.slug for game in registry.all_games()}


def test_a_review_without_its_three_functions_is_refused() -> None:
    broken = SimpleNamespace(__name__="broken.review", decisions=lambda record: [])
    message = refusal(review=broken)

    assert "its review broken.review lacks judge, summary" in message
