"""Gateway test harness: a real pymodbus server, the machine's Mosquitto, and a small local HTTP server standing in
for the iotyun server's `/api/dev/config` and `/api/dev/access` (helpers in tests/gateway/factories.py).

Without CI the MQTT tests skip when Mosquitto does not answer at 127.0.0.1:1883; with CI=true they fail instead.
"""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator

import aiomqtt
import orjson
import pytest
from pymodbus.server import ModbusTcpServer
from pymodbus.simulator import DataType, SimData, SimDevice

from tests.conftest import CI
from tests.gateway.factories import MQTT_HOST, MQTT_PORT, FakeServer, Observer, free_port, mosquitto_answers


@pytest.fixture
def mosquitto() -> tuple[str, int]:
    if not mosquitto_answers():
        if CI:
            pytest.fail(f"Mosquitto at {MQTT_HOST}:{MQTT_PORT} does not answer, and CI=true requires it")
        pytest.skip(f"Mosquitto at {MQTT_HOST}:{MQTT_PORT} does not answer; the gateway's MQTT tests are skipped")
    return MQTT_HOST, MQTT_PORT


@pytest.fixture
async def fake_server() -> AsyncIterator[FakeServer]:
    fake = FakeServer()
    server = await asyncio.start_server(fake.handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    fake.url = f"http://127.0.0.1:{port}"
    yield fake
    server.close()
    await server.wait_closed()


@pytest.fixture
async def plc() -> AsyncIterator[tuple[ModbusTcpServer, int]]:
    """A Modbus TCP device (id 1): 64 coils, 64 discrete inputs, 200 holding and 200 input registers, all 0."""
    device = SimDevice(
        id=1,
        simdata=(
            [SimData(0, count=64, values=False, datatype=DataType.BITS)],
            [SimData(0, count=64, values=False, datatype=DataType.BITS)],
            [SimData(0, count=200, values=0, datatype=DataType.REGISTERS)],
            [SimData(0, count=200, values=0, datatype=DataType.REGISTERS)],
        ),
    )
    port = free_port()
    server = ModbusTcpServer(device, address=("127.0.0.1", port))
    await server.serve_forever(background=True)
    yield server, port
    await server.shutdown()  # type: ignore[no-untyped-call]


@pytest.fixture
async def observer(mosquitto: tuple[str, int]) -> AsyncIterator[Observer]:
    client = aiomqtt.Client(*mosquitto, identifier=f"obs-{uuid.uuid4().hex[:8]}")
    async with client:
        watcher = Observer(client)
        await client.subscribe("iotyun/dev/+/+", qos=1)

        async def pump() -> None:
            # The broker is shared with the other test workers, some of which publish malformed payloads on purpose
            # (the MQTT abuse tests): what does not parse is not one of this test's gateways' and is passed over.
            async for message in client.messages:
                _, _, sn, kind = message.topic.value.split("/")
                if not message.payload:
                    continue
                try:
                    payload = orjson.loads(message.payload) if isinstance(message.payload, bytes) else {}
                except orjson.JSONDecodeError:
                    continue
                watcher.queues.setdefault(f"{sn}/{kind}", asyncio.Queue()).put_nowait(payload)

        task = asyncio.create_task(pump())
        yield watcher
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
