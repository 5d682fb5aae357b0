"""The messages runner (DESIGN §9): one per server process, and of those only the holder of the database lease
"messages" works. Each tick it sends the scheduled notices whose time has come, each claimed by one conditional
UPDATE (messages.writing.dispatch), so a notice goes out once across processes and restarts; a notice whose
sending failed stays scheduled and is tried again at the next tick. Tests call `tick(now)` directly."""

import logging
from datetime import datetime

from iotyun.core import lease
from iotyun.core.db import Database, utcnow
from iotyun.core.limits import MESSAGES_LEASE_S, MESSAGES_TICK_S
from iotyun.core.tenancy import system_session
from iotyun.messages import repository as repo
from iotyun.messages.writing import dispatch

log = logging.getLogger("iotyun.messages")
LEASE_NAME = "messages"
# Notices sent per tick at most (the rest at the next).
NOTICES_PER_TICK = 50


class MessageRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME
    every = MESSAGES_TICK_S

    def __init__(self, db: Database, holder: str | None = None) -> None:
        super().__init__(db.sessionmaker, holder)
        self.db = db

    async def run(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> int:
        """One round if this runner holds the lease: the notices it sent."""
        now = now or utcnow()
        if not await self.holds(now, MESSAGES_LEASE_S):
            return 0
        async with system_session(self.db.sessionmaker) as session:
            due = await repo.due_notices(session, now, NOTICES_PER_TICK)
        sent = 0
        for notice in due:
            try:
                async with system_session(self.db.sessionmaker) as session:
                    if await dispatch(session, notice, now, due_only=True):
                        sent += 1
                    await session.commit()
            except Exception:
                log.warning("sending notice %s failed; tried again at the next tick", notice.id, exc_info=True)
        return sent
