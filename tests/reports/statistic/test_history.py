"""/yun/report/statistic for history data (kind 6) over time: each aggregation against known stored values, fill
linear/previous/zero/null/number, first/last, each bucket's min and max, month buckets in Asia/Shanghai, series per
device or data source, and the caller's rights, on SQLite and PostgreSQL (docs/api-reports.md)."""

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import delete, update

from iotyun.devices.models import DeviceGrant
from iotyun.reports.models import Report
from tests.conftest import Api, code
from tests.devices.factories import SECRET, ok, register
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant, unique_sn

MIN = 60_000
HOUR = 3_600_000
DAY = 86_400_000
SHANGHAI = "Asia/Shanghai"
STAT = "/yun/report/statistic"


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0, *, tz: int = 0) -> int:
    return int(datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp() * 1000) - tz * MIN


T0 = ms(2026, 1, 5, tz=480)  # 2026-01-05 00:00 in China


async def put(app: FastAPI, device_id: int, source_id: int, points: list[tuple[int, float]]) -> None:
    writer = app.state.telemetry.writer
    writer.add([(device_id, source_id, ts, v, None) for ts, v in points], 0, None)
    await writer.flush()


async def report(api: Api, devices: list[int], sources: list[int], **over: Any) -> int:
    body: dict[str, Any] = {
        "title": "r",
        "chart_type": 3,
        "table_kind": 6,
        "dimension_field_id": [{"id": 38, "field_name": "时间"}],
        "compare_filed_id": [{"id": 39, "field_name": "设备"}],
        "aggregate_filed_id": {"id": 41, "field_name": "值"},
        "aggregation": "avg",
        "time_unit": "hour",
        "device_ids": devices,
        "data_source_ids": sources,
        **over,
    }
    return int(ok(await api.post("/yun/report/basic", body))["id"])


async def stat(api: Api, report_id: int, start: int, end: int, tz: str = SHANGHAI) -> dict[str, Any]:
    return await api.get(STAT, params={"id": report_id, "start": start, "end": end, "tz": tz})


def values(answer: dict[str, Any]) -> list[list[float | None]]:
    return [s["values"] for s in ok(answer)["series"]]


@pytest.mark.parametrize(
    ("agg", "expected"),
    [
        ("avg", [2.0, 5.0]),
        ("max", [3.0, 5.0]),
        ("min", [1.0, 5.0]),
        ("sum", [8.0, 5.0]),
        ("count", [4.0, 1.0]),
        ("distinct_count", [3.0, 1.0]),
        ("first", [3.0, 5.0]),
        ("last", [2.0, 5.0]),
    ],
)
async def test_each_aggregation(app: FastAPI, team: Team, plant: Plant, agg: str, expected: list[float]) -> None:
    src = plant.sources["出水压力"]
    await put(
        app,
        plant.device_id,
        src,
        [(T0 + 10 * MIN, 3.0), (T0 + 20 * MIN, 1.0), (T0 + 30 * MIN, 2.0), (T0 + 40 * MIN, 2.0)],
    )
    await put(app, plant.device_id, src, [(T0 + 70 * MIN, 5.0)])
    rid = await report(team.admin, [plant.device_id], [src], aggregation=agg)
    data = ok(await stat(team.admin, rid, T0, T0 + 3 * HOUR - 1))
    assert data["categories"] == ["2026-01-05T00:00:00+08:00", "2026-01-05T01:00:00+08:00"]
    assert (data["dimension_is_time"], data["bucket"], data["unit"], data["total_rows"]) == (True, "hour", "MPa", 2)
    assert [s["values"] for s in data["series"]] == [expected]
    assert [(s["min"], s["max"]) for s in data["series"]] == [([1.0, 5.0], [3.0, 5.0])]


@pytest.mark.parametrize(
    ("fill", "expected"),
    [
        ("none", [1.0, 4.0]),
        ("null", [1.0, None, None, 4.0]),
        ("zero", [1.0, 0.0, 0.0, 4.0]),
        ("7.5", [1.0, 7.5, 7.5, 4.0]),
        ("previous", [1.0, 1.0, 1.0, 4.0]),
        ("linear", [1.0, 2.0, 3.0, 4.0]),
    ],
)
async def test_fill(app: FastAPI, team: Team, plant: Plant, fill: str, expected: list[float | None]) -> None:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + 5 * MIN, 1.0), (T0 + 3 * HOUR + 5 * MIN, 4.0)])
    rid = await report(team.admin, [plant.device_id], [src], fill=fill)
    data = ok(await stat(team.admin, rid, T0, T0 + 4 * HOUR - 1))
    assert [s["values"] for s in data["series"]] == [expected]
    assert len(data["categories"]) == len(expected)
    # A filled bucket holds no stored value: no min or max.
    assert data["series"][0]["min"] == ([1.0, 4.0] if fill == "none" else [1.0, None, None, 4.0])


