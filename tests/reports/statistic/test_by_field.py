"""/yun/report/statistic for history data with a device or a data source as the dimension: each pair's values over
the range folded to one figure per aggregation, with its min and max, sorted (docs/api-reports.md)."""

from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.reports.models import Report
from tests.conftest import code
from tests.devices.factories import SECRET, ok, register
from tests.reports.statistic.test_history import DAY, MIN, T0, put, report, stat
from tests.team.factories import Team
from tests.telemetry.factories import Plant, unique_sn


async def twin_of(team: Team, plant: Plant) -> int:
    twin = await register(team.admin, unique_sn(), SECRET, alias="2号空压机")
    ok(await team.admin.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [twin["id"]]}))
    ok(await team.admin.post("/yun/module/publish", {"id": plant.template_id}))
    return int(twin["id"])


async def stored(app: FastAPI, team: Team, plant: Plant) -> int:
    twin = await twin_of(team, plant)
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    await put(app, plant.device_id, p, [(T0 + MIN, 1.0), (T0 + DAY + MIN, 3.0)])
    await put(app, twin, p, [(T0 + 2 * MIN, 5.0)])
    await put(app, plant.device_id, t, [(T0 + MIN, 40.0)])
    return twin


@pytest.mark.parametrize(
    ("agg", "expected"),
    [
        ("avg", [2.0, 5.0]),
        ("sum", [4.0, 5.0]),
        ("count", [2.0, 1.0]),
        ("min", [1.0, 5.0]),
        ("max", [3.0, 5.0]),
        ("first", [1.0, 5.0]),
        ("last", [3.0, 5.0]),
    ],
)
async def test_per_device(app: FastAPI, team: Team, plant: Plant, agg: str, expected: list[float]) -> None:
    twin = await stored(app, team, plant)
    body: dict[str, Any] = {"dimension_field_id": [{"id": 39}], "compare_filed_id": [], "aggregation": agg}
    rid = await report(team.admin, [plant.device_id, twin], [plant.sources["出水压力"]], time_unit="day", **body)
    data = ok(await stat(team.admin, rid, T0, T0 + 3 * DAY))
    assert (data["categories"], data["dimension_is_time"], data["bucket"]) == (["1号空压机", "2号空压机"], False, None)
    assert [(s["name"], s["values"]) for s in data["series"]] == [("出水压力", expected)]
    assert (data["series"][0]["min"], data["series"][0]["max"], data["unit"]) == ([1.0, 5.0], [3.0, 5.0], "MPa")


async def test_per_data_source_sorted_and_distinct_refused(app: FastAPI, team: Team, plant: Plant) -> None:
    twin = await stored(app, team, plant)
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    rid = await report(team.admin, [plant.device_id], [p, t], time_unit="day", dimension_field_id=[{"id": 40}])
    data = ok(await stat(team.admin, rid, T0, T0 + 3 * DAY))
    assert data["categories"] == ["出水压力", "温度"]
    assert [(s["name"], s["values"]) for s in data["series"]] == [("1号空压机", [2.0, 40.0])]
    sorted_bar = await report(
        team.admin, [plant.device_id, twin], [p], title="s", chart_type=8, dimension_field_id=[{"id": 39}]
    )
    assert ok(await stat(team.admin, sorted_bar, T0, T0 + 3 * DAY))["categories"] == ["2号空压机", "1号空压机"]
    # Distinct counts do not fold over a device or data source: refused when saved, and when stored all the same.
    body = {
        "title": "d",
        "chart_type": 3,
        "table_kind": 6,
        "dimension_field_id": [{"id": 39}],
        "aggregate_filed_id": {"id": 41},
        "aggregation": "distinct_count",
        "device_ids": [plant.device_id],
        "data_source_ids": [p],
    }
    refused = await team.admin.post("/yun/report/basic", body)
    assert (code(refused), refused["meta"]["field"]) == (100004, "aggregation")
    distinct = await report(team.admin, [plant.device_id], [p], title="d", aggregation="distinct_count")
    async with app.state.db.sessionmaker() as s:
        saved = await s.get(Report, distinct)
        assert saved is not None
        saved.config = {**saved.config, "dimension_field_id": [{"id": 39, "field_name": ""}]}
        await s.commit()
    answer = await stat(team.admin, distinct, T0, T0 + 3 * DAY)
    assert (code(answer), answer["meta"]["field"]) == (100004, "aggregation")
