"""What the rummy browser tests do on a page, in the player's words, and sealed
positions to start from."""

from __future__ import annotations

from playwright.sync_api import Page

from cards import engine
from cards.melds import DECK
from cards.state import Meld, State, state_from_position
from tests.e2e import play_pages


def reveal_if_covered(page: Page) -> None:
    """On one device the cover hides the hand until the player reveals it."""
    play_pages.reveal_if_covered(page, ".cards-board", ".cards-board")


def hand_codes(page: Page) -> list[str]:
    return page.locator(".cards-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)")


wait_until_idle = play_pages.wait_until_idle


def mid_game() -> State:
    """Seat 1 to draw, after the computer's turn: it took the 9♦ from the discard pile,
    melded three nines, laid off the 5♥ on seat 1's run and discarded the K♣."""
    state = state_from_position(
        {
            1: ["2S", "3S", "4S", "7C", "8C", "JD", "QD", "AH", "5D", "TS"],
            2: ["9S", "9H", "5H", "KC", "2C", "3D", "6S", "TH"],
        },
        pile=["4D", "9D"],
        melds=[Meld(owner=1, cards=("6H", "7H", "8H")), Meld(owner=2, cards=("QS", "QH", "QC"))],
        turn=2,
        step="draw",
        match={1: 23, 2: 41},
    )
    for action in [
        {"type": "draw", "source": "discard"},
        {"type": "meld", "cards": ["9S", "9H", "9D"]},
        {"type": "lay_off", "card": "5H", "meld": 0},
        {"type": "discard", "card": "KC"},
    ]:
        state = engine.apply(state, 2, action)
    return state


PLACED = {"4S", "5S", "QH", "AS", "KD", "7C", "7D", "7S", "9D", "6S"}


def deal_over(match: dict[int, int] | None = None) -> State:
    """The deal just won by seat 1 going out with a discard; seat 2 holds a meld."""
    state = state_from_position(
        {1: ["4S", "5S", "QH"], 2: ["AS", "KD", "7C", "7D", "7S"]},
        pile=["9D"],
        stock=[c for c in DECK if c not in PLACED] + ["6S"],
        match=match or {1: 20, 2: 12},
    )
    for action in [
        {"type": "draw", "source": "stock"},
        {"type": "meld", "cards": ["4S", "5S", "6S"]},
        {"type": "discard", "card": "QH"},
    ]:
        state = engine.apply(state, 1, action)
    return state


def deal_over_with_a_full_hand() -> State:
    """The deal just won by seat 1 going out, seat 2 left holding ten cards (two rows of
    them in the result)."""
    theirs = ["AS", "KD", "7C", "7D", "7S", "2H", "3C", "9C", "JD", "TC"]
    placed = {"4S", "5S", "QH", "9D", "6S", *theirs}
    state = state_from_position(
        {1: ["4S", "5S", "QH"], 2: theirs},
        pile=["9D"],
        stock=[c for c in DECK if c not in placed] + ["6S"],
    )
    for action in [
        {"type": "draw", "source": "stock"},
        {"type": "meld", "cards": ["4S", "5S", "6S"]},
        {"type": "discard", "card": "QH"},
    ]:
        state = engine.apply(state, 1, action)
    return state


def sealed(state: State, mode: str = "computer") -> str:
    """A sealed game at this position for the e2e server (rooms.local.sealing)."""
    payload = {"game": "cards", "mode": mode, "level": "medium" if mode == "computer" else None}
    payload |= {"round": 1, "seed": 1, "moves": 0, "seat": 1, "state": engine.to_json(state)}
    return play_pages.seal(payload)


def open_saved_game(page: Page, mode: str, state: State) -> None:
    """The play page of `mode` restoring the game at `state`."""
    play_pages.save_token(page, f"play:cards:{mode}:token", sealed(state, mode))
    page.goto(f"/cards/{mode}/")
    reveal_if_covered(page)


def crowded() -> State:
    """Seat 1 to meld or discard with 11 cards in hand and 9 melds on the table (the
    most crowded board a deal reaches: 30 cards on the table)."""
    melds = [
        Meld(owner=1, cards=("KS", "KH", "KD")),
        Meld(owner=2, cards=("QS", "QH", "QD", "QC")),
        Meld(owner=1, cards=("JS", "JH", "JD")),
        Meld(owner=2, cards=("2H", "3H", "4H", "5H", "6H")),
        Meld(owner=1, cards=("2D", "3D", "4D")),
        Meld(owner=2, cards=("5D", "6D", "7D")),
        Meld(owner=1, cards=("AC", "2C", "3C")),
        Meld(owner=2, cards=("8S", "9S", "TS")),
        Meld(owner=1, cards=("4C", "5C", "6C")),
    ]
    hand = ["AS", "2S", "3S", "4S", "7H", "8H", "9H", "8D", "9D", "7C"]
    state = state_from_position({1: hand, 2: ["TH", "JC"]}, pile=["KC"], melds=melds)
    return engine.apply(state, 1, {"type": "draw", "source": "stock"})
