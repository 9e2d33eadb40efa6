"""Per-client limits on the endpoints that cost CPU (rooms.throttle): counted per client
address and per endpoint kind, refused with a translated 429 and Retry-After, reset
when the window ends."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rooms import registry, throttle
from tests.tiles.draft_form import post_draft

pytestmark = pytest.mark.django_db

# Requests that the throttle counts but that cost almost nothing past it: bodies the
# endpoints refuse at once (or, for the claim, a room that does not exist).
TILES_RATES = registry.get("tiles").rates
ENDPOINTS = {
    "hint": ("/tiles/hint/", TILES_RATES["hint"]),
    "draft": ("/tiles/draft/", TILES_RATES["draft"]),
    "play": ("/play/counter/local/act", throttle.PLAY_RATE),
    "claim": ("/r/nosuchroom-nosuchroom-00/claim", throttle.CLAIM_RATE),
}
TOO_MANY_HINTS = "You asked for too many hints in a short time. Wait a moment and ask again."
# What each kind's refusal says: a hint's speaks of hints.
REFUSALS = {
    "hint": ("too_many_hints", TOO_MANY_HINTS),
    "draft": ("rate_limited", "Too many messages at once. Wait a moment and try again."),
    "play": ("rate_limited", "Too many messages at once. Wait a moment and try again."),
    "claim": ("rate_limited", "Too many messages at once. Wait a moment and try again."),
}


class FakeClock:
    def __init__(self, now: float = 60 * 16_667 + 20.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(throttle, "clock", fake)
    return fake


def post(client: Client, url: str, address: str = "10.0.0.1", **headers: Any) -> Any:
    return client.post(
        url, "not json", content_type="application/json", REMOTE_ADDR=address, **headers
    )


def use_up(client: Client, kind: str, address: str = "10.0.0.1") -> None:
    url, (rate, _per) = ENDPOINTS[kind]
    for _ in range(rate):
        assert post(client, url, address).status_code != 429


@pytest.mark.parametrize("kind", list(ENDPOINTS))
def test_past_the_limit_the_client_is_refused_with_429_and_retry_after(kind, clock):
    client = Client()
    url, (_rate, per) = ENDPOINTS[kind]
    use_up(client, kind)

    response = post(client, url)

    assert response.status_code == 429
    assert (response.json()["code"], response.json()["message"]) == REFUSALS[kind]
    # The fake clock is 20 s into a window.
    assert response["Retry-After"] == str(per - 20)


def test_the_refusal_is_in_the_players_language(clock):
    client = Client()
    use_up(client, "play")

    response = post(client, "/play/counter/local/act", HTTP_ACCEPT_LANGUAGE="ru")

    assert response.status_code == 429
    assert response.json()["message"] == (
        "Слишком много сообщений сразу. Подождите немного и попробуйте снова."
    )


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot"])
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", TOO_MANY_HINTS),
        (
            "ru",
            "Вы попросили слишком много подсказок за короткое время. "
            "Подождите немного и попросите снова.",
        ),
        ("pt", "Pediu demasiadas dicas em pouco tempo. Espere um pouco e peça de novo."),
    ],
)
def test_too_many_hints_are_refused_in_words_about_hints(slug, language, words, clock):
    client = Client()
    url = f"/{slug}/hint/"
    for _ in range(registry.get(slug).rates["hint"][0]):
        assert post(client, url).status_code != 429

    response = post(client, url, HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 429
    assert response.json() == {"code": "too_many_hints", "message": words}


def test_another_address_and_another_endpoint_are_not_affected(clock):
    client = Client()
    use_up(client, "hint")
    assert post(client, "/tiles/hint/").status_code == 429

    assert post(client, "/tiles/hint/", address="10.0.0.2").status_code == 400
    assert post(client, "/tiles/draft/").status_code == 400
    assert post(client, "/play/counter/local/act").status_code == 400


def test_the_limit_is_lifted_when_the_window_ends(clock):
    client = Client()
    use_up(client, "claim")
    assert post(client, "/r/nosuchroom-nosuchroom-00/claim").status_code == 429

    clock.now += 39
    assert post(client, "/r/nosuchroom-nosuchroom-00/claim").status_code == 429
    clock.now += 1  # the next minute
    assert post(client, "/r/nosuchroom-nosuchroom-00/claim").status_code == 404


def test_a_get_is_not_counted(clock):
    client = Client()
    for _ in range(TILES_RATES["hint"][0] + 5):
        assert client.get("/tiles/hint/", REMOTE_ADDR="10.0.0.1").status_code == 405

    assert post(client, "/tiles/hint/").status_code == 400


def test_a_real_game_stays_far_below_the_limits():
    """A whole local game of the counter game, and the hint and draft of a turn, pass."""
    client = Client()
    data = client.post("/play/counter/local/new", {}, content_type="application/json").json()
    for _ in range(40):
        action = {"type": "add", "amount": 1}
        body = {"token": data["token"], "action": action}
        response = client.post("/play/counter/local/act", body, content_type="application/json")
        if response.status_code != 200:
            break
        data = response.json()
    assert response.status_code != 429
    tiles = client.post("/play/tiles/computer/new", {}, content_type="application/json").json()
    hint = {"token": tiles["token"]}
    assert client.post("/tiles/hint/", hint, content_type="application/json").status_code == 200
    turn = {"table": [], "rack": ["R1", "R2", "R3"], "opened": False, "edits": []}
    assert post_draft(client, turn).status_code == 200
