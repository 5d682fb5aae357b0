"""Starting due schedules: each due run is claimed by an atomic UPDATE of its next_run_at (lease.claim_run), so of
two processes only one starts it; the run becomes a job of the report's owner (source `schedule`) exporting the
period just ended before the scheduled time, in the schedule's zone, with a sheet per device for history data, to be
mailed to the schedule's addresses when written (`mail_run`): only those the tenant may still mail, within its daily
caps (team/mail/delivery.py), under a subject made of the report's title with any control character taken out; what
the mail did is recorded on the job."""

import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.auth.senders import Attachment, MailSender
from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms
from iotyun.core.errors import AppError, ErrorCode, text
from iotyun.core.limits import header_safe
from iotyun.core.spreadsheets import XLSX_MEDIA
from iotyun.core.tenancy import system_session
from iotyun.core.texts import phrase
from iotyun.reports.exports import lease
from iotyun.reports.exports import repository as repo
from iotyun.reports.exports.models import REPORT, SCHEDULE, ExportJob, ReportSchedule
from iotyun.reports.exports.schedules import next_run, period, period_label
from iotyun.reports.exports.service import new_job
from iotyun.reports.fields import HISTORY
from iotyun.reports.models import Report
from iotyun.reports.timezones import zone
from iotyun.team.mail import delivery

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


def subject(job: ExportJob) -> str:
    """The mail's subject: the report's title and the period, one header line whatever the stored title holds."""
    period = header_safe(str(job.params.get("period", "")))
    title = header_safe(str(job.params.get("report_title", job.title)))
    return phrase("mail.report.subject", job.lang, title=title, period=period)


async def mail_run(
    sessionmaker: async_sessionmaker[AsyncSession],
    mail: MailSender,
    settings: Settings,
    job: ExportJob,
    content: bytes,
    now: datetime,
) -> None:
    """Mail a written scheduled run to the addresses its tenant may still mail, once counted against the day's caps,
    and record on the job what was done: sent, partial (117813 naming the skipped), skipped, capped (117811/117812)
    or failed."""
    to = [str(a) for a in job.params.get("mail_to") or []]
    if not to:
        return
    try:
        async with system_session(sessionmaker) as session:
            plan = await delivery.prepare(session, job.tenant_id, to, delivery.MailCaps.of(settings), now)
            await session.commit()
    except Exception:  # the job stays done: its file is in the export centre
        log.warning("scheduled report job %s: its mail could not be prepared", job.id, exc_info=True)
        plan = delivery.Delivery(refused=ErrorCode.OPERATION_FAILED)
    code: int | None = None
    note: str | None = None
    if plan.refused == ErrorCode.OPERATION_FAILED:
        state, code = "failed", plan.refused
    elif plan.refused is not None:
        state, code = "capped", plan.refused
        note = text(code, job.lang, limit=plan.limit)
        log.warning("scheduled report job %s not mailed: tenant %s is over a daily mail cap", job.id, job.tenant_id)
    elif not plan.to:
        state, code = "skipped", ErrorCode.MAIL_RECIPIENTS_SKIPPED
    else:
        state = "partial" if plan.skipped else "sent"
        if plan.skipped:
            code = ErrorCode.MAIL_RECIPIENTS_SKIPPED
        title = header_safe(str(job.params.get("report_title", job.title)))
        body = phrase("mail.report.body", job.lang, title=title, period=str(job.params.get("period", "")))
        try:
            await mail.send_mail(plan.to, subject(job), body, [Attachment(job.file_name, content, XLSX_MEDIA)])
        except Exception:
            log.warning("mailing scheduled report %s to %d addresses failed", job.id, len(plan.to), exc_info=True)
            state, code = "failed", ErrorCode.OPERATION_FAILED
    if code == ErrorCode.MAIL_RECIPIENTS_SKIPPED:
        note = text(code, job.lang, field=", ".join(plan.skipped))
    elif code == ErrorCode.OPERATION_FAILED:
        note = text(code, job.lang)
    values = {"mail_state": state, "mail_code": None if code is None else int(code), "mail_note": (note or None)}
    if values["mail_note"] is not None:
        values["mail_note"] = str(values["mail_note"])[:255]
    async with system_session(sessionmaker) as session:
        await lease.changed(session, update(ExportJob).where(ExportJob.id == job.id).values(**values))
        await session.commit()
