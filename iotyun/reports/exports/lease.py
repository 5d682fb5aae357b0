"""The runner's database lease and the atomic claims (DESIGN §8: one runner across server processes).

Each claim is one UPDATE whose WHERE holds the condition, so of two processes racing for the same row exactly one
changes it (PostgreSQL re-checks the WHERE after the row lock; SQLite serialises writers): the lease is taken when it
ran out or is the taker's own; a job when it is queued or its own lease ran out; a schedule's run when it is due."""

from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, Update, or_, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.core.tenancy import system_session
from iotyun.reports.exports.models import RUNNING, ExportJob, JobLease, ReportSchedule
from iotyun.reports.exports.repository import claimable, lease_exists


async def changed(session: AsyncSession, stmt: Update) -> int:
    """The rows an UPDATE changed."""
    result = cast(CursorResult[Any], await session.execute(stmt.execution_options(synchronize_session=False)))
    return int(result.rowcount)


async def take(
    sessionmaker: async_sessionmaker[AsyncSession], name: str, holder: str, now: datetime, seconds: float
) -> bool:
    """Take or renew lease `name` for `holder` until now + seconds; whether `holder` holds it."""
    until = now + timedelta(seconds=seconds)
    async with system_session(sessionmaker) as session:
        stmt = (
            update(JobLease)
            .where(JobLease.name == name, or_(JobLease.expires_at < now, JobLease.holder == holder))
            .values(holder=holder, expires_at=until)
        )
        if await changed(session, stmt):
            await session.commit()
            return True
        if await lease_exists(session, name):
            await session.rollback()
            return False
        session.add(JobLease(name=name, holder=holder, expires_at=until))
        try:
            await session.commit()
        except IntegrityError:
            return False  # another process made the row first: it holds the lease
        return True


async def release(sessionmaker: async_sessionmaker[AsyncSession], name: str, holder: str, now: datetime) -> None:
    """Let the lease go at a clean stop, so another process takes over at once."""
    async with system_session(sessionmaker) as session:
        stmt = update(JobLease).where(JobLease.name == name, JobLease.holder == holder).values(expires_at=now)
        await changed(session, stmt)
        await session.commit()


async def claim_job(session: AsyncSession, job_id: int, holder: str, now: datetime, seconds: float) -> bool:
    stmt = (
        update(ExportJob)
        .where(ExportJob.id == job_id, claimable(now))
        .values(
            state=RUNNING,
            holder=holder,
            lease_until=now + timedelta(seconds=seconds),
            claimed_at=now,
            progress=0,
            error=None,
        )
    )
    return await changed(session, stmt) == 1


async def claim_run(session: AsyncSession, schedule_id: int, now: datetime, next_run_at: datetime) -> bool:
    """Move a due schedule's next run on; whether this caller did (and so runs it)."""
    stmt = (
        update(ReportSchedule)
        .where(
            ReportSchedule.id == schedule_id,
            ReportSchedule.enabled.is_(True),
            ReportSchedule.next_run_at <= now,
        )
        .values(next_run_at=next_run_at, last_run_at=now)
    )
    return await changed(session, stmt) == 1
