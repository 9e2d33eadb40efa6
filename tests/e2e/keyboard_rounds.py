"""A whole round of each game played with the keyboard alone (page.keyboard only: no
click, tap or mouse), counting the keys pressed in each of the player's turns.

Two ways to reach an action: "tab" presses Tab until the button has the focus, then
Enter (what a keyboard player had before issue 45), "keys" presses the action's short
key (rooms/static/rooms/keys.js). The player's choices come from the Hint where the
game has one, so the round ends in a few dozen turns; what the page shows decides
which action comes next, never a rule written here."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from playwright.sync_api import Page

from tests.e2e import play_pages

MAX_TURNS = 400


@dataclass
class KeyboardPlayer:
    """One player's keyboard: every key goes through `press`, which counts it."""

    page: Page
    way: str  # "tab" or "keys"
    turns: list[int] = field(default_factory=list)
    pressed: int = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.pressed += 1

    def end_turn(self) -> None:
        self.turns.append(self.pressed)
        self.pressed = 0

    def median(self) -> float:
        return statistics.median(self.turns)

    def focused(self, script: str) -> bool:
        """Whether the focused element passes `script` (a function of it)."""
        return self.page.evaluate(
            f"() => {{ const e = document.activeElement; return ({script})(e); }}"
        )

    def tab_until(self, script: str, limit: int = 250) -> None:
        """Tab, or Shift+Tab where the target comes before the focus (as the player
        sees it), until the focused element passes `script`."""
        before = self.page.evaluate(
            f"""() => {{
                const test = {script};
                const focusable = "button, a, [tabindex], summary";
                const target = [...document.querySelectorAll(focusable)].find(test);
                const here = document.activeElement;
                return Boolean(target && here && here !== document.body
                    && target.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING);
            }}"""
        )
        for _ in range(limit):
            self.press("Shift+Tab" if before else "Tab")
            if self.focused(script):
                return
        raise AssertionError(f"Tab never reached {script}: {said(self.page)}")

    def move_to(self, selector: str) -> None:
        """Give the focus to an element matching `selector`, as the player would: by
        Tab alone the old way; the new way by the arrow keys inside the focused group,
        else Tab or Shift+Tab to the group that has one."""
        test = f"e => e && e.matches({selector!r})"
        if self.focused(test):
            return
        if self.way == "tab":
            self.tab_until(test)
            return
        for _ in range(120):
            step = self.page.evaluate(
                f"""() => {{
                    const here = document.activeElement;
                    const group = here && here.closest("[data-roving]");
                    if (group) {{
                        const list = [...group.querySelectorAll("button")].filter(b => !b.disabled);
                        const at = list.indexOf(here);
                        const wanted = list.findIndex(b => b.matches({selector!r}));
                        if (wanted >= 0) return wanted > at ? "ArrowRight" : "ArrowLeft";
                    }}
                    const target = document.querySelector({selector!r});
                    const before = here && here !== document.body
                        && target.compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING;
                    return before ? "Shift+Tab" : "Tab";
                }}"""
            )
            self.press(step)
            if self.focused(test):
                return
        raise AssertionError(f"never reached {selector}: {said(self.page)}")

    def act(self, name: str, key: str) -> None:
        """Press the button called `name`: by its short key, or by Tab and Enter."""
        if self.way == "keys":
            self.press(key)
        else:
            self.tab_until(f"e => e && !e.disabled && e.textContent.trim() === {name!r}")
            self.press("Enter")


def said(page: Page) -> str:
    """What the page says (its messages and the focus), for a failure's report."""
    return page.evaluate(
        "() => [...document.querySelectorAll('#play-message, .board-message, #play-status')]"
        ".map(e => e.textContent.trim()).join(' | ')"
        " + ' | focus: ' + document.activeElement.outerHTML.slice(0, 200)"
    )


def mark_board(page: Page) -> None:
    """Mark the board in place, so that `new_board` can wait for the next one."""
    page.evaluate("() => { document.querySelector('#board > section').dataset.old = '1'; }")


def new_board(page: Page) -> None:
    page.wait_for_function(
        "() => { const s = document.querySelector('#board > section');"
        " return s && !s.dataset.old; }"
    )


def idle(page: Page) -> None:
    play_pages.wait_until_idle(page)
    page.wait_for_function(
        "() => !document.querySelector('#board > section.is-busy')"
        " && !document.querySelector('#board > section [aria-busy=true]')"
    )


def tiles_round(page: Page, player: KeyboardPlayer) -> None:
    """Tile rummy against the computer: each turn the Hint, then End turn when the
    hint made a valid table, else Draw (Pass once the pool is empty)."""
    result = page.locator(".tiles-result")
    for _ in range(MAX_TURNS):
        page.wait_for_function(
            "() => document.querySelector('.tiles-result')"
            " || (document.getElementById('tiles-data')"
            " && JSON.parse(document.getElementById('tiles-data').textContent).editable)"
        )
        idle(page)
        if result.count():
            return
        player.act("Hint", "h")
        idle(page)
        mark_board(page)
        if page.locator('[data-action="end-turn"]:not([disabled])').count():
            player.act("End turn", "e")
        elif page.locator('[data-action="draw"]').count():
            player.act("Draw", "d")
        else:
            player.act("Pass", "x")
        player.end_turn()
        new_board(page)
    raise AssertionError("the round did not end")


