"""Device statistics across tenants: aggregates by state, model, version, province and tenant; ranges validated
(810107, 810108); an unknown tenant 810104."""

import time

from iotyun.devices.models import DEV_ONLINE
from tests.conftest import Api, code
from tests.devices.factories import Site, make_device, ok

DAY_MS = 86_400_000


async def fleet(site: Site, other: Api) -> None:
    for i in range(3):
        device = await site.device(province_code="110000" if i < 2 else "310000")
        await site.set_gateway(device, model="G100" if i else "G200", back_end_version="2.1.0")
    await site.online(device)
    await make_device(site.app, tenant_id=other.tenant_id or 0, owner_id=other.user_id or 0, sn="OTHER00001")


class TestStatistics:
    async def test_by_every_key(self, site: Site, other_tenant: Api, operator: Api) -> None:
        await fleet(site, other_tenant)
        by_state = ok(await operator.get("/administrator/devices/statistics", params={"by": "state"}))
        assert (by_state["total"], by_state["online"], by_state["offline"], by_state["tenants"]) == (4, 1, 3, 2)
        assert {b["key"]: b["total"] for b in by_state["buckets"]} == {"2": 3, str(DEV_ONLINE): 1}
        by_model = ok(await operator.get("/administrator/devices/statistics", params={"by": "model"}))
        assert {b["key"]: (b["total"], b["online"]) for b in by_model["buckets"]}["G100"] == (2, 1)
        by_province = ok(await operator.get("/administrator/devices/statistics", params={"by": "province"}))
        labels = {b["key"]: b["label"] for b in by_province["buckets"]}
        assert labels["110000"] == "北京市" and labels["310000"] == "上海市"
        by_tenant = ok(await operator.get("/administrator/devices/statistics", params={"by": "tenant"}))
        assert sorted(b["total"] for b in by_tenant["buckets"]) == [1, 3]
        assert all(b["label"] for b in by_tenant["buckets"])
        one = ok(
            await operator.get(
                "/administrator/devices/statistics", params={"by": "version", "tenant_id": site.admin.tenant_id}
            )
        )
        assert one["total"] == 3 and one["buckets"][0]["key"] == "2.1.0"

    async def test_aggregates_only(self, site: Site, other_tenant: Api, operator: Api) -> None:
        await fleet(site, other_tenant)
        for by in ("state", "model", "version", "province", "tenant"):
            text = str(await operator.get("/administrator/devices/statistics", params={"by": by}))
            # Tenants are named (by=tenant); devices and people are not.
            assert "OTHER00001" not in text and "13800000001" not in text and "SN" not in text

    async def test_ranges(self, site: Site, other_tenant: Api, operator: Api) -> None:
        await fleet(site, other_tenant)
        now = int(time.time() * 1000)
        inside = ok(
            await operator.get("/administrator/devices/statistics", params={"start": now - DAY_MS, "end": now + 1})
        )
        assert inside["total"] == 4
        before = ok(
            await operator.get(
                "/administrator/devices/statistics", params={"start": now - 3 * DAY_MS, "end": now - 2 * DAY_MS}
            )
        )
        assert before["total"] == 0 and before["buckets"] == []
        for params, expected in (
            ({"start": now, "end": now - 1}, 810107),
            ({"start": now}, 810107),
            ({"end": now}, 810107),
            ({"start": -5, "end": now}, 810107),
            ({"start": now - 400 * DAY_MS, "end": now}, 810108),
        ):
            assert code(await operator.get("/administrator/devices/statistics", params=params)) == expected, params
        body = await operator.get("/administrator/devices/statistics", params={"by": "colour"})
        assert body["meta"]["success"] == 0
        assert code(await operator.get("/administrator/devices/statistics", params={"tenant_id": 999999})) == 810104
