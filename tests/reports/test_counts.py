"""/yun/report/statistic of the info kinds: history alarms (7) by level and device, device info (8) by group,
online state and model, user info (9) by role and group; each one GROUP BY over the caller's scope, never another
tenant's rows (docs/api-reports.md)."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete

from iotyun.alarms.models import Alarm
from iotyun.devices.models import DEV_ONLINE, DeviceGroup
from iotyun.reports.models import Report
from tests.conftest import Api, code
from tests.devices.factories import Site, ok

STAT = "/yun/report/statistic"
T0 = 1_790_000_000_000
HOUR = 3_600_000


async def report(api: Api, kind: int, dim: int, **over: Any) -> int:
    body: dict[str, Any] = {
        "title": "c",
        "chart_type": 4,
        "table_kind": kind,
        "dimension_field_id": [{"id": dim, "field_name": "d"}],
        "aggregate_filed_id": {"id": dim, "field_name": "数量"},
        "aggregation": "count",
        **over,
    }
    return int(ok(await api.post("/yun/report/basic", body))["id"])


async def stat(api: Api, rid: int, **params: Any) -> dict[str, Any]:
    return await api.get(STAT, params={"id": rid, "tz": "Asia/Shanghai", **params})


async def devices(site: Site, other_tenant: Api) -> None:
    async with site.app.state.db.sessionmaker() as s:
        group = DeviceGroup(tenant_id=site.admin.tenant_id, name="一车间")
        s.add(group)
        await s.commit()
        group_id = group.id
    await site.device(model="GW100", dev_state=DEV_ONLINE, group_id=group_id)
    await site.device(model="GW100", group_id=group_id)
    await site.device(model="GW200")
    await site.device(owner=other_tenant, model="GW300")


class TestDeviceInfo:
    async def test_by_state_model_and_group(self, site: Site, other_tenant: Api) -> None:
        await devices(site, other_tenant)
        by_state = await report(site.admin, 8, 64)
        data = ok(await stat(site.admin, by_state))
        assert (data["categories"], data["dimension_is_time"], data["bucket"]) == (["在线", "离线"], False, None)
        assert data["series"] == [
            {"name": "数量", "values": [1.0, 2.0], "min": None, "max": None, "unit": None, "decimals": 0}
        ]
        by_model = await report(site.admin, 8, 65, title="m", compare_filed_id=[{"id": 64}])
        data = ok(await stat(site.admin, by_model))
        assert data["categories"] == ["GW100", "GW200"]  # never the other tenant's GW300
        assert [(s["name"], s["values"]) for s in data["series"]] == [("在线", [1.0, 0.0]), ("离线", [1.0, 1.0])]
        by_group = await report(site.admin, 8, 63, title="g", chart_type=8)
        data = ok(await stat(site.admin, by_group))
        assert (data["categories"], data["series"][0]["values"]) == (["一车间", "未分组"], [2.0, 1.0])
        ok(await site.admin.put("/yun/report/basic", {"id": by_group, **_def(8, 63), "sort": {"by": "value"}}))
        assert ok(await stat(site.admin, by_group))["categories"] == ["未分组", "一车间"]
        distinct = await report(
            site.admin, 8, 64, title="dc", aggregation="distinct_count", aggregate_filed_id={"id": 65}
        )
        assert ok(await stat(site.admin, distinct))["series"][0]["values"] == [1.0, 2.0]
        # Counts only count: an average is refused when saved, and a stored one answers the same.
        refused = await site.admin.post("/yun/report/basic", {**_def(8, 64), "title": "avg", "aggregation": "avg"})
        assert (code(refused), refused["meta"]["field"]) == (100004, "aggregation")
        async with site.app.state.db.sessionmaker() as s:
            saved = await s.get(Report, distinct)
            assert saved is not None
            saved.config = {**saved.config, "aggregation": "avg"}
            await s.commit()
        answer = await stat(site.admin, distinct)
        assert (code(answer), answer["meta"]["field"]) == (100004, "aggregation")

    async def test_devices_and_states_read_as_names(self, site: Site, other_tenant: Api) -> None:
        await devices(site, other_tenant)
        named = await site.device(model="GW100", alias="1号泵")
        by_device = await report(site.admin, 8, 66, title="d", compare_filed_id=[{"id": 64}])
        data = ok(await stat(site.admin, by_device))
        assert "1号泵" in data["categories"] and str(named) not in data["categories"]
        assert all(not c.isdigit() for c in data["categories"])  # an alias, else the SN; never an id
        site.admin.lang = "en"
        data = ok(await stat(site.admin, by_device))
        assert sorted(s["name"] for s in data["series"]) == ["Offline", "Online"]
        site.admin.lang = "zh"

    async def test_a_user_counts_only_what_he_reads(self, site: Site, other_tenant: Api) -> None:
        await devices(site, other_tenant)
        carl = await site.user("carl", ["P61100", "P10000"])
        shared = await site.device(model="GW900")
        await site.grant(shared, carl)
        rid = await report(carl, 8, 65)
        data = ok(await stat(carl, rid))
        assert (data["categories"], data["series"][0]["values"]) == (["GW900"], [1.0])
        assert ok(await stat(other_tenant, await report(other_tenant, 8, 65)))["categories"] == ["GW300"]


def _def(kind: int, dim: int) -> dict[str, Any]:
    return {
        "title": "g",
        "chart_type": 8,
        "table_kind": kind,
        "dimension_field_id": [{"id": dim}],
        "aggregate_filed_id": {"id": dim, "field_name": "数量"},
        "aggregation": "count",
    }


class TestAlarms:
    async def test_by_level_and_device_within_the_range(self, site: Site, other_tenant: Api) -> None:
        a = await site.device(alias="1号泵")
        b = await site.device(alias="2号泵")
        theirs = await site.device(owner=other_tenant, alias="外")
        async with site.app.state.db.sessionmaker() as s:
            for device, alias, level, at, tenant in [
                (a, "1号泵", 1, T0, site.admin.tenant_id),
                (a, "1号泵", 2, T0 + HOUR, site.admin.tenant_id),
                (b, "2号泵", 2, T0 + 2 * HOUR, site.admin.tenant_id),
                (b, "2号泵", 2, T0 + 50 * HOUR, site.admin.tenant_id),  # outside the range
                (theirs, "外", 2, T0, other_tenant.tenant_id),
            ]:
                s.add(
                    Alarm(
                        tenant_id=tenant,
                        device_id=device,
                        owner_id=0,
                        sn="X",
                        dev_alias=alias,
                        data_source_id=1,
                        fault_key="k",
                        alarm_name="高压",
                        alarm_level=level,
                        alarm_time=datetime.fromtimestamp(at / 1000, UTC),
                    )
                )
            await s.commit()
        by_level = await report(site.admin, 7, 55, compare_filed_id=[{"id": 56}])
        data = ok(await stat(site.admin, by_level, start=T0, end=T0 + 3 * HOUR))
        assert data["categories"] == ["1 级", "2 级"]
        assert [(s["name"], s["values"]) for s in data["series"]] == [("1号泵", [1.0, 1.0]), ("2号泵", [0.0, 1.0])]
        answer = await stat(site.admin, by_level, start=T0, end=T0 - 1)
        assert (code(answer), answer["meta"]["field"]) == (118206, "end")


class TestUsers:
    async def test_by_role_and_group(self, site: Site, other_tenant: Api) -> None:
        await site.user("carl", ["P61000"])
        await site.user("dora", ["P61000"])
        rid = await report(site.admin, 9, 68)
        data = ok(await stat(site.admin, rid))
        counts = dict(zip(data["categories"], data["series"][0]["values"], strict=True))
        assert counts["r_carl"] == 1.0 and counts["r_dora"] == 1.0
        assert sum(counts.values()) == 3.0  # the administrator, carl, dora; never the other tenant's
        carl = await site.user("erin", ["P61100"])
        mine = await report(carl, 9, 69)
        assert ok(await stat(carl, mine))["series"][0]["values"] == [1.0]  # only himself


class TestFilters:
    async def test_each_operator_narrows_the_rows(self, site: Site, other_tenant: Api) -> None:
        await devices(site, other_tenant)  # GW100 online in 一车间, GW100 offline in 一车间, GW200 offline, no group

        async def total(*filters: dict[str, Any]) -> float:
            body = {**_def(8, 65), "title": "f", "filters": list(filters)}
            async with site.app.state.db.sessionmaker() as s:
                await s.execute(delete(Report))
                await s.commit()
            rid = int(ok(await site.admin.post("/yun/report/basic", body))["id"])
            return sum(sum(s["values"]) for s in ok(await stat(site.admin, rid))["series"])

        state = {"field_id": 64}
        model = {"field_id": 65}
        group = {"field_id": 63}
        assert await total({**state, "operator": "eq", "value": 1}) == 1.0
        assert await total({**state, "operator": "ne", "value": 1}) == 2.0
        assert await total({**state, "operator": "gt", "value": 1}) == 2.0
        assert await total({**state, "operator": "ge", "value": 1}) == 3.0
        assert await total({**state, "operator": "lt", "value": 2}) == 1.0
        assert await total({**state, "operator": "le", "value": 1}) == 1.0
        assert await total({**state, "operator": "range", "value": 1, "value2": 2}) == 3.0
        assert await total({**model, "operator": "contain", "value": "100"}) == 2.0
        assert await total({**model, "operator": "not_contain", "value": "100"}) == 1.0
        assert await total({**group, "operator": "null"}) == 1.0
        assert await total({**group, "operator": "not_null"}) == 2.0
        assert (
            await total({**model, "operator": "eq", "value": "GW200"}, {**state, "operator": "eq", "value": 2}) == 1.0
        )
        assert await total({"field_id": 62, "operator": "lt", "value": 1}) == 0.0  # registered before 1970
        # Text for the numeric state: refused when saved; stored all the same, its statistic answers the code.
        body = {**_def(8, 65), "title": "bad", "filters": [{**state, "operator": "eq", "value": "online"}]}
        refused = await site.admin.post("/yun/report/basic", body)
        assert (code(refused), refused["meta"]["field"]) == (100004, "filters")
        rid = int(ok(await site.admin.post("/yun/report/basic", {**body, "filters": []}))["id"])
        async with site.app.state.db.sessionmaker() as s:
            saved = await s.get(Report, rid)
            assert saved is not None
            saved.config = {**saved.config, "filters": body["filters"]}
            await s.commit()
        answer = await stat(site.admin, rid)
        assert (code(answer), answer["meta"]["field"]) == (100004, "filters")


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> int:
    return int(datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp() * 1000)


async def alarms(site: Site, rows: list[tuple[int, int, int, int]]) -> None:
    """(device id, tenant id, level, alarm time in epoch ms) as stored alarms."""
    async with site.app.state.db.sessionmaker() as s:
        for device, tenant, level, at in rows:
            s.add(
                Alarm(
                    tenant_id=tenant,
                    device_id=device,
                    owner_id=0,
                    sn="X",
                    dev_alias="泵",
                    data_source_id=1,
                    fault_key="k",
                    alarm_name="高压",
                    alarm_level=level,
                    alarm_time=datetime.fromtimestamp(at / 1000, UTC),
                )
            )
        await s.commit()


class TestAlarmsOverTime:
    async def test_per_local_day_in_shanghai(self, site: Site, other_tenant: Api) -> None:
        a = await site.device()
        theirs = await site.device(owner=other_tenant)
        mine = site.admin.tenant_id or 0
        await alarms(
            site,
            [
                (a, mine, 1, utc(2026, 1, 4, 17, 0, 30)),  # 2026-01-05 01:00:30 in China
                (a, mine, 2, utc(2026, 1, 5, 15, 59)),  # 2026-01-05 23:59
                (a, mine, 2, utc(2026, 1, 5, 16, 30)),  # 2026-01-06 00:30
                (theirs, other_tenant.tenant_id or 0, 2, utc(2026, 1, 5, 1)),
            ],
        )
        rid = await report(site.admin, 7, 54, time_unit="day")
        start, end = utc(2026, 1, 4, 16), utc(2026, 1, 7, 16) - 1  # 2026-01-05 … 2026-01-07 in China
        data = ok(await stat(site.admin, rid, start=start, end=end))
        assert data["categories"] == [
            "2026-01-05T00:00:00+08:00",
            "2026-01-06T00:00:00+08:00",
            "2026-01-07T00:00:00+08:00",
        ]
        assert (data["dimension_is_time"], data["bucket"]) == (True, "day")
        assert [s["values"] for s in data["series"]] == [[2.0, 1.0, 0.0]]
        by_level = await report(site.admin, 7, 54, title="l", time_unit="month", compare_filed_id=[{"id": 55}])
        data = ok(await stat(site.admin, by_level, start=start, end=end))
        assert data["categories"] == ["2026-01-01T00:00:00+08:00"]
        assert [(s["name"], s["values"]) for s in data["series"]] == [("1 级", [1.0]), ("2 级", [2.0])]
        utc_day = ok(await stat(site.admin, rid, start=utc(2026, 1, 4), end=utc(2026, 1, 6) - 1, tz="UTC"))
        assert [s["values"] for s in utc_day["series"]] == [[1.0, 2.0]]
        hourly = await report(site.admin, 7, 54, title="h", time_unit="hour")
        data = ok(await stat(site.admin, hourly, start=utc(2026, 1, 4, 17), end=utc(2026, 1, 4, 19) - 1))
        assert (data["categories"], data["series"][0]["values"]) == (
            ["2026-01-05T01:00:00+08:00", "2026-01-05T02:00:00+08:00"],
            [1.0, 0.0],
        )


class TestInfoOverTime:
    async def test_registrations_and_new_users_per_local_day(self, site: Site, other_tenant: Api) -> None:
        def at(ms: int) -> datetime:
            return datetime.fromtimestamp(ms / 1000, UTC)

        await site.device(registered_at=at(utc(2026, 1, 4, 16, 30)))  # 2026-01-05 00:30 in China
        await site.device(registered_at=at(utc(2026, 1, 5, 15, 0)))  # 2026-01-05 23:00
        await site.device(registered_at=at(utc(2026, 1, 5, 16, 0)), model="GW200")  # 2026-01-06 00:00
        await site.device(registered_at=at(utc(2020, 1, 1)))  # outside the range
        await site.device(owner=other_tenant, registered_at=at(utc(2026, 1, 5, 1)))
        rid = await report(site.admin, 8, 62, time_unit="day", compare_filed_id=[{"id": 65}])
        data = ok(await stat(site.admin, rid, start=utc(2026, 1, 4, 16), end=utc(2026, 1, 6, 16) - 1))
        assert (data["categories"], data["dimension_is_time"]) == (
            ["2026-01-05T00:00:00+08:00", "2026-01-06T00:00:00+08:00"],
            True,
        )
        assert [(s["name"], s["values"]) for s in data["series"]] == [("GW100", [2.0, 0.0]), ("GW200", [0.0, 1.0])]
        await site.user("carl", ["P61000"])
        now = int(datetime.now(UTC).timestamp() * 1000)
        users = await report(site.admin, 9, 67, title="u", time_unit="year")
        data = ok(await stat(site.admin, users, start=now - 86_400_000, end=now + 60_000))
        assert sum(data["series"][0]["values"]) == 2.0  # the administrator and carl, never the other tenant's