def cards_round(page: Page, player: KeyboardPlayer) -> None:
    """Rummy against the computer, one deal: draw from the stock, select a card of the
    hand and discard it (the computer goes out in the end)."""
    result = page.locator(".cards-result")
    for _ in range(MAX_TURNS):
        page.wait_for_function(
            "() => document.querySelector('.cards-result, .cards-board.is-playing')"
        )
        idle(page)
        if result.count():
            return
        mark_board(page)
        player.act("Draw from the stock", "s")
        new_board(page)
        idle(page)
        player.move_to(".cards-hand .card")
        player.press("Enter")
        mark_board(page)
        player.act("Discard", "x")
        player.end_turn()
        new_board(page)
    raise AssertionError("the deal did not end")


def tarot_round(page: Page, player: KeyboardPlayer) -> None:
    """The Tarot duel against the computer: to a card the board marks playable, Enter
    selects it and Enter again plays it."""
    result = page.locator(".tarot-result")
    for _ in range(MAX_TURNS):
        page.wait_for_function(
            "() => document.querySelector('.tarot-result, .tarot-board.is-playing')"
        )
        idle(page)
        if result.count():
            return
        player.move_to(".tarot-board button.card[data-legal]")
        player.press("Enter")
        mark_board(page)
        player.press("Enter")
        player.end_turn()
        new_board(page)
    raise AssertionError("the round did not end")


# A rummy deal online that ends in three turns, each drawing, melding or laying off,
# and discarding (cards_deal_in_three_turns): the cards each turn puts down, in order.
# ("meld", cards), ("lay off", card, meld index), ("discard", card).
CARDS_TURNS = [
    [("meld", ["7H", "8H", "9H"]), ("meld", ["4S", "5S", "6S"]), ("discard", "QC")],
    [("meld", ["2C", "2D", "2S"]), ("lay off", "TH", 0), ("discard", "JD")],
    [("lay off", "JH", 0), ("discard", "KC")],
]


def cards_deal_in_three_turns() -> dict:
    """The engine's state for CARDS_TURNS: Player 1 draws the 6♠, Player 2 the 5♦,
    Player 1 the J♥ and goes out."""
    from cards import engine
    from cards.melds import DECK
    from cards.state import state_from_position

    hands = {1: ["7H", "8H", "9H", "4S", "5S", "KC", "QC"], 2: ["2C", "2D", "2S", "TH", "3D", "JD"]}
    drawn = ["JH", "5D", "6S"]  # the stock's top is its end
    placed = {*hands[1], *hands[2], "9C", *drawn}
    stock = [code for code in DECK if code not in placed] + drawn
    return engine.to_json(state_from_position(hands, pile=["9C"], stock=stock))


def select_cards(player: KeyboardPlayer, codes: list[str]) -> None:
    """To each card of the hand by the arrow keys, Space to select it."""
    for code in codes:
        player.move_to(f'.cards-hand .card[data-code="{code}"]')
        player.press("Space")


def cards_turn(player: KeyboardPlayer, plan: list[tuple]) -> None:
    """Draw from the stock, then each step of `plan` by keys, each answered by a new
    board: Meld (M) the selected cards, lay one off (Up to the meld, Enter), discard (X)."""
    page = player.page

    def then(action) -> None:
        mark_board(page)
        action()
        new_board(page)
        idle(page)

    then(lambda: player.act("Draw from the stock", "s"))
    for step in plan:
        select_cards(player, [step[1]] if isinstance(step[1], str) else step[1])
        if step[0] == "meld":
            then(lambda: player.act("Meld", "m"))
        elif step[0] == "lay off":
            player.move_to(f'.cards-board button.meld[data-meld="{step[2]}"]')
            then(lambda: player.press("Enter"))
        else:
            mark_board(page)
            player.act("Discard", "x")


def my_turn(page: Page, game: str) -> bool:
    """Whether the page's player may move now (its board says so, nothing in flight)."""
    return page.evaluate(
        "game => { if (window.Play.busy) return false;"
        " if (game === 'tarot') return Boolean(document.querySelector('.tarot-board.is-playing'));"
        " if (game === 'cards') return Boolean(document.querySelector('.cards-board.is-playing'));"
        " const d = document.getElementById('tiles-data');"
        " return Boolean(d && JSON.parse(d.textContent).editable); }",
        game,
    )


def online_turn(player: KeyboardPlayer, game: str, number: int) -> None:
    """Tile rummy: Draw, or Pass once the pool is empty; Tarot: a playable card, Enter
    to select it and Enter to play it; rummy: the next turn of CARDS_TURNS."""
    if game == "cards":
        cards_turn(player, CARDS_TURNS[number])
    elif game == "tarot":
        player.move_to(".tarot-board button.card[data-legal]")
        player.press("Enter")
        player.press("Enter")
    elif player.page.locator('[data-action="draw"]').count():
        player.act("Draw", "d")
    else:
        player.act("Pass", "x")


def online_round(players: list[KeyboardPlayer], game: str) -> None:
    """A round online between two browsers, each player moving in turn until the
    result shows on both pages; every move reaches the other page by a push."""
    pages = [player.page for player in players]
    result = f".{game}-result"
    for number in range(MAX_TURNS):
        for _wait in range(400):
            if all(page.locator(result).count() for page in pages):
                return
            movers = [player for player in players if my_turn(player.page, game)]
            if movers:
                break
            pages[0].wait_for_timeout(50)
        else:
            raise AssertionError(f"nobody's turn: {said(pages[0])}")
        mover = movers[0]
        for page in pages:
            mark_board(page)
        online_turn(mover, game, number)
        mover.end_turn()
        for page in pages:
            new_board(page)
    raise AssertionError("the round did not end")


ROUNDS = {"tiles": tiles_round, "cards": cards_round, "tarot": tarot_round}
