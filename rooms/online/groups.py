"""The channel layer's groups a room's socket belongs to (rooms.online.notify names
them): joined on hello, renewed on pings, left on disconnect, each with what a failure
of the layer leaves behind (mixed into rooms.online.consumers.RoomConsumer)."""

from __future__ import annotations

import asyncio
import logging
import time

from rooms.online.layers import TRANSPORT_ERRORS
from rooms.online.notify import room_group, seat_group, watch_group

# A socket renews its groups in the channel layer this often (on a ping), so that the
# layer's group_expiry (config/settings.py) can be minutes: an entry whose disconnect
# failed is gone after that, since nothing renews it.
GROUP_RENEW_SECONDS = 60
# A disconnect's leaving of the groups is tried this often before it is left to expire.
LEAVE_TRIES = 3

logger = logging.getLogger(__name__)


class Groups:
    """`self` is the RoomConsumer."""

    groups_renewed = 0.0

    def own_groups(self) -> list[str]:
        groups = [room_group(self.code)]
        if self.seat is not None:
            groups.append(seat_group(self.code, self.seat.number))
        if self.watching:
            groups.append(watch_group(self.code))
        return groups

    async def renew_groups(self) -> None:
        now = time.monotonic()
        if now - self.groups_renewed > GROUP_RENEW_SECONDS:
            for group in self.own_groups():
                await self.channel_layer.group_add(group, self.channel_name)
            self.groups_renewed = now

    async def leave(self, group: str) -> None:
        for attempt in range(LEAVE_TRIES):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
                return
            except TRANSPORT_ERRORS as error:
                if attempt == LEAVE_TRIES - 1:
                    logger.warning("Room %s: leaving %s failed (%r)", self.code, group, error)
                else:
                    await asyncio.sleep(0.2 * (attempt + 1))

    async def leave_groups(self, withdrawn: bool) -> None:
        """Leave every group of this socket, then tell the room a seat left (and withdrew
        its request for a new round, when `withdrawn`)."""
        for group in self.own_groups():
            await self.leave(group)
        if self.seat is not None:
            news = [{"type": "room.presence"}]
            if withdrawn:
                news.append({"type": "room.consent", "left": True})
            try:
                for event in news:
                    await self.channel_layer.group_send(room_group(self.code), event)
            except TRANSPORT_ERRORS as error:
                # The other page learns of the absence from its next ping, and of the
                # withdrawn request when it next asks or is sent the state.
                logger.warning("Room %s: telling of the leave failed (%r)", self.code, error)
