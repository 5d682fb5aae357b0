"""Export centre helpers: stored history values, a history-data report, an export asked for and run, its file
downloaded and opened, and runners with their own holder ids on the app's database."""

import io
from typing import Any

import openpyxl
from fastapi import FastAPI
from openpyxl.workbook import Workbook

from iotyun.reports.exports.runner import ExportRunner
from tests.conftest import Api
from tests.devices.factories import ok
from tests.reports.statistic.test_history import DAY, HOUR, MIN, SHANGHAI, T0, ms, put, report

# The history-data report tests' helpers: stored values, times in China, a report over pairs.
__all__ = ["DAY", "HOUR", "MIN", "SHANGHAI", "T0", "ms", "put"]


async def history_report(api: Api, devices: list[int], sources: list[int], **over: Any) -> int:
    """A history-data report titled 压力曲线 (the exports' file names start with it)."""
    return await report(api, devices, sources, **{"title": "压力曲线", **over})


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
