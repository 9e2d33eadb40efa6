"""One room socket's state, all of it in one object (`Connection`), what its handlers
may use of the socket (`Socket`: the consumer, rooms.online.consumers.RoomConsumer, is
one; the handlers in rooms.online.consumers, push, watching and groups take it as
their first argument), and the sending of every message a socket sends (`send`,
`send_text`, `refuse`, `stop`, `retry`)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from autobahn.exception import Disconnected

from gamekit.engine import IllegalAction
from rooms.errors import Names, RoomError, describe
from rooms.online import protocol
from rooms.online.protocol import Outgoing

if TYPE_CHECKING:
    from rooms.models import Room, Seat
    from rooms.online.flood import TokenBucket


@dataclass(slots=True)
class Connection:
    """What one socket knows of its page: the room (None until found), the seat (None
    until a seat's `hello`) or `watching`; `stopped` once it has told the page to stop
    or to reconnect (nothing more is sent then); the page's `language`, activated on
    the socket's first message; the version of the last `state` sent (a push of it or
    of an older one is not resent); when the seat's page last marked the room active
    (`touched`) and when its groups were last renewed (time.monotonic()); its rate
    (`bucket`, and whether the page was told of a flood)."""

    code: str = ""
    room: Room | None = None
    seat: Seat | None = None
    watching: bool = False
    stopped: bool = False
    language: str | None = None
    sent_version: int = -1
    touched: float = 0.0
    groups_renewed: float = 0.0
    bucket: TokenBucket | None = None  # made on connect
    rate_warned: bool = False


class Socket(Protocol):
    """A room's socket as its handlers see it: its state, its names in the channel
    layer, and Channels' own sending and closing (which only this module calls)."""

    conn: Connection
    channel_name: str
    channel_layer: Any

    async def send(self, text_data: str | None = None) -> None: ...

    async def close(self, code: int | None = None) -> None: ...


# --- Sending: every message a socket sends goes through here -------------------------


async def send(socket: Socket, message: Outgoing) -> None:
    version = message["version"] if message["type"] == "state" else None
    await send_text(socket, version, protocol.encode(message))


async def send_text(socket: Socket, version: int | None, text: str) -> None:
    """Send a message's text; `version` when it is a `state`, not to be resent."""
    if version is not None:
        socket.conn.sent_version = max(socket.conn.sent_version, version)
    # The page may have closed while this was on its way (daphne's autobahn raises,
    # with a traceback in the log); its disconnect handler follows.
    with contextlib.suppress(Disconnected):
        await socket.send(text_data=text)


async def refuse(
    socket: Socket, error: RoomError | IllegalAction, names: Names | None = None
) -> None:
    """An `error`, which changes nothing."""
    await send(socket, protocol.error(error, names))


async def stop(socket: Socket, kind: str, error: RoomError | None, close_code: int) -> None:
    """Tell the page why, then close for good (the page does not reconnect)."""
    socket.conn.stopped = True
    message: dict[str, Any] = {"type": kind}
    if error is not None:
        message |= describe(error)
    await send(socket, message)  # type: ignore[arg-type]
    await socket.close(code=close_code)


async def retry(socket: Socket, error: RoomError) -> None:
    """Tell the page why and close with a code it reconnects after at once."""
    if not socket.conn.stopped:
        socket.conn.stopped = True
        await send(socket, {"type": "retry", **describe(error)})  # type: ignore[typeddict-item]
        await socket.close(code=protocol.CLOSE_RETRY)
