"""The empty stock (RULES.md "Rummy"): a draw from the stock first reshuffles the
discard pile except its top card into a new stock; if only that top card is left
(the stock is empty and the pile holds one card), the player takes it, and since it
comes from the discard pile it cannot be discarded that turn."""

from collections import Counter
from dataclasses import replace

from cards.engine import apply, legal_actions
from cards.melds import DECK
from tests.cards.positions import all_cards, discard, draw, position, refused

HAND1 = ["7H", "8S", "KS"]


def empty_stock(pile: list[str], seed: int = 0):
    """Player 1 to draw, the stock empty; player 2 holds every other card."""
    rest = [c for c in DECK if c not in {*HAND1, *pile}]
    state = position(HAND1, rest, pile=pile, stock=[])
    return replace(state, seed=seed)


def test_drawing_from_an_empty_stock_reshuffles_the_pile_except_its_top_card():
    state = empty_stock(["2D", "3D", "4D", "5D", "9C"])
    after = apply(state, 1, draw("stock"))
    assert after.pile == ("9C",)
    assert after.reshuffles == 1
    drawn = after.hands[1][-1]
    assert drawn in {"2D", "3D", "4D", "5D"}
    assert Counter([*after.stock, drawn]) == Counter(["2D", "3D", "4D", "5D"])
    assert after.taken is None  # a stock card, not the pile's
    assert apply(after, 1, discard(drawn)).pile == ("9C", drawn)
    assert all_cards(after) == Counter(DECK)


def test_the_reshuffle_is_deterministic_from_the_seed_and_a_counter():
    pile = [c for c in DECK if c[1] == "D"]
    first = apply(empty_stock(pile, seed=5), 1, draw("stock"))
    assert apply(empty_stock(pile, seed=5), 1, draw("stock")) == first
    others = {apply(empty_stock(pile, seed=s), 1, draw("stock")).stock for s in range(6, 10)}
    assert first.stock not in others
    again = apply(replace(empty_stock(pile, seed=5), reshuffles=1), 1, draw("stock"))
    assert again.stock != first.stock  # the counter makes each reshuffle new


def test_drawing_the_discard_pile_top_with_an_empty_stock_does_not_reshuffle():
    state = empty_stock(["2D", "3D", "9C"])
    after = apply(state, 1, draw("discard"))
    assert (after.stock, after.pile, after.reshuffles) == ((), ("2D", "3D"), 0)
    assert after.taken == "9C"


def test_when_only_the_top_card_is_left_the_player_takes_it():
    state = empty_stock(["9C"])
    assert legal_actions(state, 1) == [draw("stock"), draw("discard")]
    after = apply(state, 1, draw("stock"))
    assert after.hands[1][-1] == "9C"
    assert (after.stock, after.pile, after.reshuffles) == ((), (), 0)
    assert after.taken == "9C"
    assert after.known[1] == ("9C",)  # it was face up: both players saw it taken
    assert refused(after, 1, discard("9C")).code == "taken_card"
    after = apply(after, 1, discard("KS"))
    assert after.pile == ("KS",)
    assert (after.turn, after.turns) == (2, 1)
