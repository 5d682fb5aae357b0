"""Fault tests: the gateway agent streams a counter (each poll a new value, each stored) through the broker into the
database while something breaks — the broker restarts, the database is away for 5 s or fails in the middle of a
flush, the server is killed with SIGKILL, the gateway is cut off for a minute. Afterwards a query counts every value
exactly once."""

import asyncio
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.app import create_app
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import DEV_ONLINE, Device, Gateway
from iotyun.gateway.agent import AgentConfig, GatewayAgent
from iotyun.gateway.config_schema import GatewayConfig
from iotyun.gateway.modbus import Q_GOOD, Point, Reading, Value
from iotyun.telemetry.models import history_value
from tests.conftest import make_settings
from tests.team.factories import Team
from tests.telemetry.factories import (
    MOSQUITTO,
    SECRET,
    FakeGateway,
    Plant,
    TcpProxy,
    broker_url_for,
    eventually,
    free_port,
    make_plant,
    now_ms,
    wipe,
)

PG_ADDRESS = ("127.0.0.1", 5432)


class Counter:
    """A value source whose one point counts up on every poll until frozen."""

    def __init__(self) -> None:
        self.source_id = 0
        self.n = 0
        self.frozen = False

    def configure(self, points: Sequence[Point]) -> None:
        self.source_id = next(p.id for p in points if p.name == "出水压力")

    async def read_all(self) -> dict[int, Reading]:
        if not self.frozen and self.source_id:
            self.n += 1
        return {self.source_id: (float(self.n), Q_GOOD)} if self.n else {}

    async def write(self, point: Point, value: Any) -> Value:
        raise NotImplementedError

    async def close(self) -> None:
        return None


