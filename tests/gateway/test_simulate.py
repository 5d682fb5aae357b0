"""Simulated gateways in one event loop, against the broker: values flow and writes stick."""

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from iotyun.gateway.simulate import run_simulated_gateways
from tests.gateway.factories import FakeServer, Observer, forget, new_sn

DATA_SOURCES = [
    {"id": 1, "data_type": "float32", "area": "holding", "address": 0, "rw": "r", "decimals": 2,
     "faults": [{"kind": "compare", "op": "gt", "threshold": 1.0, "alarm_name": "高", "level": 2, "info": ""}]},
    {"id": 2, "data_type": "float32", "area": "holding", "address": 2, "rw": "rw", "decimals": 2,
     "min_value": 0.4, "max_value": 1.0},
    {"id": 3, "data_type": "bit", "area": "coil", "address": 0, "rw": "rw", "decimals": 0},
    {"id": 4, "data_type": "string", "area": "holding", "address": 10, "string_length": 6, "decimals": 0},
]  # fmt: skip


@pytest.fixture
async def sns(mosquitto: tuple[str, int]) -> AsyncIterator[list[str]]:
    names = [new_sn(), new_sn()]
    yield names
    for name in names:
        await forget(name, mosquitto)


async def test_runs_several_gateways(
    sns: list[str], fake_server: FakeServer, observer: Observer, mosquitto: tuple[str, int], tmp_path: Path
) -> None:
    for sn in sns:
        fake_server.add(sn, "simsecret", DATA_SOURCES)
    stop = asyncio.Event()
    task = asyncio.create_task(
        run_simulated_gateways(
            fake_server.url, *mosquitto, [(sn, "simsecret") for sn in sns], stop, rate_hz=10.0, data_dir=tmp_path
        )
    )
    try:
        for sn in sns:
            batch = await observer.next(sn, "values")
            assert {v["id"] for v in batch["values"]} == {1, 2, 3, 4}
            values = {v["id"]: v["v"] for v in batch["values"]}
            assert isinstance(values[1], float)
            assert isinstance(values[3], bool)
            assert isinstance(values[4], str)
        await observer.next(sns[0], "state", lambda s: s["state"] == "online")
        now = int(time.time() * 1000)
        await observer.publish(sns[0], "write", {"req_id": "w1", "id": 2, "value": 0.55, "ts": now})
        ack = await observer.next(sns[0], "ack")
        assert (ack["req_id"], ack["ok"], ack["value"]) == ("w1", True, 0.55)
        batch = await observer.next(sns[0], "values", lambda b: any(v["id"] == 2 for v in b["values"]))
        assert next(v["v"] for v in batch["values"] if v["id"] == 2) == 0.55
        await observer.publish(sns[1], "write", {"req_id": "w2", "id": 2, "value": 5, "ts": now})
        ack = await observer.next(sns[1], "ack")
        assert (ack["ok"], ack["error"]) == (False, "range")
    finally:
        stop.set()
        async with asyncio.timeout(10):
            await task
    for sn in sns:
        assert (tmp_path / f"{sn}.buffer.sqlite").exists()
