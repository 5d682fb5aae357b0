"""The whole data path on real peers: a Modbus TCP PLC (pymodbus), the gateway agent, the broker, the server over
HTTP and a browser's WebSocket. A register change shows in the socket; a write from the console lands in the
register."""

import asyncio
import struct
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from pymodbus.client import AsyncModbusTcpClient
from pymodbus.server import ModbusTcpServer
from pymodbus.simulator import DataType, SimData, SimDevice
from websockets.asyncio.client import ClientConnection, connect

from iotyun.gateway.agent import AgentConfig, GatewayAgent
from tests.team.factories import Team
from tests.telemetry.factories import SECRET, Plant, broker_of, eventually, free_port
from tests.templates.factories import ok


@pytest.fixture
async def plc() -> AsyncIterator[int]:
    """A Modbus TCP device: coils, discrete inputs, holding and input registers, all zero."""
    device = SimDevice(
        id=1,
        simdata=(
            [SimData(0, count=64, values=False, datatype=DataType.BITS)],
            [SimData(0, count=64, values=False, datatype=DataType.BITS)],
            [SimData(0, count=100, values=0, datatype=DataType.REGISTERS)],
            [SimData(0, count=100, values=0, datatype=DataType.REGISTERS)],
        ),
    )
    port = free_port()
    server = ModbusTcpServer(device, address=("127.0.0.1", port))
    await server.serve_forever(background=True)
    yield port
    await server.shutdown()  # type: ignore[no-untyped-call]


async def receive_value(ws: ClientConnection, source_id: int, value: Any) -> None:
    async with asyncio.timeout(15):
        while True:
            message = orjson.loads(await ws.recv())
            if message["type"] in ("values", "snapshot") and any(
                v["id"] == source_id and v["v"] == value for v in message["values"]
            ):
                return


async def receive_value_after_write(app: FastAPI, device_id: int, source_id: int) -> None:
    await eventually(lambda: app.state.telemetry.cache.get(device_id).get(source_id, (None,))[0] is True)


async def test_register_to_socket_and_write_to_register(
    app: FastAPI, team: Team, plant: Plant, http: str, plc: int, tmp_path: Path
) -> None:
    host, port = broker_of(app)
    agent = GatewayAgent(
        AgentConfig(
            sn=plant.sn,
            secret=SECRET,
            server=f"http://{http}",
            mqtt_host=host,
            mqtt_port=port,
            modbus_host="127.0.0.1",
            modbus_port=plc,
            poll_s=0.1,
            data_dir=tmp_path / "gw",
        )
    )
    run = asyncio.create_task(agent.run())
    modbus = AsyncModbusTcpClient("127.0.0.1", port=plc)
    await modbus.connect()
    try:
        temp = plant.sources["温度"]  # int16, holding 20
        async with connect(f"ws://{http}/api/v2/ws/web/rtd") as ws:
            await ws.send(orjson.dumps({"op": "auth", "token": team.admin.token}).decode())
            await ws.send(orjson.dumps({"op": "sub", "devices": [plant.device_id]}).decode())
            await modbus.write_register(20, 55, device_id=1)
            await receive_value(ws, temp, 55)
            await modbus.write_register(20, 56, device_id=1)
            await receive_value(ws, temp, 56)

        async def online() -> bool:
            return bool(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"] == 1)

        await eventually(online)
        written = ok(
            await team.admin.post(
                "/yun/rDev", {"device_id": plant.device_id, "data_source_id": plant.sources["出水压力"], "value": 1.25}
            )
        )
        assert written["value"] == 1.25
        regs = (await modbus.read_holding_registers(0, count=2, device_id=1)).registers
        assert struct.unpack(">f", struct.pack(">HH", *regs))[0] == 1.25
        ok(
            await team.admin.post(
                "/yun/rDev", {"device_id": plant.device_id, "data_source_id": plant.sources["运行"], "value": True}
            )
        )
        assert (await modbus.read_coils(0, count=1, device_id=1)).bits[0] is True
        # and the history holds what the PLC said: the coil off, then on after the write (history "change")
        running = plant.sources["运行"]
        await receive_value_after_write(app, plant.device_id, running)
        await app.state.telemetry.idle()
        now = int(time.time() * 1000)
        hist = ok(
            await team.admin.get(
                "/hDev", params={"device_id": plant.device_id, "ids": str(running), "start": now - 600_000, "end": now}
            )
        )
        assert [p[1] for p in hist["series"][0]["points"]] == [0.0, 1.0]
    finally:
        agent.stop()
        await asyncio.wait_for(run, 15)
        modbus.close()
