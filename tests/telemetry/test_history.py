"""History queries (/hDev) and export (/yun/his/export): raw values downsampled to the chart width, time buckets
with SPEC §9's aggregations and fill types, read from the hourly rollup the ingest keeps."""

import io
from datetime import UTC, datetime
from typing import Any

import openpyxl
import pytest
from fastapi import FastAPI

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.templates.factories import ok

DAY = 86_400_000
HOUR = 3_600_000
# 2026-01-05 00:00 in China (UTC+8) is 2026-01-04 16:00 UTC; a Monday.
T0 = int(datetime(2026, 1, 4, 16, 0, tzinfo=UTC).timestamp() * 1000)


async def put(app: FastAPI, plant: Plant, name: str, points: list[tuple[int, float]]) -> None:
    """Values written through the history writer (the path the ingest uses, rollup included)."""
    telemetry = app.state.telemetry
    sid = plant.sources[name]
    telemetry.writer.add([(plant.device_id, sid, ts, v, None) for ts, v in points], 0, None)
    await telemetry.writer.flush()


async def query(api: Api, plant: Plant, names: list[str], start: int, end: int, **params: Any) -> dict[str, Any]:
    ids = ",".join(str(plant.sources[n]) for n in names)
    return await api.get(
        "/hDev", params={"device_id": plant.device_id, "ids": ids, "start": start, "end": end, **params}
    )


def points(resp: dict[str, Any], i: int = 0) -> list[list[Any]]:
    return ok(resp)["series"][i]["points"]  # type: ignore[no-any-return]


