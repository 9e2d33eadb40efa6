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

A cancelled receive ends for sure (receive_for_good): Python 3.11's wait_for, which
redis-py runs every command under, could swallow the cancellation and leave a closing
consumer waiting forever (issue 26).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from channels.exceptions import ChannelFull
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
# How long a cancelled receive is waited for: cancelled again and again meanwhile, it
# ends within a round trip to Redis; one that does not is left to end on its own.
CANCEL_WAIT = 2.0
CANCEL_EVERY = 0.005

# A process's sockets share one inbox in Redis, and channels-redis takes one message
# from it at a time, with four round trips each (the backup's cleanup, BZPOPMIN, the
# backup, its cleaning), one after the other: under load that chain, not the CPU, set
# how fast a process could take its messages, and they queued in Redis for seconds
# (issue 12: 1.25 s of a 1.26 s push at 200 rooms). So a receive takes all that is
# waiting, up to BATCH, in one round trip.
BATCH = 100
# The original's cleanup first (a batch whose receive was cancelled goes back to the
# front of the inbox), then the oldest messages, kept in the backup until the process
# has them: nothing is lost when the caller is cancelled while waiting for the answer.
BATCH_SCRIPT = """
local backed_up = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = #backed_up, 1, -2 do
    redis.call('ZADD', KEYS[1], backed_up[i], backed_up[i - 1])
end
redis.call('DEL', KEYS[2])
local popped = redis.call('ZPOPMIN', KEYS[1], ARGV[1])
for i = 1, #popped, 2 do
    redis.call('ZADD', KEYS[2], popped[i + 1], popped[i])
end
return popped
"""


# A send in one round trip where channels-redis makes four, one after the other (the
# expired messages' cleanup, the count against the capacity, the message, the expiry):
# every move online sends one, to the other seat's socket (issue 12).
SEND_SCRIPT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, ARGV[3])
if redis.call('ZCOUNT', KEYS[1], '-inf', '+inf') >= tonumber(ARGV[4]) then
    return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


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

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """channels-redis's send, in one round trip: the same keys, expiry and capacity
        (ChannelFull when the channel is full)."""
        assert isinstance(message, dict), "message is not a dict"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        assert "__asgi_channel__" not in message
        name = channel
        if "!" in channel:  # a process's socket: its inbox, the socket named inside
            message = {**message, "__asgi_channel__": channel}
            name = self.non_local_name(channel)
            index = self.consistent_hash(channel)
        else:
            index = next(self._send_index_generator)
        now = time.time()
        sent = await self.connection(index).eval(
            SEND_SCRIPT, 1, self.prefix + name, self.serialize(message), now,
            int(now) - int(self.expiry), self.get_capacity(channel), int(self.expiry),
        )  # fmt: skip
        if not sent:
            raise ChannelFull()

    async def receive_single(self, channel: str) -> tuple[Any, dict[str, Any]]:
        """The next message of a process's inbox, and every other one waiting there (up
        to BATCH) put in its socket's buffer, in order. With nothing waiting, the
        original's blocking wait for one."""
        if "!" not in channel:
            return await super().receive_single(channel)
        index = self.consistent_hash(channel)
        channel_key = self.prefix + channel
        backup = self._backup_channel_name(channel_key)
        await self.receive_clean_locks.acquire(channel_key)
        try:
            popped = await self.connection(index).eval(BATCH_SCRIPT, 2, channel_key, backup, BATCH)
        except BaseException:
            self.receive_clean_locks.release(channel_key)
            raise
        if not popped:
            self.receive_clean_locks.release(channel_key)
            return await super().receive_single(channel)
        # The batch is in this process now: its backup is cleaned by a task of its own
        # (which a cancelled receive cannot skip), and the next receive waits for it.
        cleaner = asyncio.ensure_future(self.connection(index).delete(backup))
        self.receive_cleaners.append(cleaner)

        def cleaned(task: asyncio.Future) -> None:
            self.receive_cleaners.remove(task)
            self.receive_clean_locks.release(channel_key)

        cleaner.add_done_callback(cleaned)
        unpacked = [self._unpack(member, channel) for member in popped[0::2]]
        # All but the last into their buffers here, the last by the caller
        # (RedisChannelLayer.receive), after them: each socket's messages stay in order.
        for target, message in unpacked[:-1]:
            for name in target if isinstance(target, list) else [target]:
                self.receive_buffer[name].put_nowait(message)
        return unpacked[-1]

    def _unpack(self, member: bytes, channel: str) -> tuple[Any, dict[str, Any]]:
        """(the channel or channels it is for, the message), as receive_single gives it."""
        message = self.deserialize(member)
        if "__asgi_channel__" in message:
            channel = message.pop("__asgi_channel__")
        return channel, message

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message; `{"type": "layer.lost"}` when Redis failed meanwhile.

        Redis keeps the group memberships, and a restarted Redis has forgotten them, so a
        consumer cannot just wait on: it is told (`layer_lost`) and closes its socket,
        and the page's reconnect joins the groups again.
        """
        try:
            return await self.receive_for_good(channel)
        except TRANSPORT_ERRORS as error:
            logger.warning("Channel layer lost (%s: %s)", type(error).__name__, error)
            await self.drop_connections()
            await asyncio.sleep(LOST_PAUSE)
            return dict(LOST)

    async def receive_for_good(self, channel: str) -> dict[str, Any]:
        """channels-redis's receive in a task of its own, which a cancelled caller
        cancels for good.

        redis-py 8 sends every command under `asyncio.wait_for(…, socket_timeout)`, and
        Python 3.11's wait_for returns the result instead of raising when it is
        cancelled the moment its command completes: the cancelled receive then waits
        on, for a message its consumer (closing) will never get, and Channels waits
        for it forever (issue 26: sockets left open after their `hello`). Here the
        caller waits on `asyncio.wait`, which always raises when cancelled, and the
        receive is cancelled again until it ends (or CANCEL_WAIT has passed).
        Channels cancels a receive only when its consumer ends, so a message the
        receive got at that moment goes with it, as channels-redis drops the buffer
        of a cancelled receive anyway.
        """
        receiving = asyncio.ensure_future(super().receive(channel))
        try:
            await asyncio.wait({receiving})
        except asyncio.CancelledError:
            await cancel_for_good(receiving)
            raise
        return receiving.result()

    async def drop_connections(self) -> None:
        """Forget this loop's pooled connections: after a Redis restart each of them
        would fail once more, and the next page to connect would be closed again."""
        loop_layer = self._layers.get(asyncio.get_running_loop())
        if loop_layer is not None:
            with contextlib.suppress(*TRANSPORT_ERRORS):
                await loop_layer.flush()


async def cancel_for_good(task: asyncio.Future) -> None:
    """Cancel `task` until it is done (each cancel may be swallowed, see
    receive_for_good), waiting at most CANCEL_WAIT; its outcome is retrieved, so
    that asyncio logs no "exception was never retrieved"."""
    deadline = time.monotonic() + CANCEL_WAIT
    while not task.done() and time.monotonic() < deadline:
        task.cancel()
        # Shielded from this caller's own cancellation: the caller is cancelled
        # already, and a second cancel must not leave the task behind.
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(asyncio.wait({task}, timeout=CANCEL_EVERY))
    if not task.done():
        logger.warning("A cancelled channel-layer receive did not end in %s s", CANCEL_WAIT)
        task.add_done_callback(retrieve)
        return
    retrieve(task)


def retrieve(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()
