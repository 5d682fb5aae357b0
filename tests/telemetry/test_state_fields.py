"""What else a gateway's state message says of it (docs/device-protocol.md "State"): whether it can install an
upgrade of itself (`upgrade`, true or false; issue 34), kept on the gateway until it says otherwise; anything else is
counted and ignored."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices.models import Device, Gateway
from tests.telemetry.factories import FakeGateway, Plant, eventually


async def can_upgrade(app: FastAPI, device_id: int) -> bool | None:
    async with app.state.db.sessionmaker() as s:
        stmt = select(Gateway.can_upgrade).join(Device, Device.gateway_id == Gateway.id).where(Device.id == device_id)
        value: bool | None = (await s.execute(stmt)).scalar_one()
        return value


async def test_whether_the_gateway_can_upgrade_itself(app: FastAPI, plant: Plant) -> None:
    assert await can_upgrade(app, plant.device_id) is None  # never said
    stats = app.state.telemetry.ingest.stats
    async with FakeGateway(app, plant.sn) as gw:
        await gw.state("online", upgrade=False)

        async def said(value: bool | None) -> bool:
            return await can_upgrade(app, plant.device_id) is value

        await eventually(lambda: said(False))
        before = stats["rejected_bad_state_field"]
        bad: list[Any] = [1, "true", [True]]
        for value in bad:
            await gw.state("online", upgrade=value)
        await gw.state("online")  # not said: unchanged
        # idle() waits for the app's own queues, not for the broker's round trip: wait for the refusals to arrive
        await eventually(
            lambda: stats["rejected_bad_state_field"] - before >= len(bad), within=60, what="bad states counted"
        )
        await app.state.telemetry.idle()
        assert stats["rejected_bad_state_field"] - before == len(bad)
        assert await can_upgrade(app, plant.device_id) is False
        await gw.state("online", upgrade=True)
        await eventually(lambda: said(True))
