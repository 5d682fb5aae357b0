"""The embedded MQTT broker (amqtt) that `iotyun serve` runs when IOTYUN_MQTT_URL is unset: gateways log in with SN
and secret, the server with a per-process service account, and each gateway reaches only its own topics."""

import logging
import secrets
import socket
from dataclasses import dataclass
from typing import Any

from amqtt.broker import Broker
from amqtt.plugins.base import BaseAuthPlugin, BaseTopicPlugin
from amqtt.session import Session
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.devices import service as device_service

log = logging.getLogger("iotyun.telemetry.broker")

TOPIC_PREFIX = "iotyun/dev/"
GATEWAY_PUBLISHES = ("values", "state", "ack")
GATEWAY_SUBSCRIBES = ("write", "config")


@dataclass
class BrokerAuth:
    """What the plugins check against: amqtt builds plugins from dotted paths, so they find this by key."""

    sessionmaker: async_sessionmaker[AsyncSession]
    service_user: str
    service_password: str
    # Gateways are let in only once the server's own link has subscribed: a value published to a broker nobody
    # listens to yet would be acknowledged to the gateway and then dropped.
    ready: bool = False


_AUTH: dict[str, BrokerAuth] = {}


def gateway_topic_allowed(sn: str, topic: str, action: str) -> bool:
    """A gateway may publish its values, state and acks and subscribe to its writes and config notices."""
    if not topic.startswith(TOPIC_PREFIX):
        return False
    parts = topic[len(TOPIC_PREFIX) :].split("/")
    if len(parts) != 2 or parts[0] != sn:
        return False
    allowed = GATEWAY_PUBLISHES if action == "publish" else GATEWAY_SUBSCRIBES
    return parts[1] in allowed


def _auth_of(plugin: Any) -> BrokerAuth | None:
    key = getattr(plugin.context.config, "key", None)
    return _AUTH.get(str(key)) if key else None


class GatewayAuthPlugin(BaseAuthPlugin):
    @dataclass
    class Config:
        key: str = ""

    async def authenticate(self, *, session: Session) -> bool | None:
        auth = _auth_of(self)
        if auth is None:
            return False
        username, password = session.username or "", session.password or ""
        if username == auth.service_user:
            return secrets.compare_digest(password, auth.service_password)
        if not auth.ready:
            log.info("broker refused %s: the server is not subscribed yet", username[:32])
            return False
        try:
            async with auth.sessionmaker() as db:
                gateway = await device_service.authenticate_gateway(db, username, password)
        except Exception:
            log.exception("gateway authentication failed for %s", username)
            return False
        if gateway is None:
            log.info("broker refused %s: unknown SN or wrong secret", username[:32])
        return gateway is not None


class GatewayTopicPlugin(BaseTopicPlugin):
    @dataclass
    class Config:
        key: str = ""

    async def topic_filtering(
        self, *, session: Session | None = None, topic: str | None = None, action: Any = None
    ) -> bool | None:
        auth = _auth_of(self)
        if auth is None or session is None or topic is None:
            return False
        username = session.username or ""
        if username == auth.service_user:
            return True
        verb = "publish" if "publish" in str(action).lower() else "subscribe"
        return gateway_topic_allowed(username, topic, verb)


def free_port(host: str, wanted: int) -> int:
    """`wanted` when it can be bound, else a free port the system picks."""
    for port in (wanted, 0) if wanted else (0,):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                s.bind((host, port))
            except OSError:
                continue
            return int(s.getsockname()[1])
    raise OSError("no free port for the embedded MQTT broker")


class EmbeddedBroker:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], host: str, port: int) -> None:
        self.host = host
        self.wanted_port = port
        self.port = 0
        self.key = secrets.token_hex(8)
        self.service_user = f"iotyun-server-{self.key}"
        self.service_password = secrets.token_urlsafe(24)
        _AUTH[self.key] = BrokerAuth(sessionmaker, self.service_user, self.service_password)
        self._broker: Broker | None = None

    async def start(self) -> None:
        self.port = free_port(self.host, self.wanted_port)
        if self.wanted_port and self.port != self.wanted_port:
            log.warning("MQTT port %s is taken; the embedded broker listens on %s", self.wanted_port, self.port)
        config = {
            "listeners": {"default": {"type": "tcp", "bind": f"{self.host}:{self.port}"}},
            "plugins": {
                f"{__name__}.GatewayAuthPlugin": {"key": self.key},
                f"{__name__}.GatewayTopicPlugin": {"key": self.key},
            },
        }
        self._broker = Broker(config)
        await self._broker.start()
        log.info("embedded MQTT broker on %s:%s", self.host, self.port)

    def mark_ready(self) -> None:
        """The server's link is subscribed: gateways may connect."""
        _AUTH[self.key].ready = True

    async def restart(self) -> None:
        """Stop and start again on the same port (fault tests: a broker restart mid-stream)."""
        port = self.port
        _AUTH[self.key].ready = False
        await self._shutdown()
        self.wanted_port = port
        await self.start()

    async def stop(self) -> None:
        await self._shutdown()
        _AUTH.pop(self.key, None)

    async def _shutdown(self) -> None:
        if self._broker is not None:
            try:
                await self._broker.shutdown()
            except Exception:
                log.warning("embedded broker shutdown failed", exc_info=True)
            self._broker = None
