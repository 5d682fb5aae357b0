"""The live channel /api/v2/ws/web/rtd over a real server socket: token required, snapshot then pushes of values,
state and alarms for readable devices only; a client that stops reading is dropped without slowing the others."""

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

import orjson
import pytest
import uvicorn
from fastapi import FastAPI
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.conftest import Api
from tests.team.conftest import Team
from tests.telemetry.conftest import FakeGateway, Plant, eventually, now_ms


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def server(app: FastAPI) -> AsyncIterator[str]:
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_config=None, ws="websockets-sansio")
    srv = uvicorn.Server(config)
    task = asyncio.create_task(srv.serve())
    while not srv.started:  # noqa: ASYNC110 - uvicorn offers no start event
        await asyncio.sleep(0.02)
    yield f"ws://127.0.0.1:{port}/api/v2/ws/web/rtd"
    srv.should_exit = True
    await task


async def receive(ws: ClientConnection, kind: str, within: float = 10) -> dict[str, Any]:
    async with asyncio.timeout(within):
        while True:
            message: dict[str, Any] = orjson.loads(await ws.recv())
            if message["type"] == kind:
                return message


class TestLive:
    async def test_refused_without_a_valid_token(self, server: str) -> None:
        for url in (server, server + "?token=nope"):
            with pytest.raises((ConnectionClosed, InvalidStatus)):
                async with connect(url) as ws:
                    await ws.recv()

    async def test_snapshot_values_state_and_alarms(self, app: FastAPI, server: str, team: Team, plant: Plant) -> None:
        p = plant.sources["出水压力"]
        async with FakeGateway(app, plant.sn) as gw, connect(f"{server}?token={team.admin.token}") as ws:
            await gw.send([{"id": p, "v": 0.5, "ts": now_ms()}])
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id).get(p))
            await ws.send(orjson.dumps({"op": "sub", "devices": [plant.device_id]}).decode())
            snap = await receive(ws, "snapshot")
            assert snap["device_id"] == plant.device_id and snap["values"][0]["v"] == 0.5
            await ws.send(orjson.dumps({"op": "sub", "alarms": True}).decode())
            await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
            values = await receive(ws, "values")
            assert values["values"] == [{"id": p, "v": 1.4, "ts": values["values"][0]["ts"], "q": 0}]
            alarm = await receive(ws, "alarm")
            assert alarm["alarm"]["alarm_type"] == 1 and alarm["alarm"]["device_id"] == plant.device_id
            await ws.send('{"op": "ping"}')
            assert (await receive(ws, "pong"))["ts"] > 0
            await ws.send("not json")
            assert (await receive(ws, "error"))["code"] == 100002
            await gw.state("offline")
            state = await receive(ws, "state")
            assert state["dev_state"] == 2

    async def test_only_readable_devices(self, server: str, plant: Plant, other_tenant: Api) -> None:
        async with connect(f"{server}?token={other_tenant.token}") as ws:
            await ws.send(orjson.dumps({"op": "sub", "devices": [plant.device_id]}).decode())
            error = await receive(ws, "error")
            assert error == {"type": "error", "code": 110506, "device_id": plant.device_id}

    async def test_a_slow_client_is_dropped_and_others_keep_up(
        self, app: FastAPI, server: str, team: Team, plant: Plant
    ) -> None:
        hub = app.state.telemetry.hub
        async with (
            connect(f"{server}?token={team.admin.token}") as slow,
            connect(f"{server}?token={team.admin.token}") as fast,
        ):
            # the slow client narrows to one source, which tells its subscription apart below
            await slow.send(orjson.dumps({"op": "sub", "devices": [plant.device_id], "sources": [1]}).decode())
            await receive(slow, "snapshot")
            await fast.send(orjson.dumps({"op": "sub", "devices": [plant.device_id]}).decode())
            await receive(fast, "snapshot")
            subs = list(hub.by_device[plant.device_id])
            assert len(subs) == 2
            # The slow one's queue is full (its reader stopped); the next event drops it.
            slow_sub = next(s for s in subs if s.devices[plant.device_id] is not None)
            for _ in range(1000):
                slow_sub.queue.put_nowait("{}")
            await hub.publish(
                {"type": "values", "device_id": plant.device_id, "values": [{"id": 1, "v": 1, "ts": 1, "q": 0}]}
            )
            got = await receive(fast, "values")
            assert got["values"][0]["v"] == 1
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                async with asyncio.timeout(5):
                    while True:
                        await slow.recv()
            assert slow.close_code == 4408
