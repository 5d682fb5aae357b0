"""The server's MQTT connection: receives gateway values, state and acks, sends writes and config notices, and
reconnects with backoff whenever the broker goes away."""

import asyncio
import contextlib
import logging
import random
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import aiomqtt
import orjson
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from iotyun.telemetry.broker import TOPIC_PREFIX

log = logging.getLogger("iotyun.telemetry.mqtt")

SESSION_EXPIRY_S = 300

Handler = Callable[[str, str, bytes], Awaitable[None]]  # (kind, sn, payload)


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
    ) -> None:
        self.on_subscribed = on_subscribed
        self.address = address
        self.v5 = v5
        self.handler = handler
        self.share_group = share_group
        self.connected = asyncio.Event()
        self._client: aiomqtt.Client | None = None
        self._task: asyncio.Task[None] | None = None
        self.identifier = f"iotyun-server-{uuid.uuid4().hex[:10]}"
        self.reconnects = 0

    def _topic(self, leaf: str, shared: bool) -> str:
        topic = f"{TOPIC_PREFIX}+/{leaf}"
        return f"$share/{self.share_group}/{topic}" if shared and self.share_group else topic

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="iotyun-mqtt")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.connected.clear()

    async def _run(self) -> None:
        backoff = 0.5
        # A persistent session under one client id for the life of the process: values a gateway publishes while
        # this link is reconnecting wait in the broker (QoS 1) instead of being dropped. MQTT 5 lets the session
        # expire (SESSION_EXPIRY_S) once the process is gone for good.
        options: dict[str, object]
        if self.v5:
            props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
            props.SessionExpiryInterval = SESSION_EXPIRY_S
            options = {"protocol": aiomqtt.ProtocolVersion.V5, "clean_start": False, "properties": props}
        else:
            options = {"protocol": aiomqtt.ProtocolVersion.V311, "clean_session": False}
        while True:
            try:
                async with aiomqtt.Client(
                    self.address.host,
                    self.address.port,
                    username=self.address.username,
                    password=self.address.password,
                    identifier=self.identifier,
                    keepalive=30,
                    **options,  # type: ignore[arg-type]
                ) as client:
                    self._client = client
                    # Values and state are split between server processes (shared); every process hears every ack,
                    # because the write waiting for it may be in any of them.
                    await client.subscribe(self._topic("values", True), qos=1)
                    await client.subscribe(self._topic("state", True), qos=1)
                    await client.subscribe(self._topic("ack", False), qos=1)
                    self.connected.set()
                    if self.on_subscribed is not None:
                        self.on_subscribed()
                    backoff = 0.5
                    log.info("connected to MQTT broker %s:%s", self.address.host, self.address.port)
                    async for message in client.messages:
                        await self._dispatch(str(message.topic), bytes(message.payload) if message.payload else b"")
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
                self._client = None
                self.connected.clear()
            self.reconnects += 1
            await asyncio.sleep(backoff + random.uniform(0, backoff / 4))
            backoff = min(backoff * 2, 10.0)

    async def _dispatch(self, topic: str, payload: bytes) -> None:
        if not topic.startswith(TOPIC_PREFIX):
            return
        parts = topic[len(TOPIC_PREFIX) :].split("/")
        if len(parts) != 2:
            return
        try:
            await self.handler(parts[1], parts[0], payload)
        except Exception:
            # One bad message must never stop the ingest.
            log.exception("handling %s failed", topic)

    async def publish(self, sn: str, leaf: str, body: dict[str, object], wait_s: float = 5.0) -> None:
        """Publish to a gateway's topic (QoS 1); raises when the broker is not connected."""
        client = self._client
        if client is None:
            raise ConnectionError("MQTT broker not connected")
        await client.publish(f"{TOPIC_PREFIX}{sn}/{leaf}", orjson.dumps(body), qos=1, timeout=wait_s)
