"""The Redis channel layer as the site runs it.

channels-redis, with one change: when Redis fails (restarted, unreachable), a consumer
waiting for messages is told with a `layer.lost` message instead of dying with 1011
and a traceback; it closes its socket with a code that the page retries after.

Its connection settings live in config/settings.py. channels-redis waits for messages
with a blocking BZPOPMIN of `brpop_timeout` (5 s); redis-py 8 gave every connection a
default `socket_timeout` of 5 s too, so every idle wait timed out and closed the
socket. The settings give a longer read timeout, and tests/rooms/test_layers.py keeps
the two apart across upgrades. The settings also size the connection pool (which waits
here instead of failing) and each process's inbox for thousands of sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from channels_redis.core import RedisChannelLayer as BaseRedisChannelLayer
from redis.asyncio import BlockingConnectionPool
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# How long a consumer waits after Redis failed before it is told (so that a Redis
# restart does not make every consumer spin).
LOST_PAUSE = 1.0
# Errors of the transport, not of the program: Redis restarted, unreachable or slow.
TRANSPORT_ERRORS = (RedisError, OSError)
LOST = {"type": "layer.lost"}


class RedisChannelLayer(BaseRedisChannelLayer):
    def create_pool(self, index: int) -> BlockingConnectionPool:
        """A pool that makes a caller wait for a free connection (up to the host's
        `timeout`) where redis-py's default pool fails at once with "Too many
        connections": hundreds of sockets closing together failed their disconnects
        and left group entries behind (issue 12)."""
        host = dict(self.hosts[index])
        if "address" not in host:
            return super().create_pool(index)
        return BlockingConnectionPool.from_url(host.pop("address"), **host)

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message; `{"type": "layer.lost"}` when Redis failed meanwhile.

        Redis keeps the group memberships, and a restarted Redis has forgotten them, so a
        consumer cannot just wait on: it is told (`layer_lost`) and closes its socket,
        and the page's reconnect joins the groups again.
        """
        try:
            return await super().receive(channel)
        except TRANSPORT_ERRORS as error:
            logger.warning("Channel layer lost (%s: %s)", type(error).__name__, error)
            await self.drop_connections()
            await asyncio.sleep(LOST_PAUSE)
            return dict(LOST)

    async def drop_connections(self) -> None:
        """Forget this loop's pooled connections: after a Redis restart each of them
        would fail once more, and the next page to connect would be closed again."""
        loop_layer = self._layers.get(asyncio.get_running_loop())
        if loop_layer is not None:
            with contextlib.suppress(*TRANSPORT_ERRORS):
                await loop_layer.flush()
