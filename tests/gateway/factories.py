"""Gateway factories: a stand-in for the iotyun server's `/api/dev/config` and `/api/dev/access`, an MQTT observer of
a gateway's topics, and the port, serial number and broker-cleanup helpers the gateway tests share."""

import asyncio
import socket
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiomqtt
import orjson

MQTT_HOST, MQTT_PORT = "127.0.0.1", 1883


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def mosquitto_answers() -> bool:
    try:
        with socket.create_connection((MQTT_HOST, MQTT_PORT), timeout=1):
            return True
    except OSError:
        return False


@dataclass
class FakeServer:
    """`GET /api/dev/config` and `GET /api/dev/access` as the iotyun server answers them."""

    configs: dict[str, dict[str, Any]] = field(default_factory=dict)
    secrets: dict[str, str] = field(default_factory=dict)
    access: dict[str, Any] | None = None
    hits: list[str] = field(default_factory=list)
    url: str = ""

    def add(self, sn: str, secret: str, data_sources: list[dict[str, Any]], version: int = 1) -> None:
        self.secrets[sn] = secret
        self.configs[sn] = {
            "sn_code": sn,
            "template_id": 1,
            "version": version,
            "published_at": 0,
            "data_version": "1.0",
            "groups": [{"id": 1, "name": "默认分组"}],
            "data_sources": data_sources,
        }

    def answer(self, path: str, query: dict[str, list[str]], headers: dict[str, str]) -> dict[str, Any]:
        self.hits.append(path)
        sn = (query.get("sn_code") or [""])[0]
        if self.secrets.get(sn) != headers.get("x-device-secret"):
            return {"meta": {"success": 0, "message": "110506"}, "data": None}
        if path == "/api/dev/config":
            return {"meta": {"success": 1, "message": "100001"}, "data": self.configs[sn]}
        if path == "/api/dev/access" and self.access is not None:
            return {"meta": {"success": 1, "message": "100001"}, "data": self.access}
        return {"meta": {"success": 0, "message": "100015"}, "data": None}

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request_line = (await reader.readline()).decode()
            headers: dict[str, str] = {}
            while (line := (await reader.readline()).decode().strip()) != "":
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            _, target, _ = request_line.split(" ", 2)
            parts = urlsplit(target)
            body = orjson.dumps(self.answer(parts.path, parse_qs(parts.query), headers))
            writer.write(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        finally:
            writer.close()


def new_sn() -> str:
    return "T" + uuid.uuid4().hex[:12].upper()


@dataclass
class Observer:
    """A second MQTT client watching a gateway's topics, as the server's ingest would."""

    client: aiomqtt.Client
    queues: dict[str, asyncio.Queue[dict[str, Any]]] = field(default_factory=dict)

    async def next(
        self, sn: str, kind: str, where: Callable[[dict[str, Any]], bool] = lambda _: True, seconds: float = 10.0
    ) -> dict[str, Any]:
        queue = self.queues.setdefault(f"{sn}/{kind}", asyncio.Queue())
        async with asyncio.timeout(seconds):
            while True:
                message = await queue.get()
                if where(message):
                    return message

    async def publish(self, sn: str, kind: str, payload: dict[str, Any]) -> None:
        await self.client.publish(f"iotyun/dev/{sn}/{kind}", orjson.dumps(payload), qos=1)


async def forget(sn: str, mosquitto: tuple[str, int]) -> None:
    """Clear what a test gateway left on the shared broker: its retained state and its persistent session."""
    async with aiomqtt.Client(*mosquitto, identifier=sn, clean_session=True) as client:
        await client.publish(f"iotyun/dev/{sn}/state", b"", qos=1, retain=True)
