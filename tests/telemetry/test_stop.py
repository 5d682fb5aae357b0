"""Stopping while the broker connections are still being made: the server's MQTT link and its dynamic-security
client stopped at every point of their connect, against a broker that answers at once, late or never; the whole
telemetry runtime stopped right after it started; `iotyun serve` terminated during its start-up. Each stop must
return (the limits below only detect a hang: a bounded stop takes a few seconds at most), and leave no task, no
connection and no broker process behind."""

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.app import create_app
from iotyun.telemetry import mqtt
from iotyun.telemetry.dynsec import DynamicSecurity
from iotyun.telemetry.mqtt import BrokerAddress, MqttLink
from iotyun.telemetry.runtime import Telemetry
from tests.conftest import make_settings
from tests.telemetry.factories import broker_url_for, eventually, free_port, wipe
from tests.telemetry.fakebroker import FakeBroker

HANG = 30.0  # a stop that takes this long is taken for a hang
START_UP = 180.0


def _ours(task: asyncio.Task[Any]) -> bool:
    return task is not asyncio.current_task() and task.get_coro().__qualname__ != "FakeBroker._accept"  # type: ignore[union-attr]


def leftovers(before: set[asyncio.Task[Any]]) -> list[str]:
    return sorted(f"{t.get_name()} {t.get_coro()!r}" for t in asyncio.all_tasks() - before if _ours(t))


async def settled(before: set[asyncio.Task[Any]]) -> None:
    """Nothing the stopped component started still runs (asyncio needs a few turns to finish a cancelled task)."""
    try:
        await eventually(lambda: not leftovers(before), within=5)
    except AssertionError:
        raise AssertionError(f"left running: {leftovers(before)}") from None


async def _handler(kind: str, sn: str, payload: bytes, done: mqtt.Done) -> None:
    done()


async def _link_cycle(broker: FakeBroker, ticks: int) -> None:
    link = MqttLink(BrokerAddress("127.0.0.1", broker.port), _handler)
    link.start()
    for _ in range(ticks):
        await asyncio.sleep(0)
    await asyncio.wait_for(link.stop(), HANG)
    assert not link.connected.is_set()


async def _dynsec_cycle(broker: FakeBroker, ticks: int) -> None:
    client = DynamicSecurity(BrokerAddress("127.0.0.1", broker.port))
    client.start()
    for _ in range(ticks):
        await asyncio.sleep(0)
    await asyncio.wait_for(client.stop(), HANG)
    assert not client.connected.is_set()


Cycle = Callable[[FakeBroker, int], Awaitable[None]]
CYCLES = [pytest.param(_link_cycle, id="link"), pytest.param(_dynsec_cycle, id="dynsec")]


@pytest.fixture
async def broker() -> AsyncIterator[FakeBroker]:
    fake = await FakeBroker().start()
    yield fake
    await fake.stop()


