"""The gateway agent against a real Modbus TCP device and a real MQTT broker."""

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from pymodbus.client import AsyncModbusTcpClient
from pymodbus.server import ModbusTcpServer

from iotyun.gateway.agent import AgentConfig, ConfigRefused, GatewayAgent
from iotyun.gateway.simulate import SimulatedSource
from tests.gateway.factories import FakeServer, Observer, forget, free_port, new_sn

SECRET = "s3cret!"
PRESSURE, COUNT, RUN, FLAG, CURRENT = 41, 42, 43, 44, 45
DATA_SOURCES: list[dict[str, Any]] = [
    {"id": PRESSURE, "data_type": "float32", "area": "holding", "address": 0, "rw": "rw", "decimals": 2,
     "min_value": 0, "max_value": 100},
    {"id": COUNT, "data_type": "uint16", "area": "holding", "address": 10, "rw": "r", "decimals": 0},
    {"id": RUN, "data_type": "bit", "area": "coil", "address": 0, "rw": "rw", "decimals": 0},
    {"id": FLAG, "data_type": "bit", "area": "holding", "address": 20, "bit_index": 3, "rw": "rw", "decimals": 0},
    {"id": CURRENT, "data_type": "int16", "area": "input", "address": 0, "rw": "rw", "scale": 0.1, "decimals": 1},
]  # fmt: skip


def config(sn: str, fake: FakeServer, plc_port: int, mqtt_port: int, tmp: Path, **kw: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "sn": sn,
        "secret": SECRET,
        "server": fake.url,
        "mqtt_host": "127.0.0.1",
        "mqtt_port": mqtt_port,
        "modbus_host": "127.0.0.1",
        "modbus_port": plc_port,
        "poll_s": 0.05,
        "data_dir": tmp,
        "backoff_min_s": 0.05,
        "backoff_max_s": 0.3,
    }
    values.update(kw)
    return AgentConfig(**values)


@contextlib.asynccontextmanager
async def running(agent: GatewayAgent) -> AsyncIterator[GatewayAgent]:
    task = asyncio.create_task(agent.run())
    try:
        yield agent
    finally:
        agent.stop()
        async with asyncio.timeout(10):
            await task


@contextlib.asynccontextmanager
async def modbus(port: int) -> AsyncIterator[AsyncModbusTcpClient]:
    client = AsyncModbusTcpClient("127.0.0.1", port=port)
    await client.connect()
    try:
        yield client
    finally:
        client.close()


async def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    async with asyncio.timeout(seconds):
        while not check():  # noqa: ASYNC110 - watching the agent's buffer from outside
            await asyncio.sleep(0.05)


def has(ds_id: int, value: Any = None) -> Any:
    def check(batch: dict[str, Any]) -> bool:
        return any(v["id"] == ds_id and (value is None or v["v"] == value) for v in batch["values"])

    return check


@pytest.fixture
async def sn(mosquitto: tuple[str, int]) -> AsyncIterator[str]:
    name = new_sn()
    yield name
    await forget(name, mosquitto)


