"""Each game's engine module exports the protocol, named once in gamekit.engine.PROTOCOL,
and nothing private (docs/games.md)."""

import importlib

import pytest

from gamekit.engine import OPTIONAL, PROTOCOL


@pytest.mark.parametrize("app", ["tiles", "cards", "tarot"])
def test_each_engine_exports_the_protocol_and_only_what_the_protocol_allows(app):
    engine = importlib.import_module(f"{app}.engine")

    assert engine.__all__[: len(PROTOCOL)] == list(PROTOCOL)
    assert set(engine.__all__) <= {*PROTOCOL, *OPTIONAL}
    assert all(hasattr(engine, name) for name in engine.__all__)
