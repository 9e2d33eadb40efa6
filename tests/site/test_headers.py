"""Security headers on every page: a CSP with no 'unsafe-inline', a Permissions-Policy,
and no caching of the room page that carries the host's seat key."""

from __future__ import annotations

import pytest
from django.test import Client

from config.headers import CONTENT_SECURITY_POLICY

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/tiles/rules/", "/tiles/local/", "/tiles/computer/"])
def test_every_page_carries_a_csp_without_unsafe_inline_and_a_permissions_policy(
    client: Client, path: str
):
    response = client.get(path)

    assert response.status_code == 200
    assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert "camera=()" in response["Permissions-Policy"]


def test_the_room_page_that_carries_the_hosts_key_is_never_stored(client: Client):
    created = client.post("/tiles/friend/")
    page = client.get(created["Location"])

    assert b"play-fresh-key" in page.content
    assert "no-store" in page["Cache-Control"]
    assert page["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
