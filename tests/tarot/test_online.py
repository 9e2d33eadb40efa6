"""The Tarot duel online, end to end through the rooms consumer: two seats play a whole
round, each sees only its own hand, and a refusal says why and changes nothing."""

from __future__ import annotations

import random
import re

import pytest
from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.text import capfirst

from rooms.models import ActionLog
from tarot import bots, engine
from tarot.state import TRICKS, held
from tarot.templatetags.tarot_board import card_name
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


@pytest.mark.parametrize(
    ("accept_language", "message"),
    [
        (b"en", "{card} is your opponent's card."),
        (b"ru", "{card} — карта соперника."),
    ],
)
async def test_a_hand_made_frame_naming_a_card_is_refused_with_the_cards_name_in_words(
    accept_language, message
):
    """A frame names the other player's face-up card by its code ("HK"): the refusal
    says the card as the board speaks it ("King of hearts …"), in the player's language."""
    code, host_key, guest_key = await make_room("tarot")
    host, _ = await hello(code, host_key, accept_language=accept_language)
    guest, _ = await hello(code, guest_key)
    room = await get_room(code)
    state = room.game_state()
    theirs = next(stack[-1] for stack in state.stacks[2] if stack)
    await host.send_json_to(
        {"type": "action", "version": room.version, "action": {"type": "play", "card": theirs}}
    )
    error = await receive(host, "error")

    language = accept_language.decode()
    with translation.override(language):
        name = capfirst(card_name(theirs))
    assert error["code"] == "opponents_card"
    assert error["message"] == message.format(card=name)
    assert theirs not in error["message"]
    await close_all(host, guest)
