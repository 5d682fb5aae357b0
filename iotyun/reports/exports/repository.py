"""Export centre SELECTs. A job is its owner's alone (an administrator too sees only his own jobs); a schedule
belongs to its report, which reports/repository.py scopes."""

from datetime import datetime

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.limits import EXPORT_SWEEP_BATCH, REPORT_SCHEDULES_PER_TICK
from iotyun.core.pagination import PageParams, paginate
from iotyun.reports.exports.models import QUEUED, RUNNING, ExportJob, JobLease, ReportSchedule


async def page(
    session: AsyncSession, actor: Actor, params: PageParams, state: str | None, kind: str | None
) -> tuple[list[ExportJob], int]:
    stmt = select(ExportJob).where(ExportJob.tenant_id == actor.tenant_id, ExportJob.owner_id == actor.user_id)
    if state:
        stmt = stmt.where(ExportJob.state == state)
    if kind:
        stmt = stmt.where(ExportJob.kind == kind)
    return await paginate(session, stmt.order_by(ExportJob.id.desc()), params)


async def own_job(session: AsyncSession, actor: Actor, job_id: int) -> ExportJob | None:
    stmt = select(ExportJob).where(
        ExportJob.id == job_id, ExportJob.tenant_id == actor.tenant_id, ExportJob.owner_id == actor.user_id
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def owned_count(session: AsyncSession, actor: Actor) -> int:
    """How many jobs the caller has in the export centre, files and queued ones (their exports_kept quota)."""
    stmt = select(func.count(ExportJob.id)).where(
        ExportJob.tenant_id == actor.tenant_id, ExportJob.owner_id == actor.user_id
    )
    return int((await session.execute(stmt)).scalar_one())


async def schedule_of(session: AsyncSession, report_id: int) -> ReportSchedule | None:
    stmt = select(ReportSchedule).where(ReportSchedule.report_id == report_id)
    return (await session.execute(stmt)).scalar_one_or_none()


# --- the runner's reads (system sessions) ----------------------------------------------------------------------------


def claimable(now: datetime) -> ColumnElement[bool]:
    """Jobs a runner may take: queued, or running under a lease that ran out (its process died)."""
    return or_(
        ExportJob.state == QUEUED,
        and_(ExportJob.state == RUNNING, or_(ExportJob.lease_until.is_(None), ExportJob.lease_until < now)),
    )


async def next_claimable(session: AsyncSession, now: datetime) -> int | None:
    stmt = select(ExportJob.id).where(claimable(now)).order_by(ExportJob.id).limit(1)
    found = (await session.execute(stmt)).scalar_one_or_none()
    return None if found is None else int(found)


async def job(session: AsyncSession, job_id: int) -> ExportJob | None:
    return await session.get(ExportJob, job_id)


async def expired(session: AsyncSession, now: datetime) -> list[ExportJob]:
    stmt = select(ExportJob).where(ExportJob.expires_at < now).order_by(ExportJob.id).limit(EXPORT_SWEEP_BATCH)
    return list((await session.execute(stmt)).scalars())


async def due_schedules(session: AsyncSession, now: datetime) -> list[ReportSchedule]:
    stmt = (
        select(ReportSchedule)
        .where(ReportSchedule.enabled.is_(True), ReportSchedule.next_run_at <= now)
        .order_by(ReportSchedule.next_run_at)
        .limit(REPORT_SCHEDULES_PER_TICK)
    )
    return list((await session.execute(stmt)).scalars())


async def lease_exists(session: AsyncSession, name: str) -> bool:
    return (await session.execute(select(JobLease.name).where(JobLease.name == name))).first() is not None