@pytest.fixture
def quick_connect(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broker that never answers holds a connect attempt for the client's connect timeout: 1 s in these tests."""
    monkeypatch.setattr(mqtt, "CONNECT_TIMEOUT_S", 1.0)


class TestBrokerLinks:
    @pytest.mark.parametrize("cycle", CYCLES)
    async def test_stopped_at_every_point_of_the_connect(self, broker: FakeBroker, cycle: Cycle) -> None:
        # Event-loop turns after start(): the connect in its worker thread, the CONNACK, the subscriptions, connected.
        for ticks in [*range(0, 80), 100, 150, 200]:
            before = asyncio.all_tasks()
            await cycle(broker, ticks)
            await settled(before)
            await eventually(lambda: broker.connections == 0, within=5)

    @pytest.mark.parametrize("cycle", CYCLES)
    @pytest.mark.parametrize("delay", [0.05, 0.3])
    async def test_stopped_while_a_slow_broker_answers(self, cycle: Cycle, delay: float) -> None:
        slow = await FakeBroker(delay=delay).start()
        try:
            for wait in (0.0, delay / 2, delay * 1.5, delay * 3):
                before = asyncio.all_tasks()
                await cycle(slow, 0 if wait == 0 else 1)
                await asyncio.sleep(wait)
                await settled(before)
                await eventually(lambda: slow.connections == 0, within=5)
        finally:
            await slow.stop()

    @pytest.mark.parametrize("cycle", CYCLES)
    @pytest.mark.usefixtures("quick_connect")
    async def test_stopped_while_the_broker_never_answers(self, cycle: Cycle) -> None:
        silent = await FakeBroker(delay=None).start()
        try:
            for ticks in (0, 5, 50):
                before = asyncio.all_tasks()
                accepted = silent.accepted
                await cycle(silent, ticks)
                await settled(before)
                # Every connection the client opened is closed again: none stays logged in under its client id.
                await eventually(lambda: silent.connections == 0, within=5)
                assert silent.accepted - accepted <= 1
        finally:
            await silent.stop()


@pytest.fixture
async def fresh(database_url: str, tmp_path: Path) -> AsyncIterator[Callable[..., FastAPI]]:
    """Apps whose telemetry the test starts itself (and that are stopped and emptied afterwards)."""
    apps: list[FastAPI] = []

    def make(**overrides: Any) -> FastAPI:
        values = {"mqtt_url": broker_url_for(database_url), "mqtt_port": 0, "ingest_flush_ms": 50, **overrides}
        app = create_app(make_settings(database_url, tmp_path / f"app{len(apps)}", **values))
        apps.append(app)
        return app

    yield make
    for app in apps:
        await app.state.telemetry.stop()
        await wipe(app)
        await app.state.db.dispose()


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie (exited, not yet reaped by its parent) is gone as well.
    return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


class TestTelemetry:
    @pytest.mark.parametrize("ticks", [0, 1, 3, 10, 30, 100])
    async def test_stopped_right_after_it_started(self, fresh: Callable[..., FastAPI], ticks: int) -> None:
        telemetry: Telemetry = fresh().state.telemetry
        before = asyncio.all_tasks()
        await telemetry.start()
        for _ in range(ticks):
            await asyncio.sleep(0)
        pid = telemetry.broker.pid if telemetry.broker is not None else None
        await asyncio.wait_for(telemetry.stop(), HANG)
        await settled(before)
        assert pid is None or gone(pid)
        # Stopped at once, it still starts again and connects.
        await telemetry.start()
        await telemetry.wait_connected(HANG)
        await asyncio.wait_for(telemetry.stop(), HANG)
        await settled(before)

    @pytest.mark.usefixtures("quick_connect")
    async def test_stopped_while_an_external_broker_never_answers(self, fresh: Callable[..., FastAPI]) -> None:
        silent = await FakeBroker(delay=None).start()
        try:
            app = fresh(mqtt_url=f"mqtt://iotyun:secret@127.0.0.1:{silent.port}", mqtt_dynsec="on")
            telemetry: Telemetry = app.state.telemetry
            for wait in (0.0, 0.05, 0.5):
                before = asyncio.all_tasks()
                await telemetry.start()
                await asyncio.sleep(wait)
                await asyncio.wait_for(telemetry.stop(), HANG)
                await settled(before)
                await eventually(lambda: silent.connections == 0, within=5)
        finally:
            await silent.stop()


class TestServer:
    @pytest.mark.parametrize("after", [0.0, 0.05, 0.3])
    async def test_terminated_during_start_up_it_exits(self, tmp_path: Path, after: float) -> None:
        """SIGTERM while the telemetry starts: uvicorn lets the start-up finish, then shuts down at once (the stop
        that hung when the broker links were still connecting); the server exits and takes its broker along."""
        env = {
            **os.environ,
            "IOTYUN_DATA_DIR": str(tmp_path),
            "IOTYUN_DATABASE_URL": "",
            "IOTYUN_MQTT_URL": "",
            "IOTYUN_MQTT_PORT": "0",
            "IOTYUN_REDIS_URL": "",
            "IOTYUN_LOG_LEVEL": "INFO",
            "IOTYUN_CAPTCHA": "off",
        }
        log_path = tmp_path / "server.log"
        pid_file = tmp_path / "mosquitto" / "mosquitto.pid"

        def serve() -> "subprocess.Popen[bytes]":
            with log_path.open("ab") as out:
                return subprocess.Popen(  # noqa: S603 - our own server, fixed arguments
                    [sys.executable, "-m", "iotyun.cli", "serve", "--port", str(free_port())],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )

        server = serve()
        try:
            # Migrations and the broker's start take a while on a busy machine: this wait detects no hang.
            await eventually(lambda: pid_file.exists() and pid_file.read_text().strip(), within=START_UP)
            broker_pid = int(pid_file.read_text())
            await asyncio.sleep(after)
            server.send_signal(signal.SIGTERM)
            try:
                code = await asyncio.to_thread(server.wait, HANG)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"still running\n{log_path.read_text(errors='replace')[-3000:]}") from None
            assert code in (0, -signal.SIGTERM), log_path.read_text(errors="replace")[-3000:]
            await eventually(lambda: gone(broker_pid), within=10)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