async def test_month_buckets_in_shanghai(app: FastAPI, team: Team, plant: Plant) -> None:
    src = plant.sources["出水压力"]
    # 2026-01-31 20:00 in China is January; 2026-01-31 17:00 UTC is 2026-02-01 01:00 in China, February.
    await put(app, plant.device_id, src, [(ms(2026, 1, 31, 12), 1.0), (ms(2026, 1, 31, 17), 2.0)])
    await put(app, plant.device_id, src, [(ms(2026, 2, 20), 3.0)])
    rid = await report(team.admin, [plant.device_id], [src], time_unit="month", aggregation="sum")
    data = ok(await stat(team.admin, rid, ms(2026, 1, 1, tz=480), ms(2026, 3, 1, tz=480) - 1))
    assert data["categories"] == ["2026-01-01T00:00:00+08:00", "2026-02-01T00:00:00+08:00"]
    assert values(await stat(team.admin, rid, ms(2026, 1, 1, tz=480), ms(2026, 3, 1, tz=480) - 1)) == [[1.0, 5.0]]
    # In UTC both January values fall in January.
    utc = await stat(team.admin, rid, ms(2026, 1, 1), ms(2026, 3, 1) - 1, tz="UTC")
    assert ok(utc)["categories"] == ["2026-01-01T00:00:00+00:00", "2026-02-01T00:00:00+00:00"]
    assert values(utc) == [[3.0, 3.0]]


async def test_a_series_per_device_or_data_source(app: FastAPI, team: Team, plant: Plant) -> None:
    other = await make_plant(team.admin)
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    await put(app, plant.device_id, p, [(T0 + MIN, 1.0)])
    await put(app, plant.device_id, t, [(T0 + MIN, 40.0)])
    await put(app, other.device_id, other.sources["出水压力"], [(T0 + 2 * HOUR, 9.0)])
    by_source = await report(team.admin, [plant.device_id], [p, t], compare_filed_id=[{"id": 40}])
    data = ok(await stat(team.admin, by_source, T0, T0 + 3 * HOUR - 1))
    assert [s["name"] for s in data["series"]] == ["出水压力", "温度"]
    assert [s["values"] for s in data["series"]] == [[1.0], [40.0]]
    assert data["unit"] is None  # the series' units differ
    # Another template's device: its 出水压力 has another id, so the report's source is not in its configuration.
    body = {**(await _definition(team.admin, by_source)), "device_ids": [plant.device_id, other.device_id]}
    answer = await team.admin.put("/yun/report/basic", {**body, "data_source_ids": [p]})
    assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")
    # A data source the template no longer publishes after the report was saved: its statistic says so.
    async with app.state.db.sessionmaker() as s:
        stored = await s.get(Report, by_source)
        assert stored is not None
        config = {**stored.config, "data_source_ids": [p, t + 10_000]}
        await s.execute(update(Report).where(Report.id == by_source).values(config=config))
        await s.commit()
    answer = await stat(team.admin, by_source, T0, T0 + 3 * HOUR - 1)
    assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")


async def _definition(api: Api, rid: int) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.get("/yun/report/info", params={"id": rid}))
    for key in ("owner_id", "time_field_id", "created_at", "updated_at"):
        data.pop(key)
    return data


async def test_a_series_per_device(app: FastAPI, team: Team, plant: Plant) -> None:
    twin = await register(team.admin, unique_sn(), SECRET, alias="2号空压机")
    ok(await team.admin.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [twin["id"]]}))
    ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
    p = plant.sources["出水压力"]
    await put(app, plant.device_id, p, [(T0 + MIN, 1.0)])
    await put(app, twin["id"], p, [(T0 + HOUR + MIN, 2.0)])
    rid = await report(team.admin, [plant.device_id, twin["id"]], [p], fill="null")
    data = ok(await stat(team.admin, rid, T0, T0 + 2 * HOUR - 1))
    assert [s["name"] for s in data["series"]] == ["1号空压机", "2号空压机"]
    assert [s["values"] for s in data["series"]] == [[1.0, None], [None, 2.0]]


