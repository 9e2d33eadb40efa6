"""The move events' contract (issue 56, gamekit.events; docs/games.md "Move events"), for
every registered game that narrates them (Game.narrate), over the whole bot rounds of
the game contract (tests/rooms/test_game_contract.py): every event is well formed, with
the fields of gamekit.events, numbered on within the round, by a seat, from and to the
game's places; what a seat sees after the other has replied holds everything since it
last looked; and every event of those rounds is a whole sentence in English, Russian and
Portuguese for the seat that moved, the other seat and a watcher, in every mode. (The
leak scan over the events is the contract's, tests/rooms/test_game_contract.py.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from gamekit.seats import SEATS
from rooms import registry
from tests.rooms.test_game_contract import games_of, is_json

# The places of the contract (docs/games.md, "Move events"), by game.
PLACES = {
    "tiles": r"pool|table|hand-[12]|set-[1-9]\d*",
    "cards": r"stock|pile|hand-[12]|meld-[1-9]\d*",
    "tarot": r"hand-[12]|stack-[12]-[1-9]\d*|trick|won-[12]",
}
FIELDS = {"n", "seat", "kind", "pieces", "source", "target", "facts"}
MODES = ("local", "computer", "friend", "replay", "computer-replay")
NARRATED = sorted(game.slug for game in registry.all_games() if game.narrate is not None)


@pytest.fixture(params=NARRATED)
def game(request: pytest.FixtureRequest) -> registry.Game:
    found = registry.get(request.param)
    assert found is not None
    return found


def events_of(game: registry.Game, state: Any, seat: int | None) -> list[dict[str, Any]]:
    view = game.engine.view(state, seat)
    assert "events" in view, f"{game.slug} narrates events but its view has none"
    return view["events"]


def test_every_event_is_well_formed_and_numbered_on_within_the_round(game):
    place = re.compile(rf"(?:{PLACES[game.slug]})?")
    for level, seed, states in games_of(game):
        seen: dict[int, dict[str, Any]] = {}  # every event of the round, by number (a watcher's)
        for number, state in enumerate(states):
            where = f"{level} {seed} state {number}"
            for seat in (*SEATS, None):
                events = events_of(game, state, seat)
                assert is_json(events), where
                numbers = [one["n"] for one in events]
                assert numbers == sorted(set(numbers)), f"{where}: {numbers}"
                for one in events:
                    assert set(one) == FIELDS, f"{where}: {one}"
                    assert type(one["n"]) is int, where
                    assert one["n"] >= 1, where
                    assert one["seat"] in SEATS, where
                    assert isinstance(one["kind"], str), where
                    assert one["kind"], where
                    assert all(isinstance(piece, str) for piece in one["pieces"]), where
                    assert place.fullmatch(one["source"]), f"{where}: {one}"
                    assert place.fullmatch(one["target"]), f"{where}: {one}"
                    assert isinstance(one["facts"], dict), where
            for one in events_of(game, state, None):
                # An event keeps its number and its content from one state to the next.
                assert seen.setdefault(one["n"], one) == one, f"{where}: {one['n']} changed"
        if seen:  # none lost on the way: 1, 2, ... each in some state
            assert sorted(seen) == list(range(1, max(seen) + 1)), f"{level} {seed}"
        assert seen, f"{game.slug}: a whole round with no event ({level} {seed})"


def _since(events: list[dict[str, Any]], after: int) -> set[int]:
    return {one["n"] for one in events if one["n"] > after}


def test_a_seat_finds_every_event_since_it_last_looked_when_its_turn_comes_back(game):
    """Against the computer a page gets a board after its action and the computer's
    replies: the state then holds the player's own action's events and all that
    followed (and so the opponent's whole turn online, or a watcher's between pushes)."""
    engine = game.engine
    for level, seed, states in games_of(game):
        every: set[int] = set()
        for state in states:
            every |= {one["n"] for one in events_of(game, state, None)}
        last_looked: dict[int, int] = {}  # seat -> the number of the last event it had seen
        for number, state in enumerate(states[:-1]):
            seat = engine.status(state)["turn"]
            top = max((one["n"] for one in events_of(game, state, seat)), default=0)
            if seat in last_looked:
                held = {one["n"] for one in events_of(game, state, seat)}
                wanted = {n for n in every if last_looked[seat] < n <= top}
                missing = sorted(wanted - held)
                assert not missing, f"{level} {seed} state {number}: seat {seat} misses {missing}"
            last_looked[seat] = top
        final = events_of(game, states[-1], None)
        top = max((one["n"] for one in final), default=0)
        for seat, looked in last_looked.items():
            missing = sorted({n for n in every if looked < n <= top} - _since(final, looked))
            assert not missing, f"{level} {seed}: the last board misses {missing} for seat {seat}"


SENTENCE_END = re.compile(r"[.!?…]$")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def test_every_event_of_whole_rounds_is_a_sentence_in_each_language(game):
    narrate = game.narrate
    assert narrate is not None
    said: dict[str, set[str]] = {"en": set(), "ru": set(), "pt": set()}
    for _level, _seed, states in games_of(game)[:2]:
        for state in states:
            for viewer in (*SEATS, None):
                for one in events_of(game, state, viewer):
                    for language in said:
                        with translation.override(language):
                            for mode in MODES:
                                text = narrate(one, viewer, mode)
                                where = f"{language} {mode} {viewer}: {one} -> {text!r}"
                                assert isinstance(text, str), where
                                assert text.strip() == text, where
                                assert SENTENCE_END.search(text), where
                                assert "%(" not in text, where
                                assert "%s" not in text, where
                                if language == "ru":
                                    assert not LATIN_WORD.search(text), where
                                said[language].add(text)
    assert said["en"]
    # Each language has sentences of its own, not the English ones.
    assert not said["ru"] & said["en"]
    assert not said["pt"] & said["en"]
