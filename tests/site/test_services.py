"""With DATABASE_URL and REDIS_URL set (as in CI), the real services are in use."""

import os
import uuid

import pytest
import redis
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer
from django.conf import settings
from django.db import connection

# CI sets CI_SERVICES=1: there, skipping would hide a misconfiguration, so fail instead.
REQUIRED = os.environ.get("CI_SERVICES") == "1"


def needs(variable: str) -> None:
    if not os.environ.get(variable):
        if REQUIRED:
            pytest.fail(f"{variable} must be set when CI_SERVICES=1")
        pytest.skip(f"{variable} is not set: the default service is in use")


@pytest.mark.django_db
def test_database_url_connects_to_postgresql():
    needs("DATABASE_URL")

    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()

    assert connection.vendor == "postgresql"
    assert version.startswith("PostgreSQL")


async def test_channel_layer_messages_go_through_redis():
    needs("REDIS_URL")
    layer = get_channel_layer()
    assert isinstance(layer, RedisChannelLayer)
    channel = await layer.new_channel()
    marker = uuid.uuid4().hex

    await layer.send(channel, {"type": "probe", "marker": marker})
    # The message sits in Redis itself, where another process could read it.
    client = redis.Redis.from_url(settings.REDIS_URL)
    queued = [
        key for key in client.scan_iter(match=f"{layer.prefix}*") if client.type(key) != b"none"
    ]
    assert queued
    received = await layer.receive(channel)

    assert received == {"type": "probe", "marker": marker}
    client.close()
    await layer.flush()
