"""The export centre over HTTP (docs/api-exports.md): each kind asked for, run by the runner and downloaded as an
xlsx (the report's native chart, the table view with min and max, a device's history); the cap and its
confirmation; nothing to export; the rights of the underlying calls; only the owner's jobs; delete removes the file;
on SQLite and PostgreSQL."""

from datetime import datetime
from typing import Any

import pytest
from fastapi import FastAPI
from openpyxl.chart import BarChart, LineChart, PieChart

from iotyun.reports.exports import files
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.reports.exports.factories import (
    DAY,
    HOUR,
    MIN,
    SHANGHAI,
    T0,
    download,
    export,
    history_report,
    job,
    put,
    rows,
    runner,
    workbook,
)
from tests.team.factories import Team
from tests.telemetry.factories import Plant


async def _values(app: FastAPI, plant: Plant) -> int:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + 10 * MIN, 1.0), (T0 + 20 * MIN, 3.0), (T0 + HOUR + MIN, 5.0)])
    return src


@pytest.mark.parametrize(
    ("chart_type", "chart", "shape"),
    [
        (3, LineChart, None),
        (4, BarChart, ("col", "clustered")),
        (5, BarChart, ("col", "stacked")),
        (6, PieChart, None),
        (7, BarChart, ("bar", "clustered")),
        (2, None, None),
    ],
)
async def test_report_file_holds_the_table_and_its_chart(
    app: FastAPI, team: Team, plant: Plant, chart_type: int, chart: type[Any] | None, shape: tuple[str, str] | None
) -> None:
    src = await _values(app, plant)
    rid = await history_report(team.admin, [plant.device_id], [src], chart_type=chart_type)
    queued = ok(await export(team.admin, kind="report", report_id=rid, start=T0, end=T0 + 2 * HOUR - 1))
    assert (queued["state"], queued["source"], queued["report_id"], queued["rows"]) == ("queued", "manual", rid, None)
    assert queued["file_name"].startswith("压力曲线-") and queued["file_name"].endswith(".xlsx")
    assert queued["expires_at"] - queued["created_at"] == 7 * DAY
    assert await runner(app, "a").tick() == 1
    done = await job(team.admin, queued["id"])
    assert (done["state"], done["progress"], done["rows"], done["error"]) == ("done", 100, 2, None)
    assert done["size"] > 0 and done["finished_at"] is not None
    book = await workbook(team.admin, queued["id"])
    # A1 names the time column; times are date cells in the export's zone, values numbers at their decimals.
    assert rows(book) == [
        ["时间", "1号空压机 (MPa)"],
        [datetime(2026, 1, 5, 0, 0), 2.0],
        [datetime(2026, 1, 5, 1, 0), 5.0],
    ]
    sheet = book.worksheets[0]
    assert sheet["A2"].is_date and sheet["A2"].number_format == "yyyy-mm-dd hh:mm"
    assert sheet["B2"].data_type == "n" and sheet["B2"].number_format == "0.00"
    charts: list[Any] = book.worksheets[0]._charts  # type: ignore[attr-defined]
    if chart is None:
        assert charts == []
        return
    (drawn,) = charts
    assert isinstance(drawn, chart)
    if shape is not None:
        assert (drawn.type, drawn.grouping) == shape


async def test_report_data_is_the_table_view(app: FastAPI, team: Team, plant: Plant) -> None:
    src = await _values(app, plant)
    rid = await history_report(team.admin, [plant.device_id], [src])
    team.admin.lang = "en"
    queued = ok(await export(team.admin, kind="report_data", report_id=rid, start=T0, end=T0 + 2 * HOUR - 1))
    assert queued["title"] == "压力曲线 data"
    await runner(app, "a").tick()
    book = await workbook(team.admin, queued["id"])
    assert rows(book) == [
        ["Time", "1号空压机 (MPa)", "1号空压机 min (MPa)", "1号空压机 max (MPa)"],
        [datetime(2026, 1, 5, 0, 0), 2.0, 1.0, 3.0],
        [datetime(2026, 1, 5, 1, 0), 5.0, 5.0, 5.0],
    ]
    sheet = book.worksheets[0]
    assert sheet["A2"].is_date and sheet["A2"].number_format == "yyyy-mm-dd hh:mm"
    assert [sheet.cell(2, c).number_format for c in (2, 3, 4)] == ["0.00"] * 3


