"""One room socket's state, all of it in one object (`Connection`), and what the
handlers of its frames and events may use of the socket (`Socket`): the consumer
(rooms.online.consumers.RoomConsumer) is one, and the handlers in rooms.online.push,
rooms.online.watchers and rooms.online.groups take it as their first argument."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from gamekit.engine import IllegalAction
    from rooms.errors import Names, RoomError
    from rooms.models import Room, Seat
    from rooms.online.flood import TokenBucket
    from rooms.online.protocol import Outgoing


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
    """A room's socket as its handlers see it."""

    conn: Connection
    channel_name: str
    channel_layer: Any

    async def send_json(self, message: Outgoing) -> None: ...

    async def send_frame(self, version: int | None, text: str) -> None:
        """A message's text; `version` when it is a `state`."""

    async def refuse(self, error: RoomError | IllegalAction, names: Names | None = None) -> None:
        """An `error`, which changes nothing."""

    async def stop(self, kind: str, error: RoomError | None, close_code: int) -> None:
        """Tell the page why, then close for good (it does not reconnect)."""

    async def retry(self, error: RoomError) -> None:
        """Tell the page why and close with a code it reconnects after at once."""
