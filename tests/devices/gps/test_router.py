"""Device map, positions and GPS tracks over HTTP (SPEC §2 /device/devGPS)."""

import time
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI
from sqlalchemy import insert, select

from iotyun.devices.models import DeviceLog, GpsPoint
from tests.conftest import Api, code
from tests.devices.factories import Site, ok

DAY_MS = 86_400_000


def now_ms() -> int:
    return int(time.time() * 1000)


async def add_points(app: FastAPI, tenant_id: int, device_id: int, start_ms: int, count: int, step_ms: int) -> None:
    rows = [
        {
            "tenant_id": tenant_id,
            "device_id": device_id,
            "time": datetime.fromtimestamp((start_ms + i * step_ms) / 1000, UTC),
            "latitude": 30 + i / 100000,
            "longitude": 120.0,
            "speed": float(i % 60),
        }
        for i in range(count)
    ]
    async with app.state.db.sessionmaker() as s:
        await s.execute(insert(GpsPoint), rows)
        await s.commit()


class TestMap:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/dev/map")) == 100009

    async def test_without_P34000_or_P10000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.get("/dev/map")) == 100015

    async def test_home_page_users_read_it(self, site: Site) -> None:
        bob = await site.team.without()
        data = ok(await bob.get("/dev/map"))
        assert data["items"] == [] and data["theme"] == "normal"

    async def test_tiles_unset_and_located_devices(self, site: Site) -> None:
        placed = await site.device(alias="p", latitude=31.2, longitude=121.5, address="Bund")
        await site.device()
        await site.online(placed)
        data = ok(await site.admin.get("/dev/map"))
        assert data["tiles"] == {"url": None, "attribution": "", "subdomains": "abc", "max_zoom": 18}
        assert [(i["id"], i["alias"], i["dev_state"], i["latitude"], i["address"]) for i in data["items"]] == [
            (placed, "p", 1, 31.2, "Bund")
        ]
        assert ok(await site.admin.get("/dev/map", params={"dev_state": 2}))["items"] == []
        line = ok(await site.admin.post("/yun/dev/group", {"name": "line"}))["id"]
        assert ok(await site.admin.get("/dev/map", params={"group_id": line}))["items"] == []
        assert code(await site.admin.get("/dev/map", params={"dev_state": 3})) == 100004

    async def test_configured_tiles_and_theme(self, site: Site) -> None:
        settings = site.app.state.settings
        settings.map_tile_url, settings.map_theme = "https://{s}.tiles.example/{z}/{x}/{y}.png", "midnight"
        data = ok(await site.admin.get("/dev/map"))
        assert data["tiles"]["url"].startswith("https://") and data["theme"] == "midnight"

    async def test_other_tenant_sees_nothing(self, site: Site, other_tenant: Api) -> None:
        await site.device(latitude=1.0, longitude=2.0)
        assert ok(await other_tenant.get("/dev/map"))["items"] == []

    async def test_shared_device_shows(self, site: Site, other_tenant: Api) -> None:
        foreign = await site.device(owner=other_tenant, latitude=1.0, longitude=2.0)
        await site.grant(foreign, site.admin)
        assert [i["id"] for i in ok(await site.admin.get("/dev/map"))["items"]] == [foreign]


