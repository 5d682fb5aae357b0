"""The health runner (docs/api-operations.md "Full-network monitoring"): one per server process.

Every process beats each IOTYUN_HEALTH_HEARTBEAT_SECONDS: its row in `server_process` with its telemetry runtime's
figures (Telemetry.health) and the rates since its last beat, so the platform's broker and ingest figures are the
live processes' added up. Of the processes, the holder of the lease "health" also, each tick: marks the silent ones
lost, measures the platform (service.snapshot), opens the alerts of conditions that held two ticks in a row and
closes those that cleared, sends the pending ones to the operators'
webhook, and once a minute writes a sample of every figure and purges what is older than the retention. A clean stop
removes the process's row. Tests call `beat(now)` and `tick(now)` directly."""

import logging
import os
import socket
import time
from datetime import datetime, timedelta
from typing import Any, Protocol

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
from iotyun.notifications.channels import WEBHOOK, Outgoing, SendFailed, WebhookChannel
from iotyun.operations.health import repository as repo
from iotyun.operations.health import service
from iotyun.operations.health.models import PlatformAlert, ServerProcess
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


class HealthSource(Protocol):
    def health(self) -> TelemetryHealth: ...


class HealthRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME

    def __init__(self, db: Database, settings: Settings, telemetry: HealthSource, holder: str | None = None) -> None:
        self.every = settings.health_heartbeat_seconds
        super().__init__(db.sessionmaker, holder)
        self.db = db
        self.settings = settings
        self.telemetry = telemetry
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
        webhook = bool(self.settings.operator_alert_webhook)
        async with system_session(self.db.sessionmaker) as session:
            await repo.mark_lost(session, now - service.stale_after(self.settings), now)
            last = await repo.last_sample_time(session)
            due = last is None or (now - last).total_seconds() >= HEALTH_SAMPLE_EVERY_S - SAMPLE_SLACK_S
            out = await service.snapshot(session, self.settings, now, measure_storage=due)
            opened, closed = await service.update_alerts(session, out, now, webhook, self._held)
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
        if webhook:
            await self.deliver(now)
        return True

    async def deliver(self, now: datetime) -> int:
        """Send the alerts' pending events to the operators' webhook (notifications' signed webhook channel, the
        same body signing and target checks as a rule's). A failure is tried again at the next tick, at most
        HEALTH_WEBHOOK_TRIES times. The events sent."""
        async with system_session(self.db.sessionmaker) as session:
            due = await repo.webhook_due(session)
        channel = WebhookChannel(self.settings)
        sent = 0
        for alert in due:
            state, error = "sent", ""
            try:
                await channel.send(self._outgoing(alert, now))
                sent += 1
            except SendFailed as exc:
                state, error = ("pending" if exc.retry else "failed"), exc.reason[:64]
            except Exception as exc:
                state, error = "pending", type(exc).__name__
            async with system_session(self.db.sessionmaker) as session:
                row = await session.get(PlatformAlert, alert.id)
                if row is None or row.webhook_event != alert.webhook_event:
                    continue  # closed meanwhile: its new event goes at the next tick
                row.webhook_tries = (row.webhook_tries or 0) + 1
                if state == "pending" and row.webhook_tries >= HEALTH_WEBHOOK_TRIES:
                    state = "failed"
                row.webhook_state, row.webhook_error = state, error
                await session.commit()
            if state != "sent":
                log.warning("operators' alert webhook: %s %s not delivered (%s)", alert.condition, state, error)
        return sent

    def _outgoing(self, alert: PlatformAlert, now: datetime) -> Outgoing:
        event = f"platform_alert.{alert.webhook_event or 'opened'}"
        payload = {
            "event": event,
            "key": f"platform-alert-{alert.id}-{alert.webhook_event}",
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
        return Outgoing(
            key=str(payload["key"]),
            channel=WEBHOOK,
            address=self.settings.operator_alert_webhook,
            subject="",
            body="",
            payload=payload,
            secret=self.settings.operator_alert_webhook_secret,
        )
