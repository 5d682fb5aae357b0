"""The notifications runner (DESIGN §9 "one delivery core"): one per server process; the holder of the database lease
"notifications" works. Each tick (every second) it fans the open outbox events out into deliveries
(fanout.fan_out: the alarm rules' and the outgoing webhooks'), then sends the deliveries that are due, at most
DELIVERIES_PER_TENANT of one tenant a tick and the tenants taken in turn (one tenant's backlog or slow receiver
delays another's by a share, not by all of it): claimed together by one conditional UPDATE (state →
sending, each with a lease of its own, attempts + 1) committed before any is sent, so a delivery left `sending` by a
process that died is taken up again when its lease runs out; the outcomes are written together after the sends. A failure that may pass is tried again after a backoff (5 s, doubling,
at most 30 min) until MAX_ATTEMPTS; one that will not (a 4xx, a refused target) fails at once. Tests call `tick(now)`
directly."""

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import delete, update

from iotyun.auth.senders import MailSender
from iotyun.core import lease
from iotyun.core.config import Settings
from iotyun.core.db import Database, utcnow
from iotyun.core.tenancy import system_session
from iotyun.notifications import channels
from iotyun.notifications import repository as repo
from iotyun.notifications.fanout import escalate_due, fan_out
from iotyun.notifications.models import (
    FAILED,
    PENDING,
    RETRYING,
    SENDING,
    SENT,
    SKIPPED,
    NotifyDelivery,
    NotifyEvent,
)
from iotyun.team.mail import delivery as mail_delivery

log = logging.getLogger("iotyun.notifications")
LEASE_NAME = "notifications"
TICK_S = 1.0
LEASE_S = 30.0
# A delivery being sent holds its own lease this long (a send times out well before).
SEND_LEASE_S = 60.0
DELIVERIES_PER_TICK = 100
DELIVERIES_PER_TENANT = 20
PARALLEL_SENDS = 8
MAX_ATTEMPTS = 12
# Done events are kept a day, finished deliveries (the log) NOTIFY_LOG_DAYS; swept every SWEEP_EVERY.
EVENTS_KEEP = timedelta(days=1)
NOTIFY_LOG_DAYS = 30
SWEEP_EVERY = timedelta(minutes=10)
BACKOFF_FIRST_S = 5.0
BACKOFF_MAX_S = 1800.0


def backoff(attempts: int) -> timedelta:
    """The wait before the next try after `attempts` failed ones: 5 s, 10 s, 20 s, … at most 30 min."""
    return timedelta(seconds=min(BACKOFF_FIRST_S * 2 ** max(attempts - 1, 0), BACKOFF_MAX_S))


class NotifyRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME
    every = TICK_S

    def __init__(self, db: Database, settings: Settings, mail: MailSender, holder: str | None = None) -> None:
        super().__init__(db.sessionmaker, holder)
        self.db = db
        self.settings = settings
        self.channels = channels.make_channels(settings, mail)
        self._swept: datetime | None = None

    async def run(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> tuple[int, int]:
        """One round if this runner holds the lease: (deliveries made, deliveries sent)."""
        now = now or utcnow()
        if not await self.holds(now, LEASE_S):
            return 0, 0
        await escalate_due(self.db.sessionmaker, now)
        made = await fan_out(self.db.sessionmaker, now)
        sent = await self.send_due(now)
        if self._swept is None or now - self._swept >= SWEEP_EVERY:
            await self.sweep(now)
            self._swept = now
        return made, sent

    async def sweep(self, now: datetime) -> None:
        """Forget done events after a day and finished deliveries after NOTIFY_LOG_DAYS."""
        async with system_session(self.db.sessionmaker) as session:
            await session.execute(delete(NotifyEvent).where(NotifyEvent.done_at < now - EVENTS_KEEP))
            await session.execute(
                delete(NotifyDelivery).where(
                    NotifyDelivery.created_at < now - timedelta(days=NOTIFY_LOG_DAYS),
                    NotifyDelivery.state.in_([SENT, FAILED, SKIPPED]),
                )
            )
            await session.commit()

    async def send_due(self, now: datetime) -> int:
        """Send what is due: claimed together (one UPDATE, committed before anything is sent), sent PARALLEL_SENDS at
        a time, and their outcomes written together; the deliveries sent."""
        async with system_session(self.db.sessionmaker) as session:
            due = await repo.due_deliveries(session, now, DELIVERIES_PER_TICK, DELIVERIES_PER_TENANT)
            if not due:
                return 0
            claim = (
                update(NotifyDelivery)
                .where(
                    NotifyDelivery.id.in_(due),
                    (NotifyDelivery.state.in_([PENDING, RETRYING]) & (NotifyDelivery.next_at <= now))
                    | ((NotifyDelivery.state == SENDING) & (NotifyDelivery.lease_until < now)),
                )
                .values(
                    state=SENDING,
                    lease_until=now + timedelta(seconds=SEND_LEASE_S),
                    attempts=NotifyDelivery.attempts + 1,
                    updated_at=now,
                )
                .returning(NotifyDelivery.id)
                .execution_options(synchronize_session=False)
            )
            claimed = [int(i) for i in (await session.execute(claim)).scalars()]
            await session.commit()
            deliveries = await repo.deliveries_by_id(session, claimed)
            rules = await repo.rules_by_id(session, {d.rule_id for d in deliveries if d.rule_id is not None})
            subscriptions = await repo.subscriptions_by_id(
                session, {d.subscription_id for d in deliveries if d.subscription_id is not None}
            )
        gate = asyncio.Semaphore(PARALLEL_SENDS)

        async def one(d: NotifyDelivery) -> dict[str, object]:
            secret = ""
            if d.subscription_id is not None:
                subscription = subscriptions.get(d.subscription_id)
                if subscription is None:  # deleted while this one was claimed
                    return {"state": SKIPPED, "last_error": "subscription deleted", "lease_until": None}
                secret = subscription.secret
            elif d.rule_id is not None and d.rule_id in rules:
                secret = rules[d.rule_id].webhook_secret
            async with gate:
                return await self._send(d, secret, now)

        outcomes = await asyncio.gather(*(one(d) for d in deliveries))
        async with system_session(self.db.sessionmaker) as session:
            for d, values in zip(deliveries, outcomes, strict=True):
                stmt = update(NotifyDelivery).where(NotifyDelivery.id == d.id, NotifyDelivery.state == SENDING)
                await lease.changed(session, stmt.values(**values, updated_at=utcnow()))
            await session.commit()
        return sum(1 for values in outcomes if values["state"] == SENT)

    async def _send(self, d: NotifyDelivery, secret: str, now: datetime) -> dict[str, object]:
        """Send one claimed delivery (a webhook's signed with `secret`: its rule's or its subscription's); the values
        its row takes."""
        if d.channel == channels.EMAIL:
            async with system_session(self.db.sessionmaker) as session:
                caps = mail_delivery.MailCaps.of(self.settings)
                plan = await mail_delivery.prepare(session, d.tenant_id, [d.address], caps, now)
                await session.commit()
            if not plan.to:
                refused = f"mail {int(plan.refused)}" if plan.refused is not None else "address not allowed"
                return {"state": SKIPPED, "last_error": refused[:255], "lease_until": None}
        out = channels.Outgoing(
            key=d.key,
            channel=d.channel,
            address=d.address,
            subject=d.subject,
            body=d.body,
            payload=d.payload,
            secret=secret,
        )
        try:
            status = await self.channels[d.channel].send(out)
            return {"state": SENT, "sent_at": utcnow(), "last_error": "", "lease_until": None, "status_code": status}
        except channels.SendFailed as e:
            final = not e.retry or d.attempts >= MAX_ATTEMPTS
            return {
                "state": FAILED if final else RETRYING,
                "next_at": now + backoff(d.attempts),
                "last_error": e.reason[:255],
                "lease_until": None,
                "status_code": e.status,
            }
        except Exception as e:  # a channel's bug must not stop the others
            log.warning("notification %s failed", d.id, exc_info=True)
            return {"state": RETRYING, "next_at": now + backoff(d.attempts), "last_error": type(e).__name__}
