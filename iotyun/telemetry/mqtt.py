"""The server's MQTT connection: receives gateway values, state and acks, sends writes and config notices, and
reconnects with backoff whenever the broker goes away. Its session is durable (a client id kept in the data dir,
MQTT 5 session expiry) and it acknowledges each QoS 1 message only once what it carried is committed, in the order
the messages arrived: after a crash the broker delivers again whatever was not yet stored."""

import asyncio
import contextlib
import fcntl
import logging
import os
import random
import uuid
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import aiomqtt
import orjson
from paho.mqtt import _packet as paho_packet
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from iotyun.core.limits import SN_RE
from iotyun.core.tasks import Worker, checkpoint
from iotyun.telemetry.broker import TOPIC_PREFIX

log = logging.getLogger("iotyun.telemetry.mqtt")

SESSION_EXPIRY_S = 300
# How many unacknowledged QoS 1 messages the server takes from the broker at once (MQTT 5 Receive Maximum): acks wait
# for the history flush, so the window must hold more than one flush interval of messages.
RECEIVE_MAXIMUM = 65535
# How long one step of a connect may take: paho's TCP connect (in a worker thread), then the broker's CONNACK; also
# the client's wait for any other answer it is given no timeout for (subscriptions, the disconnect).
CONNECT_TIMEOUT_S = 5.0
# How many server processes may share one data dir (`serve --workers N`), each with its own session.
_CLIENT_ID_SLOTS = 64

Done = Callable[[], None]
# Where a stopping server publishes once, to learn that the broker has read its acknowledgements (MqttLink.written):
# outside every gateway's topics, and nothing subscribes to it.
SETTLED_TOPIC = "iotyun/server/settled"
Handler = Callable[[str, str, bytes, Done], Awaitable[None]]  # (kind, sn, payload, done: ack once handled)