@pytest.fixture
async def world(database_url: str, tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    """An app whose broker and database connections can be broken: PostgreSQL and Mosquitto behind TCP proxies
    (cut = unreachable), or SQLite with the embedded broker (restartable in place)."""
    broker = broker_url_for(database_url)
    proxies: dict[str, TcpProxy] = {}
    url = database_url
    if broker:
        proxies["broker"] = await TcpProxy(MOSQUITTO).start()
        broker = f"mqtt://127.0.0.1:{proxies['broker'].port}"
        proxies["db"] = await TcpProxy(PG_ADDRESS).start()
        url = database_url.replace("127.0.0.1:5432", f"127.0.0.1:{proxies['db'].port}")
    settings = make_settings(url, tmp_path, mqtt_url=broker, mqtt_port=0, ingest_flush_ms=50, read_cache_seconds=0)
    app = create_app(settings)
    await app.state.telemetry.start()
    await app.state.telemetry.wait_connected(60)
    streams: list[Stream] = []
    yield {"app": app, "proxies": proxies, "tmp": tmp_path, "streams": streams, "database_url": database_url}
    for stream in streams:  # a test that failed half-way leaves no agent running into the next one
        await stream.stop()
    await app.state.telemetry.stop()
    for proxy in proxies.values():
        proxy.restore()
    await wipe(app)
    await app.state.db.dispose()
    for proxy in proxies.values():
        await proxy.stop()


@pytest.fixture
async def app(world: dict[str, Any]) -> FastAPI:
    application: FastAPI = world["app"]
    return application


async def stored_values(app: FastAPI, device_id: int) -> list[float]:
    hv = history_value.c
    async with app.state.db.sessionmaker() as s:
        # Two reads of the counter may share a millisecond: rows with one ts come back in no set order (on
        # PostgreSQL's partitioned history as elsewhere), so ties are ordered by the counter's value.
        rows = await s.execute(select(hv.value).where(hv.device_id == device_id).order_by(hv.ts, hv.value))
        return [float(v) for v in rows.scalars()]


async def stored_count(app: FastAPI, device_id: int) -> int:
    async with app.state.db.sessionmaker() as s:
        stmt = select(func.count()).select_from(history_value).where(history_value.c.device_id == device_id)
        return int((await s.execute(stmt)).scalar_one())


class Stream:
    """The agent streaming the counter, optionally through its own cuttable link to the broker."""

    def __init__(
        self, world: dict[str, Any], plant: Plant, via_proxy: bool = False, broker: tuple[str, int] | None = None
    ) -> None:
        self.app: FastAPI = world["app"]
        self.broker = broker
        world["streams"].append(self)
        self.plant = plant
        self.counter = Counter()
        self.proxy: TcpProxy | None = None
        self.via_proxy = via_proxy
        self.tmp: Path = world["tmp"]
        self.task: asyncio.Task[None] | None = None
        self.agent: GatewayAgent | None = None

    async def start(self, wait: bool = True) -> None:
        host, port = self.broker or self.app.state.telemetry.mqtt_public[:2]
        if self.via_proxy:
            self.proxy = await TcpProxy((host, port)).start()
            host, port = "127.0.0.1", self.proxy.port
        config = AgentConfig(
            sn=self.plant.sn,
            secret=SECRET,
            server="http://unused.invalid",
            mqtt_host=host,
            mqtt_port=port,
            poll_s=0.05,
            period_s=3600,
            backoff_min_s=0.2,
            backoff_max_s=2,
            data_dir=self.tmp / "gateway",
        )
        self.agent = GatewayAgent(config, self.counter)
        # The configuration as /dev/config gives it (the HTTP side is tested elsewhere).
        async with self.app.state.db.sessionmaker() as s:
            from iotyun.templates import service as template_service

            published = await template_service.published_config(s, self.plant.sn)
        assert published is not None
        self.agent.apply_config(published)
        self.agent.fetch_config = _fixed(published)  # type: ignore[method-assign]
        self.task = asyncio.create_task(self.agent.run())
        if wait:
            await eventually(lambda: self.counter.n > 5)

    async def stop(self) -> None:
        if self.agent is not None and self.task is not None and not self.task.done():
            self.agent.stop()
            try:
                await asyncio.wait_for(self.task, 20)
            except (TimeoutError, Exception):
                self.task.cancel()
        if self.proxy is not None:
            await self.proxy.stop()

    async def finish(self, within: float = 90) -> None:
        """Freeze the counter, let everything drain, check every value arrived exactly once."""
        self.counter.frozen = True
        n = self.counter.n
        try:
            await eventually(lambda: _count_is(self.app, self.plant.device_id, n), within=within)
        except AssertionError:
            got = await stored_values(self.app, self.plant.device_id)
            missing = sorted(set(range(1, n + 1)) - {int(v) for v in got})
            stats = dict(self.app.state.telemetry.ingest.stats)
            raise AssertionError(f"{len(got)} of {n} stored; missing {missing[:20]}; ingest {stats}") from None
        assert self.agent is not None and self.task is not None
        self.agent.stop()
        await asyncio.wait_for(self.task, 20)
        if self.proxy is not None:
            await self.proxy.stop()
        values = await stored_values(self.app, self.plant.device_id)
        assert values == [float(i) for i in range(1, n + 1)]


def _fixed(config: GatewayConfig) -> Any:
    async def fetch(_: Any) -> GatewayConfig:
        return config

    return fetch


async def _count_is(app: FastAPI, device_id: int, n: int) -> bool:
    telemetry = app.state.telemetry
    if telemetry.started and telemetry.writer.backlog():
        with contextlib.suppress(Exception):  # the database may still be away: the writer retries on its own
            await telemetry.writer.flush()
    return await stored_count(app, device_id) >= n


@pytest.fixture
async def stream_plant(team: Team) -> Plant:
    return await make_plant(team.admin)


class TestFaults:
    async def test_broker_restart_mid_stream(self, world: dict[str, Any], stream_plant: Plant) -> None:
        stream = Stream(world, stream_plant)
        await stream.start()
        telemetry = world["app"].state.telemetry
        if telemetry.broker is not None:
            await telemetry.broker.restart()
        else:
            world["proxies"]["broker"].cut()  # every client's connection to Mosquitto drops at once
            await asyncio.sleep(3)
            world["proxies"]["broker"].restore()
        await eventually(lambda: stream.counter.n > 150, within=30)
        await stream.finish()

    async def test_database_unavailable_for_5_seconds(self, world: dict[str, Any], stream_plant: Plant) -> None:
        stream = Stream(world, stream_plant)
        await stream.start()
        app: FastAPI = world["app"]
        if "db" in world["proxies"]:
            world["proxies"]["db"].cut()
            await asyncio.sleep(5)
            world["proxies"]["db"].restore()
            assert app.state.telemetry.writer.failures > 0  # flushes failed, were kept and retried
        else:
            # SQLite: another process holds the write lock; the writer waits it out (busy timeout) or retries.
            path = app.state.db.url.split("///", 1)[1]
            await asyncio.to_thread(_lock_sqlite, path, 5.0)
        await eventually(lambda: stream.counter.n > 150, within=30)
        await stream.finish()

    async def test_gateway_cut_off_for_a_minute(self, world: dict[str, Any], stream_plant: Plant) -> None:
        stream = Stream(world, stream_plant, via_proxy=True)
        await stream.start()
        assert stream.proxy is not None
        stream.proxy.cut()
        # A minute on the production pairing (PostgreSQL + Mosquitto); 10 s on the embedded one keeps CI short.
        await asyncio.sleep(60 if "db" in world["proxies"] else 10)
        stream.proxy.restore()
        await stream.finish()


class TestMidFlush:
    async def test_database_fails_after_the_rows_are_written(
        self, world: dict[str, Any], stream_plant: Plant, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The flush's rows are written (on PostgreSQL: the COPY succeeded), then the transaction fails before it
        commits — a few times over. Retried flushes must not store those rows again."""
        app: FastAPI = world["app"]
        writer = app.state.telemetry.writer
        real = writer._write
        failures = {"left": 4}

        async def write_then_fail(*args: Any) -> None:
            await real(*args)
            if failures["left"] > 0:
                failures["left"] -= 1
                raise ConnectionResetError("connection lost after the rows were written")

        stream = Stream(world, stream_plant)
        await stream.start()
        monkeypatch.setattr(writer, "_write", write_then_fail)
        await eventually(lambda: failures["left"] == 0, within=30)
        await eventually(lambda: stream.counter.n > 120, within=30)
        await stream.finish()
        assert writer.failures >= 4 and writer.set_aside == 0

    async def test_connection_lost_in_the_middle_of_a_flush(
        self, world: dict[str, Any], stream_plant: Plant, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """PostgreSQL: the network to the database goes down between the rows and the commit, for 2 s."""
        if "db" not in world["proxies"]:
            pytest.skip("SQLite has no connection to lose (test_database_unavailable_for_5_seconds holds its lock)")
        app: FastAPI = world["app"]
        writer = app.state.telemetry.writer
        proxy: TcpProxy = world["proxies"]["db"]
        real = writer._write
        cut = asyncio.Event()

        async def write_then_cut(conn: Any, rows: Any, cursors: Any) -> None:
            await real(conn, rows, cursors)
            if rows and not cut.is_set():
                cut.set()
                proxy.cut()  # the COMMIT that follows goes nowhere

        stream = Stream(world, stream_plant)
        await stream.start()
        monkeypatch.setattr(writer, "_write", write_then_cut)
        await eventually(cut.is_set, within=30)
        await asyncio.sleep(2)
        proxy.restore()
        await eventually(lambda: stream.counter.n > 120, within=30)
        await stream.finish()
        assert writer.failures > 0 and writer.set_aside == 0


class TestServerKilled:
    async def test_server_killed_with_sigkill_mid_stream(
        self, world: dict[str, Any], stream_plant: Plant, request: pytest.FixtureRequest
    ) -> None:
        """`iotyun serve` (its own data dir and port) ingests a stream; it is killed with SIGKILL, the gateway
        keeps publishing, the server starts again. Values it had received but not committed were never
        acknowledged, so the broker delivers them again; the delivery cursor drops what was committed already."""
        app: FastAPI = world["app"]
        external = "broker" in world["proxies"]
        broker = app.state.telemetry.broker
        await app.state.telemetry.stop()  # the server below is the only ingest of this database
        # Embedded: the server below takes over the app's data dir, so its Mosquitto keeps the port and the gateway
        # accounts (the broker outlives nothing of the server's: it is stopped with it and started again).
        data_dir = world["tmp"] / "server" if external else world["tmp"]
        mqtt_port = MOSQUITTO[1] if external else broker.port
        env = {
            **os.environ,
            "IOTYUN_DATA_DIR": str(data_dir),
            "IOTYUN_DATABASE_URL": world["database_url"],
            "IOTYUN_MQTT_URL": f"mqtt://{MOSQUITTO[0]}:{MOSQUITTO[1]}" if external else "",
            "IOTYUN_MQTT_PORT": str(mqtt_port),
            "IOTYUN_INGEST_FLUSH_MS": "100",
            "IOTYUN_LOG_LEVEL": "WARNING",
            "IOTYUN_CAPTCHA": "off",
        }
        log_path = world["tmp"] / "server.log"
        stream = Stream(world, stream_plant, broker=("127.0.0.1", mqtt_port))

        def serve() -> "subprocess.Popen[bytes]":
            with log_path.open("ab") as out:
                return subprocess.Popen(  # noqa: S603 - our own server, fixed arguments
                    [sys.executable, "-m", "iotyun.cli", "serve", "--no-migrate", "--port", str(free_port())],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )

        server = serve()
        try:
            # The counter waits until the server has subscribed: it marks the gateway online from its retained state.
            stream.counter.frozen = True
            await stream.start(wait=False)
            await eventually(lambda: _online(app, stream_plant.device_id), within=60)
            stream.counter.frozen = False
            await eventually(lambda: stored_count(app, stream_plant.device_id), within=60)
            await eventually(lambda: stream.counter.n > 60, within=30)
            os.kill(server.pid, signal.SIGKILL)
            await asyncio.to_thread(server.wait, 10)
            killed_at = stream.counter.n
            await eventually(lambda: stream.counter.n > killed_at + 40, within=30)  # published while it is down
            server = serve()
            await eventually(lambda: stream.counter.n > killed_at + 100, within=30)
            try:
                await stream.finish(within=60)
            except AssertionError as exc:
                raise AssertionError(f"{exc}\nserver log:\n{log_path.read_text(errors='replace')[-3000:]}") from None
        finally:
            server.terminate()
            try:
                await asyncio.to_thread(server.wait, 15)
            except subprocess.TimeoutExpired:
                server.kill()


async def _online(app: FastAPI, device_id: int) -> bool:
    async with app.state.db.sessionmaker() as s:
        stmt = select(Gateway.dev_state).join(Device, Device.gateway_id == Gateway.id).where(Device.id == device_id)
        state = (await s.execute(stmt.execution_options(**{ALL_TENANTS: True}))).scalar_one()
    return bool(state == DEV_ONLINE)


def _lock_sqlite(path: str, seconds: float) -> None:
    """Hold SQLite's write lock: every writer waits, then fails with "database is locked", then retries."""
    import time

    conn = sqlite3.connect(path, timeout=1)
    conn.execute("BEGIN EXCLUSIVE")
    time.sleep(seconds)
    conn.rollback()
    conn.close()


class TestCleanStop:
    async def test_values_without_seq_are_stored_once_across_a_clean_restart(
        self, world: dict[str, Any], stream_plant: Plant
    ) -> None:
        """A clean stop commits what it took in and acknowledges it while its broker connection still stands, so
        the broker delivers none of it again at the next start: a gateway that sends no seq has no delivery cursor
        that would drop a repeat."""
        app: FastAPI = world["app"]
        telemetry = app.state.telemetry
        source = stream_plant.sources["出水压力"]
        # Everything sent below waits in the history writer until the stop flushes it.
        telemetry.writer.flush_s = 600
        telemetry.writer._wake.set()
        n = 20
        base = now_ms() - 60_000
        async with FakeGateway(app, stream_plant.sn) as gateway:
            for i in range(n):
                value = {"id": source, "v": round(0.01 * (i + 1), 2), "ts": base + i * 1000}
                await gateway.send([], raw=orjson.dumps({"values": [value]}))
            await eventually(lambda: sum(len(e.rows) for e in telemetry.writer.pending) >= n, within=30)
            await telemetry.stop()
        assert await stored_count(app, stream_plant.device_id) == n
        # The next start, on the same data dir, resumes the server's session at the broker.
        again = create_app(app.state.settings)
        await again.state.telemetry.start()
        try:
            await again.state.telemetry.wait_connected(60)
            await asyncio.sleep(2)  # what the broker still held for the session arrives now
            await again.state.telemetry.idle()
            assert await stored_count(app, stream_plant.device_id) == n, await _rows(app, stream_plant.device_id)
        finally:
            await again.state.telemetry.stop()
            await again.state.db.dispose()


async def _rows(app: FastAPI, device_id: int) -> list[Any]:
    hv = history_value.c
    async with app.state.db.sessionmaker() as s:
        rows = await s.execute(select(hv.ts, hv.value).where(hv.device_id == device_id).order_by(hv.ts, hv.value))
        return [tuple(r) for r in rows]
