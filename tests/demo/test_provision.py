"""`iotyun simulate` provisioning: the sim tenant, gateways and a published template, idempotently; the gateways
fetch their configuration from the real `/api/dev/config`."""

import httpx
from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.demo.provision import SIM_SECRET, provision
from iotyun.devices.models import Device
from iotyun.templates.models import DataSource, TemplatePublication


async def _provision(app: FastAPI, devices: int, points: int) -> list[tuple[str, str]]:
    async with app.state.db.sessionmaker() as session:
        gateways = await provision(session, app.state.settings, devices, points)
        await session.commit()
    return gateways


async def _count(app: FastAPI, model: type) -> int:
    async with app.state.db.sessionmaker() as session:
        return int(await session.scalar(select(func.count()).select_from(model)) or 0)


async def test_provisions_idempotently(app: FastAPI, client: httpx.AsyncClient) -> None:
    gateways = await _provision(app, 3, 7)
    assert gateways == [("SIM000001", SIM_SECRET), ("SIM000002", SIM_SECRET), ("SIM000003", SIM_SECRET)]
    again = await _provision(app, 3, 7)
    assert again == gateways
    assert await _count(app, Device) == 3
    assert await _count(app, DataSource) == 7
    assert await _count(app, TemplatePublication) == 1

    resp = await client.get("/api/dev/config", params={"sn_code": "SIM000003"}, headers={"X-Device-Secret": SIM_SECRET})
    body = resp.json()
    assert body["meta"]["success"] == 1, body
    sources = body["data"]["data_sources"]
    assert [s["data_type"] for s in sources] == ["float32", "int16", "bit"] * 2 + ["float32"]
    assert all(s["history"] == "change" for s in sources)
    assert sources[0]["faults"][0]["op"] == "gt"


async def test_more_points_and_devices_republish(app: FastAPI, client: httpx.AsyncClient) -> None:
    await _provision(app, 1, 3)
    await _provision(app, 2, 5)
    assert await _count(app, Device) == 2
    assert await _count(app, TemplatePublication) == 2
    resp = await client.get("/api/dev/config", params={"sn_code": "SIM000002"}, headers={"X-Device-Secret": SIM_SECRET})
    data = resp.json()["data"]
    assert data["version"] == 2
    assert len(data["data_sources"]) == 5