def stable_client_id(data_dir: Path) -> str:
    """A client id that survives restarts: kept in the data dir, one per server process sharing it (a process holds
    its slot with a lock until it exits, even by SIGKILL), so a restarted server resumes its own broker session."""
    folder = data_dir / "mqtt-client"
    folder.mkdir(parents=True, exist_ok=True)
    for slot in range(_CLIENT_ID_SLOTS):
        fd = os.open(folder / f"{slot}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue
        id_file = folder / f"{slot}.id"
        if not id_file.exists():
            id_file.write_text(f"iotyun-server-{uuid.uuid4().hex[:12]}-{slot}\n")
        identifier = id_file.read_text().strip()
        _held_locks[identifier] = fd  # kept open (and locked) until release_client_id or the process's end
        return identifier
    return f"iotyun-server-{uuid.uuid4().hex[:12]}"


def release_client_id(identifier: str) -> None:
    """Give a client id's slot back (the telemetry runtime stopped)."""
    fd = _held_locks.pop(identifier, None)
    if fd is not None:
        os.close(fd)


_held_locks: dict[str, int] = {}


class _SharedTables(Properties):
    """paho-mqtt's MQTT 5 properties with the tables built once. paho 2.2 decodes every received PUBLISH into a new
    Properties, whose constructor builds its three tables (27 names, 27 ids and their packet types) anew, and whose
    unpack first walks all 27 names to clear them: a tenth of the ingest's CPU for messages that, from gateways,
    carry no property at all. The tables are only read, so every instance shares one copy, and an empty property
    block is decoded at once; anything else goes through paho's own unpack."""

    _tables: tuple[Any, Any, Any] | None = None

    def __init__(self, packetType: int) -> None:
        tables = _SharedTables._tables
        if tables is None:
            Properties.__init__(self, packetType)  # type: ignore[no-untyped-call]
            _SharedTables._tables = (self.types, self.names, self.properties)
            return
        self.packetType = packetType
        self.types, self.names, self.properties = tables

    def unpack(self, buffer: bytes | bytearray) -> tuple["_SharedTables", int]:
        if buffer[:1] == b"\x00" and not self.__dict__.keys() - _PLAIN_ATTRIBUTES:
            return self, 1  # property length 0, nothing set before: nothing to clear, nothing to read
        return Properties.unpack(self, buffer)  # type: ignore[no-untyped-call,no-any-return]


_PLAIN_ATTRIBUTES = frozenset({"packetType", "types", "names", "properties"})


def use_shared_property_tables() -> None:
    """Let paho's packet decoder build its Properties with _SharedTables (idempotent)."""
    if getattr(paho_packet, "Properties", None) is Properties:
        setattr(paho_packet, "Properties", _SharedTables)  # noqa: B010


def client_for(address: "BrokerAddress", identifier: str, **options: Any) -> aiomqtt.Client:
    """A client of the server's to `address`, every wait of which is bounded by CONNECT_TIMEOUT_S."""
    client = aiomqtt.Client(
        address.host,
        address.port,
        username=address.username,
        password=address.password,
        identifier=identifier,
        keepalive=30,
        timeout=CONNECT_TIMEOUT_S,
        **options,
    )
    client._client.connect_timeout = CONNECT_TIMEOUT_S
    return client


def link_worker(name: str, run: Callable[[], Coroutine[Any, Any, None]]) -> Worker:
    """The worker of a broker connection: its stop may wait for a connect under way (see connection()), so it is
    cancelled again only once that connect has had its time."""
    return Worker(name, run, grace=2 * CONNECT_TIMEOUT_S + 1, within=2 * CONNECT_TIMEOUT_S + 5)


@contextlib.asynccontextmanager
async def connection(
    client: aiomqtt.Client, setup: Callable[[aiomqtt.Client], Awaitable[None]]
) -> AsyncIterator[aiomqtt.Client]:
    """`async with client` (then `setup`, its subscriptions) that a cancellation never leaves half-open.

    aiomqtt 2.5 connects in two steps, paho's TCP connect in a worker thread, then a wait for the CONNACK, and when
    cancelled during either it returns without closing what it opened: the thread completes the connect anyway, and
    the socket stays logged in under the client id with its keep-alive task running (cancelled during the CONNACK
    wait, the client is broken besides: its connected future is left cancelled, and paho's disconnect callback then
    raises). So the connect runs as a task of its own that a cancellation does not reach; cancelled, this waits for
    it to end (each step is bounded by CONNECT_TIMEOUT_S), closes the connection it made, and raises. A connect that
    fails closes its socket too (aiomqtt leaves it open after a CONNACK timeout)."""
    attempt = asyncio.ensure_future(client.__aenter__())
    try:
        await asyncio.shield(attempt)
    except asyncio.CancelledError:
        attempt.add_done_callback(lambda _: _drop(client, attempt))  # even if a second cancel cuts the wait short
        await asyncio.wait({attempt})
        raise
    except BaseException:
        _drop(client, attempt)
        raise
    try:
        await setup(client)
        # aiomqtt's waits for the broker's answers can swallow a cancellation (core.tasks): not into the message loop.
        checkpoint()
        yield client
    finally:
        # aiomqtt's exit raises when the disconnect is not confirmed in time or the connection broke meanwhile: that
        # must not take the place of a cancellation (the worker would take it for a lost broker and connect again).
        with contextlib.suppress(Exception):
            await client.__aexit__(None, None, None)


def _drop(client: aiomqtt.Client, attempt: "asyncio.Future[Any]") -> None:
    """Close the socket of a connect attempt (a paho disconnect writes DISCONNECT and closes it at once)."""
    if not attempt.cancelled():
        attempt.exception()  # retrieved: a failed attempt is logged by the worker, not by asyncio
    paho = client._client
    if paho.socket() is not None:
        paho.disconnect()


class AckOrder:
    """QoS 1 acknowledgements of one connection, sent in the order the messages arrived, each once its handler
    called done (MQTT requires PUBACKs in receive order)."""

    def __init__(self, client: Any) -> None:
        self._paho = client
        self._queue: deque[list[Any]] = deque()  # [mid, qos, done]
        self.closed = False

    def ticket(self, mid: int, qos: int) -> Done:
        slot = [mid, qos, False]
        self._queue.append(slot)

        def done() -> None:
            if slot[2]:
                return
            slot[2] = True
            self._release()

        return done

    def _release(self) -> None:
        queue = self._queue
        while queue and queue[0][2]:
            mid, qos, _ = queue.popleft()
            if not self.closed and qos > 0:
                self._paho.ack(mid, qos)

    def pending(self) -> int:
        return len(self._queue)


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    username: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> "BrokerAddress":
        parts = urlsplit(url if "://" in url else f"mqtt://{url}")
        return cls(
            host=parts.hostname or "127.0.0.1",
            port=parts.port or 1883,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )


class MqttLink:
    def __init__(
        self,
        address: BrokerAddress,
        handler: Handler,
        share_group: str = "",
        v5: bool = True,
        on_subscribed: Callable[[], None] | None = None,
        identifier: str | None = None,
    ) -> None:
        self.on_subscribed = on_subscribed
        self.address = address
        self.v5 = v5
        self.handler = handler
        self.share_group = share_group
        self.connected = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._worker = link_worker("iotyun-mqtt", self._run)
        self.identifier = identifier or f"iotyun-server-{uuid.uuid4().hex[:10]}"
        self.acks: AckOrder | None = None
        self.reconnects = 0
        self.held = False
        # Messages taken from the broker and published to it by this link (full-network monitoring's rates).
        self.received = 0
        self.sent = 0
        use_shared_property_tables()

    def _topic(self, leaf: str, shared: bool) -> str:
        topic = f"{TOPIC_PREFIX}+/{leaf}"
        return f"$share/{self.share_group}/{topic}" if shared and self.share_group else topic

    def start(self) -> None:
        self._worker.start()

    def hold(self) -> None:
        """Take no more messages in (a stop is coming): what arrives from now on is left unacknowledged, so the
        broker delivers it again at the next start, while what was taken in can still be acknowledged."""
        self.held = True

    async def written(self) -> None:
        """Until the packets queued on the connection (acknowledgements) are on the wire. paho writes them from the
        event loop when the socket is writable; a disconnect right after queueing them was seen to lose them (the
        broker then delivered those messages again), so a stop waits for this first. The caller bounds the wait."""
        client = self._client
        paho = client._client if client is not None else None
        # Polled: paho signals no event when its queue has been written.
        while paho is not None and paho.socket() is not None and paho._out_packet:  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        # On the wire is not yet read by the broker: an embedded broker stopped right after (SIGTERM) was seen to save
        # its session without the acknowledgements still unread on the socket, and deliver those messages again at
        # the next start. The broker handles a client's packets in order, so the answer to one more QoS 1 publish
        # means it has handled every acknowledgement before it.
        if client is not None and paho is not None and paho.socket() is not None:
            await client.publish(SETTLED_TOPIC, b"", qos=1)

    async def stop(self) -> None:
        await self._worker.stop()
        self.connected.clear()

    async def _subscribe(self, client: aiomqtt.Client) -> None:
        # Values, state and upgrade reports are split between server processes (shared); every process hears every
        # ack, because the write waiting for it may be in any of them.
        await client.subscribe(self._topic("values", True), qos=1)
        await client.subscribe(self._topic("state", True), qos=1)
        await client.subscribe(self._topic("upgrade_state", True), qos=1)
        await client.subscribe(self._topic("ack", False), qos=1)

    async def _run(self) -> None:
        backoff = 0.5
        # A persistent session under a client id kept across restarts: values a gateway publishes while this link
        # reconnects, or while the server restarts, wait in the broker (QoS 1), and messages delivered but not yet
        # acknowledged are delivered again. MQTT 5 lets the session expire (SESSION_EXPIRY_S) once the server is
        # gone for good.
        options: dict[str, object]
        if self.v5:
            props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
            props.SessionExpiryInterval = SESSION_EXPIRY_S
            props.ReceiveMaximum = RECEIVE_MAXIMUM
            options = {"protocol": aiomqtt.ProtocolVersion.V5, "clean_start": False, "properties": props}
        else:
            options = {"protocol": aiomqtt.ProtocolVersion.V311, "clean_session": False}
        while True:
            try:
                client = client_for(self.address, self.identifier, **options)
                # Acknowledge each message only once handled (aiomqtt has no option for it yet: paho's own).
                client._client.manual_ack_set(True)
                acks = AckOrder(client._client)
                async with connection(client, self._subscribe):
                    self._client = client
                    self.acks = acks
                    self.connected.set()
                    if self.on_subscribed is not None:
                        self.on_subscribed()
                    backoff = 0.5
                    log.info("connected to MQTT broker %s:%s", self.address.host, self.address.port)
                    async for message in client.messages:
                        if self.held:
                            continue
                        self.received += 1
                        done = acks.ticket(message.mid, message.qos)
                        payload = bytes(message.payload) if message.payload else b""  # type: ignore[arg-type,unused-ignore]
                        await self._dispatch(str(message.topic), payload, done)
            except asyncio.CancelledError:
                raise
            except aiomqtt.MqttError as exc:
                log.warning(
                    "MQTT broker %s:%s unreachable (%s); retrying in %.1fs",
                    self.address.host,
                    self.address.port,
                    exc,
                    backoff,
                )
            except Exception:
                log.exception("MQTT link failed; retrying in %.1fs", backoff)
            finally:
                # Messages of this connection not yet acknowledged come again on the next one (same session).
                if self.acks is not None:
                    self.acks.closed = True
                self.acks = None
                self._client = None
                self.connected.clear()
            checkpoint()
            self.reconnects += 1
            await asyncio.sleep(backoff + random.uniform(0, backoff / 4))
            backoff = min(backoff * 2, 10.0)

    async def _dispatch(self, topic: str, payload: bytes, done: Done) -> None:
        parts = topic[len(TOPIC_PREFIX) :].split("/") if topic.startswith(TOPIC_PREFIX) else []
        if len(parts) != 2 or not SN_RE.fullmatch(parts[0]):
            done()
            return
        try:
            await self.handler(parts[1], parts[0], payload, done)
        except Exception:
            # One bad message must never stop the ingest (nor hold back the acknowledgements after it).
            log.exception("handling %s failed", topic)
            done()

    async def publish(self, sn: str, leaf: str, body: dict[str, object], wait_s: float = 5.0) -> None:
        """Publish to a gateway's topic (QoS 1); raises when the broker is not connected."""
        client = self._client
        if client is None:
            raise ConnectionError("MQTT broker not connected")
        await client.publish(f"{TOPIC_PREFIX}{sn}/{leaf}", orjson.dumps(body), qos=1, timeout=wait_s)
        self.sent += 1
