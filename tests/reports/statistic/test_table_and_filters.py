"""/yun/report/table/data (issue 17 contract B): the statistic as rows with known values, sorting by any column with
nulls last, paging and its refusals; and the filters of history data (kind 6): the value (field 41) applied before
aggregating, the time (38) narrowing the range, device (39) and data source (40) narrowing the pairs, on SQLite and
PostgreSQL (docs/api-reports.md)."""

from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.core.texts import phrase
from iotyun.reports.schemas import StatisticOut, StatisticSeries
from iotyun.reports.table import table_rows
from tests.conftest import Api, code
from tests.devices.factories import SECRET, ok, register
from tests.reports.statistic.test_history import HOUR, MIN, T0, put, report, stat, values
from tests.team.factories import Team
from tests.telemetry.factories import Plant, unique_sn

TABLE = "/yun/report/table/data"


async def table(api: Api, rid: int, **params: Any) -> dict[str, Any]:
    return await api.get(
        TABLE, params={"id": rid, "start": T0, "end": T0 + 4 * HOUR - 1, "tz": "Asia/Shanghai", **params}
    )


def test_table_rows_of_a_statistic() -> None:
    stat = StatisticOut(
        categories=["a", "b"],
        dimension_is_time=False,
        bucket=None,
        series=[
            StatisticSeries(name="p", values=[1.0, None], min=[0.5, None], max=[2.0, None]),
            StatisticSeries(name="q", values=[3.0, 4.0]),
        ],
        unit="MPa",
        total_rows=2,
    )
    columns, rows = table_rows(stat)
    assert [c["key"] for c in columns] == ["category", "s0", "s0_min", "s0_max", "s1"]
    assert [(c["title"], c["unit"]) for c in columns[1:]] == [
        ("p", "MPa"),
        (phrase("sheet.report.min", name="p"), "MPa"),
        (phrase("sheet.report.max", name="p"), "MPa"),
        ("q", "MPa"),
    ]
    assert rows == [
        {"category": "a", "s0": 1.0, "s0_min": 0.5, "s0_max": 2.0, "s1": 3.0},
        {"category": "b", "s0": None, "s0_min": None, "s0_max": None, "s1": 4.0},
    ]


async def test_table_data_sorts_and_pages(app: FastAPI, team: Team, plant: Plant) -> None:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + MIN, 3.0), (T0 + 2 * MIN, 1.0)])
    await put(app, plant.device_id, src, [(T0 + HOUR + MIN, 5.0)])
    await put(app, plant.device_id, src, [(T0 + 3 * HOUR + MIN, 0.5)])
    rid = await report(team.admin, [plant.device_id], [src], fill="null")
    data = ok(await table(team.admin, rid))
    assert [(c["key"], c["title"], c["unit"]) for c in data["columns"]] == [
        ("category", "时间", None),
        ("s0", "1号空压机", "MPa"),
        ("s0_min", "1号空压机 最小值", "MPa"),
        ("s0_max", "1号空压机 最大值", "MPa"),
    ]
    assert (data["total"], data["page"]) == (4, 1)
    assert data["items"][0] == {
        "category": "2026-01-05T00:00:00+08:00",
        "s0": 2.0,
        "s0_min": 1.0,
        "s0_max": 3.0,
    }
    assert [i["s0"] for i in data["items"]] == [2.0, 5.0, None, 0.5]
    # Sorted by a series, nulls last either way.
    assert [i["s0"] for i in ok(await table(team.admin, rid, sort_by="s0"))["items"]] == [0.5, 2.0, 5.0, None]
    desc = ok(await table(team.admin, rid, sort_by="s0_max", order="desc"))["items"]
    assert [i["s0_max"] for i in desc] == [5.0, 3.0, 0.5, None]
    by_time = ok(await table(team.admin, rid, order="desc"))["items"]
    assert by_time[0]["category"] == "2026-01-05T03:00:00+08:00"
    page2 = ok(await table(team.admin, rid, sort_by="s0", page=2, page_size=3))
    assert (page2["total"], page2["page"], page2["page_size"], [i["s0"] for i in page2["items"]]) == (4, 2, 3, [None])


