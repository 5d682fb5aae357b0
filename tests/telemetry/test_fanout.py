"""Live fan-out between server processes through Redis pub/sub (IOTYUN_REDIS_URL): an event published by one
process's hub reaches the subscribers of another's. With CI=true Redis must answer."""

import asyncio
import socket

import pytest

from iotyun.telemetry.realtime import Hub, LatestCache, Subscriber
from tests.conftest import CI

REDIS = ("127.0.0.1", 6379)


def redis_url() -> str:
    try:
        with socket.create_connection(REDIS, timeout=1):
            return "redis://127.0.0.1:6379/0"
    except OSError:
        if CI:
            pytest.fail("Redis at 127.0.0.1:6379 does not answer, and CI=true requires it")
        pytest.skip("Redis at 127.0.0.1:6379 does not answer; the fan-out test is skipped")


async def test_events_cross_processes_through_redis() -> None:
    url = redis_url()
    one, two = Hub(LatestCache(), url), Hub(LatestCache(), url)
    await one.start()
    await two.start()
    try:
        sub = Subscriber(user_id=1)
        two.subscribe(sub, 42, None)
        await one.publish({"type": "values", "device_id": 42, "values": [{"id": 7, "v": 1.5, "ts": 1, "q": 0}]})
        _, _, message = await asyncio.wait_for(sub.queue.get(), 5)
        assert '"v":1.5' in message
        assert two.cache.get(42)[7] == (1.5, 1, 0) and one.cache.get(42)[7] == (1.5, 1, 0)
        await two.publish({"type": "state", "device_id": 42, "dev_state": 2, "ts": 5})
        assert '"dev_state":2' in (await asyncio.wait_for(sub.queue.get(), 5))[2]
    finally:
        await one.stop()
        await two.stop()


async def test_without_redis_events_stay_in_process() -> None:
    hub = Hub(LatestCache())
    await hub.start()
    sub = Subscriber(user_id=1)
    hub.subscribe(sub, 1, frozenset({7}))
    await hub.publish(
        {
            "type": "values",
            "device_id": 1,
            "values": [{"id": 7, "v": 1, "ts": 1, "q": 0}, {"id": 8, "v": 2, "ts": 1, "q": 0}],
        }
    )
    _, _, message = sub.queue.get_nowait()
    assert '"id":7' in message and '"id":8' not in message  # narrowed to the subscribed source
    await hub.stop()
