"""The site's own 503 pages: the database gone (restarting, failing over), or every
pooled connection busy (the site overloaded: config/settings.py, DATABASE_POOL).

A view that finds the database gone raises OperationalError or InterfaceError: as a
500 each was a traceback in the log, dozens a second during an outage (issue 26). Here
it is the 503 page, with Retry-After, and one warning per outage (rooms.online.outage, which
also tells when the database is back: at the first request, or room call, whose
statements went through). A request that waited DATABASE_POOL_TIMEOUT seconds for a
connection gets the "busy" wording of the same page (issue 42), and the log one
warning per episode. The same holds when the error comes from outside the view (a
session saved after it): handler500 below answers it.
"""

from __future__ import annotations

import sys
import time

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.deprecation import MiddlewareMixin
from django.views.defaults import server_error as django_server_error

from rooms.online import outage
from rooms.online.outage import BUSY, DATABASE, DATABASE_ERRORS, Statements

RETRY_AFTER_SECONDS = 5
# The page without the site's layout, should even that fail to render.
PLAIN = "The site is briefly unavailable — try again in a moment."


def unavailable(request: HttpRequest, busy: bool = False) -> HttpResponse:
    try:
        response = render(request, "503.html", {"busy": busy}, status=503)
    except DATABASE_ERRORS:
        response = HttpResponse(PLAIN, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    # Told once per outage (rooms.online.outage), not as one "Service Unavailable" error line
    # a request by django.request.
    response._has_been_logged = True
    return response


def answer(request: HttpRequest, error: BaseException) -> HttpResponse:
    """The 503 page for a database error, told to the outage it belongs to."""
    outage.failed(error)
    return unavailable(request, busy=outage.pool_exhausted(error))


class DatabaseUnavailable(MiddlewareMixin):
    # Sync only: under ASGI it then runs in the view's thread, whose connection the
    # execute wrapper must watch (the views are sync: no extra hop).
    async_capable = False

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not (DATABASE.lost or BUSY.lost):  # the usual case: nothing watched
            return self.get_response(request)
        started, statements = time.monotonic(), Statements()
        with connection.execute_wrapper(statements):
            response = self.get_response(request)
        if statements.ran and response.status_code != 503:
            outage.succeeded(started)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_ERRORS):
            return None
        return answer(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a database error raised outside the view (a middleware's, such as the
    session's save) is the 503 page too; anything else the site's 500 page."""
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_ERRORS):
        return answer(request, error)
    return django_server_error(request)
