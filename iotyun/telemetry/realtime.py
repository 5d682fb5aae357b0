"""Latest values and the live fan-out: ingest events reach every WebSocket that subscribed, in this process or, with
IOTYUN_REDIS_URL, in every server process (Redis pub/sub)."""

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

import orjson

from iotyun.core.access import AccessChange
from iotyun.core.tasks import STOP_WITHIN_S, Worker, run_eagerly
from iotyun.telemetry.ws_schemas import BrandMessage, InboxMessage, hub_event

log = logging.getLogger("iotyun.telemetry.realtime")

# A client with more undelivered messages than this is dropped (docs/api-telemetry.md): it reconnects and gets a
# fresh snapshot, and never slows the others.
QUEUE_LIMIT = 1000
# The Redis pub/sub channel of the hub. Redis pub/sub ignores database numbers (a message published while on
# database 3 reaches subscribers on database 0), so a database other than 0 in IOTYUN_REDIS_URL is added to the
# name: deployments (or test runs) sharing one Redis on different databases do not hear each other's events.
CHANNEL = "iotyun:rtd"


def channel_for(db: int) -> str:
    """The hub's channel for Redis database `db` (0 keeps the plain name, as before)."""
    return f"{CHANNEL}:{db}" if db else CHANNEL


Value = tuple[Any, int, int]  # (value, ts, quality)


class LatestCache:
    """The last value of every data source of every device this process has seen, and each device's state."""

    def __init__(self) -> None:
        self.values: dict[int, dict[int, Value]] = {}
        self.states: dict[int, tuple[int, int]] = {}

    def update(self, device_id: int, values: list[dict[str, Any]]) -> None:
        current = self.values.setdefault(device_id, {})
        for v in values:
            old = current.get(v["id"])
            if old is None or v["ts"] >= old[1]:
                current[v["id"]] = (v["v"], v["ts"], v.get("q", 0))

    def get(self, device_id: int) -> dict[int, Value]:
        return self.values.get(device_id, {})

    def set_state(self, device_id: int, dev_state: int, ts: int) -> None:
        self.states[device_id] = (dev_state, ts)


@dataclass(eq=False)
class Subscriber:
    """One WebSocket client: whose session it is, what it listens to and its bounded queue of encoded messages.

    Each queued message carries the device it is about (None for answers to the client itself) and whether it is
    an alarm: the sender drops a device's values the moment the device leaves `devices`, and its alarms the moment
    it leaves `readable`, so nothing queued before a right ended goes out after it. While `resumed` is clear (an
    access change is being re-checked) nothing is sent."""

    user_id: int
    tenant_id: int = 0
    token_id: int = 0
    # The share link an anonymous socket was opened through (sharing/ws.py); 0 for a console session.
    link_id: int = 0
    devices: dict[int, frozenset[int] | None] = field(default_factory=dict)  # device -> source filter (None: all)
    alarms: bool = False
    # Whether the socket hears that its user's inbox changed (a console session with the inbox's right).
    messages: bool = False
    # The devices this user may read, for alarm pushes (refreshed by the socket handler).
    readable: frozenset[int] = frozenset()
    queue: asyncio.Queue[tuple[int | None, bool, str]] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    dropped: bool = False
    on_drop: Callable[[], None] | None = None
    # How a message goes out at once (the socket's send, run eagerly: core.tasks.run_eagerly) when nothing is queued
    # or being sent before it; None: everything goes through the queue and the socket's sender task.
    direct: Callable[[str], Coroutine[Any, Any, None]] | None = None
    # The sender task holds a message it has not finished sending, or an eager send is still waiting (`inflight`):
    # a new message then queues behind them, so the order holds.
    sending: bool = False
    inflight: asyncio.Task[None] | None = None
    # Access changes seen so far; the socket handler re-checks its rights when this moves.
    epoch: int = 0
    recheck: asyncio.Event = field(default_factory=asyncio.Event)
    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.resumed.set()

    def offer(self, message: str, device_id: int | None = None, alarm: bool = False) -> None:
        if self.dropped:
            return
        if (
            self.direct is not None
            and not self.sending
            and self.inflight is None
            and self.resumed.is_set()
            and self.queue.empty()
        ):
            # The fan-out's hot path: one socket write now instead of a queued message and its task's wake-up.
            if self.may_send(device_id, alarm):
                self.inflight = run_eagerly(self.direct(message))
                if self.inflight is not None:
                    self.inflight.add_done_callback(self._landed)
            return
        try:
            self.queue.put_nowait((device_id, alarm, message))
        except asyncio.QueueFull:
            self.dropped = True
            if self.on_drop is not None:
                self.on_drop()

    def _landed(self, task: "asyncio.Task[None]") -> None:
        if self.inflight is task:
            self.inflight = None

    async def settled(self) -> None:
        """Wait until an eager send still under way has ended (the sender task's messages go after it); its outcome
        is its own (a failed send ends the socket there)."""
        task = self.inflight
        if task is not None and not task.done():
            await asyncio.wait((task,))

    async def pump(self, send: Callable[[str], Awaitable[None]]) -> None:
        """The socket's sender task: sends what queued (messages that came while another was being sent or the
        socket was paused; the rest went out at once through `direct`), in order, until dropped or `send` fails."""
        while True:
            device_id, alarm, message = await self.queue.get()
            self.sending = True
            await self.settled()
            if not self.resumed.is_set():
                await self.resumed.wait()
            if self.dropped:
                return
            if self.may_send(device_id, alarm):
                await send(message)
            self.sending = False

    def may_send(self, device_id: int | None, alarm: bool) -> bool:
        """Whether a queued message about `device_id` may still go out (set lookups: the hot path)."""
        if device_id is None or device_id in self.devices:
            return True
        return alarm and self.alarms and device_id in self.readable

    def matches(self, change: AccessChange) -> bool:
        return (
            self.user_id in change.users
            or self.tenant_id in change.tenants
            or self.token_id in change.tokens
            or self.link_id in change.links
            or any(d in self.devices or d in self.readable for d in change.devices)
        )

    def pause(self) -> None:
        """Hold every send until the handler has re-checked the session and the devices (`resume`)."""
        self.epoch += 1
        self.resumed.clear()
        self.recheck.set()

    def resume(self) -> None:
        self.resumed.set()


