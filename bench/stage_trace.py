"""Where a game action's time goes inside daphne: `bench/ws_load.py --trace`.

Installed by bench/relay.py when WS_LOAD_TRACE is set (never in the site): the room
socket's methods are wrapped so that each `state` push carries a `trace` of
time.perf_counter() stamps (CLOCK_MONOTONIC, the same clock in the client's process on
this machine), one per stage of the action that made it:

- `in`: the action's frame reached the consumer (`receive`)
- `db0` / `db1`: `rooms.online.store.commit_action` started / ended on its database thread
- `gs0`: back on the event loop, the push sent to the layer (`send` or `group_send`)
- `ev`: the room event reached this seat's consumer (`push.on_changed`)
- `out`: the seat's message rendered, about to be sent

The client adds the send before `in` and the arrival after `out` (ws_load.stages).
"""

from __future__ import annotations

import contextvars
import time
from typing import Any

_frame_in: contextvars.ContextVar[float | None] = contextvars.ContextVar("frame_in", default=None)


def install() -> None:
    from rooms.models import Room
    from rooms.online import connection, consumers, push, store
    from rooms.online.consumers import RoomConsumer
    from rooms.online.layers import RedisChannelLayer

    receive = RoomConsumer.receive
    commit_action = store.commit_action
    group_send = RedisChannelLayer.group_send
    send = RedisChannelLayer.send
    room_changed = push.on_changed
    send_json = connection.send

    async def traced_receive(self, text_data=None, bytes_data=None) -> None:
        # Set in the socket's task; the database call copies the context to its thread.
        _frame_in.set(time.perf_counter())
        await receive(self, text_data, bytes_data)

    def traced_commit_action(
        room: Room, seat: int, version: object, action: object
    ) -> store.Outcome:
        started = time.perf_counter()
        outcome = commit_action(room, seat, version, action)
        if isinstance(outcome, store.Done):
            committed = outcome.committed
            committed.pushed = {
                **committed.pushed,
                "trace": {"in": _frame_in.get(), "db0": started, "db1": time.perf_counter()},
            }
        return outcome

    def sent(message: dict[str, Any]) -> dict[str, Any]:
        if "trace" in message:
            message = {**message, "trace": {**message["trace"], "gs0": time.perf_counter()}}
        return message

    async def traced_group_send(self, group: str, message: dict[str, Any]) -> None:
        await group_send(self, group, sent(message))

    async def traced_send(self, channel: str, message: dict[str, Any]) -> None:
        await send(self, channel, sent(message))

    async def traced_room_changed(self, event: dict[str, Any], state: Any = None) -> None:
        if "trace" in event:
            self.trace = {**event["trace"], "ev": time.perf_counter()}
        try:
            await room_changed(self, event, state)
        finally:
            self.trace = None

    async def traced_send_json(self, socket: Any, message: dict[str, Any]) -> None:
        trace = getattr(socket, "trace", None)
        if trace and message.get("type") == "state":
            message = {**message, "trace": {**trace, "out": time.perf_counter()}}
        await send_json(socket, message)

    RoomConsumer.receive = traced_receive
    store.commit_action = traced_commit_action
    RedisChannelLayer.group_send = traced_group_send
    RedisChannelLayer.send = traced_send
    # The acting socket's own push (push.on_changed, looked up when called) and the
    # other seat's (the consumer's table of events).
    push.on_changed = consumers.EVENTS["room.changed"] = traced_room_changed
    connection.send = traced_send_json