class TestReportPosition:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/dev/gps", {"device_id": 1, "latitude": 1, "longitude": 1})) == 100009

    async def test_without_P34000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.post("/yun/dev/gps", {"device_id": 1, "latitude": 1, "longitude": 1})) == 100015

    async def test_reports_moves_and_logs(self, site: Site) -> None:
        device = await site.device()
        data = ok(await site.admin.post("/yun/dev/gps", {"device_id": device, "latitude": 31.2, "longitude": 121.5}))
        assert (data["latitude"], data["longitude"]) == (31.2, 121.5) and data["located_at"] > now_ms() - 60_000
        # An older fix extends the track but does not move the device.
        old = now_ms() - DAY_MS
        body = {"device_id": device, "latitude": 1, "longitude": 2, "speed": 3.5, "time": old}
        assert ok(await site.admin.post("/yun/dev/gps", body))["latitude"] == 31.2
        assert ok(await site.admin.get("/yun/dev/gps", params={"device_id": device}))["longitude"] == 121.5
        points = ok(
            await site.admin.get("/dev/gps/history", params={"device_id": device, "start": old, "end": now_ms()})
        )
        assert [(p["latitude"], p["speed"]) for p in points["points"]] == [(1.0, 3.5), (31.2, None)]
        async with site.app.state.db.sessionmaker() as s:
            logs = list((await s.execute(select(DeviceLog).where(DeviceLog.action == "position"))).scalars())
        assert len(logs) == 2 and logs[0].device_id == device

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        device = await site.device()
        cases: list[tuple[dict[str, Any], int, str | None]] = [
            ({"latitude": 91, "longitude": 0}, 110561, "latitude"),
            ({"latitude": -90.5, "longitude": 0}, 110561, "latitude"),
            ({"latitude": 0, "longitude": 180.1}, 110561, "longitude"),
            ({"latitude": 0, "longitude": -181}, 110561, "longitude"),
            ({"latitude": "x", "longitude": 0}, 100004, "latitude"),
            ({"latitude": 0, "longitude": 0, "speed": -1}, 100004, "speed"),
        ]
        for body, expected, field in cases:
            answer = await site.admin.post("/yun/dev/gps", {"device_id": device, **body})
            assert (code(answer), answer["meta"]["field"]) == (expected, field), body
        foreign = await site.device(owner=other_tenant)
        assert (
            code(await site.admin.post("/yun/dev/gps", {"device_id": foreign, "latitude": 0, "longitude": 0})) == 110506
        )
        await site.set_device(device, registered=False)
        assert (
            code(await site.admin.post("/yun/dev/gps", {"device_id": device, "latitude": 0, "longitude": 0})) == 110505
        )
        assert ok(await site.admin.get("/dev/map"))["items"] == []

    async def test_owner_or_write_grant_only(self, site: Site) -> None:
        bob = await site.user("bob", ["P34000"])
        carl = await site.user("carl", ["P34000"])
        device = await site.device()
        await site.grant(device, bob, can_write=True)
        await site.grant(device, carl, can_write=False)
        body = {"device_id": device, "latitude": 10, "longitude": 20}
        ok(await bob.post("/yun/dev/gps", body))
        assert code(await carl.post("/yun/dev/gps", body)) == 110513
        hidden = await site.device()
        assert code(await bob.post("/yun/dev/gps", {**body, "device_id": hidden})) == 110506
        assert ok(await carl.get("/yun/dev/gps", params={"device_id": device}))["latitude"] == 10

    async def test_write_grant_across_tenants(self, site: Site, other_tenant: Api) -> None:
        foreign = await site.device(owner=other_tenant)
        await site.grant(foreign, site.admin, can_write=True)
        ok(await site.admin.post("/yun/dev/gps", {"device_id": foreign, "latitude": 5, "longitude": 6}))
        start, end = now_ms() - 60_000, now_ms() + 1000
        for api in (site.admin, other_tenant):
            track = ok(await api.get("/dev/gps/history", params={"device_id": foreign, "start": start, "end": end}))
            assert [p["latitude"] for p in track["points"]] == [5.0]


class TestGetPosition:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/dev/gps", params={"device_id": 1})) == 100009

    async def test_without_P34000(self, site: Site) -> None:
        bob = await site.team.without()
        assert code(await bob.get("/yun/dev/gps", params={"device_id": 1})) == 100015

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        device = await site.device()
        assert code(await site.admin.get("/yun/dev/gps", params={"device_id": device})) == 110556
        assert code(await other_tenant.get("/yun/dev/gps", params={"device_id": device})) == 110506
        assert code(await site.admin.get("/yun/dev/gps", params={"device_id": 999999})) == 110506


class TestHistory:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/dev/gps/history", params={"device_id": 1, "start": 0, "end": 1})) == 100009

    async def test_without_P34000(self, site: Site) -> None:
        bob = await site.team.without()
        assert code(await bob.get("/dev/gps/history", params={"device_id": 1, "start": 0, "end": 1})) == 100015

    async def test_range_rules(self, site: Site, other_tenant: Api) -> None:
        device = await site.device()
        end = now_ms()
        for start, stop in ((end, end - 1), (end - 31 * DAY_MS - 1, end)):
            body = await site.admin.get("/dev/gps/history", params={"device_id": device, "start": start, "end": stop})
            assert code(body) == 110557, (start, stop)
        params = {"device_id": device, "start": end - 31 * DAY_MS, "end": end}
        assert ok(await site.admin.get("/dev/gps/history", params=params)) == {"points": []}
        assert code(await other_tenant.get("/dev/gps/history", params=params)) == 110506
        assert code(await site.admin.get("/dev/gps/history", params={"device_id": device})) == 100004

    async def test_thins_to_5000_keeping_first_and_last(self, site: Site) -> None:
        device = await site.device()
        start = now_ms() - DAY_MS
        await add_points(site.app, site.admin.tenant_id or 0, device, start, 12_001, 5000)
        other = await site.device()
        await add_points(site.app, site.admin.tenant_id or 0, other, start, 10, 1000)
        params = {"device_id": device, "start": start, "end": start + DAY_MS}
        points = ok(await site.admin.get("/dev/gps/history", params=params))["points"]
        assert 4000 < len(points) <= 5000
        times = [p["time"] for p in points]
        assert times == sorted(times) and times[0] == start and times[-1] == start + 12_000 * 5000
        # The window is inclusive and limited to the asked range.
        params = {"device_id": device, "start": start + 5000, "end": start + 15_000}
        assert [p["time"] for p in ok(await site.admin.get("/dev/gps/history", params=params))["points"]] == [
            start + 5000,
            start + 10_000,
            start + 15_000,
        ]

    async def test_exactly_5000_points_are_not_thinned(self, site: Site) -> None:
        device = await site.device()
        start = now_ms() - DAY_MS
        await add_points(site.app, site.admin.tenant_id or 0, device, start, 5000, 1000)
        params = {"device_id": device, "start": start, "end": start + DAY_MS}
        assert len(ok(await site.admin.get("/dev/gps/history", params=params))["points"]) == 5000
