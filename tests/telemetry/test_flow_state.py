"""A gateway's state message may carry its card's used flow (`flow_used_mb`, docs/device-protocol.md): a finite
number from 0 to 10^7 sets the card of its device and samples the change; anything else is counted and ignored."""

import time
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.tenancy import system_session
from iotyun.devices import service as device_service
from iotyun.devices.models import DEV_ONLINE, Device, FlowCard, FlowSample
from tests.devices.factories import ok
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually

DAY = 86_400_000


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
    ok(await team.admin.put("/dev/card/info", {"device_id": plant.device_id, "total_mb": 100}))
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


async def card_row(app: FastAPI, device_id: int) -> FlowCard:
    async with app.state.db.sessionmaker() as s:
        card: FlowCard = (await s.scalars(select(FlowCard).where(FlowCard.device_id == device_id))).one()
        return card


async def used_over_today(team: Team, device_id: int) -> float:
    now = int(time.time() * 1000)
    params = {"device_id": device_id, "start": now - DAY, "end": now + DAY, "tz": "UTC", "bucket": "day"}
    return float(sum(ok(await team.admin.get("/yun/flow/detail", params=params))["used"]))


async def report(app: FastAPI, device_id: int, *values: float) -> None:
    """State messages of the device's gateway carrying these figures, one by one (ingest keeps only the latest of
    those still waiting, so through the broker a burst could collapse into its last)."""
    for value in values:
        async with system_session(app.state.db.sessionmaker) as session:
            device = (await session.scalars(select(Device).where(Device.id == device_id))).one()
            assert device.gateway_id is not None
            await device_service.set_state(session, device.gateway_id, DEV_ONLINE, flow_used_mb=value)
            await session.commit()


async def test_alternating_values_do_not_inflate_use(app: FastAPI, team: Team, plant: Plant) -> None:
    """100, 0, 100, 0 … from a gateway is one rise, not one per rise: a drop is a new package only when the card book
    or the provider says the package renewed; until then the gateway's drop is recorded as suspect and ignored. The
    gateway's figure never goes past the package the book knows."""
    did = plant.device_id
    ok(await team.admin.post("/dev/card/binding", {"device_id": did, "iccid": "89860012345678901234"}))
    book = {"device_id": did, "total_mb": 1000, "effective_date": "2026-01-01"}
    ok(await team.admin.put("/dev/card/info", {**book, "used_mb": 10}))  # the baseline
    await report(app, did, 100, 0, 100, 0, 100, 0)
    assert await samples(app, did) == [10.0, 100.0]
    card = await card_row(app, did)
    assert (card.used_mb, card.suspect_mb) == (100.0, 0.0)
    assert await used_over_today(team, did) == 90.0
    # A real renewal: the book's package starts on a later date; its counter restarts from 0.
    ok(await team.admin.put("/dev/card/info", {**book, "effective_date": "2026-02-01"}))
    await report(app, did, 30, 0, 30)
    assert await samples(app, did) == [10.0, 100.0, 0.0, 30.0]
    assert await used_over_today(team, did) == 90.0 + 30.0
    # Past the package: the book's total, the reported figure kept as suspect.
    await report(app, did, 5000)
    assert await samples(app, did) == [10.0, 100.0, 0.0, 30.0, 1000.0]
    card = await card_row(app, did)
    assert (card.used_mb, card.suspect_mb) == (1000.0, 5000.0)
    assert await used_over_today(team, did) == 90.0 + 1000.0
    # Through the broker as well: a drop changes nothing.
    async with FakeGateway(app, plant.sn) as gw:
        await gw.state("online", flow_used_mb=3)
        await eventually(lambda: _suspect(app, did, 3.0))
    assert await samples(app, did) == [10.0, 100.0, 0.0, 30.0, 1000.0]


async def _suspect(app: FastAPI, device_id: int, value: float) -> bool:
    return (await card_row(app, device_id)).suspect_mb == value
