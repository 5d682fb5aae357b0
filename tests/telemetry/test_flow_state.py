"""A gateway's state message may carry its card's used flow (`flow_used_mb`, docs/device-protocol.md): a finite
number from 0 to 10^7 sets the card of its device and samples the change; anything else is counted and ignored."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices.models import FlowCard, FlowSample
from tests.devices.factories import ok
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually


async def samples(app: FastAPI, device_id: int) -> list[float]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(FlowSample.used_mb).where(FlowSample.device_id == device_id).order_by(FlowSample.id)
        return [float(v) for v in (await s.scalars(stmt)).all()]


async def used(app: FastAPI, device_id: int) -> float:
    async with app.state.db.sessionmaker() as s:
        card = (await s.scalars(select(FlowCard).where(FlowCard.device_id == device_id))).one()
        return float(card.used_mb)


async def test_state_message_samples_the_cards_used_flow(app: FastAPI, team: Team, plant: Plant) -> None:
    ok(await team.admin.post("/dev/card/binding", {"device_id": plant.device_id, "iccid": "89860012345678901234"}))
    stats = app.state.telemetry.ingest.stats
    async with FakeGateway(app, plant.sn) as gw:
        await gw.state("online", flow_used_mb=12.5)
        await eventually(lambda: _has(app, plant.device_id, [12.5]))
        before = stats["rejected_bad_state_field"]
        bad: list[Any] = [-1, "13", 1e8, True, [1], {"mb": 1}]
        for value in bad:
            await gw.state("online", flow_used_mb=value)
        await gw.state("online", flow_used_mb=12.5)  # unchanged: no sample
        await gw.state("online", flow_used_mb=20)
        await eventually(lambda: _has(app, plant.device_id, [12.5, 20.0]))
        await app.state.telemetry.idle()
        assert stats["rejected_bad_state_field"] - before == len(bad)
    assert await used(app, plant.device_id) == 20.0


async def _has(app: FastAPI, device_id: int, expected: list[float]) -> bool:
    return await samples(app, device_id) == expected
