"""Named database leases: work that must run once across server processes (the export centre, scheduled reports,
scheduled notices and the delivery of notifications) is done by the process holding its lease (DESIGN §8, §9).

`job_lease` is not tenant data: a row per lease name, the process (`holder`) that holds it until `expires_at`. A take
is one UPDATE whose WHERE holds the condition (the lease ran out, or is the taker's own), so of two processes racing
exactly one changes it (PostgreSQL re-checks the WHERE after the row lock; SQLite serialises writers)."""

import asyncio
import contextlib
import logging
import os
import socket
import uuid
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, String, Update, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, UTCDateTime, utcnow
from iotyun.core.tasks import Worker
from iotyun.core.tenancy import system_session

log = logging.getLogger("iotyun.lease")


class JobLease(Base):
    __tablename__ = "job_lease"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())


async def changed(session: AsyncSession, stmt: Update) -> int:
    """The rows an UPDATE changed."""
    result = cast(CursorResult[Any], await session.execute(stmt.execution_options(synchronize_session=False)))
    return int(result.rowcount)


async def exists(session: AsyncSession, name: str) -> bool:
    return (await session.execute(select(JobLease.name).where(JobLease.name == name))).first() is not None


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
        if await exists(session, name):
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


def process_holder() -> str:
    """A name for this process as a lease holder: host, pid and a random part (a restarted pid is another holder)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class LeasedLoop:
    """A background loop of one server process that works only while it holds its lease: `run()` every `every`
    seconds (errors logged, the loop goes on), the lease given back at a clean stop so another process takes over at
    once. A subclass's `run` takes the lease itself (`holds`) before it works."""

    lease_name = ""
    every = 1.0

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], holder: str | None = None) -> None:
        self.sessionmaker = sessionmaker
        self.holder = holder or process_holder()
        self._worker = Worker(f"iotyun-{self.lease_name}", self._loop)

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()
        with contextlib.suppress(Exception):
            await release(self.sessionmaker, self.lease_name, self.holder, utcnow())

    async def holds(self, now: datetime, seconds: float) -> bool:
        return await take(self.sessionmaker, self.lease_name, self.holder, now, seconds)

    async def run(self) -> None:
        raise NotImplementedError

    async def _loop(self) -> None:
        while True:
            try:
                await self.run()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("%s runner tick failed", self.lease_name, exc_info=True)
            await asyncio.sleep(self.every)
