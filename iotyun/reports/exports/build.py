"""What an export holds, gathered with its owner's rights: when it is asked for (to count its rows against the cap
and refuse what the caller may not read) and again when the runner writes it (rights may have changed since)."""

from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import EXPORT_ROW_CAP, HISTORY_WIDTH_MAX
from iotyun.core.permissions import Perm
from iotyun.reports import repository as reports_repo
from iotyun.reports import service as reports_service
from iotyun.reports import statistic
from iotyun.reports.exports import writers
from iotyun.reports.exports.models import HISTORY, REPORT_DATA, ExportJob
from iotyun.reports.exports.writers import DeviceSheet
from iotyun.reports.fields import HISTORY as HISTORY_KIND
from iotyun.reports.models import Report
from iotyun.reports.schemas import StatisticOut
from iotyun.reports.table import table_rows
from iotyun.reports.timezones import offset_minutes, zone
from iotyun.telemetry.public import ConfigCache, Query, Rows, Source, check_cap, history_table

# The statistic's own access (reports/dependencies.py ReportViewer) and the history export's (telemetry DeviceViewer).
REPORT_CODES = (Perm.DESIGN_CHART, Perm.PREVIEW_CHART, Perm.REPORT_DATA)
HISTORY_CODES = (Perm.HOME,)

Writer = Callable[[], bytes]  # writes the file; run in a worker thread


async def report_statistic(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    kind: str,
    report_id: int,
    start: int | None,
    end: int | None,
    tz: str,
) -> tuple[Report, StatisticOut]:
    """The report and its statistic as /yun/report/statistic answers them; 100015 without its rights, 118212 not
    the caller's report, 201804 a report_data export of a report not exportable."""
    if not actor.can(*REPORT_CODES):
        raise AppError(ErrorCode.NO_PRIVILEGE)
    report = await reports_service.get(session, actor, report_id)
    if kind == REPORT_DATA and not report.exportable:
        raise AppError(ErrorCode.REPORT_NOT_EXPORTABLE, field="report_id")
    return report, await statistic.statistic(session, actor, configs, report_id, start, end, tz)


def history_query(params: dict[str, Any]) -> Query:
    start, end = params["start"], params["end"]
    return Query(
        start=start,
        end=end,
        bucket=params.get("bucket", "raw"),
        agg=params.get("agg", "avg"),
        fill=params.get("fill", "none"),
        width=HISTORY_WIDTH_MAX,
        tz=offset_minutes(zone(params.get("tz", "UTC")), start),
    )


async def device_history(
    session: AsyncSession, actor: Actor, configs: ConfigCache, device_id: int, source_ids: list[int], q: Query
) -> tuple[list[Source], Rows]:
    """What /yun/his/export exports, refused as it refuses (100015, 110506 on device_id, 115401 / 100004 on
    data_source_ids)."""
    if not actor.can(*HISTORY_CODES):
        raise AppError(ErrorCode.NO_PRIVILEGE)
    try:
        return await history_table(session, actor, configs, device_id, source_ids, q)
    except AppError as e:
        if e.field == "ids":
            e.field = "data_source_ids"
        raise


async def device_sheets(
    session: AsyncSession, actor: Actor, configs: ConfigCache, report: Report, start: int, end: int, z: ZoneInfo
) -> list[DeviceSheet]:
    """A history-data report's devices, each with its data sources over the range in the report's bucket,
    aggregation and fill (a scheduled report's sheet per device)."""
    if report.table_kind != HISTORY_KIND:
        return []
    config = reports_service.stored_config(report)
    devices = list(dict.fromkeys(config.device_ids))
    names = await reports_repo.device_names(session, devices)
    params = {
        "start": start,
        "end": end,
        "bucket": config.time_unit or "day",
        "agg": config.aggregation or "avg",
        "fill": config.fill,
        "tz": z.key,
    }
    sheets = []
    for device_id in devices:
        q = history_query(params)
        sources, rows = await device_history(session, actor, configs, device_id, config.data_source_ids, q)
        sheets.append(DeviceSheet(names.get(device_id, str(device_id)), sources, rows, q.tz, q.bucket))
    return sheets


async def produce(session: AsyncSession, actor: Actor, configs: ConfigCache, job: ExportJob) -> tuple[int, Writer]:
    """The job's rows (at most EXPORT_ROW_CAP) and the function that writes its file."""
    p = job.params
    if job.kind == HISTORY:
        q = history_query(p)
        sources, rows = await device_history(session, actor, configs, p["device_id"], p["data_source_ids"], q)
        check_cap(len(rows), accept_cap=True)
        sheet = DeviceSheet(job.title, sources, rows, q.tz, q.bucket)
        return min(len(rows), EXPORT_ROW_CAP), lambda: writers.history_book([sheet], job.lang)
    assert job.report_id is not None
    report, stat = await report_statistic(
        session, actor, configs, job.kind, job.report_id, p["start"], p["end"], p["tz"]
    )
    check_cap(len(stat.categories), accept_cap=True)
    count = min(len(stat.categories), EXPORT_ROW_CAP)
    if job.kind == REPORT_DATA:
        columns, table = table_rows(stat)
        return count, lambda: writers.table_book(job.title, columns, table, stat.bucket, stat.dimension_is_time)
    sheets: list[DeviceSheet] = []
    if p.get("device_sheets"):
        sheets = await device_sheets(session, actor, configs, report, p["start"], p["end"], zone(p["tz"]))
    return count, lambda: writers.report_book(report.title, report.chart_type, stat, sheets, job.lang)
