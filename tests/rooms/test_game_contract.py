"""One contract for every game (docs/games.md): each test runs over every registered
game whose engine has landed (the counter game, tile rummy, and rummy and the Tarot duel
as soon as their engines import), so a new game is checked with no change here.

The games are played by the game's own bots at every level, two seeds each; the states
on the way are what the other tests look at.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from typing import Any, get_type_hints

import pytest

from gamekit.engine import IllegalAction, Status
from gamekit.seats import SEATS, other
from rooms import registry
from rooms.seats import first_seat
from tests.counter_game.game import GAME as COUNTER

# No game of any of ours needs this many actions; a game that does never ends.
MAX_ACTIONS = 1000
SEEDS = (11, 12)
GARBAGE_ACTIONS: list[Any] = [
    None,
    "draw",
    [],
    {},
    {"type": None},
    {"type": ["play"]},
    {"type": "no such action"},
    {"type": "play", "table": "nonsense"},
    {"type": "add", "amount": True},
]
GARBAGE_VALUES: list[Any] = [None, True, -1, 10**30, 1.5, "x", [], [["x"]], {}, {"1": None}]


def _games() -> list[registry.Game]:
    games = {COUNTER.slug: COUNTER}
    games.update((game.slug, game) for game in registry.all_games())
    return list(games.values())


GAMES = {game.slug: game for game in _games()}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> registry.Game:
    return GAMES[request.param]


def bots_of(game: registry.Game) -> Any:
    try:
        return game.bots
    except ModuleNotFoundError:
        pytest.skip(f"the bots of {game.slug} have not landed")


@cache
def played(slug: str, level: str, seed: int) -> tuple[Any, ...]:
    """The states of one whole game, both seats played by the bots at `level`."""
    game = GAMES[slug]
    engine, bots = game.engine, game.bots
    state = engine.new_round(seed, first_seat(seed))
    states = [state]
    for number in range(MAX_ACTIONS):
        status = engine.status(state)
        if status["over"]:
            return tuple(states)
        seat = status["turn"]
        action = bots.choose(state, seat, level, random.Random(f"{seed}:{number}"))
        state = engine.apply(state, seat, action)
        states.append(state)
    pytest.fail(f"{slug} at {level} (seed {seed}) did not end within {MAX_ACTIONS} actions")


def games_of(game: registry.Game) -> list[tuple[str, int, tuple[Any, ...]]]:
    bots_of(game)
    return [
        (level, seed, played(game.slug, level, seed)) for level in game.levels for seed in SEEDS
    ]


def is_json(value: object) -> bool:
    """JSON as it is: what json.loads gives back is equal (no tuples, no int keys)."""
    return json.loads(json.dumps(value)) == value


def save(game: registry.Game, state: Any) -> dict[str, Any]:
    return json.loads(json.dumps(game.engine.to_json(state)))


# --- Deal and saves -------------------------------------------------------------------


def test_a_deal_is_the_same_for_the_same_seed_and_the_first_seat_starts(game):
    engine = game.engine
    for seat in SEATS:
        deal = engine.new_round(7, seat)
        assert save(game, deal) == save(game, engine.new_round(7, seat))
        # A game whose rules say who plays first (rummy: player 1 opens a match) may
        # take first_seat as a suggestion; every other game starts with first_seat.
        if game.opens_by_rules:
            assert engine.status(deal)["turn"] in SEATS
        else:
            assert engine.status(deal)["turn"] == seat
        assert not engine.status(deal)["over"]
    following = engine.new_round(8, 2, engine.new_round(7, 1))
    if not game.opens_by_rules:
        assert engine.status(following)["turn"] == 2


def test_every_state_of_a_game_survives_a_save(game):
    engine = game.engine
    for _level, _seed, states in games_of(game):
        for state in states:
            data = save(game, state)
            assert data["schema"] == engine.SCHEMA  # what the platform checks first
            back = engine.from_json(data)
            assert engine.to_json(back) == data
            for seat in (*SEATS, None):
                assert engine.view(back, seat) == engine.view(state, seat)


def refused_or_sound(game: registry.Game, data: object) -> None:
    """from_json refuses with IllegalAction, or reads a state that saves the same way:
    never another exception."""
    refusal = None
    try:
        state = game.engine.from_json(data)  # type: ignore[arg-type]
    except IllegalAction as error:
        refusal = error
    if refusal is not None:
        assert refusal.code == "bad_state"
        assert str(refusal)
        return
    assert save(game, state) == save(game, game.engine.from_json(save(game, state)))


def test_damaged_and_tampered_saves_are_refused_never_a_crash(game):
    engine = game.engine
    states = games_of(game)[0][2]
    for state in (states[0], states[len(states) // 2], states[-1]):
        data = save(game, state)
        for item in (None, [], "save", 7, {**data, "schema": 10**6}, {**data, "schema": True}):
            with pytest.raises(IllegalAction) as refused:
                engine.from_json(item)  # type: ignore[arg-type]
            assert refused.value.code == "bad_state"
        for key in data:
            truncated = {k: v for k, v in data.items() if k != key}
            with pytest.raises(IllegalAction):
                engine.from_json(truncated)
            for garbage in GARBAGE_VALUES:
                refused_or_sound(game, {**data, key: garbage})
            if isinstance(data[key], list) and data[key]:
                refused_or_sound(game, {**data, key: data[key][:-1]})
            if isinstance(data[key], dict):
                for inner in data[key]:
                    less = {k: v for k, v in data[key].items() if k != inner}
                    refused_or_sound(game, {**data, key: less})
                    refused_or_sound(game, {**data, key: {**data[key], inner: "x"}})


# --- Whole games ------------------------------------------------------------------------


def test_bot_games_at_every_level_end_and_all_they_send_is_json(game):
    engine = game.engine
    status_keys = set(get_type_hints(Status))
    for level, seed, states in games_of(game):
        assert engine.status(states[-1])["over"], (level, seed)
        for state in states:
            status = engine.status(state)
            assert set(status) == status_keys
            assert is_json(status)
            assert status["turn"] in (*SEATS, None)
            assert (status["turn"] is None) == status["over"]
            if status["over"]:
                assert set(status["scores"]) == {str(seat) for seat in SEATS}
                assert status["winner"] in (*SEATS, None)
            else:
                assert status["scores"] is None
                assert status["winner"] is None
            for seat in (*SEATS, None):
                assert is_json(engine.view(state, seat))
            assert is_json(engine.to_json(state))


def test_refusals_change_nothing(game):
    engine, bots = game.engine, bots_of(game)
    level, seed, states = games_of(game)[0]
    for number, state in enumerate(states):
        before = save(game, state)
        status = engine.status(state)
        for seat in SEATS:
            for action in GARBAGE_ACTIONS:
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, action)
        if status["over"]:
            for seat in SEATS:
                with pytest.raises(IllegalAction):
                    engine.apply(state, seat, {"type": "pass"})
        else:
            seat = status["turn"]
            action = bots.choose(state, seat, level, random.Random(f"{seed}:{number}"))
            with pytest.raises(IllegalAction):
                engine.apply(state, other(seat), action)
            engine.apply(state, seat, action)  # accepted, and the old state is unchanged
        assert save(game, state) == before


# --- Secrets ----------------------------------------------------------------------------


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def _nested_places(value: object) -> list[list[str]]:
    """The places inside a summary object (a last move, a result): each list or
    string on its own, since a summary may repeat what the top-level places show."""
    if isinstance(value, dict):
        return [place for item in value.values() for place in _nested_places(item)]
    found = _strings(value)
    return [found] if found else []


def leaks(game: registry.Game, view: dict[str, Any], unseen: Counter[str]) -> list[str]:
    """The hidden pieces that `view` shows. A piece with copies (tile rummy's two of
    each tile, engine.PIECES) leaks only when a place shows more copies than the seat
    may see; the view's top-level fields count together (they are distinct places:
    a rack, a table, a discard pile); a summary object counts each of its lists alone,
    and so does each of a list of them (the move events)."""
    pieces = Counter(getattr(game.engine, "PIECES", ()))

    def may_see(code: str) -> int:
        return pieces.get(code, 1) - unseen[code]

    top: Counter[str] = Counter()
    places: list[Counter[str]] = []
    for value in view.values():
        if isinstance(value, dict):
            places.extend(Counter(place) for place in _nested_places(value))
        elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
            # A list of summaries (the move events, issue 56): each on its own.
            places.extend(Counter(place) for item in value for place in _nested_places(item))
        else:
            top.update(_strings(value))
    return sorted(
        {
            code
            for place in (top, *places)
            for code, shown in place.items()
            if unseen[code] and shown > may_see(code)
        }
    )


def test_no_view_shows_what_its_seat_may_not_see(game):
    engine = game.engine
    for level, seed, states in games_of(game):
        for number, state in enumerate(states):
            for seat in (*SEATS, None):
                unseen = engine.hidden(state, seat)
                found = leaks(game, engine.view(state, seat), unseen)
                assert not found, f"{level} {seed} state {number}: seat {seat} sees {found}"
        # The spectator never sees more than a seat does.
        for state in states:
            for seat in SEATS:
                assert not engine.hidden(state, seat) - engine.hidden(state, None)


def test_the_secrets_really_are_secret():
    """The scan finds a leak when there is one (the counter game's other secret)."""
    engine = COUNTER.engine
    state = engine.new_round(3, 1)
    view = engine.view(state, 1)
    assert not leaks(COUNTER, view, engine.hidden(state, 1))
    assert leaks(COUNTER, {**view, "secret": state["secrets"][2]}, engine.hidden(state, 1))


def test_a_shown_copy_of_a_hidden_tile_is_a_leak_even_with_two_of_each():
    from tiles import engine

    tiles = GAMES["tiles"]
    state = engine.new_round(5, 1)
    view = engine.view(state, 1)
    unseen = engine.hidden(state, 1)
    assert not leaks(tiles, view, unseen)
    for code in state.racks[2]:
        assert leaks(tiles, {**view, "spy": [code]}, unseen) == [code]
    assert leaks(tiles, {**view, "last": {"drawn": [state.pool[-1]]}}, unseen)


def test_a_hidden_piece_in_a_move_event_is_a_leak():
    """The scan reads the move events (issue 56): a drawn tile shown to the other seat."""
    from gamekit.events import event
    from tiles import engine

    tiles = GAMES["tiles"]
    state = engine.apply(engine.new_round(5, 1), 1, {"type": "draw"})
    drawn = state.racks[1][-1]
    view = engine.view(state, 2)
    assert not leaks(tiles, view, engine.hidden(state, 2))
    shown = [*view["events"], event(9, 1, "draw", [drawn], "pool", "hand-1")]
    assert leaks(tiles, {**view, "events": shown}, engine.hidden(state, 2)) == [drawn]


def test_bots_read_only_their_seat_view(game):
    """Redealing what a seat may not see changes neither its view, nor the spectator's,
    nor what its bot chooses."""
    engine, bots = game.engine, bots_of(game)
    redealt = 0
    for level, seed, states in games_of(game)[:: len(SEEDS)]:
        for number, state in enumerate(states):
            seat = engine.status(state)["turn"] or 1
            other_state = engine.redeal_hidden(state, seat, random.Random(number))
            redealt += save(game, other_state) != save(game, state)
            assert engine.view(other_state, seat) == engine.view(state, seat)
            assert engine.view(other_state, None) == engine.view(state, None)
            assert engine.hidden(other_state, seat) == engine.hidden(state, seat)
            if engine.status(state)["over"]:
                continue
            rng = f"{seed}:{number}"
            chosen = bots.choose(state, seat, level, random.Random(rng))
            assert bots.choose(other_state, seat, level, random.Random(rng)) == chosen
    assert redealt, "redeal_hidden never changed a state"


# --- Replays (issue 25) -----------------------------------------------------------------


def _replay_views(room: Any, number: int) -> list[dict[str, Any]]:
    """Every view the replay of round `number` of `room` would draw: none when it is
    refused (rooms.replays: no replay of an unfinished round)."""
    from gamekit.replay import states as replayed
    from rooms import replays
    from rooms.errors import RoomError

    try:
        replay = replays.for_room(room, number)
    except RoomError as refused:
        if refused.code != "replay_unfinished":
            raise
        return []
    game = registry.get(room.game) or GAMES[room.game]
    record = replays.record_of_replay(replay)
    return [replays.replay_view(game, state) for state in replayed(game.engine, record)]


@pytest.mark.django_db
def test_no_replay_frame_of_an_unfinished_round_exists_and_the_leak_scan_holds(game):
    """A crafted request for the replay of a round in progress, at every point of it,
    is refused: the leak scan finds no frame of an unfinished round to show anything.
    (A finished round's frames show both hands by design.)"""
    from rooms.models import ActionLog, Replay, Room, RoundStart

    if registry.get(game.slug) is None:
        registry.register(game)
    engine, bots = game.engine, bots_of(game)
    room = Room.objects.create_for(game.slug)
    state = room.game_state()
    for number in range(MAX_ACTIONS):
        views = _replay_views(room, 1)
        if not engine.status(state)["over"]:
            assert views == [], f"a replay of {game.slug}'s round in progress at {number}"
            for view in views:  # the leak scan, over whatever an unfinished round showed
                assert not leaks(game, view, engine.hidden(state, None))
        else:
            assert views
            assert Replay.objects.filter(room=room).exists()
            break
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, game.levels[0], random.Random(number))
        state = engine.apply(state, seat, action)
        ActionLog.objects.create(room=room, seat=seat, version=number + 1, action=action)
        Room.objects.filter(pk=room.pk).update(state=engine.to_json(state), version=number + 1)
        room.refresh_from_db()
    assert RoundStart.objects.filter(room=room).count() == 1