class Hub:
    """Routes events (values, state, alarm) to subscribers. publish() goes through Redis when configured, so each
    process delivers what any process ingested; otherwise straight to this process's subscribers. Access changes
    (core.access) travel the same way: this process's sockets pause at once, the others' when Redis brings it."""

    def __init__(self, cache: LatestCache, redis_url: str = "") -> None:
        self.cache = cache
        self.redis_url = redis_url
        self.by_device: dict[int, set[Subscriber]] = {}
        self.alarm_subscribers: set[Subscriber] = set()
        # The sockets that hear their user's inbox changes, by user.
        self.message_subscribers: dict[int, set[Subscriber]] = {}
        self._redis: Any = None
        self.channel = CHANNEL
        self._ready = asyncio.Event()
        self._listener = Worker("iotyun-hub-redis", self._listen)
        self.published = 0
        # Every open socket of this process, for access changes.
        self.clients: set[Subscriber] = set()
        self.origin = uuid.uuid4().hex
        self._forwarding: set[asyncio.Task[None]] = set()

    # --- subscriptions ------------------------------------------------------------------------------------------

    def subscribe(self, sub: Subscriber, device_id: int, sources: frozenset[int] | None) -> None:
        sub.devices[device_id] = sources
        self.by_device.setdefault(device_id, set()).add(sub)

    def unsubscribe(self, sub: Subscriber, device_id: int) -> None:
        sub.devices.pop(device_id, None)
        subs = self.by_device.get(device_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.by_device[device_id]

    def watch_alarms(self, sub: Subscriber) -> None:
        sub.alarms = True
        self.alarm_subscribers.add(sub)

    def unwatch_alarms(self, sub: Subscriber) -> None:
        sub.alarms = False
        sub.readable = frozenset()
        self.alarm_subscribers.discard(sub)

    def watch_messages(self, sub: Subscriber) -> None:
        sub.messages = True
        self.message_subscribers.setdefault(sub.user_id, set()).add(sub)

    def unwatch_messages(self, sub: Subscriber) -> None:
        sub.messages = False
        subs = self.message_subscribers.get(sub.user_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.message_subscribers[sub.user_id]

    def remove(self, sub: Subscriber) -> None:
        self.unwatch_messages(sub)
        for device_id in list(sub.devices):
            self.unsubscribe(sub, device_id)
        self.alarm_subscribers.discard(sub)
        self.clients.discard(sub)

    def add(self, sub: Subscriber) -> None:
        """An authenticated socket: it hears access changes from now on."""
        self.clients.add(sub)

    # --- access changes -------------------------------------------------------------------------------------------

    def access_changed(self, change: AccessChange) -> None:
        """A committed change of rights (core.access bus listener, called inside the commit): pause this process's
        matching sockets now, and tell the other processes through Redis."""
        self._apply_access(change)
        if self._redis is not None:
            event = {"type": "access", "origin": self.origin, **change.to_json()}
            task = asyncio.get_running_loop().create_task(self._forward(event))
            self._forwarding.add(task)
            task.add_done_callback(self._forwarding.discard)

    async def _forward(self, event: dict[str, Any]) -> None:
        try:
            await self._redis.publish(self.channel, orjson.dumps(event))
        except Exception:  # the other processes' sockets still re-check on their own within seconds
            log.warning("redis publish of an access change failed", exc_info=True)

    def inbox_changed(self, users: frozenset[int]) -> None:
        """Committed inbox changes (core.access bus listener, inside the commit): tell the users' sockets in every
        process, through the hub like any event."""
        task = asyncio.get_running_loop().create_task(self.publish(inbox_event(users)))
        self._forwarding.add(task)
        task.add_done_callback(self._forwarding.discard)

    def event_committed(self, event: dict[str, Any]) -> None:
        """A live event a committed request made (an alarm confirmed or shelved; core.access bus listener, inside the
        commit): to every process's subscribers, through the hub like any event."""
        task = asyncio.get_running_loop().create_task(self.publish(event))
        self._forwarding.add(task)
        task.add_done_callback(self._forwarding.discard)

    def _apply_access(self, change: AccessChange) -> None:
        for sub in self.clients:
            if sub.matches(change):
                sub.pause()

    def subscriber_count(self) -> int:
        return len({s for subs in self.by_device.values() for s in subs} | self.alarm_subscribers)

    # --- events -------------------------------------------------------------------------------------------------

    async def publish(self, event: dict[str, Any]) -> None:
        self.published += 1
        if self._redis is not None:
            try:
                await self._redis.publish(self.channel, orjson.dumps(event))
                return
            except Exception:  # Redis gone: this process's own clients still get the event
                log.warning("redis publish failed; delivering locally", exc_info=True)
        self.deliver(event)

    def deliver(self, event: dict[str, Any]) -> None:
        """Hand one event to the subscribers of this process (and keep the latest values)."""
        kind = event.get("type")
        if kind == "alarm":
            self._deliver_alarm(event)
            return
        if kind == "access":
            if event.get("origin") != self.origin:
                self._apply_access(AccessChange.from_json(event))
            return
        if kind == "inbox":
            self._deliver_inbox(event)
            return
        if kind == "brand":
            self._deliver_brand(event)
            return
        device_id = int(event["device_id"])
        if kind == "values":
            self.cache.update(device_id, event["values"])
        elif kind == "state":
            self.cache.set_state(device_id, int(event["dev_state"]), int(event["ts"]))
        subs = self.by_device.get(device_id)
        if not subs:
            return
        encoded = encode(event)
        for sub in list(subs):
            only = sub.devices.get(device_id)
            if kind == "values" and only is not None:
                picked = [v for v in event["values"] if v["id"] in only]
                if picked:
                    sub.offer(encode({**event, "values": picked}), device_id)
            else:
                sub.offer(encoded, device_id)

    def _deliver_alarm(self, event: dict[str, Any]) -> None:
        alarm = event["alarm"]
        device_id = int(alarm["device_id"])
        encoded = encode(event)
        targets = {s for s in self.alarm_subscribers if device_id in s.readable}
        targets |= self.by_device.get(device_id, set())
        for sub in targets:
            sub.offer(encoded, device_id, alarm=True)

    def _deliver_inbox(self, event: dict[str, Any]) -> None:
        users = event.get("users")
        if not isinstance(users, list):
            return
        frame = encode(MESSAGE_FRAME)
        for user_id in users:
            for sub in list(self.message_subscribers.get(int(user_id), ())):
                sub.offer(frame)

    def _deliver_brand(self, event: dict[str, Any]) -> None:
        """A tenant's brand changed (system/branding, core.access.push_after_commit): every console socket of the
        tenant hears it; a share link's socket does not."""
        tenant_id, version = event.get("tenant_id"), event.get("version")
        if not isinstance(tenant_id, int) or not isinstance(version, int):
            return
        frame = encode(hub_event(BrandMessage(version=version)))
        for sub in list(self.clients):
            if sub.tenant_id == tenant_id and sub.link_id == 0:
                sub.offer(frame)

    # --- Redis bridge -------------------------------------------------------------------------------------------

    async def start(self) -> None:
        if not self.redis_url:
            return
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.redis_url)
        self.channel = channel_for(int(self._redis.connection_pool.connection_kwargs.get("db") or 0))
        self._ready.clear()
        self._listener.start()
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def _listen(self) -> None:
        backoff = 0.5
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(self.channel)
                self._ready.set()
                backoff = 0.5
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        self.deliver(orjson.loads(message["data"]))
                    except Exception:
                        log.exception("bad hub event from redis")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("redis subscription lost; retrying in %.1fs", backoff, exc_info=True)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 10)

    async def stop(self) -> None:
        await self._listener.stop()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(STOP_WITHIN_S):
                    await self._redis.aclose()


def encode(event: dict[str, Any]) -> str:
    return orjson.dumps(event).decode()


def inbox_event(users: frozenset[int]) -> dict[str, Any]:
    """The hub's event for users whose inbox changed; each of their sockets gets a `message` frame."""
    return {"type": "inbox", "users": sorted(users)}


# What a socket is told when its user's inbox changed: the console reads its counts again.
MESSAGE_FRAME = hub_event(InboxMessage())


Publisher = Callable[[dict[str, Any]], Awaitable[None]]
