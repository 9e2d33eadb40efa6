"""The board's draft form as the tests post it: each field a JSON value, as the board
renders it (tiles/board.py) and board.js fills it in; the answer is the draft area."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from django.http import HttpResponse
from django.test import Client

URL = "/tiles/draft/"
VERDICT = re.compile(r'id="tiles-verdict" hidden data-verdict="([^"]*)"')


def post_draft(client: Client, fields: dict[str, Any], **headers: str) -> HttpResponse:
    """POST the form; a str value is sent as it is (garbage), anything else as JSON."""
    data = {
        name: value if isinstance(value, str) else json.dumps(value)
        for name, value in fields.items()
    }
    return client.post(URL, data, HTTP_HX_REQUEST="true", **headers)


def verdict(response: HttpResponse) -> dict[str, Any]:
    """The verdict board.js reads from the answer: table, valid, changed, edits."""
    found = VERDICT.search(response.content.decode())
    assert found, "the answer holds no verdict"
    return json.loads(unescape(found.group(1)))


def rack_of(response: HttpResponse) -> list[str]:
    """The codes of the rack in the answer, in order."""
    html = response.content.decode()
    rack = html[html.index('class="tiles-rack"') :]
    return re.findall(r'data-code="([^"]+)"', rack)