async def test_history_is_what_his_export_exports(app: FastAPI, team: Team, plant: Plant) -> None:
    src = await _values(app, plant)
    body = {"kind": "history", "device_id": plant.device_id, "data_source_ids": [src], "start": T0, "end": T0 + DAY}
    queued = ok(await export(team.admin, **body))
    assert queued["title"] == "1号空压机 历史数据"
    await runner(app, "a").tick()
    book = await workbook(team.admin, queued["id"])
    table = rows(book)
    assert table[0] == ["时间", "出水压力 (MPa)"]
    assert [r[1] for r in table[1:]] == [1.0, 3.0, 5.0]
    assert table[1][0] == datetime(2026, 1, 5, 0, 10)  # local time in the asked zone, as a date cell
    sheet = book.worksheets[0]
    assert sheet["A2"].is_date and sheet["A2"].number_format == "yyyy-mm-dd hh:mm:ss"
    assert sheet["B2"].number_format == "0.00"


async def test_cap_confirm_and_nothing_to_export(app: FastAPI, team: Team, plant: Plant) -> None:
    src = await _values(app, plant)
    # Minute buckets over four days, filled: 5760 rows.
    body = {
        "kind": "history",
        "device_id": plant.device_id,
        "data_source_ids": [src],
        "start": T0,
        "end": T0 + 4 * DAY - 1,
        "bucket": "minute",
        "fill": "zero",
    }
    refused = await export(team.admin, **body)
    assert code(refused) == 110525 and "5760" in refused["meta"]["detail"]
    assert ok(await team.admin.get("/yun/exportFile/history"))["total"] == 0
    queued = ok(await export(team.admin, **body, confirm=True))
    await runner(app, "a").tick()
    assert (await job(team.admin, queued["id"]))["rows"] == 5000
    assert len(rows(await workbook(team.admin, queued["id"]))) == 5001
    empty = await export(team.admin, **{**body, "start": T0 - 10 * DAY, "end": T0 - 9 * DAY, "fill": "none"})
    assert code(empty) == 110526


async def test_a_report_cap_counts_its_categories(app: FastAPI, team: Team) -> None:
    body = {
        "title": "用户",
        "chart_type": 4,
        "table_kind": 9,
        "dimension_field_id": [{"id": 67, "field_name": "创建时间"}],
        "aggregate_filed_id": {"id": 70, "field_name": "数量"},
        "aggregation": "count",
        "time_unit": "day",
    }
    rid = int(ok(await team.admin.post("/yun/report/basic", body))["id"])
    span = {"kind": "report", "report_id": rid, "start": T0, "end": T0 + 5200 * DAY}
    assert code(await export(team.admin, **span)) == 110525
    queued = ok(await export(team.admin, **span, confirm=True))
    await runner(app, "a").tick()
    assert (await job(team.admin, queued["id"]))["rows"] == 5000
    book = await workbook(team.admin, queued["id"])
    assert len(rows(book)) == 5001 and len(book.worksheets[0]._charts) == 1  # type: ignore[attr-defined]