async def test_rules_of_the_range(app: FastAPI, team: Team, plant: Plant) -> None:
    src = plant.sources["出水压力"]
    rid = await report(team.admin, [plant.device_id], [src])
    answer = await stat(team.admin, rid, T0, T0 - 1)
    assert (code(answer), answer["meta"]["field"]) == (118206, "end")
    answer = await stat(team.admin, rid, T0, T0 + 32 * DAY)
    assert (code(answer), answer["meta"]["field"]) == (118210, "start")
    answer = await stat(team.admin, rid, T0, T0 + HOUR, tz="Mars/Olympus")
    assert (code(answer), answer["meta"]["field"]) == (100004, "tz")
    assert code(await team.admin.get(STAT, params={"id": rid + 1000})) == 118212
    # Without a range: the last time_offset units up to now.
    assert ok(await team.admin.get(STAT, params={"id": rid}))["bucket"] == "hour"


async def test_rights_and_deleted_devices(app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
    src = plant.sources["出水压力"]
    rid = await report(team.admin, [plant.device_id], [src])
    assert code(await stat(other_tenant, rid, T0, T0 + HOUR)) == 118212
    await team.role("designer", ["P61100"])
    await team.user("carl", "designer")
    carl = await team.login("carl")
    async with app.state.db.sessionmaker() as s:
        s.add(DeviceGrant(device_id=plant.device_id, user_id=carl.user_id, kind="share", can_write=False, granted_by=0))
        await s.commit()
    mine = await report(carl, [plant.device_id], [src], title="carl's")
    ok(await stat(carl, mine, T0, T0 + HOUR))
    async with app.state.db.sessionmaker() as s:
        await s.execute(delete(DeviceGrant).where(DeviceGrant.user_id == carl.user_id))
        await s.commit()
    answer = await stat(carl, mine, T0, T0 + HOUR)
    assert (code(answer), answer["meta"]["field"]) == (110506, "device_ids")
    async with app.state.db.sessionmaker() as s:
        config = {"device_ids": [plant.device_id + 10_000], "data_source_ids": [src]}
        stored = await s.get(Report, rid)
        assert stored is not None
        await s.execute(update(Report).where(Report.id == rid).values(config={**stored.config, **config}))
        await s.commit()
    answer = await stat(team.admin, rid, T0, T0 + HOUR)
    assert (code(answer), answer["meta"]["field"]) == (118205, "device_ids")


async def test_each_series_carries_its_unit_and_decimals(app: FastAPI, team: Team, plant: Plant) -> None:
    """Pressures (MPa, 2 decimals) beside a temperature without a unit: no common unit, but each series names its
    own, so a chart puts each on an axis of its own and a table heads each column with it; averages read at the
    data source's decimals (0.15, never 0.15000000000000002)."""
    pressure, temperature = plant.sources["出水压力"], plant.sources["温度"]
    await put(app, plant.device_id, pressure, [(T0 + 10 * MIN, 0.1), (T0 + 20 * MIN, 0.2)])
    await put(app, plant.device_id, temperature, [(T0 + 10 * MIN, 20.0)])
    rid = await report(team.admin, [plant.device_id], [pressure, temperature], compare_filed_id=[])
    data = ok(await stat(team.admin, rid, T0, T0 + HOUR - 1))
    assert data["unit"] is None
    assert [(s["name"], s["unit"], s["decimals"], s["values"]) for s in data["series"]] == [
        ("出水压力", "MPa", 2, [0.15]),
        ("温度", None, 2, [20.0]),
    ]
    table = ok(await api_table(team.admin, rid))
    assert [(c["key"], c["unit"], c["decimals"]) for c in table["columns"]] == [
        ("category", None, None),
        ("s0", "MPa", 2),
        ("s0_min", "MPa", 2),
        ("s0_max", "MPa", 2),
        ("s1", None, 2),
        ("s1_min", None, 2),
        ("s1_max", None, 2),
    ]
    counted = await report(
        team.admin, [plant.device_id], [pressure], compare_filed_id=[], aggregation="count", title="c"
    )
    assert [s["decimals"] for s in ok(await stat(team.admin, counted, T0, T0 + HOUR - 1))["series"]] == [0]


async def api_table(api: Api, rid: int) -> dict[str, Any]:
    return await api.get(
        "/yun/report/table/data", params={"id": rid, "start": T0, "end": T0 + HOUR - 1, "tz": SHANGHAI}
    )
