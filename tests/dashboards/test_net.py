"""The network monitor's counts (GET /yun/dashboard/net; docs/api-dashboards.md): the devices the caller reads by
state (online, offline, unregistered) and their unconfirmed alarms, over every device or one device group; another
tenant's devices and alarms, and devices the caller does not read, are not counted."""

import pytest
from fastapi import FastAPI

from iotyun.alarms.models import CONFIRMED, PRODUCED, RECOVERED, Alarm
from iotyun.devices.models import GRANT_DISTRIBUTION
from tests.conftest import Api
from tests.devices.factories import Site, ok
from tests.team.factories import Team

NET = "/yun/dashboard/net"


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)


async def alarm(app: FastAPI, owner: Api, device_id: int, alarm_type: int) -> None:
    async with app.state.db.sessionmaker() as s:
        s.add(
            Alarm(
                tenant_id=owner.tenant_id,
                device_id=device_id,
                owner_id=owner.user_id,
                sn="SN",
                data_source_id=1,
                fault_key="1:0",
                alarm_name="压力过高",
                alarm_level=1,
                alarm_type=alarm_type,
            )
        )
        await s.commit()


def counts(total: int, online: int, offline: int, unregistered: int, alarms: int) -> dict[str, int]:
    return {"total": total, "online": online, "offline": offline, "unregistered": unregistered, "alarms": alarms}


class TestNet:
    async def test_by_state_and_unconfirmed_alarms(self, app: FastAPI, site: Site, other_tenant: Api) -> None:
        group = ok(await site.admin.post("/yun/dev/group", {"name": "g1"}))["id"]
        online, offline = await site.device(), await site.device()
        await site.device(registered=False)  # an unregistered one
        await site.online(online)
        await site.set_device(online, group_id=group)
        theirs = await site.device(other_tenant)
        await site.online(theirs)
        for device, kind in ((online, PRODUCED), (online, RECOVERED), (offline, CONFIRMED), (offline, PRODUCED)):
            await alarm(app, site.admin, device, kind)
        await alarm(app, other_tenant, theirs, PRODUCED)
        assert ok(await site.admin.get(NET)) == counts(3, 1, 1, 1, 3)
        assert ok(await site.admin.get(NET, params={"group_id": group})) == counts(1, 1, 0, 0, 2)
        assert ok(await other_tenant.get(NET)) == counts(1, 1, 0, 0, 1)
        # A group of another tenant holds none of the caller's devices.
        assert ok(await other_tenant.get(NET, params={"group_id": group})) == counts(0, 0, 0, 0, 0)

    async def test_only_the_devices_the_caller_reads(self, app: FastAPI, site: Site) -> None:
        mine, not_mine = await site.device(), await site.device()
        for device in (mine, not_mine):
            await alarm(app, site.admin, device, PRODUCED)
        viewer = await site.user("viewer", ["P20000"])
        assert ok(await viewer.get(NET)) == counts(0, 0, 0, 0, 0)
        await site.grant(mine, viewer, kind=GRANT_DISTRIBUTION)
        assert ok(await viewer.get(NET)) == counts(1, 0, 1, 0, 1)