async def test_rights(app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
    src = await _values(app, plant)
    rid = await history_report(team.admin, [plant.device_id], [src])
    span = {"report_id": rid, "start": T0, "end": T0 + HOUR}
    history = {"kind": "history", "device_id": plant.device_id, "data_source_ids": [src], "start": T0, "end": T0 + DAY}
    # Another tenant: the report and the device do not exist for it.
    assert code(await export(other_tenant, kind="report", **span)) == 118212
    assert code(await export(other_tenant, kind="report_data", **span)) == 118212
    answer = await export(other_tenant, **history)
    assert (code(answer), answer["meta"]["field"]) == (110506, "device_id")
    # A lesser role: neither the report rights nor P10000.
    await team.role("lister", ["P61000"])
    await team.user("lena", "lister")
    lena = await team.login("lena")
    assert code(await export(lena, kind="report", **span)) == 100015
    await team.role("pages", ["P61400"])  # reports, but not the device pages (P10000) /yun/his/export needs
    await team.user("paula", "pages")
    assert code(await export(await team.login("paula"), **history)) == 100015
    nobody = await team.without()
    assert code(await export(nobody, kind="report", **span)) == 100015
    # An unknown data source, a missing report id, a bad zone.
    answer = await export(team.admin, **{**history, "data_source_ids": [src + 10_000]})
    assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")
    answer = await export(team.admin, kind="report")
    assert (code(answer), answer["meta"]["field"]) == (100004, "report_id")
    answer = await export(team.admin, kind="report", **span, tz="Mars/Olympus")
    assert (code(answer), answer["meta"]["field"]) == (100004, "tz")
    # A report that may not be exported: its data refused, its chart still exported.
    definition = ok(await team.admin.get("/yun/report/info", params={"id": rid}))
    for key in ("owner_id", "time_field_id", "created_at", "updated_at"):
        definition.pop(key)
    ok(await team.admin.put("/yun/report/basic", {**definition, "exportable": False}))
    answer = await export(team.admin, kind="report_data", **span)
    assert (code(answer), answer["meta"]["field"]) == (201804, "report_id")
    ok(await export(team.admin, kind="report", **span))
    listed = ok(await team.admin.get("/yun/exportFile/history"))
    assert listed["total"] == 1  # every refusal left nothing behind


async def test_only_the_owner_sees_downloads_and_deletes(
    app: FastAPI, team: Team, plant: Plant, other_tenant: Api
) -> None:
    src = await _values(app, plant)
    rid = await history_report(team.admin, [plant.device_id], [src])
    first = ok(await export(team.admin, kind="report", report_id=rid, start=T0, end=T0 + HOUR))
    # Not run yet: not ready.
    status, content, _ = await download(team.admin, first["id"])
    assert (status, code(_json(content))) == (200, 201803)
    await runner(app, "a").tick()
    second = ok(await export(team.admin, kind="report_data", report_id=rid, start=T0, end=T0 + HOUR))
    listed = ok(await team.admin.get("/yun/exportFile/history"))
    assert [j["id"] for j in listed["items"]] == [second["id"], first["id"]]  # newest first
    assert [
        j["id"] for j in ok(await team.admin.get("/yun/exportFile/history", params={"state": "done"}))["items"]
    ] == [first["id"]]
    kinds = ok(await team.admin.get("/yun/exportFile/history", params={"kind": "report_data"}))["items"]
    assert [j["id"] for j in kinds] == [second["id"]]
    # Another user of the tenant and another tenant: not found, listed empty, nothing deleted.
    await team.role("viewer", ["P61400"])
    await team.user("vera", "viewer")
    vera = await team.login("vera")
    for stranger in (vera, other_tenant):
        assert ok(await stranger.get("/yun/exportFile/history"))["total"] == 0
        status, content, _ = await download(stranger, first["id"])
        assert code(_json(content)) == 201802
        answer = await stranger.call("DELETE", "/yun/exportFile/history", params={"id": first["id"]})
        assert (code(answer), answer["meta"]["field"]) == (201802, "id")
    path = files.path(app.state.settings, team.admin.tenant_id or 0, first["id"])
    assert path.exists()
    assert ok(await team.admin.call("DELETE", "/yun/exportFile/history", params={"id": first["id"]})) is None
    assert not path.exists()
    assert code(_json((await download(team.admin, first["id"]))[1])) == 201802
    assert ok(await team.admin.get("/yun/exportFile/history"))["total"] == 1


def _json(content: bytes) -> dict[str, Any]:
    import json

    body: dict[str, Any] = json.loads(content)
    return body


__all__ = ["SHANGHAI"]
