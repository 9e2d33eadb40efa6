"""Test helpers for the Redis channel layer (rooms/online/layers.py)."""

from __future__ import annotations

import asyncio


async def pump_stopped(layer: object) -> None:
    """Wait for a Redis layer's pump in this loop to end (rooms/online/layers.py: it is never
    cancelled): a message to a socket of no one ends its blocking read, and with no
    receive waiting it stops."""
    pump = getattr(layer, "pump", None)
    if pump is None or pump.task is None or pump.task.done():
        return
    if pump.loop is not asyncio.get_running_loop():
        return
    await layer.send(await layer.new_channel(), {"type": "wake"})
    await asyncio.wait({pump.task}, timeout=2 * layer.brpop_timeout)
