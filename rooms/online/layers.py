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

A process's sockets wait on buffers that one pump per process fills from Redis (Pump):
a closing socket's cancelled receive then never cuts a round trip short (issue 26).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
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
CLOSED_KEPT = 10_000

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

    async def receive_batch(self, channel: str) -> list[tuple[Any, dict[str, Any]]]:
        """The next messages of a process's inbox: every one waiting there (up to
        BATCH), in order, or with nothing waiting the original's blocking wait for one."""
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
            return [await super().receive_single(channel)]
        # The batch is in this process now: its backup is cleaned by a task of its own,
        # and the next receive waits for it.
        cleaner = asyncio.ensure_future(self.connection(index).delete(backup))
        self.receive_cleaners.append(cleaner)

        def cleaned(task: asyncio.Future) -> None:
            self.receive_cleaners.remove(task)
            self.receive_clean_locks.release(channel_key)
            if not task.cancelled():
                task.exception()  # retrieved: see _clean_receive_backup

        cleaner.add_done_callback(cleaned)
        return [self._unpack(member, channel) for member in popped[0::2]]

    async def _clean_receive_backup(self, index: int, channel: str) -> None:
        """The original's, quiet when Redis is lost meanwhile: nothing waits for this
        task, so its error was logged as "Task exception was never retrieved" whenever
        the task happened to be collected (on Python 3.11, in the middle of a parse: a
        SystemError). The backup goes back to the inbox at the next receive, as before.
        """
        with contextlib.suppress(*TRANSPORT_ERRORS):
            await super()._clean_receive_backup(index, channel)

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

        A socket's receive only waits for its buffer, which the process's pump fills
        (see Pump): a cancelled receive (its consumer closing) then never interrupts a
        round trip to Redis.
        """
        if "!" not in channel:
            try:
                return await super().receive(channel)
            except TRANSPORT_ERRORS as error:
                logger.warning("Channel layer lost (%s: %s)", type(error).__name__, error)
                await self.drop_connections()
                await asyncio.sleep(LOST_PAUSE)
                return dict(LOST)
        assert self.require_valid_channel_name(channel)
        inbox = self.non_local_name(channel)
        assert inbox.endswith(self.client_prefix + "!"), "Wrong client prefix"
        pump = self.pump_for(inbox)
        pump.listen(channel)
        try:
            return await self.receive_buffer[channel].get()
        except asyncio.CancelledError:
            # Channels cancels a receive when its consumer ends: the socket is gone.
            pump.forget(channel)
            raise
        finally:
            pump.waiting -= 1

    def pump_for(self, inbox: str) -> Pump:
        loop = asyncio.get_running_loop()
        pump = getattr(self, "pump", None)
        if pump is not None and pump.loop is not loop:
            if not pump.loop.is_closed():
                raise RuntimeError(
                    "Two event loops are trying to receive() on one channel layer at once!"
                )
            pump = None  # a finished test's loop: its sockets are gone with it
        if pump is None:
            self.receive_buffer.clear()
            pump = self.pump = Pump(self, inbox, loop)
        return pump

    async def drop_connections(self) -> None:
        """Forget this loop's pooled connections: after a Redis restart each of them
        would fail once more, and the next page to connect would be closed again."""
        loop_layer = self._layers.get(asyncio.get_running_loop())
        if loop_layer is not None:
            with contextlib.suppress(*TRANSPORT_ERRORS):
                await loop_layer.flush()


class Pump:
    """Takes a process's messages from its inbox in Redis into its sockets' buffers,
    in a task of its own, while a socket waits for one.

    channels-redis lets each socket's receive take its turn at the inbox, so a socket
    closing cancelled whatever round trip its receive was in for everyone: Python
    3.11's wait_for (which redis-py sends every command under) could swallow that
    cancellation and keep the closing consumer waiting forever (issue 26), and a batch
    cancelled on its way back, with the other sockets' messages in it, waited in the
    backup until the next round trip, up to brpop_timeout later (a friend told of the
    leave 5 s late). Here no socket's receive touches Redis, and nothing cancels the
    pump.
    """

    def __init__(
        self, layer: RedisChannelLayer, inbox: str, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.layer, self.inbox, self.loop = layer, inbox, loop
        self.sockets: set[str] = set()  # told when Redis is lost
        self.waiting = 0  # receives waiting now
        # Sockets that closed (the latest CLOSED_KEPT): messages still on their way to
        # them go. A socket not heard of yet keeps its messages, as in channels-redis.
        self.closed: OrderedDict[str, None] = OrderedDict()
        self.task: asyncio.Task | None = None

    def listen(self, channel: str) -> None:
        self.sockets.add(channel)
        self.waiting += 1
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self.run())

    def forget(self, channel: str) -> None:
        self.sockets.discard(channel)
        self.layer.receive_buffer.pop(channel, None)
        self.closed[channel] = None
        if len(self.closed) > CLOSED_KEPT:
            self.closed.popitem(last=False)

    async def run(self) -> None:
        # Never cancelled (a round trip cut short is what went wrong): with no receive
        # waiting it ends after its round trip (at most brpop_timeout), or goes on for
        # a receive that comes meanwhile. Messages that come while it is not running
        # wait in Redis for the next one.
        me = asyncio.current_task()
        # A cancel (only the event loop's closing sends one) that redis-py's wait_for
        # swallowed still counts in cancelling(): the pump ends all the same.
        while self.waiting and not (me is not None and me.cancelling()):
            try:
                batch = await self.layer.receive_batch(self.inbox)
            except TRANSPORT_ERRORS as error:
                if me is not None and me.cancelling():
                    raise asyncio.CancelledError from error  # the loop is closing
                logger.warning("Channel layer lost (%s: %s)", type(error).__name__, error)
                await self.lost()
                continue
            except Exception:
                # A program error here would leave every socket waiting: logged, and the
                # sockets told to reconnect, as for a lost Redis.
                logger.exception("The channel layer's pump failed")
                await self.lost()
                continue
            for target, message in batch:
                for name in target if isinstance(target, list) else [target]:
                    if name not in self.closed:
                        self.layer.receive_buffer[name].put_nowait(message)

    async def lost(self) -> None:
        if not self.waiting:
            return  # the next receive's pump finds out, and tells
        await self.layer.drop_connections()
        await asyncio.sleep(LOST_PAUSE)
        for name in self.sockets:
            self.layer.receive_buffer[name].put_nowait(dict(LOST))
