"""Rummy online, end to end through the rooms consumer: two seats play a whole deal, a
refused step, and the next deal and a new round by both players' consent."""

from __future__ import annotations

import random
import re

import pytest
from channels.db import database_sync_to_async

from cards import bots, engine
from cards.state import State
from rooms.models import ActionLog, Room
from tests.cards.positions import discard, draw, meld, play, position
from tests.rooms.wsclient import bot_move, close_all, get_room, hello, make_room, receive

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Bots play faster than the per-socket limit lets a person.
    pytest.mark.usefixtures("fresh_channel_layer", "no_rate_limit"),
]


def hand_in_html(html: str) -> list[str]:
    hand = html.split('class="cards-hand"', 1)[1].split("</div>", 1)[0]
    return re.findall(r'data-code="([2-9TJQKA][SHDC])"', hand)


@database_sync_to_async
def set_state(code: str, state: State) -> None:
    Room.objects.filter(code=code).update(state=engine.to_json(state), version=50)


async def seats_of(code: str):
    room = await get_room(code)
    return room, room.game_state()


async def test_two_seats_play_a_whole_deal_and_each_sees_only_its_own_hand():
    code, host_key, guest_key = await make_room("cards")
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    sockets = {1: host, 2: guest}
    rng = random.Random(3)
    states = {}
    for _ in range(600):
        moved = await bot_move(code, sockets, engine, bots, {1: "easy", 2: "easy"}, rng)
        if moved is None:
            break
        fresh, confirmed = moved
        states.update(fresh)
        if engine.status(confirmed)["over"]:
            break
        for number in (1, 2):
            view, html = states[number]["view"], states[number]["html"]
            assert view["hand"] == list(confirmed.hands[number])
            assert sorted(hand_in_html(html)) == sorted(confirmed.hands[number])
            secret = engine.hidden(confirmed, number)
            assert not [code for code in secret if f'data-code="{code}"' in html]
            assert view["hand_counts"][str(3 - number)] == len(confirmed.hands[3 - number])

    final = await get_room(code)
    assert engine.status(final.game_state())["over"]
    assert states[1]["view"]["result"]["hands"] == states[2]["view"]["result"]["hands"]
    assert "data-play-again" in states[1]["html"]
    again = "Ask for a new round" if states[1]["view"]["match_over"] else "Ask for the next deal"
    assert again in states[1]["html"]
    logged = await database_sync_to_async(ActionLog.objects.filter(room=final).count)()
    assert logged == final.version
    await close_all(host, guest)


async def test_a_refused_step_says_why_in_the_engines_words_and_changes_nothing():
    code, host_key, guest_key = await make_room("cards")
    host, state = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    top = state["view"]["top"]
    version = (await get_room(code)).version
    await host.send_json_to(
        {"type": "action", "version": version, "action": {"type": "draw", "source": "discard"}}
    )
    await receive(host, "state")
    before = await get_room(code)

    await host.send_json_to(
        {"type": "action", "version": before.version, "action": {"type": "discard", "card": top}}
    )
    error = await receive(host, "error")

    after = await get_room(code)
    assert error["code"] == "taken_card"
    assert "cannot be discarded now" in error["message"]
    assert (after.version, after.state) == (before.version, before.state)
    await close_all(host, guest)


async def test_the_next_deal_needs_both_consents_keeps_the_match_and_the_deal_passes():
    code, host_key, guest_key = await make_room("cards")
    finished = play(
        position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"], match={1: 30, 2: 8}),
        1, draw(), meld("4S", "5S", "6S"), discard("QH"),
    )  # fmt: skip
    await set_state(code, finished)
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)

    await host.send_json_to({"type": "new_round"})
    await receive(guest, "consent")
    _, still = await seats_of(code)
    assert engine.status(still)["over"]  # one consent is not enough
    await guest.send_json_to({"type": "new_round"})
    state = await receive(guest, "state")

    view = state["view"]
    assert view["match"] == {"1": 41, "2": 8}
    assert (view["game_no"], view["first"], view["turn"]) == (2, 2, 2)
    assert len(view["hand"]) == 10
    await close_all(host, guest)


async def test_a_new_round_during_a_deal_restarts_the_match_at_0_0_with_both_consents():
    code, host_key, guest_key = await make_room("cards")
    midway = position(["4S", "5S", "QH"], ["AS", "KD"], pile=["9D"], match={1: 60, 2: 75})
    await set_state(code, midway)
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)

    await guest.send_json_to({"type": "new_round"})
    await receive(host, "consent")
    await host.send_json_to({"type": "new_round"})
    state = await receive(host, "state")

    view = state["view"]
    assert view["match"] == {"1": 0, "2": 0}
    assert (view["game_no"], view["turn"]) == (1, 1)
    await close_all(host, guest)
