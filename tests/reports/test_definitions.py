"""Report definitions over HTTP: /yun/report/basic and /yun/report/info, every rule of SPEC §5 with its code and
field, the permissions of issue 17, and each user's own reports (docs/api-reports.md)."""

from typing import Any

from sqlalchemy import select

from iotyun.core.limits import (
    REPORT_CHART_THEME_DEFAULT,
    REPORT_CHART_THEMES,
    REPORT_COLOUR_CONDITIONS_MAX,
    REPORT_FILTERS_MAX,
    REPORT_HOUR_RANGE_MAX_DAYS,
    REPORT_MINUTE_RANGE_MAX_DAYS,
    REPORT_TITLE_MAX,
)
from iotyun.reports.models import Report
from tests.conftest import Api, code
from tests.devices.factories import Site, ok

PATH = "/yun/report/basic"
DAY = 86_400_000


def body(**over: Any) -> dict[str, Any]:
    """A valid device-info report (kind 8: count of devices by online state)."""
    return {
        "title": "在线统计",
        "chart_type": 6,
        "table_kind": 8,
        "dimension_field_id": [{"id": 64, "field_name": "在线状态"}],
        "aggregate_filed_id": {"id": 66, "field_name": "设备"},
        "aggregation": "count",
        **over,
    }


def history(device_ids: list[int], **over: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "title": "压力曲线",
        "chart_type": 3,
        "table_kind": 6,
        "dimension_field_id": [{"id": 38, "field_name": "时间"}],
        "compare_filed_id": [{"id": 39, "field_name": "设备"}],
        "aggregate_filed_id": {"id": 41, "field_name": "值"},
        "aggregation": "avg",
        "time_unit": "hour",
        "device_ids": device_ids,
        "data_source_ids": [1],
    }
    return body(**{**fields, **over})


async def make(api: Api, **over: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(PATH, body(**over)))
    return data


async def rows(site: Site) -> list[tuple[Any, ...]]:
    async with site.app.state.db.sessionmaker() as s:
        got = await s.execute(select(Report.id, Report.owner_id, Report.title, Report.config).order_by(Report.id))
        return [tuple(r) for r in got.all()]


def refused(answer: dict[str, Any]) -> tuple[int, str | None]:
    return code(answer), answer["meta"].get("field")


