"""Export centre helpers: stored history values, a history-data report, an export asked for and run, its file
downloaded and opened, and runners with their own holder ids on the app's database."""

import io
from datetime import UTC, datetime
from typing import Any

import openpyxl
from fastapi import FastAPI
from openpyxl.workbook import Workbook

from iotyun.reports.exports.runner import ExportRunner
from tests.conftest import Api
from tests.devices.factories import ok

MIN = 60_000
HOUR = 3_600_000
DAY = 86_400_000
SHANGHAI = "Asia/Shanghai"


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0, *, tz: int = 0) -> int:
    return int(datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp() * 1000) - tz * MIN


T0 = ms(2026, 1, 5, tz=480)  # 2026-01-05 00:00 in China


async def put(app: FastAPI, device_id: int, source_id: int, points: list[tuple[int, float]]) -> None:
    writer = app.state.telemetry.writer
    writer.add([(device_id, source_id, ts, v, None) for ts, v in points], 0, None)
    await writer.flush()


async def history_report(api: Api, devices: list[int], sources: list[int], **over: Any) -> int:
    body: dict[str, Any] = {
        "title": "压力曲线",
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


def runner(app: FastAPI, holder: str) -> ExportRunner:
    s = app.state
    return ExportRunner(s.db, s.telemetry.configs, s.settings, s.mail_sender, holder=holder)


async def export(api: Api, **body: Any) -> dict[str, Any]:
    return await api.post("/yun/exportFile", {"tz": SHANGHAI, **body})


async def job(api: Api, job_id: int) -> dict[str, Any]:
    items: list[dict[str, Any]] = ok(await api.get("/yun/exportFile/history", params={"page_size": 100}))["items"]
    return next(j for j in items if j["id"] == job_id)


async def download(api: Api, job_id: int) -> tuple[int, bytes, str]:
    resp = await api.client.get("/api/exportFile/download", params={"id": job_id}, headers=api._headers())
    return resp.status_code, resp.content, resp.headers.get("content-type", "")


async def workbook(api: Api, job_id: int) -> Workbook:
    status, content, kind = await download(api, job_id)
    assert status == 200 and "spreadsheetml" in kind, content[:200]
    return openpyxl.load_workbook(io.BytesIO(content))


def rows(book: Workbook, sheet: int = 0) -> list[list[Any]]:
    return [list(r) for r in book.worksheets[sheet].iter_rows(values_only=True)]