class TestRaw:
    async def test_raw_values_in_range(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await put(app, plant, "出水压力", [(T0 + i * 1000, 0.5 + i / 100) for i in range(10)])
        resp = await query(team.admin, plant, ["出水压力"], T0 + 2000, T0 + 4000)
        assert points(resp) == [[T0 + 2000, 0.52], [T0 + 3000, 0.53], [T0 + 4000, 0.54]]
        data = ok(resp)
        assert data["downsampled"] is False and data["series"][0]["unit"] == "MPa"

    async def test_downsampled_to_two_points_per_pixel(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await put(app, plant, "出水压力", [(T0 + i * 1000, float(i % 7)) for i in range(3000)])
        resp = await query(team.admin, plant, ["出水压力"], T0, T0 + 3_000_000, width=100)
        got = points(resp)
        assert ok(resp)["downsampled"] is True and 100 <= len(got) <= 200
        assert min(v for _, v in got) == 0 and max(v for _, v in got) == 6  # extremes survive
        assert [ts for ts, _ in got] == sorted(ts for ts, _ in got)


class TestBuckets:
    async def test_hourly_aggregations(self, app: FastAPI, team: Team, plant: Plant) -> None:
        values = [(T0 + i * 600_000, float(i)) for i in range(12)]  # 2 hours, every 10 minutes
        await put(app, plant, "出水压力", values)
        end = T0 + 2 * HOUR - 1
        for agg, expected in (
            ("avg", [2.5, 8.5]),
            ("max", [5.0, 11.0]),
            ("min", [0.0, 6.0]),
            ("sum", [15.0, 51.0]),
            ("count", [6.0, 6.0]),
            ("first", [0.0, 6.0]),
            ("last", [5.0, 11.0]),
            ("distinct_count", [6.0, 6.0]),
        ):
            got = points(await query(team.admin, plant, ["出水压力"], T0, end, bucket="hour", agg=agg))
            assert got == [[T0, expected[0]], [T0 + HOUR, expected[1]]], agg

    async def test_days_in_the_viewers_time_zone(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await put(app, plant, "出水压力", [(T0 + d * DAY + HOUR, float(d + 1)) for d in range(3)])
        got = points(
            await query(team.admin, plant, ["出水压力"], T0, T0 + 3 * DAY - 1, bucket="day", agg="sum", tz=480)
        )
        assert got == [[T0, 1.0], [T0 + DAY, 2.0], [T0 + 2 * DAY, 3.0]]  # local midnights
        week = points(await query(team.admin, plant, ["出水压力"], T0, T0 + 3 * DAY, bucket="week", agg="sum", tz=480))
        assert week == [[T0, 6.0]]  # T0 is a Monday
        month = points(
            await query(team.admin, plant, ["出水压力"], T0, T0 + 3 * DAY, bucket="month", agg="count", tz=480)
        )
        assert month == [[int(datetime(2025, 12, 31, 16, tzinfo=UTC).timestamp() * 1000), 3.0]]

    @pytest.mark.parametrize(
        ("fill", "expected"),
        [
            ("none", [[0, 1.0], [3, 4.0]]),
            ("null", [[0, 1.0], [1, None], [2, None], [3, 4.0]]),
            ("zero", [[0, 1.0], [1, 0.0], [2, 0.0], [3, 4.0]]),
            ("previous", [[0, 1.0], [1, 1.0], [2, 1.0], [3, 4.0]]),
            ("linear", [[0, 1.0], [1, 2.0], [2, 3.0], [3, 4.0]]),
            ("-1", [[0, 1.0], [1, -1.0], [2, -1.0], [3, 4.0]]),
        ],
    )
    async def test_fill_types(
        self, app: FastAPI, team: Team, plant: Plant, fill: str, expected: list[list[Any]]
    ) -> None:
        await put(app, plant, "出水压力", [(T0, 1.0), (T0 + 3 * HOUR, 4.0)])
        got = points(await query(team.admin, plant, ["出水压力"], T0, T0 + 3 * HOUR, bucket="hour", fill=fill))
        assert got == [[T0 + i * HOUR, v] for i, v in expected]


class TestRules:
    async def test_bad_parameters(self, team: Team, plant: Plant) -> None:
        a = team.admin
        assert code(await query(a, plant, ["出水压力"], T0 + 10, T0)) == 100004
        assert code(await query(a, plant, ["出水压力"], T0, T0 + 400 * DAY)) == 100004
        assert code(await query(a, plant, ["出水压力"], T0, T0 + 1, bucket="fortnight")) == 100004
        assert code(await query(a, plant, ["出水压力"], T0, T0 + 1, agg="median")) == 100004
        assert code(await query(a, plant, ["出水压力"], T0, T0 + 1, fill="maybe")) == 100004
        many = {"device_id": plant.device_id, "ids": ",".join(str(i) for i in range(1, 12)), "start": T0, "end": T0 + 1}
        assert code(await a.get("/hDev", params=many)) == 100004
        bad = {"device_id": plant.device_id, "ids": "999999", "start": T0, "end": T0 + 1}
        assert code(await a.get("/hDev", params=bad)) == 115401

    async def test_other_tenant_sees_nothing(self, plant: Plant, other_tenant: Api) -> None:
        assert code(await query(other_tenant, plant, ["出水压力"], T0, T0 + 1)) == 110506
        params = {"device_id": plant.device_id, "ids": str(plant.sources["出水压力"]), "start": T0, "end": T0 + 1}
        assert code(await other_tenant.get("/yun/his/export", params=params)) == 110506


class TestExport:
    async def test_xlsx_and_the_5000_row_cap(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await put(app, plant, "出水压力", [(T0 + i * 1000, float(i)) for i in range(5003)])
        await put(app, plant, "温度", [(T0, 40.0)])
        params: dict[str, Any] = {
            "device_id": plant.device_id,
            "ids": f"{plant.sources['出水压力']},{plant.sources['温度']}",
            "start": T0,
            "end": T0 + 10_000_000,
            "tz": 480,
        }
        refused = await team.admin.get("/yun/his/export", params=params)
        assert code(refused) == 110525 and "5003" in refused["meta"]["detail"]
        resp = await team.admin.client.get(
            "/api/yun/his/export", params={**params, "confirm": 1}, headers=team.admin._headers()
        )
        sheet = openpyxl.load_workbook(io.BytesIO(resp.content)).active
        assert sheet is not None
        rows = list(sheet.iter_rows(values_only=True))
        assert rows[0] == ("时间", "出水压力 (MPa)", "温度") and len(rows) == 5001
        assert rows[1][1] == 0.0 and rows[1][2] == 40.0 and rows[1][0] == datetime(2026, 1, 5, 0, 0)