class TestRules:
    async def test_title(self, site: Site) -> None:
        await make(site.admin)
        before = await rows(site)
        assert refused(await site.admin.post(PATH, body(title="  "))) == (118201, "title")
        long = await site.admin.post(PATH, body(title="x" * (REPORT_TITLE_MAX + 1)))
        assert refused(long) == (118202, "title")
        assert refused(await site.admin.post(PATH, body(title=" 在线统计 "))) == (118213, "title")
        assert await rows(site) == before
        assert (await make(site.admin, title="x" * REPORT_TITLE_MAX))["title"] == "x" * REPORT_TITLE_MAX

    async def test_fields(self, site: Site) -> None:
        a = site.admin
        assert refused(await a.post(PATH, body(dimension_field_id=[]))) == (118203, "dimension_field_id")
        many = [{"id": 64, "field_name": "s"}] * 11
        assert refused(await a.post(PATH, body(dimension_field_id=many))) == (118209, "dimension_field_id")
        assert refused(await a.post(PATH, body(aggregate_filed_id=None))) == (118204, "aggregate_filed_id")
        assert refused(await a.post(PATH, body(aggregation=None))) == (118204, "aggregation")
        assert refused(await a.post(PATH, body(compare_filed_id=many))) == (118208, "compare_filed_id")
        assert refused(await a.post(PATH, body(dimension_field_id=[{"id": 38}]))) == (100004, "dimension_field_id")
        assert refused(await a.post(PATH, body(chart_type=9))) == (100004, "chart_type")
        assert refused(await a.post(PATH, body(table_kind=5))) == (100004, "table_kind")
        assert refused(await a.post(PATH, body(fill="sometimes"))) == (100004, "fill")
        assert await rows(site) == []
        for fill in ("none", "linear", "previous", "zero", "null", "-1.5"):
            ok(await a.post(PATH, body(title=f"f{fill}", fill=fill)))

    async def test_history_data_sources(self, site: Site) -> None:
        d = await site.device()
        a = site.admin
        assert refused(await a.post(PATH, history([]))) == (118205, "device_ids")
        assert refused(await a.post(PATH, history([d], data_source_ids=[]))) == (118205, "data_source_ids")
        eleven = history([d], data_source_ids=list(range(1, 12)))
        assert refused(await a.post(PATH, eleven)) == (118208, "compare_filed_id")
        # Ten pass the rule; the device publishes none of them (saving checks them: 115401).
        ten = history([d], data_source_ids=list(range(1, 11)))
        assert refused(await a.post(PATH, ten)) == (115401, "data_source_ids")

    async def test_times(self, site: Site) -> None:
        d = await site.device()
        a = site.admin
        t = 1_790_000_000_000
        assert refused(await a.post(PATH, history([d], start=t, end=t - 1))) == (118206, "end")
        hour = history([d], start=t, end=t + REPORT_HOUR_RANGE_MAX_DAYS * DAY + 1)
        answer = await a.post(PATH, hour)
        assert refused(answer) == (118210, "start")
        assert str(REPORT_HOUR_RANGE_MAX_DAYS) in answer["meta"]["detail"]
        minute = history([d], time_unit="minute", start=t, end=t + REPORT_MINUTE_RANGE_MAX_DAYS * DAY + 1)
        assert refused(await a.post(PATH, minute)) == (118210, "start")
        offset = history([d], time_unit="minute", time_offset=REPORT_MINUTE_RANGE_MAX_DAYS * 1440 + 1)
        assert refused(await a.post(PATH, offset)) == (118210, "time_offset")
        # Within the limits the rules pass; the device publishes no data source 1 (115401, checked last).
        day = history([d], time_unit="day", start=t, end=t + 300 * DAY)
        assert refused(await a.post(PATH, day)) == (115401, "data_source_ids")
        longest = history([d], title="h", start=t, end=t + REPORT_HOUR_RANGE_MAX_DAYS * DAY)
        assert refused(await a.post(PATH, longest)) == (115401, "data_source_ids")

    async def test_filters(self, site: Site) -> None:
        a = site.admin
        f = {"field_id": 64, "field_name": "在线状态", "operator": "eq", "value": 1}
        too_many = await a.post(PATH, body(filters=[f] * (REPORT_FILTERS_MAX + 1)))
        assert refused(too_many) == (118211, "filters")
        assert str(REPORT_FILTERS_MAX) in too_many["meta"]["detail"]
        rng = {"field_id": 64, "operator": "range", "value": 5, "value2": 1}
        assert refused(await a.post(PATH, body(filters=[rng]))) == (118207, "filters")
        assert code(await a.post(PATH, body(filters=[{**f, "operator": "like"}]))) == 100004
        assert await rows(site) == []
        ops = ["eq", "ne", "gt", "ge", "lt", "le", "contain", "not_contain", "null", "not_null"]
        filters = [{**f, "operator": op} for op in ops] + [{**rng, "value": 1, "value2": 5}]
        assert len(ok(await a.post(PATH, body(filters=filters)))["filters"]) == 11


async def styles(site: Site) -> list[tuple[Any, ...]]:
    async with site.app.state.db.sessionmaker() as s:
        got = await s.execute(select(Report.id, Report.theme, Report.conditions).order_by(Report.id))
        return [tuple(r) for r in got.all()]


