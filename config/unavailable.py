"""The site's own 503 page while the database is gone (restarting, failing over).

A view that finds the database gone raises OperationalError or InterfaceError: as a
500 each was a traceback in the log, dozens a second during an outage (issue 26). Here
it is the 503 page, with Retry-After, and one warning per outage (rooms.online.outage, which
also tells when the database is back: at the first request, or room call, whose
statements went through).
"""

from __future__ import annotations

import time

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin

from rooms.online.outage import DATABASE, DATABASE_ERRORS, Statements

RETRY_AFTER_SECONDS = 5
# The page without the site's layout, should even that fail to render.
PLAIN = "The site is briefly unavailable — try again in a moment."


def unavailable(request: HttpRequest) -> HttpResponse:
    try:
        response = render(request, "503.html", status=503)
    except DATABASE_ERRORS:
        response = HttpResponse(PLAIN, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    # Told once per outage (rooms.online.outage), not as one "Service Unavailable" error line
    # a request by django.request.
    response._has_been_logged = True
    return response


class DatabaseUnavailable(MiddlewareMixin):
    # Sync only: under ASGI it then runs in the view's thread, whose connection the
    # execute wrapper must watch (the views are sync: no extra hop).
    async_capable = False

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not DATABASE.lost:  # the usual case: nothing watched
            return self.get_response(request)
        started, statements = time.monotonic(), Statements()
        with connection.execute_wrapper(statements):
            response = self.get_response(request)
        if statements.ran and response.status_code != 503:
            DATABASE.succeeded(started)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_ERRORS):
            return None
        DATABASE.failed(exception)
        return unavailable(request)
