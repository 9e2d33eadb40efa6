import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept_language", "lang", "heading", "play_local"),
    [
        ("en-GB,en;q=0.9", "en", "Games for two", "On one device"),
        ("ru-RU,ru;q=0.9", "ru", "Игры на двоих", "На одном устройстве"),
        ("pt-BR,pt;q=0.9", "pt", "Jogos para dois", "Num só aparelho"),
    ],
)
def test_home_page_speaks_the_browsers_language(client, accept_language, lang, heading, play_local):
    response = client.get("/", headers={"accept-language": accept_language})

    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert heading in html
    assert play_local in html


def test_home_page_offers_every_way_to_play_each_game(client):
    html = client.get("/").content.decode()

    for slug in ("tiles", "cards", "tarot"):
        for mode in ("local", "computer", "friend"):
            assert reverse("game_page", args=[slug, mode]) in html
        assert reverse("rules", args=[slug]) in html


def test_home_page_has_landmarks_and_a_skip_link(client):
    html = client.get("/").content.decode()

    for landmark in ("<header", "<main", "<footer", 'href="#main"'):
        assert landmark in html
    assert html.count("<h1") == 1


def test_chosen_language_sticks_over_the_browsers(client):
    response = client.post(
        reverse("set_language"),
        {"language": "pt", "next": "/"},
        headers={"accept-language": "ru"},
    )
    assert response.status_code == 302

    html = client.get("/", headers={"accept-language": "ru"}).content.decode()

    assert '<html lang="pt">' in html
    assert "Jogos para dois" in html


def test_language_switcher_marks_the_current_language(client):
    html = client.get("/", headers={"accept-language": "ru"}).content.decode()

    assert 'value="ru" lang="ru"\n                  aria-current="true"' in html


def test_unknown_game_is_not_found(client):
    assert client.get("/chess/local/").status_code == 404
    assert client.get("/chess/rules/").status_code == 404


def test_static_files_are_served_by_the_site_itself(client):
    response = client.get("/static/css/site.css")

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("slug", "piece"), [("tiles", "mini-tile"), ("cards", "cards-mini"), ("tarot", "tarot-mini")]
)
def test_each_games_picture_comes_with_the_games_own_stylesheet(client, slug, piece):
    html = client.get("/").content.decode()

    assert f'href="/static/{slug}/' in html
    assert f'class="{piece}' in html
    site_css = b"".join(client.get("/static/css/site.css").streaming_content)
    assert piece.encode() not in site_css


def test_the_home_pages_rummy_picture_shows_a_meld_the_rules_allow(client):
    from cards.melds import SUIT_SYMBOLS, is_meld

    html = client.get("/").content.decode()
    picture = html.split('class="cards-mini', 1)[1].split("</p>", 1)[0].split("</div>", 1)[0]
    suits = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
    shown = re.findall(r"(A|[2-9]|10|J|Q|K)<small>(.)</small>", picture)
    codes = [("T" if rank == "10" else rank) + suits[symbol] for rank, symbol in shown]
    assert len(codes) >= 3
    assert is_meld(codes), codes


def test_the_favicon_is_served_at_the_sites_root(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an icon resource
    assert b"\x89PNG" in body
