"""Live fan-out between server processes through Redis pub/sub (IOTYUN_REDIS_URL): an event published by one
process's hub reaches the subscribers of another's. With CI=true Redis must answer."""

import asyncio
import socket

import pytest

from iotyun.core.access import AccessChange
from iotyun.telemetry.realtime import Hub, LatestCache, Subscriber, channel_for
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


async def test_redis_databases_keep_their_events_apart() -> None:
    """Redis pub/sub ignores database numbers: the hub's channel carries the database of IOTYUN_REDIS_URL, so servers
    on another database of the same Redis (another deployment, another test run) do not hear these events."""
    url = redis_url()
    assert channel_for(0) == "iotyun:rtd" and channel_for(13) == "iotyun:rtd:13"
    here, there = Hub(LatestCache(), url.rsplit("/", 1)[0] + "/13"), Hub(LatestCache(), url.rsplit("/", 1)[0] + "/14")
    await here.start()
    await there.start()
    try:
        near, far = Subscriber(user_id=1), Subscriber(user_id=1)
        here.subscribe(near, 42, None)
        there.subscribe(far, 42, None)
        await here.publish({"type": "values", "device_id": 42, "values": [{"id": 7, "v": 2.5, "ts": 1, "q": 0}]})
        assert '"v":2.5' in (await asyncio.wait_for(near.queue.get(), 5))[2]
        await there.publish({"type": "state", "device_id": 42, "dev_state": 2, "ts": 5})  # there's own events flow
        assert '"dev_state":2' in (await asyncio.wait_for(far.queue.get(), 5))[2]
        assert near.queue.empty() and there.cache.get(42) == {}
    finally:
        await here.stop()
        await there.stop()


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


async def test_access_changes_cross_processes_through_redis() -> None:
    """A right ended in one process pauses the matching sockets of another at once (they re-check before sending)."""
    url = redis_url()
    one, two = Hub(LatestCache(), url), Hub(LatestCache(), url)
    await one.start()
    await two.start()
    try:
        watcher = Subscriber(user_id=7, tenant_id=3, token_id=70)
        bystander = Subscriber(user_id=8, tenant_id=4, token_id=80)
        two.add(watcher)
        two.add(bystander)
        two.subscribe(watcher, 42, None)
        two.subscribe(bystander, 43, None)
        one.access_changed(AccessChange(devices=frozenset({42})))
        await asyncio.wait_for(watcher.recheck.wait(), 5)
        assert not watcher.resumed.is_set()
        one.access_changed(AccessChange(tokens=frozenset({80})))
        await asyncio.wait_for(bystander.recheck.wait(), 5)
        assert not bystander.resumed.is_set()
        # The process that made the change paused its own matching sockets without waiting for Redis.
        local = Subscriber(user_id=7, tenant_id=3, token_id=71)
        one.add(local)
        one.access_changed(AccessChange(users=frozenset({7})))
        assert local.recheck.is_set() and not local.resumed.is_set()
    finally:
        await one.stop()
        await two.stop()


def test_an_access_change_pauses_only_the_sockets_it_names() -> None:
    hub = Hub(LatestCache())
    mine = Subscriber(user_id=1, tenant_id=1, token_id=10)
    other = Subscriber(user_id=2, tenant_id=2, token_id=20)
    for sub in (mine, other):
        hub.add(sub)
    hub.subscribe(mine, 5, None)
    hub.watch_alarms(other)
    other.readable = frozenset({6})
    for change, paused in [
        (AccessChange(devices=frozenset({5})), {1}),
        (AccessChange(devices=frozenset({6})), {2}),
        (AccessChange(tenants=frozenset({2})), {2}),
        (AccessChange(users=frozenset({1})), {1}),
        (AccessChange(tokens=frozenset({20})), {2}),
        (AccessChange(devices=frozenset({7}), users=frozenset({3})), set()),
    ]:
        for sub in (mine, other):
            sub.recheck.clear()
            sub.resume()
        hub.access_changed(change)
        assert {s.user_id for s in (mine, other) if s.recheck.is_set() and not s.resumed.is_set()} == paused, change