async def test_table_data_refusals(app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
    src = plant.sources["出水压力"]
    rid = await report(team.admin, [plant.device_id], [src])
    answer = await table(team.admin, rid, sort_by="s9")
    assert (code(answer), answer["meta"]["field"]) == (100004, "sort_by")
    assert code(await table(team.admin, rid, order="up")) == 100004
    answer = await table(team.admin, rid, tz="Mars/Olympus")
    assert (code(answer), answer["meta"]["field"]) == (100004, "tz")
    answer = await table(team.admin, rid, end=T0 - 1)
    assert (code(answer), answer["meta"]["field"]) == (118206, "end")
    assert code(await table(other_tenant, rid)) == 118212
    lister = await team.role("lister", ["P61000"])
    assert lister
    await team.user("lou", "lister")
    assert code(await table(await team.login("lou"), rid)) == 100015
    await team.role("viewer", ["P61400"])
    await team.user("val", "viewer")
    # A previewer that is not the owner: not his report.
    assert code(await table(await team.login("val"), rid)) == 118212


# --- filters of history data ---------------------------------------------------------------------------------------


def value_filter(op: str, value: float | None = None, value2: float | None = None, field: int = 41) -> dict[str, Any]:
    return {"field_id": field, "operator": op, "value": value, "value2": value2}


@pytest.mark.parametrize(
    ("flt", "avg", "count"),
    [
        (value_filter("gt", 2.0), [4.0, 5.0], [2.0, 1.0]),
        (value_filter("ge", 2.0), [3.33, 5.0], [3.0, 1.0]),  # the average at the source's 2 decimals
        (value_filter("lt", 2.0), [1.0], [1.0]),
        (value_filter("le", 2.0), [1.5], [2.0]),
        (value_filter("eq", 2.0), [2.0], [1.0]),
        (value_filter("ne", 2.0), [3.0, 5.0], [3.0, 1.0]),
        (value_filter("range", 1.5, 4.5), [2.5], [2.0]),
        (value_filter("not_null"), [2.75, 5.0], [4.0, 1.0]),
        (value_filter("null"), [], []),
    ],
)
async def test_value_filters_apply_before_aggregating(
    app: FastAPI, team: Team, plant: Plant, flt: dict[str, Any], avg: list[float], count: list[float]
) -> None:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + MIN, 1.0), (T0 + 2 * MIN, 2.0), (T0 + 3 * MIN, 3.0)])
    await put(app, plant.device_id, src, [(T0 + 4 * MIN, 5.0)])
    await put(app, plant.device_id, src, [(T0 + HOUR + MIN, 5.0)])
    for agg, expected in (("avg", avg), ("count", count)):
        rid = await report(team.admin, [plant.device_id], [src], aggregation=agg, filters=[flt], title=agg)
        got = values(await stat(team.admin, rid, T0, T0 + 2 * HOUR - 1))
        assert got == ([expected] if expected else [[]])
    # first/last (read from the values) and a day bucket (grouped in SQL) honour it too.
    rid = await report(team.admin, [plant.device_id], [src], aggregation="last", filters=[flt], title="last")
    assert len(values(await stat(team.admin, rid, T0, T0 + 2 * HOUR - 1))[0]) == len(avg)
    rid = await report(
        team.admin, [plant.device_id], [src], aggregation="count", time_unit="day", filters=[flt], title="day"
    )
    got = values(await stat(team.admin, rid, T0, T0 + 2 * HOUR - 1))
    assert got == ([[sum(count)]] if count else [[]])


