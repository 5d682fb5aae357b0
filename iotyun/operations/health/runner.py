"""The health runner (docs/api-operations.md "Full-network monitoring"): one per server process.

Every process beats each IOTYUN_HEALTH_HEARTBEAT_SECONDS: its row in `server_process` with its telemetry runtime's
figures (Telemetry.health) and the rates since its last beat, so the platform's broker and ingest figures are the
live processes' added up. Of the processes, the holder of the lease "health" also, each tick: marks the silent ones
lost, measures the platform (service.snapshot), opens the alerts of conditions that held two ticks in a row and
closes those that cleared, records each opening's and closing's deliveries (to the monitoring operators' email and
SMS, and the operators' webhook) with them, sends the pending deliveries, and once a minute writes a sample of every
figure and purges what is older than the retention. A clean stop removes the process's row. Tests call `beat(now)`
and `tick(now)` directly."""

import asyncio
import logging
import os
import socket
import time
from datetime import datetime, timedelta
from typing import Any, Protocol

from iotyun.auth.senders import MailSender
from iotyun.core import lease
from iotyun.core.config import Settings
from iotyun.core.db import Database, epoch_ms, utcnow
from iotyun.core.limits import (
    HEALTH_KEEP_DAYS,
    HEALTH_LOST_KEPT_HOURS,
    HEALTH_SAMPLE_EVERY_S,
    HEALTH_WEBHOOK_TRIES,
)
from iotyun.core.tenancy import system_session
from iotyun.notifications import channels
from iotyun.operations.health import repository as repo
from iotyun.operations.health import service
from iotyun.operations.health.models import (
    FAILED,
    PENDING,
    SENT,
    PlatformAlert,
    PlatformAlertDelivery,
    ServerProcess,
)
from iotyun.telemetry.public import TelemetryHealth

log = logging.getLogger("iotyun.health")
LEASE_NAME = "health"
# Closed alerts are kept this long.
ALERTS_KEPT_DAYS = 30
# A sample is due when the last is this old (a little under a minute, so ticks of 10 s do not drift to 70 s).
SAMPLE_SLACK_S = 5
# Counters whose rate per second a beat reports.
RATES = {
    "messages_in": "messages_in_per_s",
    "messages_out": "messages_out_per_s",
    "values_in": "values_per_s",
    "rows_written": "rows_per_s",
}
OPENED, CLOSED = "opened", "closed"
# Deliveries sent per tick at most, and at once.
DELIVERIES_PER_TICK = 50
PARALLEL_SENDS = 4


class HealthSource(Protocol):
    def health(self) -> TelemetryHealth: ...


class HealthRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME

    def __init__(
        self, db: Database, settings: Settings, telemetry: HealthSource, mail: MailSender, holder: str | None = None
    ) -> None:
        self.every = settings.health_heartbeat_seconds
        super().__init__(db.sessionmaker, holder)
        self.db = db
        self.settings = settings
        self.telemetry = telemetry
        self.channels = channels.make_channels(settings, mail)
        self.host = socket.gethostname()[:64]
        self.pid = os.getpid()
        self.started_at = utcnow()
        self._last: tuple[float, TelemetryHealth] | None = None
        self._beaten = False
        # The conditions that held at this holder's tick before (an alert opens on the second tick in a row).
        self._held: set[str] = set()

    async def run(self) -> None:
        await self.tick()

    async def stop(self) -> None:
        await super().stop()
        try:
            async with system_session(self.db.sessionmaker) as session:
                await repo.remove_process(session, self.holder)
                await session.commit()
        except Exception:
            log.warning("removing this process's heartbeat failed", exc_info=True)

    # --- every process ------------------------------------------------------------------------------------------

    def figures(self, clock: float | None = None) -> dict[str, Any]:
        """This process's telemetry figures, with rates per second since the beat before."""
        clock = time.monotonic() if clock is None else clock
        health = self.telemetry.health()
        out: dict[str, Any] = {k: getattr(health, k) for k in health.__dataclass_fields__}
        last = self._last
        for counter, rate in RATES.items():
            if last is None or clock <= last[0]:
                out[rate] = 0.0
            else:
                delta = max(0, getattr(health, counter) - getattr(last[1], counter))
                out[rate] = round(delta / (clock - last[0]), 3)
        self._last = (clock, health)
        return out

    async def beat(self, now: datetime, clock: float | None = None) -> None:
        figures = self.figures(clock)
        async with system_session(self.db.sessionmaker) as session:
            if not self._beaten:
                await repo.forget_replaced(session, self.host, self.holder, now - service.stale_after(self.settings))
            row = await session.get(ServerProcess, self.holder)
            if row is None:
                row = ServerProcess(
                    holder=self.holder, host=self.host, pid=self.pid, started_at=self.started_at, last_seen=now
                )
                session.add(row)
            row.last_seen, row.lost_at, row.figures = now, None, figures
            await session.commit()
        self._beaten = True

    # --- the lease holder ---------------------------------------------------------------------------------------

    async def tick(self, now: datetime | None = None, clock: float | None = None) -> bool:
        """Beat; then, holding the lease, watch the platform. Whether this process holds the lease."""
        now = now or utcnow()
        await self.beat(now, clock)
        if not await self.holds(now, 3 * self.every + 10):
            self._held = set()
            return False
        async with system_session(self.db.sessionmaker) as session:
            await repo.mark_lost(session, now - service.stale_after(self.settings), now)
            last = await repo.last_sample_time(session)
            due = last is None or (now - last).total_seconds() >= HEALTH_SAMPLE_EVERY_S - SAMPLE_SLACK_S
            out = await service.snapshot(session, self.settings, now, measure_storage=due)
            opened, closed = await service.update_alerts(session, out, now, self._held)
            events = [(a, OPENED) for a in opened] + [(a, CLOSED) for a in closed]
            await service.record_deliveries(session, self.settings, events, now)
            self._held = set(service.conditions_of(out))
            if due:
                session.add_all(service.samples_of(out, now))
                await repo.purge_samples(session, now - timedelta(days=HEALTH_KEEP_DAYS))
                await repo.forget_processes(session, now - timedelta(hours=HEALTH_LOST_KEPT_HOURS))
                await repo.purge_alerts(session, now - timedelta(days=ALERTS_KEPT_DAYS))
            await session.commit()
        for alert in opened:
            log.warning("platform alert opened: %s (%s, %s)", alert.condition, alert.reason, alert.value)
        for alert in closed:
            log.info("platform alert closed: %s", alert.condition)
        await self.deliver(now)
        return True

    async def deliver(self, now: datetime) -> int:
        """Send the pending deliveries (service.record_deliveries): an operator's email through the app's mail
        sender, his SMS and the operators' webhook through notifications' own channels (the webhook's body signing
        and target checks are a rule's). A failure that may pass is tried again at the next tick, at most
        HEALTH_WEBHOOK_TRIES times; one that will not (a 4xx, a refused target, a channel turned off) fails at once.
        A delivery is written sent only if it was still pending with the tries it was read with, so one is never
        sent twice by this holder; a holder that stops mid-send leaves it pending for the next. The deliveries
        sent."""
        async with system_session(self.db.sessionmaker) as session:
            due = await repo.due_deliveries(session, DELIVERIES_PER_TICK)
        if not due:
            return 0
        gate = asyncio.Semaphore(PARALLEL_SENDS)

        async def one(d: PlatformAlertDelivery, alert: PlatformAlert) -> tuple[str, str]:
            async with gate:
                return await self._send(d, alert, now)

        outcomes = await asyncio.gather(*(one(d, a) for d, a in due))
        sent = 0
        async with system_session(self.db.sessionmaker) as session:
            for (d, alert), (state, error) in zip(due, outcomes, strict=True):
                tries = d.tries + 1
                if state == PENDING and tries >= HEALTH_WEBHOOK_TRIES:
                    state = FAILED
                await repo.finish_delivery(session, d, state, tries, error[:255], now if state == SENT else None)
                if state == SENT:
                    sent += 1
                else:
                    address = service.masked_address(d.channel, d.address)
                    log.warning(
                        "platform alert %s %s to %s %s: %s (%s)",
                        alert.condition,
                        d.event,
                        d.channel,
                        address,
                        state,
                        error,
                    )
            await session.commit()
        return sent

    async def _send(self, d: PlatformAlertDelivery, alert: PlatformAlert, now: datetime) -> tuple[str, str]:
        """Send one delivery: (its state now, the error)."""
        if not channels.configured(self.settings).get(d.channel, False):
            return FAILED, "unconfigured"
        try:
            await self.channels[d.channel].send(self._outgoing(d, alert, now))
        except channels.SendFailed as exc:
            return (PENDING if exc.retry else FAILED), exc.reason
        except Exception as exc:  # a channel's bug must not stop the others
            log.warning("platform alert delivery %s failed", d.id, exc_info=True)
            return PENDING, type(exc).__name__
        return SENT, ""

    def _outgoing(self, d: PlatformAlertDelivery, alert: PlatformAlert, now: datetime) -> channels.Outgoing:
        key = f"platform-alert-{alert.id}-{d.event}"
        if d.channel != channels.WEBHOOK:
            line = service.alert_line(alert, d.event)
            body = (
                service.alert_mail_body(alert, d.event, self.settings.public_url)
                if d.channel == channels.EMAIL
                else line
            )
            return channels.Outgoing(key=key, channel=d.channel, address=d.address, subject=line, body=body)
        payload = {
            "event": f"platform_alert.{d.event}",
            "key": key,
            "alert": {
                "id": alert.id,
                "condition": alert.condition,
                "reason": alert.reason,
                "value": alert.value,
                "worst": alert.worst,
                "opened_at": epoch_ms(alert.opened_at),
                "closed_at": epoch_ms(alert.closed_at),
            },
            "sent_at": epoch_ms(now),
        }
        return channels.Outgoing(
            key=key,
            channel=channels.WEBHOOK,
            # Rows written before the deliveries table (the migration's) name no URL: today's setting.
            address=d.address or self.settings.operator_alert_webhook,
            subject="",
            body="",
            payload=payload,
            secret=self.settings.operator_alert_webhook_secret,
        )