class TestThemeAndConditions:
    """SPEC §9: a report's chart theme (one of six) and its data colour conditions (docs/api-reports.md)."""

    async def test_defaults(self, site: Site) -> None:
        r = await make(site.admin)
        assert (r["theme"], r["conditions"]) == (REPORT_CHART_THEME_DEFAULT, [])
        assert await styles(site) == [(r["id"], REPORT_CHART_THEME_DEFAULT, [])]

    async def test_round_trip_update_and_copy(self, site: Site) -> None:
        a = site.admin
        conditions: list[dict[str, Any]] = [
            {"min": None, "max": 10, "color": "#00B42A"},
            {"min": 10, "max": 80.5, "color": "#ff7d00"},
            {"min": 80.5, "max": None, "color": "#f53f3f"},
        ]
        r = await make(a, theme="greenTech", conditions=conditions)
        lower = [{**c, "color": str(c["color"]).lower()} for c in conditions]
        assert (r["theme"], r["conditions"]) == ("greenTech", lower)
        assert ok(await a.get("/yun/report/info", params={"id": r["id"]})) == r
        assert ok(await a.get(PATH))["items"][0]["conditions"] == lower
        c = ok(await a.post(PATH + "/copy", {"id": r["id"]}))
        assert (c["theme"], c["conditions"]) == ("greenTech", lower)
        for theme in REPORT_CHART_THEMES:
            u = ok(await a.put(PATH, {**body(theme=theme, conditions=lower[:1]), "id": r["id"]}))
            assert (u["theme"], u["conditions"]) == (theme, lower[:1])
        # A full replacement without them returns the report to the defaults; the copy keeps its own.
        u = ok(await a.put(PATH, {**body(), "id": r["id"]}))
        assert (u["theme"], u["conditions"]) == (REPORT_CHART_THEME_DEFAULT, [])
        assert ok(await a.get("/yun/report/info", params={"id": c["id"]}))["theme"] == "greenTech"
        most = [{"min": i, "max": i + 1, "color": "#123abc"} for i in range(REPORT_COLOUR_CONDITIONS_MAX)]
        assert len(ok(await a.put(PATH, {**body(conditions=most), "id": r["id"]}))["conditions"]) == len(most)

    async def test_refusals_change_nothing(self, site: Site) -> None:
        a = site.admin
        r = await make(a, theme="orange", conditions=[{"min": 1, "max": 2, "color": "#abcdef"}])
        before = await styles(site)
        good = {"min": 1, "max": 2, "color": "#abcdef"}
        too_many = [good] * (REPORT_COLOUR_CONDITIONS_MAX + 1)
        cases: list[tuple[dict[str, Any], tuple[int, str | None]]] = [
            ({"theme": "purple"}, (100004, "theme")),
            ({"theme": "Blue"}, (100004, "theme")),
            ({"theme": None}, (100004, "theme")),
            ({"conditions": too_many}, (100004, "conditions")),
            ({"conditions": [{**good, "color": "red"}]}, (100004, "conditions")),
            ({"conditions": [{**good, "color": "#abcdef80"}]}, (100004, "conditions")),
            ({"conditions": [{**good, "color": "#abcdeg"}]}, (100004, "conditions")),
            ({"conditions": [{"min": 1, "max": 2}]}, (100004, "conditions.0.color")),
            ({"conditions": [{**good, "min": 5, "max": 5}]}, (118207, "conditions")),
            ({"conditions": [good, {**good, "min": 9, "max": 3}]}, (118207, "conditions")),
            ({"conditions": [{**good, "min": "x"}]}, (100004, "conditions.0.min")),
        ]
        for over, expected in cases:
            assert refused(await a.post(PATH, body(title="new", **over))) == expected, over
            assert refused(await a.put(PATH, {**body(**over), "id": r["id"]})) == expected, over
        assert await styles(site) == before

    async def test_others_cannot_restyle(self, site: Site, other_tenant: Api) -> None:
        r = await make(site.admin, theme="blueTech")
        viewer = await site.user("viewer", ["P61400"])
        restyle = {**body(theme="green"), "id": r["id"]}
        assert code(await viewer.put(PATH, restyle)) == 100015
        assert code(await other_tenant.put(PATH, restyle)) == 118212
        assert code(await other_tenant.post(PATH + "/copy", {"id": r["id"]})) == 118212
        assert await styles(site) == [(r["id"], "blueTech", [])]