async def test_time_device_and_source_filters(app: FastAPI, team: Team, plant: Plant) -> None:
    twin = await register(team.admin, unique_sn(), SECRET, alias="2号空压机")
    ok(await team.admin.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [twin["id"]]}))
    ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    for device in (plant.device_id, twin["id"]):
        await put(app, device, p, [(T0 + MIN, 1.0), (T0 + HOUR + MIN, 2.0), (T0 + 2 * HOUR + MIN, 3.0)])
        await put(app, device, t, [(T0 + MIN, 40.0)])
    devices, sources = [plant.device_id, twin["id"]], [p, t]

    async def series(filters: list[dict[str, Any]], title: str) -> dict[str, Any]:
        rid = await report(team.admin, devices, sources, filters=filters, title=title, compare_filed_id=[])
        data: dict[str, Any] = ok(await stat(team.admin, rid, T0, T0 + 3 * HOUR - 1))
        return data

    data = await series([value_filter("ge", T0 + HOUR, field=38)], "from")
    assert data["categories"] == ["2026-01-05T01:00:00+08:00", "2026-01-05T02:00:00+08:00"]
    data = await series([value_filter("range", T0 + HOUR, T0 + 2 * HOUR - 1, field=38)], "within")
    assert data["categories"] == ["2026-01-05T01:00:00+08:00"]
    data = await series([value_filter("lt", T0, field=38)], "before")
    assert (data["categories"], data["series"], data["total_rows"]) == ([], [], 0)
    data = await series([{"field_id": 39, "operator": "eq", "value": "2号空压机"}], "dev")
    assert [s["name"] for s in data["series"]] == ["2号空压机 · 出水压力", "2号空压机 · 温度"]
    data = await series([{"field_id": 39, "operator": "not_contain", "value": "2号"}], "notdev")
    assert [s["name"] for s in data["series"]] == ["1号空压机 · 出水压力", "1号空压机 · 温度"]
    data = await series(
        [{"field_id": 40, "operator": "contain", "value": "压力"}, {"field_id": 39, "operator": "ne", "value": "x"}],
        "src",
    )
    assert [s["name"] for s in data["series"]] == ["1号空压机 · 出水压力", "2号空压机 · 出水压力"]
    assert data["unit"] == "MPa"
    data = await series([{"field_id": 40, "operator": "eq", "value": "无此数据源"}], "none")
    assert data["series"] == []
    # By device as the dimension: only the kept pairs.
    rid = await report(
        team.admin,
        devices,
        sources,
        title="bydev",
        dimension_field_id=[{"id": 39}],
        compare_filed_id=[{"id": 40}],
        aggregation="sum",
        filters=[{"field_id": 40, "operator": "eq", "value": "出水压力"}, value_filter("gt", 1.5)],
    )
    data = ok(await stat(team.admin, rid, T0, T0 + 3 * HOUR - 1))
    assert data["categories"] == ["1号空压机", "2号空压机"]
    assert [(s["name"], s["values"]) for s in data["series"]] == [("出水压力", [5.0, 5.0])]


async def test_filters_that_do_not_fit_their_field(app: FastAPI, team: Team, plant: Plant) -> None:
    src = plant.sources["出水压力"]
    for flt in (
        {"field_id": 41, "operator": "contain", "value": "1"},
        {"field_id": 41, "operator": "gt", "value": "high"},
        {"field_id": 41, "operator": "gt"},
        {"field_id": 38, "operator": "contain", "value": "x"},
        {"field_id": 38, "operator": "ne", "value": 1},
        {"field_id": 39, "operator": "gt", "value": 1},
        {"field_id": 54, "operator": "eq", "value": 1},
    ):
        answer = await team.admin.post(
            "/yun/report/basic",
            {
                "title": "bad",
                "chart_type": 3,
                "table_kind": 6,
                "dimension_field_id": [{"id": 38}],
                "aggregate_filed_id": {"id": 41},
                "aggregation": "avg",
                "time_unit": "hour",
                "device_ids": [plant.device_id],
                "data_source_ids": [src],
                "filters": [flt],
            },
        )
        assert (code(answer), answer["meta"]["field"]) == (100004, "filters"), flt


async def test_a_device_no_longer_read_is_refused_before_its_name_is_filtered(team: Team, plant: Plant) -> None:
    """No read after a distribution ends: a report over a device its owner no longer reads answers 110506 whatever
    its device-name filter says, so the filter cannot tell whether the device's current name matches."""
    await team.role("analyst", ["P10000", "P61000", "P61100", "P61400"])
    ana = await team.user("ana", "analyst")
    analyst = await team.login("ana")
    body = {"device_ids": [plant.device_id], "user_ids": [ana["id"]]}
    ok(await team.admin.post("/dev/distribution", body))
    p = plant.sources["出水压力"]
    matching = await report(
        analyst, [plant.device_id], [p], filters=[{"field_id": 39, "operator": "eq", "value": "1号空压机"}], title="m"
    )
    other = await report(
        analyst, [plant.device_id], [p], filters=[{"field_id": 39, "operator": "eq", "value": "别的名字"}], title="o"
    )
    assert ok(await stat(analyst, other, T0, T0 + HOUR))["series"] == []
    ok(await team.admin.post("/dev/distribution/cancel", body))
    for rid in (matching, other):
        answer = await stat(analyst, rid, T0, T0 + HOUR)
        assert (code(answer), answer["meta"].get("field")) == (110506, "device_ids")
