"""The Tarot duel online, end to end through the rooms consumer: two seats play a whole
round, each sees only its own hand, and a refusal says why and changes nothing."""

from __future__ import annotations

import random
import re

import pytest
from channels.db import database_sync_to_async

from rooms.models import ActionLog
from tarot import bots, engine
from tarot.state import TRICKS, held
from tarot.turns import legal_cards
from tests.rooms.wsclient import bot_move, close_all, get_room, hello, make_room, receive

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Bots play faster than the per-socket limit lets a person.
    pytest.mark.usefixtures("fresh_channel_layer", "no_rate_limit"),
]


def codes_in(html: str) -> set[str]:
    return set(re.findall(r'data-code="(\w+)"', html))


async def test_two_seats_play_a_whole_round_and_each_sees_only_its_own_hand():
    code, host_key, guest_key = await make_room("tarot")
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    sockets = {1: host, 2: guest}
    states: dict[int, dict] = {}
    rng = random.Random(3)

    for _ in range(2 * TRICKS):
        moved = await bot_move(code, sockets, engine, bots, {1: "easy", 2: "easy"}, rng)
        if moved is None:
            break
        fresh, confirmed = moved
        states.update(fresh)
        for number in (1, 2):
            view, html = states[number]["view"], states[number]["html"]
            assert view["hand"] == list(confirmed.hands[number])
            # Neither the other hand nor any face-down card reaches this seat's board.
            assert not codes_in(html) & set(engine.hidden(confirmed, number))
            assert view["legal"] == legal_cards(confirmed, number)
            assert 'data-action="hint"' not in html

    final = await get_room(code)
    status = engine.status(final.game_state())
    assert status["over"]
    assert sum(status["scores"].values()) == 0
    for number in (1, 2):
        assert states[number]["view"]["over"]
        assert "tarot-result" in states[number]["html"]
        assert "Ask for a new round" in states[number]["html"]
    logged = await database_sync_to_async(ActionLog.objects.filter(room=final).count)()
    assert logged == final.version == 2 * TRICKS
    await close_all(host, guest)


async def test_a_card_that_does_not_follow_suit_is_refused_with_the_reason_and_changes_nothing():
    code, host_key, guest_key = await make_room("tarot")
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    room = await get_room(code)
    state = room.game_state()
    # Seat 1 leads a suit card that seat 2 can follow, so that another card is refused.
    lead = next(
        card
        for card in legal_cards(state, 1)
        if card[0] in "SHDC"
        and any(c[0] == card[0] for c in held(state, 2))
        and any(c[0] != card[0] and c != "EX" for c in held(state, 2))
    )
    await host.send_json_to(
        {"type": "action", "version": room.version, "action": {"type": "play", "card": lead}}
    )
    await receive(host, "state")
    answer = await receive(guest, "state")
    wrong = next(c for c in held(state, 2) if c[0] != lead[0] and c != "EX")
    assert wrong not in answer["view"]["legal"]
    before = await get_room(code)

    await guest.send_json_to(
        {"type": "action", "version": before.version, "action": {"type": "play", "card": wrong}}
    )
    error = await receive(guest, "error")

    after = await get_room(code)
    assert error["code"] == "follow_suit"
    assert "follow suit" in error["message"]
    assert after.version == before.version
    assert after.state == before.state
    await close_all(host, guest)
