"""The runner's atomic claims (DESIGN §8: one runner across server processes); its lease is core/lease.py's.

Each claim is one UPDATE whose WHERE holds the condition, so of two processes racing for the same row exactly one
changes it (PostgreSQL re-checks the WHERE after the row lock; SQLite serialises writers): a job when it is queued or
its own lease ran out; a schedule's run when it is due."""

from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.lease import changed, release, take
from iotyun.reports.exports.models import RUNNING, ExportJob, ReportSchedule
from iotyun.reports.exports.repository import claimable

__all__ = ["changed", "claim_job", "claim_run", "release", "take"]


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
