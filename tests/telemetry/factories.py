"""Telemetry factories: a published plant (device, template, data sources), a fake gateway over MQTT, a cuttable TCP
relay, the broker a test's database pairs with, and the polling and clock helpers the telemetry tests share."""

import asyncio
import contextlib
import socket
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiomqtt
import orjson
import pytest
from fastapi import FastAPI
from sqlalchemy.exc import OperationalError

from tests.conftest import CI, Api, _wipe
from tests.devices.factories import register
from tests.templates.factories import make_template, ok

SECRET = "gwsecret1"
MOSQUITTO = ("127.0.0.1", 1883)


def mosquitto_answers() -> bool:
    try:
        with socket.create_connection(MOSQUITTO, timeout=1):
            return True
    except OSError:
        return False


def broker_url_for(database_url: str) -> str:
    """PostgreSQL runs with the machine's Mosquitto (the production pairing); SQLite with the embedded broker."""
    if not database_url.startswith("postgresql"):
        return ""
    if not mosquitto_answers():
        if CI:
            pytest.fail("Mosquitto at 127.0.0.1:1883 does not answer, and CI=true requires it")
        pytest.skip("Mosquitto at 127.0.0.1:1883 does not answer; the telemetry tests on PostgreSQL are skipped")
    return "mqtt://127.0.0.1:1883"


async def wipe(app: FastAPI, within: float = 60.0) -> None:
    """Empty the database after a test. SQLite may still be locked for a moment by a writer that has just stopped
    (or a test that held the lock on purpose): wait for it rather than leave rows for the next test's setup."""
    deadline = time.monotonic() + within
    while True:
        try:
            await _wipe(app)
            return
        except OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


@dataclass
class Plant:
    """A registered device bound to a published template, with its data sources by name."""

    device_id: int
    sn: str
    template_id: int
    sources: dict[str, int]


def unique_sn() -> str:
    return "T" + uuid.uuid4().hex[:12].upper()


async def make_plant(admin: Api, sn: str | None = None) -> Plant:
    sn = sn or unique_sn()
    device = await register(admin, sn, SECRET, alias="1号空压机")
    template = await make_template(admin, "空压机" + sn[-4:])
    tid = template["id"]
    specs: list[dict[str, Any]] = [
        {
            "name": "出水压力",
            "data_type": "float32",
            "address": 0,
            "rw": "rw",
            "unit": "MPa",
            "decimals": 2,
            "min_value": 0,
            "max_value": 1.6,
            "history": "change",
            "faults": [
                {
                    "kind": "compare",
                    "op": "gt",
                    "threshold": 1.2,
                    "alarm_name": "压力过高",
                    "level": 2,
                    "info": "检查出水阀",
                }
            ],
        },
        {"name": "运行", "data_type": "bit", "area": "coil", "address": 0, "rw": "rw", "history": "change"},
        {"name": "状态字", "data_type": "string", "address": 10, "string_length": 8, "history": "change"},
        {"name": "温度", "data_type": "int16", "address": 20, "history": "interval", "history_interval_s": 60},
        {"name": "电流", "data_type": "float32", "address": 30, "history": "off"},
    ]
    sources = {}
    for spec in specs:
        body = {"template_id": tid, "area": "holding", **spec}
        sources[spec["name"]] = ok(await admin.post("/yun/module/dataSource", body))["id"]
    ok(await admin.post("/yun/module/bind", {"template_id": tid, "device_ids": [device["id"]]}))
    ok(await admin.post("/yun/module/publish", {"id": tid}))
    return Plant(device["id"], sn, tid, sources)


def broker_of(app: FastAPI) -> tuple[str, int]:
    host, port, _ = app.state.telemetry.mqtt_public
    return host, port


class TcpProxy:
    """A TCP relay between a client and a server that a test can cut (connections dropped without a goodbye,
    new ones refused) and restore: a gateway's network going away, a broker restarting."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self.open = True

    async def start(self) -> "TcpProxy":
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.open:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pump(reader, up_writer), self._pump(up_reader, writer), return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            self._writers.discard(writer)
            writer.close()

    def cut(self) -> None:
        self.open = False
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    def restore(self) -> None:
        self.open = True

    async def stop(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()


@dataclass
class FakeGateway:
    """A gateway speaking docs/device-protocol.md over a real MQTT connection (acks writes it is told to)."""

    app: FastAPI
    sn: str
    secret: str = SECRET
    boot: int = field(default_factory=lambda: int(time.time() * 1000))
    seq: int = 0
    writes: list[dict[str, Any]] = field(default_factory=list)
    ack: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None
    via: TcpProxy | None = None
    _client: aiomqtt.Client | None = None
    _task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> "FakeGateway":
        host, port = broker_of(self.app)
        if self.via is not None:
            host, port = "127.0.0.1", self.via.port
        self._client = aiomqtt.Client(
            host,
            port,
            username=self.sn,
            password=self.secret,
            identifier=self.sn,
            will=aiomqtt.Will(f"iotyun/dev/{self.sn}/state", b'{"state": "offline"}', qos=1, retain=True),
        )
        await self._client.__aenter__()
        await self._client.subscribe(f"iotyun/dev/{self.sn}/write", qos=1)
        self._task = asyncio.create_task(self._listen())
        await self.state("online")
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._client is not None:
            # Leave no retained state behind on a shared broker.
            with contextlib.suppress(aiomqtt.MqttError):
                await self._client.publish(f"iotyun/dev/{self.sn}/state", b"", qos=1, retain=True)
            with contextlib.suppress(aiomqtt.MqttError):
                await self._client.__aexit__(None, None, None)

    async def _listen(self) -> None:
        assert self._client is not None
        with contextlib.suppress(aiomqtt.MqttError):
            await self._serve_writes()

    async def _serve_writes(self) -> None:
        assert self._client is not None
        async for message in self._client.messages:
            body = orjson.loads(bytes(message.payload))  # type: ignore[arg-type,unused-ignore]
            self.writes.append(body)
            answer = self.ack(body) if self.ack else {"ok": True, "value": body["value"]}
            if answer is not None:
                reply = {"req_id": body["req_id"], "ts": int(time.time() * 1000), "error": None, **answer}
                await self._client.publish(f"iotyun/dev/{self.sn}/ack", orjson.dumps(reply), qos=1)

    async def state(self, state: str, **extra: Any) -> None:
        assert self._client is not None
        body = {"state": state, "ts": int(time.time() * 1000), **extra}
        await self._client.publish(f"iotyun/dev/{self.sn}/state", orjson.dumps(body), qos=1, retain=True)

    async def send(self, values: list[Any], *, seq: int | None = None, raw: bytes | None = None) -> None:
        assert self._client is not None
        if raw is None:
            if seq is None:
                self.seq += 1
                seq = self.seq
            raw = orjson.dumps({"boot": self.boot, "seq": seq, "values": values})
        await self._client.publish(f"iotyun/dev/{self.sn}/values", raw, qos=1)


def now_ms() -> int:
    return int(time.time() * 1000)


async def eventually(
    check: Callable[[], Any], within: float = 10.0, what: str = "condition", every: float = 0.05
) -> Any:
    """Poll an async or plain check until it returns something truthy; fail (AssertionError) after `within` s."""
    deadline = time.monotonic() + within
    while True:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not met within {within:.0f} s")
        await asyncio.sleep(every)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
