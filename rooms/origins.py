"""Which pages may open the site's WebSockets: the site's own, scheme and port included.

Channels' AllowedHostsOriginValidator compares only the Origin's host name with
ALLOWED_HOSTS, so `https://127.0.0.1:1` passed for a site on `http://127.0.0.1:8201`.
Here the Origin must be exactly the origin the request itself was made to (its Host
header, which must be in ALLOWED_HOSTS, with http or https as Django's HTTP side would
see it), or one of CSRF_TRUSTED_ORIGINS.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin1")
    return None


def allowed_hosts() -> list[str]:
    # What Django's HttpRequest.get_host allows when DEBUG leaves ALLOWED_HOSTS empty.
    if settings.DEBUG and not settings.ALLOWED_HOSTS:
        return [".localhost", "127.0.0.1", "[::1]"]
    return list(settings.ALLOWED_HOSTS)


def is_secure(scope: dict[str, Any]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, value = proxy
        sent = header(scope, name.removeprefix("HTTP_").replace("_", "-").lower().encode())
        return sent is not None and sent.split(",")[0].strip() == value
    return False


def trusted(origin: str) -> bool:
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        entry = entry.lower()
        if origin == entry:
            return True
        # "https://*.example.org" trusts the subdomains, as Django's CSRF check does.
        scheme, _, rest = entry.partition("://*")
        if rest and origin.startswith(scheme + "://") and origin.endswith(rest):
            return True
    return False


def is_same_origin(scope: dict[str, Any]) -> bool:
    origin = (header(scope, b"origin") or "").lower()
    if not origin:
        return False
    if trusted(origin):
        return True
    host = (header(scope, b"host") or "").lower()
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, allowed_hosts()):
        return False
    return origin == f"{'https' if is_secure(scope) else 'http'}://{host}"


class SameOriginValidator:
    """ASGI middleware: a WebSocket handshake from any other origin is refused (403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not is_same_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
