"""A move seen (issue 56, rooms/static/rooms/motion.js): after a move the piece that
moved travels (its element, or its face-down copy from or into a hidden place, has a
running animation) and comes to rest in its new place, for each game against the
computer, online on both players' pages and a watcher's; on one device once the next
player reveals the board, with nothing of the previous player's hand copied onto it;
under reduced motion nothing travels. A recorder in the page notes, right after each
change of the board, the pieces whose travel is running (motion.js names its animations
"motion"). A replay's step forward moves its pieces; a jump to the last step does not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamekit.replay import bot_record
from tests.e2e import play_pages
from tests.e2e.cards_pages import mid_game, open_saved_game
from tests.e2e.live_database import LiveDatabase, insert_replay
from tests.e2e.tiles_pages import make_a_set_of_the_first_tiles, position_token
from tests.e2e.tiles_pages import open_saved_game as open_tiles_game

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

DESKTOP = {"width": 1280, "height": 800}

# In the first frame after each change of the board (motion.js plans its travel at the
# start of that frame; a MutationObserver's callback asks for the frame after the script
# that swapped the board, so it runs after motion.js's, before the frame is drawn: a
# loaded machine cannot let the travel end first), the pieces travelling: their codes,
# "ghost" for a copy out of the page's flow (face down from or into a hidden place).
RECORD = """() => {
  window.travels = [];
  const note = () => {
    const running = document.getAnimations()
      .filter((a) => a.id === "motion" && a.playState === "running");
    const pieces = running.map((a) => a.effect.target.dataset.piece || "ghost");
    if (pieces.length) window.travels.push(pieces);
  };
  new MutationObserver(() => requestAnimationFrame(note))
    .observe(document.getElementById("board"), { childList: true, subtree: true });
}"""

AT_REST = """() => !document.getAnimations().some((a) => a.id === "motion") &&
  !document.querySelector(".motion-ghost")"""

# The visible copy of a piece lies inside the place named.
RESTS_IN = """([code, place]) => {
  const box = document.querySelector(`[data-place="${place}"]`).getBoundingClientRect();
  return [...document.querySelectorAll(`[data-piece="${code}"]`)].some((piece) => {
    const rect = piece.getBoundingClientRect();
    const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
    return rect.width > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  });
}"""


def record(page: Page) -> None:
    page.evaluate(RECORD)


def travelled(page: Page, piece: str = "ghost") -> None:
    """Until `piece` (a code, or "ghost") has been seen travelling, then at rest."""
    page.wait_for_function(
        "piece => window.travels.some((pieces) => pieces.includes(piece))", arg=piece
    )
    page.wait_for_function(AT_REST)


def rests_in(page: Page, code: str, place: str) -> bool:
    return page.evaluate(RESTS_IN, [code, place])


def nothing_travelled(page: Page) -> None:
    assert page.evaluate("() => window.travels") == []
    assert page.evaluate(AT_REST)


# --- Against the computer -----------------------------------------------------------


def tiles_set_made(page: Page) -> str:
    """Tile rummy: three tiles of the rack made a new set; the first one's code."""
    token = position_token(["R7", "B7", "K7", "O2", "O9"], ["B1", "B2", "K9", "R11"], [])
    open_tiles_game(page, "/tiles/computer/", "play:tiles:computer:token", token)
    record(page)
    return make_a_set_of_the_first_tiles(page)[0]


def cards_pile_taken(page: Page) -> str:
    """Rummy: the player takes the discard pile's top (the king of clubs)."""
    open_saved_game(page, "computer", mid_game())
    record(page)
    page.get_by_role("button", name="Take the king of clubs").click()
    play_pages.wait_until_idle(page)
    return "KC"


def tarot_card_played(page: Page) -> str:
    """Tarot: the player leads a card of the hand; the computer answers."""
    page.goto("/tarot/computer/")
    card = page.locator(".tarot-board.is-playing .tarot-hand button.card[data-legal]").first
    code = card.get_attribute("data-code") or ""
    record(page)
    card.click()
    page.get_by_role("button", name="Play card").click()
    play_pages.wait_until_idle(page)
    return code


MOVES = {
    "tiles": (tiles_set_made, "set-1"),
    "cards": (cards_pile_taken, "hand-1"),
    "tarot": (tarot_card_played, None),  # to the trick, or with it to a won pile
}


@pytest.mark.parametrize("game", MOVES)
def test_against_the_computer_the_moved_piece_travels_to_its_new_place(new_page, game) -> None:
    page = new_page(viewport=DESKTOP)
    move, place = MOVES[game]
    code = move(page)
    if place is None:  # to the trick, or a copy with the trick to a won pile
        page.wait_for_function(
            "code => window.travels.flat().some((piece) => piece === code || piece === 'ghost')",
            arg=code,
        )
        page.wait_for_function(AT_REST)
        assert (
            rests_in(page, code, "trick")
            or page.locator(f'[data-place^="won-"] [data-piece="{code}"]').count()
        )
    else:
        travelled(page, code)
        assert rests_in(page, code, place)


@pytest.mark.parametrize("game", MOVES)
def test_under_reduced_motion_nothing_travels(new_page, game) -> None:
    page = new_page(viewport=DESKTOP, reduced_motion="reduce")
    move, _place = MOVES[game]
    move(page)
    nothing_travelled(page)


# --- Online: both players and a watcher ---------------------------------------------


