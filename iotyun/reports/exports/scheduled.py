"""Starting due schedules: each due run is claimed by an atomic UPDATE of its next_run_at (lease.claim_run), so of
two processes only one starts it; the run becomes a job of the report's owner (source `schedule`) exporting the
period just ended before the scheduled time, in the schedule's zone, with a sheet per device for history data, to be
mailed to the schedule's addresses when written."""

import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.db import epoch_ms
from iotyun.core.errors import AppError
from iotyun.core.tenancy import system_session
from iotyun.reports.exports import lease
from iotyun.reports.exports import repository as repo
from iotyun.reports.exports.models import REPORT, SCHEDULE, ReportSchedule
from iotyun.reports.exports.schedules import next_run, period, period_label
from iotyun.reports.exports.service import new_job
from iotyun.reports.fields import HISTORY
from iotyun.reports.models import Report
from iotyun.reports.timezones import zone

log = logging.getLogger("iotyun.exports")


def _zone(name: str) -> ZoneInfo:
    try:
        return zone(name)
    except AppError:
        return ZoneInfo("UTC")


async def start_due(sessionmaker: async_sessionmaker[AsyncSession], now: datetime) -> int:
    """Queue a job for every schedule due at `now`; how many this caller started."""
    async with system_session(sessionmaker) as session:
        due = await repo.due_schedules(session, now)
    started = 0
    for schedule in due:
        async with system_session(sessionmaker) as session:
            if await _start(session, schedule, now):
                await session.commit()
                started += 1
            else:
                await session.rollback()
    return started


async def _start(session: AsyncSession, s: ReportSchedule, now: datetime) -> bool:
    z = _zone(s.tz)
    following = next_run(s.frequency, s.hour, s.weekday, s.monthday, z, now)
    if not await lease.claim_run(session, s.id, now, following):
        return False
    report = await session.get(Report, s.report_id)
    if report is None:
        return False
    start, end = period(s.frequency, z, s.next_run_at)
    params: dict[str, object] = {
        "start": epoch_ms(start),
        "end": (epoch_ms(end) or 0) - 1,
        "tz": z.key,
        "device_sheets": report.table_kind == HISTORY,
        "mail_to": list(s.emails),
        "period": period_label(s.frequency, z, start, end),
        "report_title": report.title,
    }
    title = f"{report.title} {params['period']}"
    job = new_job(report.tenant_id, report.owner_id, REPORT, title, params, now, report_id=report.id, source=SCHEDULE)
    job.lang = s.lang
    session.add(job)
    await session.flush()
    await lease.changed(session, update(ReportSchedule).where(ReportSchedule.id == s.id).values(last_job_id=job.id))
    log.info("scheduled report %s started as export job %s", report.id, job.id)
    return True
