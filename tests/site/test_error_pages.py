"""The site's error pages: in its layout and language, with a way back to the games,
and still the right HTTP status (as with DEBUG=0)."""

import pytest
from django.test import RequestFactory, override_settings
from django.utils import translation
from django.views import defaults

from rooms.views import not_found

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
def test_an_unknown_room_link_says_the_room_is_gone_and_why(client):
    response = client.get("/r/NOSUCHROOM-NOSUCHROOM-00/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "This room no longer exists" in html
    assert "rooms idle for 7 days are deleted" in html
    assert 'class="site-header"' in html
    assert 'href="/"' in html


@override_settings(DEBUG=False)
def test_an_unknown_page_is_a_404_in_the_sites_layout_and_language(client):
    response = client.get("/no/such/page/", headers={"accept-language": "ru"})
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="ru">' in html
    assert "Страница не найдена" in html
    assert "This room" not in html


@override_settings(DEBUG=False)
def test_a_room_link_in_portuguese(client):
    html = client.get(
        "/r/NOSUCHROOM-NOSUCHROOM-00/", headers={"accept-language": "pt"}
    ).content.decode()
    assert "Esta sala já não existe" in html


@pytest.mark.parametrize(
    ("handler", "status", "text"),
    [
        (defaults.bad_request, 400, "Bad request"),
        (defaults.permission_denied, 403, "Not allowed"),
        (defaults.server_error, 500, "Something went wrong"),
    ],
)
def test_the_other_error_pages_are_in_the_sites_layout(handler, status, text):
    request = RequestFactory().get("/somewhere/")
    with translation.override("en"):
        response = handler(request) if status == 500 else handler(request, Exception())
    assert response.status_code == status
    html = response.content.decode()
    assert text in html
    assert 'class="site-header"' in html


def test_the_404_handler_answers_404():
    request = RequestFactory().get("/r/ABCDEFGHIJKLMNOPQRSTUVWX/")
    assert not_found(request, Exception()).status_code == 404


@pytest.fixture
def database_gone(monkeypatch):
    """Every statement fails as psycopg's do while PostgreSQL is down."""
    from django.db import OperationalError
    from django.db.backends.utils import CursorWrapper

    from rooms.online.outage import DATABASE

    def failing(self, *args, **kwargs):
        raise OperationalError("connection to server failed: Connection refused")

    monkeypatch.setattr(CursorWrapper, "execute", failing)
    DATABASE.since = None
    yield
    DATABASE.since = None


@override_settings(DEBUG=False)
@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "The site is briefly unavailable — try again in a moment."),
        ("ru", "Сайт ненадолго недоступен — попробуйте ещё раз через минуту."),
        ("pt", "O site está indisponível por momentos — tente de novo daqui a pouco."),
    ],
)
def test_a_page_that_finds_the_database_gone_is_the_sites_503_page(
    client, database_gone, language, text
):
    response = client.get("/r/SOMEROOM-SOMEROOM-SOME00/", headers={"accept-language": language})

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    html = response.content.decode()
    assert text in html
    assert 'class="site-header"' in html


@override_settings(DEBUG=False)
def test_an_outage_is_one_warning_in_the_log_not_a_traceback_a_request(
    client, database_gone, caplog
):
    import logging

    caplog.set_level(logging.INFO)
    for _ in range(10):
        assert client.get("/r/SOMEROOM-SOMEROOM-SOME00/").status_code == 503

    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage()[:40] for r in warnings] == ["Database lost (OperationalError: connect"]
    assert not [r for r in caplog.records if r.exc_info]
