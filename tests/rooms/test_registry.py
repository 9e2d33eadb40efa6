"""A game is checked when it registers: a malformed one is refused at start-up, with an
error that says what is missing, instead of failing at a player's first move."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

from rooms import registry
from tests.counter_game import engine
from tests.counter_game.apps import COUNTER


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


def test_bots_without_choose_and_a_hint_that_does_not_exist_are_refused() -> None:
    message = refusal(bots=SimpleNamespace(__name__="broken.bots"), hint="cards.hint:nothing")

    assert "broken.bots lack choose" in message
    assert 'rates["hint"]' in message
    assert "its hint 'cards.hint:nothing' cannot be found" in message
