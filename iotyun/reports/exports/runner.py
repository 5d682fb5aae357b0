"""The export centre's runner (DESIGN §8): one per server process, and of those only the holder of the database
lease works. Each tick it renews the lease, removes files past their EXPORT_KEEP_DAYS, starts due schedules (each
run claimed by an atomic UPDATE) and runs the jobs it can claim, one after the other: queued ones, and running ones
whose own lease ran out because the process running them died, taken round-robin between tenants and between the
users of a tenant (repository.next_claimable), so one tenant's many jobs do not hold up another's. Tests call
`tick(now)` or `claim()` directly."""

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import service as auth_service
from iotyun.auth.senders import MailSender
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import BACKGROUND_KEY, Database, utcnow
from iotyun.core.errors import AppError, ErrorCode, text
from iotyun.core.limits import EXPORT_JOB_LEASE_S, EXPORT_LEASE_S, EXPORT_SWEEP_EVERY_S, EXPORT_TICK_S
from iotyun.core.tasks import Worker
from iotyun.core.tenancy import system_session
from iotyun.messages import service as message_service
from iotyun.reports.exports import build, files, lease
from iotyun.reports.exports import repository as repo
from iotyun.reports.exports.models import DONE, FAILED, MANUAL, ExportJob
from iotyun.reports.exports.scheduled import mail_run, start_due
from iotyun.telemetry.public import ConfigCache

log = logging.getLogger("iotyun.exports")
LEASE_NAME = "exports"


class ExportRunner:
    def __init__(
        self, db: Database, configs: ConfigCache, settings: Settings, mail: MailSender, holder: str | None = None
    ) -> None:
        self.db = db
        self.configs = configs
        self.settings = settings
        self.mail = mail
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._worker = Worker("iotyun-exports", self._loop)
        self._wake = asyncio.Event()
        self._swept: datetime | None = None
        # The tick's clock: its `now`, moved on by the time the tick has taken (lease renewals during a long job).
        self._now = utcnow()
        self._since = time.monotonic()
        # How the next job is chosen: round-robin (the FIFO of repository.next_claimable_fifo is the benchmark's).
        self.pick: Callable[[AsyncSession, datetime], Awaitable[int | None]] = repo.next_claimable

    # --- life -----------------------------------------------------------------------------------------------------

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()
        with contextlib.suppress(Exception):
            await lease.release(self.db.sessionmaker, LEASE_NAME, self.holder, utcnow())

    def wake(self) -> None:
        """A job was queued: look for work now rather than at the next tick."""
        self._wake.set()

    async def _loop(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=EXPORT_TICK_S)
            self._wake.clear()
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("export runner tick failed", exc_info=True)

    def clock(self) -> datetime:
        return self._now + timedelta(seconds=time.monotonic() - self._since)

    async def heartbeat(self) -> bool:
        """Renew the lease; whether this runner still holds it."""
        return await lease.take(self.db.sessionmaker, LEASE_NAME, self.holder, self.clock(), EXPORT_LEASE_S)

    # --- a tick ---------------------------------------------------------------------------------------------------

    async def tick(self, now: datetime | None = None) -> int:
        """One round of work if this runner holds the lease; the jobs it ran."""
        self._now, self._since = now or utcnow(), time.monotonic()
        if not await self.heartbeat():
            return 0
        if self._swept is None or self._now - self._swept >= timedelta(seconds=EXPORT_SWEEP_EVERY_S):
            await self.sweep(self._now)
            self._swept = self._now
        await start_due(self.db.sessionmaker, self._now)
        ran = 0
        while await self.heartbeat():
            job_id = await self.claim()
            if job_id is None:
                break
            await self.run(job_id)
            ran += 1
        return ran

    async def sweep(self, now: datetime) -> int:
        """Remove the jobs and files past their expiry."""
        async with system_session(self.db.sessionmaker) as session:
            gone = await repo.expired(session, now)
            for job in gone:
                files.remove(files.path(self.settings, job.tenant_id, job.id))
                await session.delete(job)
            await session.commit()
        return len(gone)

    async def claim(self) -> int | None:
        """Claim the next job (round-robin between tenants, then users); its id, None when nothing waits."""
        async with system_session(self.db.sessionmaker) as session:
            while (job_id := await self.pick(session, self.clock())) is not None:
                if await lease.claim_job(session, job_id, self.holder, self.clock(), EXPORT_JOB_LEASE_S):
                    await session.commit()
                    return job_id
                await session.rollback()
        return None

    async def progress(self, job_id: int, percent: int) -> None:
        """Record progress and renew the job's lease (and the runner's)."""
        await self.heartbeat()
        until = self.clock() + timedelta(seconds=EXPORT_JOB_LEASE_S)
        async with system_session(self.db.sessionmaker) as session:
            stmt = update(ExportJob).where(ExportJob.id == job_id, ExportJob.holder == self.holder)
            await lease.changed(session, stmt.values(progress=percent, lease_until=until))
            await session.commit()

    # --- a job ----------------------------------------------------------------------------------------------------

    async def run(self, job_id: int) -> None:
        async with system_session(self.db.sessionmaker) as session:
            job = await repo.job(session, job_id)
        if job is None:
            return
        token = lang_var.set(job.lang)
        try:
            await self._run(job)
        except AppError as e:
            await self._finish(job, FAILED, error=e.detail(job.lang)[:255])
        except Exception:
            log.exception("export job %s failed", job.id)
            await self._finish(job, FAILED, error=text(ErrorCode.OPERATION_FAILED, job.lang))
        finally:
            lang_var.reset(token)

    async def _run(self, job: ExportJob) -> None:
        await self.progress(job.id, 10)
        # Background work: the long statement timeout, not a request's (core.db.Timeouts).
        async with self.db.sessionmaker(info={BACKGROUND_KEY: True}) as session:
            actor = await auth_service.actor_for_user(session, job.owner_id)
            if actor is None:
                raise AppError(ErrorCode.USER_NOT_EXIST)
            rows, write = await build.produce(session, actor, self.configs, job)
        await self.progress(job.id, 50)
        content = await asyncio.to_thread(write)
        await self.progress(job.id, 90)
        path = files.path(self.settings, job.tenant_id, job.id)
        await asyncio.to_thread(files.write, path, content)
        if not await self._finish(job, DONE, rows=rows, size=len(content)):
            files.remove(path)  # deleted (or taken over) meanwhile
            return
        await self._mail(job, content)

    async def _finish(self, job: ExportJob, state: str, **values: object) -> bool:
        async with system_session(self.db.sessionmaker) as session:
            stmt = update(ExportJob).where(ExportJob.id == job.id, ExportJob.holder == self.holder)
            done = {"state": state, "finished_at": self.clock(), "lease_until": None, **values}
            if state == DONE:
                done["progress"] = 100
            changed = await lease.changed(session, stmt.values(**done))
            if changed == 1:
                await _tell(session, job, state)
            await session.commit()
        return changed == 1

    async def _mail(self, job: ExportJob, content: bytes) -> None:
        await mail_run(self.db.sessionmaker, self.mail, self.settings, job, content, self.clock())


async def _tell(session: AsyncSession, job: ExportJob, state: str) -> None:
    """The owner's inbox hears that the file is ready or failed (a scheduled report's run as a report message)."""
    outcome = "done" if state == DONE else "failed"
    await message_service.deliver(
        session,
        job.tenant_id,
        [job.owner_id],
        "export" if job.source == MANUAL else "report",
        text_key=f"messages.export.{outcome}",
        params={"title": job.title, "file": job.file_name},
        link=("export", job.id),
    )
