"""What a screen reader hears (issue 45): the play page's one live region
(#play-announce, rooms/static/rooms/announce.js) says, in the page's language and in
order, the other player's moves, whose turn it is, refusals with their reason (a refusal
made twice is said twice; each comes from a key the player presses), the friend leaving
and coming back, a watcher coming, the hand-over cover, tile rummy's initial meld line
when it is started, reached or lost; `l` reads the last move and `p` the position. The
log is read as a screen reader gets it: the region's paragraphs, and its accessibility
tree."""

from __future__ import annotations

import json

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.e2e.announcing import (
    LANGUAGES,
    a_tile_game_with_a_set_on_the_table,
    events_after,
    events_mark,
    first_piece_name,
    move_beginnings,
    play_a_turn,
    refusal_shown,
    refusal_words,
    refuse_by_key,
    said,
    starts_like,
    wait_for_saying,
    words,
)
from tests.e2e.play_pages import open_room, save_token, wait_until_idle
from tests.e2e.test_replay import finished_game
from tests.e2e.tiles_pages import wait_for_draft

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_a_game_against_the_computer_is_told_in_the_page_language(
    new_page, slug: str, language: str
) -> None:
    your_turn = words(language, translation.gettext_lazy("Your turn"))
    page = new_page(locale=LANGUAGES[language])
    if slug == "tiles":
        save_token(page, "play:tiles:computer:token", a_tile_game_with_a_set_on_the_table())
    page.goto(f"/{slug}/computer/")
    page.locator("#board > section").wait_for(state="attached")
    page.wait_for_function(
        "text => [...document.querySelectorAll('#play-announce p')]"
        ".some(p => p.textContent === text)",
        arg=your_turn,
    )

    before = len(said(page))
    mark = events_mark(page)
    play_a_turn(page, slug)
    after = wait_for_saying(page, before)[before:]

    # What the computer did (or the player's own move that ended a trick), then the turn.
    beginnings = move_beginnings(slug, language, 2, 1, "computer")
    beginnings += move_beginnings(slug, language, 1, 1, "computer")
    if events_mark(page) is None:
        assert any(starts_like(line, beginnings) for line in after), after
    else:  # the move events (issue 56): the player's own move, the computer's, in order
        news = events_after(page, mark or 0)
        assert len(news) >= 2, news
        assert [line for line in after if line != your_turn] == news, after
    # Once, at the end: not after rummy's draw, which keeps the turn (it said nothing new).
    assert after[-1] == your_turn
    assert after.count(your_turn) == 1, after

    # A key refused now is said with its reason, and said again when pressed again.
    before, mark = len(said(page)), events_mark(page) or 0
    refuse_by_key(page, slug)
    refusal = refusal_shown(page)
    assert refusal == refusal_words(slug, language)
    refuse_by_key(page, slug)
    # (in rummy the player draws by S first: that draw is said before the refusals)
    drawn = events_after(page, mark)
    # and followed by the status, "Your turn", still so.
    told = wait_for_saying(page, before + 1)[before:]
    assert [line for line in told if line != your_turn] == [*drawn, refusal, refusal], told

    # `p` reads the position (the board's words, in the page's language), `l` the last move.
    page.locator("#play-title").click()
    page.keyboard.press("p")
    position = page.locator("[data-position]").evaluate(
        "box => [...box.children].map(p => p.textContent.trim().replace(/\\s+/g, ' ')).join(' ')"
    )
    own = "Your rack" if slug == "tiles" else "Your hand"
    hand = words(language, translation.gettext_lazy(own))
    assert said(page)[-1] == position
    assert hand in position
    # Each piece by its name as a speaker of the language says it ("семёрка червей").
    assert first_piece_name(page, slug, language) in position
    page.keyboard.press("l")
    assert starts_like(said(page)[-1], beginnings)

    # As the accessibility tree gives it to a screen reader.
    name = words(language, translation.gettext_lazy("Announcements"))
    expect(page.locator("#play-announce")).to_match_aria_snapshot(
        f"- log {json.dumps(name, ensure_ascii=False)}:\n"
        f"  - paragraph: {json.dumps(refusal, ensure_ascii=False)}\n"
        f"  - paragraph: {json.dumps(refusal, ensure_ascii=False)}\n"
        f"  - paragraph: {json.dumps(position, ensure_ascii=False)}\n"
        f"  - paragraph: {json.dumps(said(page)[-1], ensure_ascii=False)}"
    )


def test_on_one_device_the_cover_is_said_and_the_move_only_once_it_is_lifted(new_page) -> None:
    page = new_page()
    page.goto("/tiles/local/")
    expect(page.locator("#play-cover")).to_be_visible()
    page.locator("#play-reveal").click()
    page.locator('#board [data-action="draw"]').click()
    wait_until_idle(page)
    expect(page.locator("#play-cover")).to_be_visible()
    # Covered: the device changes hands, and nothing of the board is said.
    assert said(page)[-1] == "Pass the device to Player 2"
    before = len(said(page))

    page.locator("#play-reveal").click()

    assert wait_for_saying(page, before)[before:][:2] == [
        "Player 1 drew a tile.",
        "Player 2 to play",
    ]


