"""Issue 55, item 4: "Try again from here" in a round against the computer is offered on
the player's own decisions only: a try of the computer's would seat the player where
the computer sat and name their own earlier moves the computer's. Where both seats
were people (one device, online) either seat's decisions are offered
(tests/rooms/test_tries.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.rooms.test_tries import CODE, marked, reviewed, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", ["cards", "tarot"])
def test_against_the_computer_the_review_offers_tries_on_the_players_own_decisions_only(
    client: Client, inline, slug: str
) -> None:
    review = reviewed(client, slug)
    assert marked(review, seat=2), "the computer's decisions are marked too"

    text = client.get(f"/reviews/{CODE}/").content.decode()

    assert text.count("Try again from here") == len(marked(review, seat=1))
    for note in marked(review, seat=2):
        assert f"/{slug}/try/{CODE}/{note['step']}/" not in text


def test_a_try_of_the_computers_decision_is_refused_and_its_page_is_a_404(
    client: Client, inline
) -> None:
    review = reviewed(client, "tarot")
    step = marked(review, seat=2)[0]["step"]

    refused = start(client, "tarot", step)
    page = client.get(f"/tarot/try/{CODE}/{step}/")

    assert refused.status_code == 400
    assert refused.json()["code"] == "no_try"
    assert page.status_code == 404
    assert "data-try=" not in page.content.decode()
