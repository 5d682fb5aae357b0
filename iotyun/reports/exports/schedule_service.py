"""Report schedules (docs/api-exports.md "Scheduled reports"): one per report, set by whoever may edit the report
(P61100, the report's owner or the tenant's administrator); the runner exports it at each run for the period just
ended, into its owner's export centre, and mails the file."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.reports import service as reports_service
from iotyun.reports.exports import repository as repo
from iotyun.reports.exports.models import ExportJob, ReportSchedule
from iotyun.reports.exports.schedules import next_run
from iotyun.reports.exports.schemas import ScheduleIn, ScheduleOut
from iotyun.reports.timezones import zone
from iotyun.team.mail import delivery


def out(s: ReportSchedule, last: ExportJob | None = None) -> ScheduleOut:
    """`last`: the last run's job, whose mail outcome the schedule shows."""
    return ScheduleOut(
        id=s.id,
        report_id=s.report_id,
        enabled=s.enabled,
        frequency=s.frequency,
        hour=s.hour,
        weekday=s.weekday,
        monthday=s.monthday,
        tz=s.tz,
        emails=list(s.emails),
        next_run_at=epoch_ms(s.next_run_at) or 0,
        last_run_at=epoch_ms(s.last_run_at),
        last_job_id=s.last_job_id,
        last_mail_state=last.mail_state if last is not None else None,
        last_mail_note=last.mail_note if last is not None else None,
    )


def following(s: ReportSchedule, after: datetime) -> datetime:
    return next_run(s.frequency, s.hour, s.weekday, s.monthday, zone(s.tz), after)


async def get(session: AsyncSession, actor: Actor, report_id: int) -> ScheduleOut | None:
    report = await reports_service.get(session, actor, report_id)
    found = await repo.schedule_of(session, report.id)
    if found is None:
        return None
    last = None if found.last_job_id is None else await repo.job(session, found.last_job_id)
    return out(found, last)


async def put(session: AsyncSession, actor: Actor, body: ScheduleIn) -> ScheduleOut:
    """Create or replace the report's schedule; its next run is computed afresh (100004 on tz when unknown, 117805
    on an address the tenant may not mail)."""
    report = await reports_service.get(session, actor, body.report_id)
    # Without `tz`, the schedule runs in its maker's effective zone (docs/api-system.md "Time zones").
    tz = body.tz or actor.time_zone
    zone(tz)
    # Only the tenant's users and the addresses verified for it (117805 naming the first other address).
    await delivery.check(session, report.tenant_id, body.emails)
    schedule = await repo.schedule_of(session, report.id)
    if schedule is None:
        schedule = ReportSchedule(tenant_id=report.tenant_id, report_id=report.id)
        session.add(schedule)
    schedule.enabled = body.enabled
    schedule.frequency = body.frequency
    schedule.hour = body.hour
    schedule.weekday = body.weekday
    schedule.monthday = body.monthday
    schedule.tz = tz
    schedule.emails = list(body.emails)
    schedule.lang = lang_var.get()
    schedule.next_run_at = following(schedule, utcnow())
    await session.flush()
    await session.refresh(schedule)
    return out(schedule)


async def delete(session: AsyncSession, actor: Actor, report_id: int) -> None:
    report = await reports_service.get(session, actor, report_id)
    schedule = await repo.schedule_of(session, report.id)
    if schedule is not None:
        await session.delete(schedule)
        await session.flush()