def test_online_the_friends_move_presence_and_a_watcher_are_said_in_each_ones_language(
    new_page,
) -> None:
    from tiles import narration

    host = new_page(locale="en-GB")
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    room = host.url
    guest = new_page(locale="ru-RU")
    guest.goto(room)
    guest.locator(".tiles-board").wait_for(state="attached")
    host.wait_for_function(
        "() => [...document.querySelectorAll('#play-announce p')]"
        ".some(p => p.textContent.includes('Both players are here.'))"
    )

    # A watcher comes: the players hear it.
    watcher = new_page(locale="pt-PT")
    watcher.goto(room + "watch/")
    watcher.locator(".tiles-board").wait_for(state="attached")
    host.wait_for_function(
        "() => [...document.querySelectorAll('#play-announce p')]"
        ".some(p => p.textContent === '1 watching')"
    )

    # The host draws: the guest hears it in Russian, the watcher in Portuguese.
    guest_before, watcher_before = len(said(guest)), len(said(watcher))
    host.locator('#board [data-action="draw"]').click()
    with translation.override("ru"):
        heard = [
            narration.DREW_UNSEEN.text(1, 2, "friend"),
            str(translation.gettext_lazy("Your turn")),
        ]
    assert wait_for_saying(guest, guest_before + 1)[guest_before:][:2] == heard
    with translation.override("pt"):
        seen = narration.DREW_UNSEEN.text(1, None, "friend")
    assert wait_for_saying(watcher, watcher_before)[watcher_before:][0] == seen

    # The guest makes a one-tile set and presses E to end the turn: refused, said in
    # Russian.
    tile = guest.locator("#board .tiles-rack .tile").first
    tile.focus()
    guest.keyboard.press("Space")
    guest.keyboard.press("n")
    expect(guest.locator("#board .tile-set")).to_have_count(1)
    wait_for_draft(guest)
    before = len(said(guest))
    guest.keyboard.press("e")
    with translation.override("ru"):
        refusal = translation.gettext("“%(action)s” cannot be used now.") % {
            "action": translation.gettext("End turn")
        }
    expect(guest.locator("#board .board-message")).to_have_text(refusal)
    assert wait_for_saying(guest, before)[before:] == [refusal]

    # The guest leaves and comes back: the host hears both.
    context = guest.context
    before = len(said(host))
    guest.close()
    host.wait_for_function(
        "count => [...document.querySelectorAll('#play-announce p')].slice(count)"
        ".some(p => p.textContent.includes('Waiting for your friend to connect'))",
        arg=before,
    )
    before = len(said(host))
    again = context.new_page()
    again.goto(room)
    host.wait_for_function(
        "count => [...document.querySelectorAll('#play-announce p')].slice(count)"
        ".some(p => p.textContent.includes('Both players are here.'))",
        arg=before,
    )


def test_a_replay_says_each_steps_move_and_where_it_is(new_page) -> None:
    page = new_page(locale="pt-PT")
    save_token(page, "play:tarot:computer:token", finished_game("tarot"))
    page.goto("/tarot/computer/")
    page.locator("#play-replay button").click()
    page.wait_for_url("**/replays/**")
    before, mark = len(said(page)), events_mark(page) or 0

    page.locator('[data-replay="forward"]').click()

    move = page.locator("#board [data-speak='move']").evaluate("p => p.textContent.trim()")
    assert move.startswith("Última jogada: ")
    told = wait_for_saying(page, before + 1)[before:]
    # The step's events (issue 56), then where the replay is.
    assert told[:-1] == events_after(page, mark), told
    assert told[:-1], told
    assert told[-1] == page.locator("[data-replay='position']").text_content()
    # `l` says the shown step's move again.
    page.locator("#replay-title").click()
    page.keyboard.press("l")
    assert said(page)[-1] == move


def test_a_tile_replay_says_each_steps_events_forward_and_its_move_line_back(new_page) -> None:
    page = new_page(locale="en-GB")
    save_token(page, "play:tiles:computer:token", finished_game("tiles"))
    page.goto("/tiles/computer/")
    page.locator("#play-replay button").click()
    page.wait_for_url("**/replays/**")
    heard: list[str] = []
    for step in range(1, 7):
        before, mark = len(said(page)), events_mark(page) or 0
        page.locator('[data-replay="forward"]').click()
        position = f"Step {step} of "
        page.wait_for_function(
            "text => document.querySelector(\"[data-replay='position']\").textContent"
            ".startsWith(text)",
            arg=position,
        )
        told = wait_for_saying(page, before + 1)[before:]
        # The step's events in order, then where the replay is.
        assert told[:-1] == events_after(page, mark), told
        assert told[:-1], told
        assert told[-1].startswith(position), told
        heard += told[:-1]
    # Both hands are face up: the computer's drawn tile is named too.
    assert any(line.startswith("The computer drew ") for line in heard), heard
    assert not [line for line in heard if "drew a tile" in line], heard
    # A step back says the step's move line, as before the events.
    before = len(said(page))
    page.locator('[data-replay="back"]').click()
    told = wait_for_saying(page, before + 1)[before:]
    assert told[0].startswith("Last move: "), told