class TestCrud:
    async def test_create_read_update_list_copy_delete(self, site: Site) -> None:
        a = site.admin
        r = await make(a, sort={"by": "value", "order": "desc"}, refresh_interval=60, exportable=False)
        assert (r["chart_type"], r["table_kind"], r["time_field_id"]) == (6, 8, 62)
        assert (r["refresh_interval"], r["exportable"], r["sort"]) == (60, False, {"by": "value", "order": "desc"})
        assert ok(await a.get("/yun/report/info", params={"id": r["id"]})) == r
        u = ok(await a.put(PATH, {**body(title="设备型号", chart_type=8), "id": r["id"]}))
        assert (u["title"], u["chart_type"], u["exportable"]) == ("设备型号", 8, True)
        c1 = ok(await a.post(PATH + "/copy", {"id": r["id"]}))
        c2 = ok(await a.post(PATH + "/copy", {"id": r["id"]}))
        assert (c1["title"], c2["title"]) == ("设备型号-copy", "设备型号-copy2")
        page = ok(await a.get(PATH, params={"title": "copy"}))
        assert (page["total"], [i["id"] for i in page["items"]]) == (2, [c2["id"], c1["id"]])
        assert ok(await a.get(PATH, params={"chart_type": 6}))["total"] == 0
        assert ok(await a.get(PATH, params={"chart_type": 8}))["total"] == 3
        ok(await a.call("DELETE", PATH, params={"id": c1["id"]}))
        assert code(await a.get("/yun/report/info", params={"id": c1["id"]})) == 118212
        assert ok(await a.get(PATH))["total"] == 2

    async def test_copy_cuts_the_title(self, site: Site) -> None:
        r = await make(site.admin, title="x" * REPORT_TITLE_MAX)
        c = ok(await site.admin.post(PATH + "/copy", {"id": r["id"]}))
        assert c["title"] == "x" * (REPORT_TITLE_MAX - 5) + "-copy"

    async def test_update_keeps_the_title_unique(self, site: Site) -> None:
        await make(site.admin, title="a")
        b = await make(site.admin, title="b")
        before = await rows(site)
        answer = await site.admin.put(PATH, {**body(title="a"), "id": b["id"]})
        assert refused(answer) == (118213, "title")
        assert await rows(site) == before


class TestAccess:
    async def test_permissions(self, site: Site) -> None:
        r = await make(site.admin)
        lister = await site.user("lister", ["P61000"])
        viewer = await site.user("viewer", ["P61400"])
        data = await site.user("data", ["P63000"])
        assert code(await lister.post(PATH, body())) == 100015
        assert code(await viewer.post(PATH, body())) == 100015
        assert code(await lister.put(PATH, {**body(), "id": r["id"]})) == 100015
        assert code(await data.get(PATH)) == 100015
        assert code(await data.post(PATH + "/copy", {"id": r["id"]})) == 100015
        assert code(await data.call("DELETE", PATH, params={"id": r["id"]})) == 100015
        assert ok(await lister.get(PATH))["total"] == 0  # not his
        for reader in (lister, viewer, data):
            assert code(await reader.get("/yun/report/info", params={"id": r["id"]})) == 118212

    async def test_other_users_and_tenants_answer_not_found(self, site: Site, other_tenant: Api) -> None:
        r = await make(site.admin)
        carl = await site.user("carl", ["P61000", "P61100", "P61400"])
        mine = await make(carl, title="carl's")
        before = await rows(site)
        for who in (carl, other_tenant):
            assert code(await who.get("/yun/report/info", params={"id": r["id"]})) == 118212
            assert code(await who.put(PATH, {**body(title="x"), "id": r["id"]})) == 118212
            assert code(await who.call("DELETE", PATH, params={"id": r["id"]})) == 118212
            assert code(await who.post(PATH + "/copy", {"id": r["id"]})) == 118212
        assert ok(await other_tenant.get(PATH))["total"] == 0
        assert await rows(site) == before
        # The administrator sees the tenant's reports, and the same title may be another owner's.
        assert ok(await site.admin.get(PATH))["total"] == 2
        assert ok(await site.admin.get("/yun/report/info", params={"id": mine["id"]}))["title"] == "carl's"
        ok(await carl.post(PATH, body()))

    async def test_history_devices_must_be_readable(self, site: Site, other_tenant: Api) -> None:
        theirs = await site.device(owner=other_tenant)
        assert refused(await site.admin.post(PATH, history([theirs]))) == (110506, "device_ids")
        assert await rows(site) == []
