"""The demo's monitoring data (iotyun/demo/monitoring.py) as the console then shows it."""

import time

from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.demo import monitoring as demo_monitoring
from tests.devices.factories import Site, ok


async def run_seed(site: Site) -> None:
    async with site.app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == site.admin.user_id))).scalar_one()
        await demo_monitoring.seed(s, site.admin.tenant_id or 0, {"admin": admin})
        await s.commit()


class TestDemoMonitoring:
    async def test_nothing_without_devices(self, site: Site) -> None:
        await run_seed(site)
        assert ok(await site.admin.get("/yun/dev/fictitious"))["total"] == 0
        assert ok(await site.admin.get("/yun/dev/dashboard")) == []

    async def test_seeds_virtual_devices_thumbnails_and_tracks(self, site: Site) -> None:
        for i in range(12):
            await site.device(alias=f"d{i}", firmware_version="1.2.0")
        await run_seed(site)
        await run_seed(site)  # a second run adds nothing
        items = ok(await site.admin.get("/yun/dev/fictitious"))["items"]
        states = {v["name"]: (v["version"], v["binding_state"], v["abnormal_reason"]) for v in items}
        assert states == {
            "锅炉房监控": ("1.0", "normal", None),
            "空压机站": ("1.0", "abnormal", "version_differs"),
            "水处理车间": ("2.0", "normal", None),
            "物流车队": ("1.0", "normal", None),
        }
        members = next(v for v in items if v["version"] == "2.0")["members"]
        assert len(members) == 2
        vehicle = next(v for v in items if v["name"] == "物流车队")["gps_device_id"]
        assert vehicle is not None
        groups = ok(await site.admin.get("/yun/dev/dashboard"))
        assert [(g["name"], len(g["items"])) for g in groups] == [("车间总览", 6), ("重点设备", 3)]
        assert len(ok(await site.admin.get("/dev/map"))["items"]) == 2
        now = int(time.time() * 1000)
        params = {"device_id": vehicle, "start": now - 86_400_000 - 60_000, "end": now + 1000}
        assert len(ok(await site.admin.get("/dev/gps/history", params=params))["points"]) == 200
