"""What a screen reader hears (issue 45): the play page's one live region
(#play-announce, rooms/static/rooms/announce.js) says, in the page's language and in
order, the other player's moves, whose turn it is, refusals with their reason (a refusal
made twice is said twice), the friend leaving and coming back, a watcher coming, the
hand-over cover; `l` reads the last move and `p` the position. The log is read as a
screen reader gets it: the region's paragraphs, and its accessibility tree."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.play_pages import open_room, save_token, wait_until_idle
from tests.e2e.test_replay import finished_game

pytestmark = pytest.mark.e2e

LANGUAGES = {"en": "en-GB", "ru": "ru-RU", "pt": "pt-PT"}


def said(page: Page) -> list[str]:
    """The region's announcements, oldest first."""
    return page.locator("#play-announce p").evaluate_all("lines => lines.map(l => l.textContent)")


def wait_for_saying(page: Page, count: int) -> list[str]:
    """The announcements once there are more than `count` of them and the page is idle."""
    page.wait_for_function(
        "count => document.querySelectorAll('#play-announce p').length > count", arg=count
    )
    page.wait_for_timeout(150)  # what the same answer says after it
    return said(page)


def words(language: str, text) -> str:
    with translation.override(language):
        return str(text)


def move_beginnings(slug: str, language: str, who: int, seat: int, mode: str) -> list[str]:
    """How the sentences of a last move by seat `who`, seen by `seat` in `mode`, begin
    in `language`: each game's phrases up to their first card or number."""
    from cards import phrases as cards_phrases
    from tarot import phrases as tarot_phrases
    from tiles import phrases as tiles_phrases

    phrases = {
        "tiles": [tiles_phrases.PLACED, tiles_phrases.DREW, tiles_phrases.PASSED],
        "cards": [cards_phrases.TOOK_LINE, cards_phrases.DREW_LINE],
        "tarot": [tarot_phrases.PLAYED_LINE],
    }[slug]
    with translation.override(language):
        texts = [p.text(who, seat, mode, counter=1, card="\x00") for p in phrases]
    return [re.split(r"[\x00\d]", text)[0] for text in texts]


def starts_like(text: str, beginnings: list[str]) -> bool:
    return any(text.startswith(beginning) for beginning in beginnings)


def play_a_turn(page: Page, slug: str) -> None:
    """The player's simplest whole turn in each game."""
    board = page.locator("#board")
    if slug == "tiles":
        board.locator('[data-action="draw"]').click()
    elif slug == "cards":
        board.locator('.cards-actions [data-action="draw-stock"]').click()
        wait_until_idle(page)
        board.locator(".cards-hand .card").first.click()
        board.locator('.cards-actions [data-action="discard"]').click()
    else:
        legal = ".tarot-hand .card[data-legal], .tarot-stacks .card[data-legal]"
        board.locator(legal).first.click()
        board.locator('.tarot-actions [data-action="play"]').click()
    wait_until_idle(page)


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
def test_a_game_against_the_computer_is_told_in_the_page_language(
    new_page, slug: str, language: str
) -> None:
    your_turn = words(language, translation.gettext_lazy("Your turn"))
    page = new_page(locale=LANGUAGES[language])
    page.goto(f"/{slug}/computer/")
    page.locator("#board > section").wait_for(state="attached")
    page.wait_for_function(
        "text => [...document.querySelectorAll('#play-announce p')]"
        ".some(p => p.textContent === text)",
        arg=your_turn,
    )

    before = len(said(page))
    play_a_turn(page, slug)
    after = wait_for_saying(page, before)[before:]

    # What the computer did (or the player's own move that ended a trick), then the turn.
    beginnings = move_beginnings(slug, language, 2, 1, "computer")
    beginnings += move_beginnings(slug, language, 1, 1, "computer")
    assert any(starts_like(line, beginnings) for line in after), after
    assert after[-1] == your_turn

    # A refusal is said with its reason, and said again when it happens again.
    before = len(said(page))
    for _ in range(2):
        page.evaluate("() => window.Play.send({type: 'no such action'}).catch(() => {})")
        wait_until_idle(page)
    refusal = page.locator("#play-message").text_content()
    assert refusal
    assert wait_for_saying(page, before + 1)[before:] == [refusal, refusal]

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
        "Last move: Player 1 drew a tile.",
        "Player 2 to play",
    ]


def test_online_the_friends_move_presence_and_a_watcher_are_said_in_each_ones_language(
    new_page,
) -> None:
    from tiles import phrases

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
        heard = [phrases.DREW.text(1, 2, "friend"), str(translation.gettext_lazy("Your turn"))]
    assert wait_for_saying(guest, guest_before + 1)[guest_before:][:2] == heard
    with translation.override("pt"):
        seen = phrases.DREW.text(1, None, "friend")
    assert wait_for_saying(watcher, watcher_before)[watcher_before:][0] == seen

    # A refusal pushed back to the guest, with its reason, in Russian.
    before = len(said(guest))
    guest.locator("#play-title").click()
    guest.evaluate("() => window.Play.send({type: 'no such action'}).catch(() => {})")
    refusal = guest.locator("#play-message")
    expect(refusal).not_to_be_empty()
    assert wait_for_saying(guest, before)[before:] == [refusal.text_content()]

    # The guest leaves and comes back: the host hears both.
    context = guest.context
    before = len(said(host))
    guest.close()
    host.wait_for_function(
        "count => [...document.querySelectorAll('#play-announce p')].slice(count)"
        ".some(p => p.textContent.includes('Waiting for Player 2 to connect'))",
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
    before = len(said(page))

    page.locator('[data-replay="forward"]').click()

    move = page.locator("#board [data-speak='move']").evaluate("p => p.textContent.trim()")
    assert move.startswith("Última jogada: ")
    assert wait_for_saying(page, before + 1)[before:] == [
        move,
        page.locator("[data-replay='position']").text_content(),
    ]
    # `l` says the shown step's move again.
    page.locator("#replay-title").click()
    page.keyboard.press("l")
    assert said(page)[-1] == move


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

    play_a_turn(host, slug)

    after = wait_for_saying(guest, before + 1)[before:]
    beginnings = move_beginnings(slug, guest_language, 1, 2, "friend")
    assert starts_like(after[0], beginnings), after
    assert after[1] == your_turn
    # A refusal pushed back on the socket, with its reason.
    before = len(said(guest))
    guest.evaluate("() => window.Play.send({type: 'no such action'}).catch(() => {})")
    refusal = guest.locator("#play-message")
    expect(refusal).not_to_be_empty()
    assert wait_for_saying(guest, before)[before:] == [refusal.text_content()]
    name = words(guest_language, translation.gettext_lazy("Announcements"))
    expect(guest.locator("#play-announce")).to_match_aria_snapshot(
        f"- log {json.dumps(name, ensure_ascii=False)}:\n"
        f"  - paragraph: {json.dumps(after[0], ensure_ascii=False)}\n"
        f"  - paragraph: {json.dumps(your_turn, ensure_ascii=False)}\n"
        f"  - paragraph: {json.dumps(refusal.text_content(), ensure_ascii=False)}"
    )