class TestValues:
    async def test_publishes_every_value_then_changes(
        self,
        sn: str,
        fake_server: FakeServer,
        plc: tuple[ModbusTcpServer, int],
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> None:
        fake_server.add(sn, SECRET, DATA_SOURCES, version=7)
        agent = GatewayAgent(config(sn, fake_server, plc[1], mosquitto[1], tmp_path))
        async with running(agent):
            # Online as soon as connected, again with the configuration version once it is fetched.
            state = await observer.next(sn, "state", lambda s: s.get("config_version") == 7)
            assert state["state"] == "online"
            assert state["firmware_version"]
            # Run without its supervisor, nothing could restart it into a new release: it says so.
            assert state["upgrade"] is False
            first = await observer.next(sn, "values")
            assert {v["id"] for v in first["values"]} == {PRESSURE, COUNT, RUN, FLAG, CURRENT}
            assert all(v["q"] == 0 and isinstance(v["ts"], int) for v in first["values"])
            assert first["seq"] == 1

            async with modbus(plc[1]) as client:
                await client.write_register(10, 1234, device_id=1)
            changed = await observer.next(sn, "values", has(COUNT, 1234))
            # Deadband 0: only what changed goes out between full periods.
            assert [v["id"] for v in changed["values"]] == [COUNT]
            assert changed["boot"] == first["boot"]
            assert changed["seq"] > first["seq"]
        offline = await observer.next(sn, "state", lambda s: s["state"] == "offline")
        assert offline == {"state": "offline"}

    async def test_a_failed_read_has_quality_1(
        self,
        sn: str,
        fake_server: FakeServer,
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> None:
        fake_server.add(sn, SECRET, DATA_SOURCES[:1])
        agent = GatewayAgent(config(sn, fake_server, free_port(), mosquitto[1], tmp_path))
        async with running(agent):
            batch = await observer.next(sn, "values")
        assert batch["values"][0]["v"] is None
        assert batch["values"][0]["q"] == 1

    async def test_sends_every_value_each_period(
        self,
        sn: str,
        fake_server: FakeServer,
        plc: tuple[ModbusTcpServer, int],
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> None:
        fake_server.add(sn, SECRET, DATA_SOURCES)
        agent = GatewayAgent(config(sn, fake_server, plc[1], mosquitto[1], tmp_path, period_s=0.3))
        async with running(agent):
            for _ in range(3):
                batch = await observer.next(sn, "values")
                assert len(batch["values"]) == len(DATA_SOURCES)

    async def test_a_config_message_refetches(
        self,
        sn: str,
        fake_server: FakeServer,
        plc: tuple[ModbusTcpServer, int],
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> None:
        fake_server.add(sn, SECRET, DATA_SOURCES[:1], version=1)
        agent = GatewayAgent(config(sn, fake_server, plc[1], mosquitto[1], tmp_path))
        async with running(agent):
            await observer.next(sn, "values")
            await agent.connected.wait()
            fake_server.add(sn, SECRET, DATA_SOURCES, version=2)
            # The notice is not queued for a gateway whose subscription is still being set up after it connected:
            # sent again until the agent refetches (a real server sends one on each publish).
            for _ in range(6):
                await observer.publish(sn, "config", {"version": 2})
                try:
                    batch = await observer.next(
                        sn, "values", lambda b: len(b["values"]) == len(DATA_SOURCES), seconds=10
                    )
                    break
                except TimeoutError:
                    continue
            else:
                raise AssertionError("the agent never refetched its configuration")
            assert {v["id"] for v in batch["values"]} == {d["id"] for d in DATA_SOURCES}
            state = await observer.next(sn, "state", lambda s: s.get("config_version") == 2)
            assert state["state"] == "online"


class TestConfiguration:
    """The fetched document is checked against the configuration schema (iotyun/gateway/config_schema.py)."""

    @pytest.fixture
    def agent(self, fake_server: FakeServer, tmp_path: Path) -> GatewayAgent:
        # No broker and no PLC: the configuration loop runs on its own.
        return GatewayAgent(config("TCONF1", fake_server, free_port(), free_port(), tmp_path), SimulatedSource("s"))

    async def test_keys_it_does_not_know_are_ignored(self, agent: GatewayAgent, fake_server: FakeServer) -> None:
        newer = [
            {**ds, "deadband": 0.5, "faults": [{"kind": "bit", "bit_index": 2, "latch": True}]} for ds in DATA_SOURCES
        ]
        fake_server.add(agent.sn, SECRET, newer, version=4)
        fake_server.configs[agent.sn]["site"] = {"timezone": "Asia/Shanghai"}
        async with running(agent):
            await asyncio.wait_for(agent.configured.wait(), 10)
        assert agent.config_version == 4 and set(agent.points) == {d["id"] for d in DATA_SOURCES}
        assert agent.points[PRESSURE].faults[0].bit_index == 2

    async def test_a_document_without_a_required_key_is_refused(
        self, agent: GatewayAgent, fake_server: FakeServer
    ) -> None:
        fake_server.add(agent.sn, SECRET, [{k: v for k, v in DATA_SOURCES[0].items() if k != "address"}])
        del fake_server.configs[agent.sn]["version"]
        async with httpx.AsyncClient() as http:
            with pytest.raises(
                ConfigRefused, match=r"version: Field required; data_sources\.0\.address: Field required"
            ):
                await agent.fetch_config(http)

    async def test_a_malformed_document_keeps_the_last_good_configuration(
        self, agent: GatewayAgent, fake_server: FakeServer, caplog: pytest.LogCaptureFixture
    ) -> None:
        fake_server.add(agent.sn, SECRET, DATA_SOURCES, version=1)
        caplog.set_level(logging.INFO, logger="iotyun.gateway")
        async with running(agent):
            await asyncio.wait_for(agent.configured.wait(), 10)
            points = dict(agent.points)
            fake_server.add(agent.sn, SECRET, [{"data_type": "uint16", "area": "holding", "address": 1}], version=2)
            agent.refetch()
            await until(lambda: "configuration refused" in caplog.text)
            assert agent.config_version == 1 and agent.points == points
            refused = next(r for r in caplog.records if "configuration refused" in r.getMessage())
            assert refused.levelno == logging.ERROR
            assert "data_sources.0.id: Field required" in refused.getMessage()
            assert "keeping version 1" in refused.getMessage()
            # The agent keeps asking and takes the next good document.
            fake_server.add(agent.sn, SECRET, DATA_SOURCES[:1], version=3)
            await until(lambda: agent.config_version == 3)
            assert set(agent.points) == {PRESSURE}


class TestWrites:
    @pytest.fixture
    async def agent(
        self,
        sn: str,
        fake_server: FakeServer,
        plc: tuple[ModbusTcpServer, int],
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> AsyncIterator[GatewayAgent]:
        fake_server.add(sn, SECRET, DATA_SOURCES)
        agent = GatewayAgent(config(sn, fake_server, plc[1], mosquitto[1], tmp_path))
        async with running(agent):
            await observer.next(sn, "values")
            await agent.connected.wait()
            yield agent

    async def write(self, observer: Observer, sn: str, ds_id: int, value: Any, **kw: Any) -> dict[str, Any]:
        req_id = f"req-{ds_id}-{value}"
        await observer.publish(
            sn, "write", {"req_id": req_id, "id": ds_id, "value": value, "ts": kw.get("ts", int(time.time() * 1000))}
        )
        return await observer.next(sn, "ack", lambda a: a["req_id"] == req_id)

    async def test_writes_a_holding_register_and_acks(
        self, agent: GatewayAgent, sn: str, observer: Observer, plc: tuple[ModbusTcpServer, int]
    ) -> None:
        ack = await self.write(observer, sn, PRESSURE, 12.5)
        assert ack["ok"] is True
        assert ack["value"] == 12.5
        assert ack["error"] is None
        assert isinstance(ack["ts"], int)
        async with modbus(plc[1]) as client:
            rr = await client.read_holding_registers(0, count=2, device_id=1)
        assert rr.registers == [0x4148, 0x0000]
        await observer.next(sn, "values", has(PRESSURE, 12.5))

    async def test_writes_a_coil(
        self, agent: GatewayAgent, sn: str, observer: Observer, plc: tuple[ModbusTcpServer, int]
    ) -> None:
        ack = await self.write(observer, sn, RUN, True)
        assert (ack["ok"], ack["value"]) == (True, True)
        async with modbus(plc[1]) as client:
            rr = await client.read_coils(0, count=1, device_id=1)
        assert rr.bits[0] is True

    async def test_a_bit_in_a_register_keeps_the_other_bits(
        self, agent: GatewayAgent, sn: str, observer: Observer, plc: tuple[ModbusTcpServer, int]
    ) -> None:
        async with modbus(plc[1]) as client:
            await client.write_register(20, 0b0001, device_id=1)
            ack = await self.write(observer, sn, FLAG, True)
            assert ack["ok"] is True
            rr = await client.read_holding_registers(20, count=1, device_id=1)
        assert rr.registers == [0b1001]

    async def test_refuses_a_readonly_point(self, agent: GatewayAgent, sn: str, observer: Observer) -> None:
        ack = await self.write(observer, sn, COUNT, 5)
        assert (ack["ok"], ack["error"]) == (False, "readonly")

    async def test_refuses_an_input_register(self, agent: GatewayAgent, sn: str, observer: Observer) -> None:
        ack = await self.write(observer, sn, CURRENT, 5)
        assert (ack["ok"], ack["error"]) == (False, "readonly")

    async def test_refuses_out_of_range(self, agent: GatewayAgent, sn: str, observer: Observer) -> None:
        ack = await self.write(observer, sn, PRESSURE, 100.5)
        assert (ack["ok"], ack["error"]) == (False, "range")

    async def test_refuses_an_unknown_point(self, agent: GatewayAgent, sn: str, observer: Observer) -> None:
        ack = await self.write(observer, sn, 999, 1)
        assert (ack["ok"], ack["error"]) == (False, "unknown")

    async def test_refuses_a_stale_request(self, agent: GatewayAgent, sn: str, observer: Observer) -> None:
        ack = await self.write(observer, sn, PRESSURE, 3, ts=int(time.time() * 1000) - 120_000)
        assert (ack["ok"], ack["error"]) == (False, "expired")


class TestStoreAndForward:
    async def test_buffers_while_the_broker_is_away_and_delivers_all_in_order(
        self,
        sn: str,
        fake_server: FakeServer,
        plc: tuple[ModbusTcpServer, int],
        observer: Observer,
        mosquitto: tuple[str, int],
        tmp_path: Path,
    ) -> None:
        fake_server.add(sn, SECRET, DATA_SOURCES)
        closed = free_port()
        # A short period makes every poll a batch, so the buffer fills quickly.
        first = GatewayAgent(config(sn, fake_server, plc[1], closed, tmp_path, period_s=0.05))
        async with running(first):
            await until(lambda: first.buffer is not None and first.buffer.pending >= 5)
        buffered = first.buffer
        assert buffered is not None and buffered.pending >= 5
        boot = buffered.boot

        # Restarted, still unreachable for a while, then the broker answers.
        second = GatewayAgent(config(sn, fake_server, plc[1], closed, tmp_path, period_s=0.05))
        async with running(second):
            await until(lambda: second.buffer is not None and second.buffer.pending >= buffered.pending + 3)
            assert second.published == 0
            second.config.mqtt_port = mosquitto[1]
            await second.connected.wait()
            await until(lambda: second.buffer is not None and second.buffer.pending <= 2)
            second.config.period_s = 3600.0
            last = second.buffer.last_seq if second.buffer else 0
            seqs: list[int] = []
            while not seqs or seqs[-1] < last:
                batch = await observer.next(sn, "values")
                assert batch["boot"] == boot
                seqs.append(batch["seq"])
        assert seqs == list(range(1, last + 1))
