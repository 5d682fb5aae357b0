"""/yun/report/statistic's hourly series as arrays on the bucket grid (telemetry query_columns): a half-hour zone
(Asia/Kolkata, UTC+5:30, no daylight saving), buckets empty in every series left out with fill none, fill at the
ends (linear stops, previous carries on), a bucket empty in one series only, a text data source, on SQLite and
PostgreSQL."""

from typing import Any

import pytest
from fastapi import FastAPI

from tests.devices.factories import ok
from tests.reports.statistic.test_history import HOUR, MIN, ms, put, report, stat
from tests.team.factories import Team
from tests.telemetry.factories import Plant

KOLKATA = "Asia/Kolkata"
K0 = ms(2026, 1, 5, tz=330)  # 2026-01-05 00:00 in India


def labels(hours: list[int]) -> list[str]:
    return [f"2026-01-05T{h:02d}:00:00+05:30" for h in hours]


async def _two_series(app: FastAPI, team: Team, plant: Plant, fill: str) -> dict[str, Any]:
    p, t = plant.sources["出水压力"], plant.sources["温度"]
    # At :35 local, :05 UTC: the rollup hour (from :00 UTC, :30 local) lies in the local hour of the value.
    await put(app, plant.device_id, p, [(K0 + HOUR + 35 * MIN, 1.0), (K0 + HOUR + 40 * MIN, 3.0)])
    await put(app, plant.device_id, p, [(K0 + 4 * HOUR + 35 * MIN, 8.0)])
    await put(app, plant.device_id, t, [(K0 + 2 * HOUR + 35 * MIN, 40.0)])
    rid = await report(
        team.admin, [plant.device_id], [p, t], fill=fill, compare_filed_id=[{"id": 40, "field_name": "数据源"}]
    )
    data: dict[str, Any] = ok(await stat(team.admin, rid, K0, K0 + 6 * HOUR - 1, tz=KOLKATA))
    return data


async def test_fill_none_leaves_out_the_hours_empty_everywhere(app: FastAPI, team: Team, plant: Plant) -> None:
    data = await _two_series(app, team, plant, "none")
    assert data["categories"] == labels([1, 2, 4]) and data["total_rows"] == 3 and data["bucket"] == "hour"
    assert [s["name"] for s in data["series"]] == ["出水压力", "温度"]
    assert [s["values"] for s in data["series"]] == [[2.0, None, 8.0], [None, 40.0, None]]
    assert [(s["min"], s["max"]) for s in data["series"]] == [
        ([1.0, None, 8.0], [3.0, None, 8.0]),
        ([None, 40.0, None], [None, 40.0, None]),
    ]


@pytest.mark.parametrize(
    ("fill", "pressure", "temperature"),
    [
        ("linear", [None, 2.0, 4.0, 6.0, 8.0, None], [None, None, 40.0, None, None, None]),
        ("previous", [None, 2.0, 2.0, 2.0, 8.0, 8.0], [None, None, 40.0, 40.0, 40.0, 40.0]),
        ("zero", [0.0, 2.0, 0.0, 0.0, 8.0, 0.0], [0.0, 0.0, 40.0, 0.0, 0.0, 0.0]),
        ("null", [None, 2.0, None, None, 8.0, None], [None, None, 40.0, None, None, None]),
    ],
)
async def test_fill_at_the_ends(
    app: FastAPI,
    team: Team,
    plant: Plant,
    fill: str,
    pressure: list[float | None],
    temperature: list[float | None],
) -> None:
    data = await _two_series(app, team, plant, fill)
    assert data["categories"] == labels([0, 1, 2, 3, 4, 5]) and data["total_rows"] == 6
    assert [s["values"] for s in data["series"]] == [pressure, temperature]
    # Filled buckets hold no stored value: no min or max.
    assert data["series"][0]["min"] == [None, 1.0, None, None, 8.0, None]
    assert data["series"][1]["max"] == [None, None, 40.0, None, None, None]


async def test_a_text_data_source_has_no_values(app: FastAPI, team: Team, plant: Plant) -> None:
    p, text = plant.sources["出水压力"], plant.sources["状态字"]
    await put(app, plant.device_id, p, [(K0 + HOUR + 35 * MIN, 1.0)])
    both = await report(
        team.admin, [plant.device_id], [p, text], fill="zero", compare_filed_id=[{"id": 40, "field_name": "数据源"}]
    )
    data = ok(await stat(team.admin, both, K0, K0 + 3 * HOUR - 1, tz=KOLKATA))
    assert data["categories"] == labels([0, 1, 2])
    assert [s["values"] for s in data["series"]] == [[0.0, 1.0, 0.0], [None, None, None]]
    assert data["series"][1]["min"] == [None, None, None]
    # Only the text data source: no bucket to show, whatever the fill.
    alone = await report(team.admin, [plant.device_id], [text], fill="zero", title="text only")
    data = ok(await stat(team.admin, alone, K0, K0 + 3 * HOUR - 1, tz=KOLKATA))
    assert data["categories"] == [] and data["series"][0]["values"] == [] and data["total_rows"] == 0
