"""Export centre SELECTs. A job is its owner's alone (an administrator too sees only his own jobs); a schedule
belongs to its report, which reports/repository.py scopes."""

from datetime import UTC, datetime

from sqlalchemy import ColumnElement, and_, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from iotyun.core.db import as_utc
from iotyun.core.deps import Actor
from iotyun.core.limits import EXPORT_SWEEP_BATCH, REPORT_SCHEDULES_PER_TICK
from iotyun.core.pagination import PageParams, paginate
from iotyun.reports.exports.models import QUEUED, RUNNING, ExportJob, ReportSchedule


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
    return await kept_by(session, actor.tenant_id, actor.user_id)


async def kept_by(session: AsyncSession, tenant_id: int, user_id: int) -> int:
    stmt = select(func.count(ExportJob.id)).where(ExportJob.tenant_id == tenant_id, ExportJob.owner_id == user_id)
    return int((await session.execute(stmt)).scalar_one())


async def schedule_of(session: AsyncSession, report_id: int) -> ReportSchedule | None:
    stmt = select(ReportSchedule).where(ReportSchedule.report_id == report_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def waiting(session: AsyncSession, tenant_id: int, owner_id: int) -> tuple[int, int]:
    """The user's and the tenant's jobs queued or running."""
    own = case((ExportJob.owner_id == owner_id, 1), else_=0)
    stmt = select(func.coalesce(func.sum(own), 0), func.count()).where(
        ExportJob.tenant_id == tenant_id, ExportJob.state.in_((QUEUED, RUNNING))
    )
    mine, everyone = (await session.execute(stmt)).one()
    return int(mine), int(everyone)


# --- the runner's reads (system sessions) ----------------------------------------------------------------------------


def claimable(now: datetime) -> ColumnElement[bool]:
    """Jobs a runner may take: queued, or running under a lease that ran out (its process died)."""
    return or_(
        ExportJob.state == QUEUED,
        and_(ExportJob.state == RUNNING, or_(ExportJob.lease_until.is_(None), ExportJob.lease_until < now)),
    )


async def next_claimable(session: AsyncSession, now: datetime) -> int | None:
    """The next job to run, round-robin: of the tenants with claimable jobs the one served least recently (the
    oldest latest `claimed_at` of its jobs; never served first), of its users the one served least recently, then
    that user's oldest claimable job. Ties go to the oldest waiting job. Read from the jobs alone, so it holds across
    processes and restarts; a tenant with many jobs waits its turn like one with a single job."""
    tenant = await _least_served(session, now, ExportJob.tenant_id, None)
    if tenant is None:
        return None
    owner = await _least_served(session, now, ExportJob.owner_id, ExportJob.tenant_id == tenant)
    if owner is None:
        return None
    stmt = (
        select(ExportJob.id)
        .where(claimable(now), ExportJob.tenant_id == tenant, ExportJob.owner_id == owner)
        .order_by(ExportJob.id)
        .limit(1)
    )
    found = (await session.execute(stmt)).scalar_one_or_none()
    return None if found is None else int(found)


async def next_claimable_fifo(session: AsyncSession, now: datetime) -> int | None:
    """The oldest claimable job over all tenants (the order before round-robin; the fairness benchmark's baseline)."""
    stmt = select(ExportJob.id).where(claimable(now)).order_by(ExportJob.id).limit(1)
    found = (await session.execute(stmt)).scalar_one_or_none()
    return None if found is None else int(found)


async def _least_served(
    session: AsyncSession, now: datetime, key: InstrumentedAttribute[int], within: ColumnElement[bool] | None
) -> int | None:
    """Of the `key` values (tenants, or users within a tenant) with claimable jobs, the one whose latest claim is
    the oldest (never claimed first), ties to the oldest waiting job."""
    waiting_stmt = select(key, func.min(ExportJob.id)).where(claimable(now)).group_by(key)
    if within is not None:
        waiting_stmt = waiting_stmt.where(within)
    waiting = {int(k): int(first) for k, first in (await session.execute(waiting_stmt)).all()}
    if not waiting:
        return None
    served_stmt = select(key, func.max(ExportJob.claimed_at)).where(key.in_(waiting)).group_by(key)
    if within is not None:
        served_stmt = served_stmt.where(within)
    served = {int(k): as_utc(t) for k, t in (await session.execute(served_stmt)).all() if t is not None}
    never = datetime.min.replace(tzinfo=UTC)
    return min(waiting, key=lambda k: (served.get(k, never), waiting[k]))


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