@pytest.mark.parametrize(("slug", "host_language", "guest_language"), [
    ("cards", "ru", "pt"),
    ("tarot", "pt", "en"),
])  # fmt: skip
def test_online_the_friends_move_and_a_refusal_are_said_in_the_guests_language(
    new_page, slug: str, host_language: str, guest_language: str
) -> None:
    host = new_page(locale=LANGUAGES[host_language])
    open_room(host, slug)
    guest = new_page(locale=LANGUAGES[guest_language])
    guest.goto(host.url)
    guest.locator("#board > section").wait_for(state="attached")
    expect(host.locator("#play-new")).to_be_enabled()  # the friend is here
    your_turn = words(guest_language, translation.gettext_lazy("Your turn"))
    before = len(said(guest))

    mark = events_mark(guest) or 0
    play_a_turn(host, slug)

    guest.wait_for_function(
        "text => [...document.querySelectorAll('#play-announce p')].at(-1)?.textContent === text",
        arg=your_turn,
    )
    after = said(guest)[before:]
    # The friend's move events (issue 56) in order, in the guest's language, then the
    # turn (a rummy turn is two actions: the friend's status is said between them).
    news = events_after(guest, mark)
    assert news, after
    assert [line for line in after if line in news] == news, after
    assert after[0] == news[0], after
    assert after[-1] == your_turn, after
    assert not [line for line in news if "Last move" in line or "Última" in line], news
    heard = said(guest)
    # A refusal pushed back on the socket, with its reason: rummy's M on one card, a
    # Tarot card that does not follow chosen by Space and played by C.
    before = len(said(guest))
    # (a Tarot hand whose every card may follow the lead has none to refuse: then C
    # with no card chosen)
    illegal = guest.locator("#board .tarot-hand .card:not([data-legal])").count() > 0
    refuse_by_key(guest, slug, illegal=illegal)
    refusal = refusal_shown(guest)
    if slug == "cards" or not illegal:
        assert refusal == refusal_words(slug, guest_language)
    else:
        assert refusal
        assert refusal != refusal_words(slug, guest_language)  # the rule's reason
    # Rummy's draw by S is said as well (the new board's status), then the refusal.
    assert wait_for_saying(guest, before)[-1] == refusal
    name = words(guest_language, translation.gettext_lazy("Announcements"))
    expect(guest.locator("#play-announce")).to_match_aria_snapshot(
        f"- log {json.dumps(name, ensure_ascii=False)}:\n"
        + "".join(
            f"  - paragraph: {json.dumps(line, ensure_ascii=False)}\n" for line in [*heard, refusal]
        )
    )


def test_the_initial_meld_line_is_said_when_it_is_started_reached_or_lost(new_page) -> None:
    from tests.e2e.tiles_pages import position_token

    mine = ["K5", "K6", "K7", "K8", "K9", "K10", "B1", "O9", "R3", "B12", "O2", "R6", "K13"]
    theirs = ["R1", "R4", "R8", "R12", "O3", "O7", "O11", "B2", "B6", "K2", "K11", "R2", "O4"]
    page = new_page()
    save_token(page, "play:tiles:computer:token", position_token(mine, theirs, []))
    page.goto("/tiles/computer/")
    page.locator("#board > section").wait_for(state="attached")
    rack = page.locator("#board .tiles-rack")

    def opening_said(*keys: str, tile: str = "") -> list[str]:
        """Space on the rack's `tile`, if any, then the keys (N a new set, A add to it,
        U undo): the initial meld lines said for them."""
        before = len(said(page))
        if tile:
            rack.locator(f'.tile[data-code="{tile}"]').focus()
            page.keyboard.press("Space")
        for key in keys:
            page.keyboard.press(key)
            wait_for_draft(page)
        page.wait_for_timeout(100)  # what the new draft says after it
        return [line for line in said(page)[before:] if line.startswith("Initial meld")]

    def line(total: int) -> str:
        return f"Initial meld: {total} of at least 30 points, only new sets from your rack."

    assert opening_said("n", tile="K5") == []  # a set of one tile counts nothing yet
    assert opening_said("a", tile="K6") == []
    assert opening_said("a", tile="K7") == [line(18)]  # started
    assert opening_said("a", tile="K8") == []  # 26: still short, not said again
    assert opening_said("a", tile="K9") == [line(35)]  # reached
    assert opening_said("a", tile="K10") == []  # 45: still enough
    assert opening_said("u") == []  # 35
    assert opening_said("u") == [line(26)]  # lost