def room_of_three(new_page, game: str) -> tuple[Page, Page, Page]:
    """A room of `game`: the host (seat 1), the guest and a watcher, each recording."""
    host = new_page(viewport=DESKTOP)
    play_pages.open_room(host, game)
    invite = host.locator("#play-invite-link").input_value()
    guest = play_pages.join(new_page, invite)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    watcher = new_page(viewport=DESKTOP)  # the full room offers to watch it
    watcher.goto(invite)
    watcher.locator("#full-watch").click()
    watcher.wait_for_url("**/watch/")
    for page in (host, guest, watcher):
        page.locator("#board [data-place]").first.wait_for(state="attached")
        record(page)
    return host, guest, watcher


def test_online_rummy_the_pile_card_taken_travels_on_every_page(new_page) -> None:
    host, guest, watcher = room_of_three(new_page, "cards")
    take = host.locator('.cards-actions [data-action="draw-discard"]')
    code = host.locator(".deck-pile [data-piece]").get_attribute("data-piece") or ""
    take.click()
    travelled(host, code)
    assert rests_in(host, code, "hand-1")
    # The others see it go from the pile into a hidden hand: a copy of it travels.
    travelled(guest)
    travelled(watcher)


def test_online_tarot_a_stack_card_led_travels_to_the_trick_on_every_page(new_page) -> None:
    host, guest, watcher = room_of_three(new_page, "tarot")
    mover = host if host.locator(".tarot-board.is-playing").count() else guest
    card = mover.locator(".tarot-board.is-playing button.card[data-legal][data-stack]").first
    code = card.get_attribute("data-code") or ""
    card.click()
    mover.get_by_role("button", name="Play card").click()
    for page in (host, guest, watcher):  # a stack's top card is face up for all
        travelled(page, code)
        assert rests_in(page, code, "trick")


def test_online_tiles_a_tile_drawn_travels_face_down_from_the_pool(new_page) -> None:
    host, guest, watcher = room_of_three(new_page, "tiles")
    host.get_by_role("button", name="Draw").click()
    for page in (host, guest, watcher):
        travelled(page)


def test_on_one_device_the_card_played_travels_once_revealed_and_no_hand_shows_through(
    new_page,
) -> None:
    """The board of the next player comes behind the cover: the travel waits for it to be
    revealed, and nothing of the previous player's hand is copied onto it."""
    page = new_page(viewport=DESKTOP)
    page.goto("/tarot/local/")
    play_pages.reveal_if_covered(page, ".tarot-board", ".tarot-hand")
    card = page.locator(".tarot-board.is-playing .tarot-hand button.card[data-legal]").first
    code = card.get_attribute("data-code") or ""
    record(page)
    card.click()
    page.get_by_role("button", name="Play card").click()
    expect(page.locator("#play-cover")).to_be_visible()
    assert page.evaluate("() => window.travels") == []  # nothing moves behind the cover
    page.locator("#play-reveal").click()
    faces = "() => [...document.querySelectorAll('.motion-ghost:not(.card-back)')].length"
    assert page.evaluate(faces) == 0
    page.wait_for_function(
        "code => document.getAnimations().some((a) => a.id === 'motion' &&"
        " a.effect.target.dataset.piece === code)",
        arg=code,
    )
    page.wait_for_function(AT_REST)
    assert rests_in(page, code, "trick")


@pytest.mark.parametrize("game", MOVES)
def test_a_replays_step_forward_moves_its_pieces_and_a_jump_does_not(
    new_page, live_db: LiveDatabase, game: str
) -> None:
    from rooms import registry  # the e2e process has Django set up by pytest-django

    registered = registry.get(game)
    round_ = bot_record(registered.engine, registered.bots, 3, {1: "easy", 2: "easy"})
    code = f"motion-{game}".ljust(24, "0")  # a code in its shape (rooms/codes.py)
    live_db.run(insert_replay, code, round_, game)
    page = new_page(viewport=DESKTOP)
    page.goto(f"/replays/{code}/?step=4")
    record(page)
    page.locator('[data-replay="forward"]').click()
    page.wait_for_function("() => window.travels.flat().some((piece) => piece !== 'ghost')")
    page.wait_for_function(AT_REST)
    page.evaluate("() => { window.travels = []; }")
    page.locator('[data-replay="last"]').click()
    expect(page.locator('[data-replay="forward"]')).to_be_disabled()
    assert page.evaluate("() => window.travels") == []


# Right after the board changes, with travels running, a key or a click anywhere (as a
# player's press): the counts of running travels and copies before and after it.
SKIP = """(how) => {
  const running = () => document.getAnimations()
    .filter((a) => a.id === "motion" && a.playState === "running").length
    + document.querySelectorAll(".motion-ghost").length;
  const watch = new MutationObserver(() => requestAnimationFrame(() => {
    const before = running();
    if (!before || window.skipped) return;
    watch.disconnect();
    const press = how === "key"
      ? new KeyboardEvent("keydown", { key: "Shift", bubbles: true })
      : new MouseEvent("click", { bubbles: true });
    document.body.dispatchEvent(press);
    window.skipped = [before, running()];
  }));
  watch.observe(document.getElementById("board"), { childList: true, subtree: true });
}"""


@pytest.mark.parametrize("how", ["key", "click"])
def test_a_key_or_a_click_during_the_computers_turn_ends_its_travel_at_once(
    new_page, how: str
) -> None:
    page = new_page(viewport=DESKTOP)
    page.goto("/tarot/computer/")
    card = page.locator(".tarot-board.is-playing .tarot-hand button.card[data-legal]").first
    page.evaluate(SKIP, how)
    card.click()
    page.get_by_role("button", name="Play card").click()
    page.wait_for_function("() => window.skipped !== undefined")
    before, after = page.evaluate("() => window.skipped")
    assert before > 0
    assert after == 0
