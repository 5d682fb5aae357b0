"""Full-network monitoring's rules (docs/api-operations.md "Full-network monitoring").

`snapshot` measures the platform now: the gateways by tenant and the export queue (read from their tables), the
database (a timed `SELECT 1`, the pool), Redis (a timed PING, or "unconfigured"), the broker and the ingest (added up
from the live server processes' heartbeats, each carrying its telemetry runtime's counters and rates), the history's
rows and bytes (measured by the sampler once a minute; a request reads the latest sample). Each part gets a state
(ok, degraded, down, off) and the reason. The runner (runner.py) samples it each minute, and opens an alert per
condition that holds and closes it when it clears; each opening and closing is recorded as deliveries to the
operators (`record_deliveries`) in the same transaction, which the runner then sends."""

import asyncio
import contextlib
import time
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    HEALTH_ALERTS_SHOWN_DAYS,
    HEALTH_ALERTS_SHOWN_MAX,
    HEALTH_PROBE_TIMEOUT_S,
    HEALTH_STALE_BEATS,
    HEALTH_TREND_HOURS_MAX,
    HEALTH_TREND_POINTS,
)
from iotyun.notifications.channels import EMAIL, WEBHOOK, masked
from iotyun.operations import service as operations
from iotyun.operations.health import repository as repo
from iotyun.operations.health.models import PlatformAlert, PlatformAlertDelivery, PlatformSample, ServerProcess
from iotyun.operations.health.schemas import (
    AlertDeliveryOut,
    AlertOut,
    AlertsOut,
    BrokerOut,
    Condition,
    DatabaseOut,
    ExportsOut,
    GatewaysOut,
    HealthOut,
    HistoryOut,
    IngestOut,
    Metric,
    PartOut,
    ProcessOut,
    RedisOut,
    TenantGateways,
    TrendOut,
    TrendPoint,
)
from iotyun.operations.schemas import OperatorActor

STORAGE_METRICS = ("history_rows", "db_bytes", "history_bytes")
# The part whose state not being ok (or off) is each condition.
CONDITION_OF_PART: dict[str, Condition] = {
    "ingest": "ingest_lag",
    "database": "database",
    "redis": "redis",
    "broker": "broker",
    "processes": "processes",
}
# Redis is asked the same client each time (one per URL and process).
_redis_clients: dict[str, Any] = {}


def stale_after(settings: Settings) -> timedelta:
    return timedelta(seconds=HEALTH_STALE_BEATS * settings.health_heartbeat_seconds)


# --- probes ------------------------------------------------------------------------------------------------------


async def database_probe(session: AsyncSession) -> tuple[float | None, int | None, int | None]:
    """(round trip of SELECT 1 in ms or None when it failed, pool size, connections checked out)."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(HEALTH_PROBE_TIMEOUT_S):
            await session.execute(text("SELECT 1"))
        rtt: float | None = round((time.perf_counter() - started) * 1000, 2)
    except Exception:
        rtt = None
    pool: Any = getattr(session.get_bind(), "pool", None)
    size = in_use = None
    with contextlib.suppress(Exception):
        size, in_use = int(pool.size()), int(pool.checkedout())
    return rtt, size, in_use


async def redis_probe(url: str) -> tuple[float | None, str]:
    """(PING round trip in ms, or None with the error's name)."""
    client = _redis_clients.get(url)
    try:
        if client is None:
            import redis.asyncio as aioredis

            client = aioredis.from_url(
                url, socket_timeout=HEALTH_PROBE_TIMEOUT_S, socket_connect_timeout=HEALTH_PROBE_TIMEOUT_S
            )
            _redis_clients[url] = client
        started = time.perf_counter()
        async with asyncio.timeout(HEALTH_PROBE_TIMEOUT_S):
            await client.ping()
        return round((time.perf_counter() - started) * 1000, 2), ""
    except Exception as exc:
        return None, type(exc).__name__


# --- the snapshot ------------------------------------------------------------------------------------------------


def _live(p: ServerProcess, now: datetime, stale: timedelta) -> bool:
    return p.lost_at is None and as_utc(p.last_seen) >= now - stale


def _process_out(p: ServerProcess, live: bool) -> ProcessOut:
    f = p.figures or {}
    return ProcessOut(
        holder=p.holder,
        host=p.host,
        pid=p.pid,
        started_at=epoch_ms(p.started_at) or 0,
        last_seen=epoch_ms(p.last_seen) or 0,
        live=live,
        lost=p.lost_at is not None,
        broker=str(f.get("broker", "off")),
        link_connected=bool(f.get("link_connected")),
        values_per_s=float(f.get("values_per_s", 0.0)),
        lag_s=float(f.get("lag_s", 0.0)),
        live_sockets=int(f.get("live_sockets", 0)),
    )


def _sum(figures: Iterable[dict[str, Any]], key: str) -> float:
    return round(sum(float(f.get(key, 0) or 0) for f in figures), 3)


async def snapshot(
    session: AsyncSession, settings: Settings, now: datetime, *, measure_storage: bool = False
) -> HealthOut:
    stale = stale_after(settings)
    rows = await repo.processes(session)
    live = [p for p in rows if _live(p, now, stale)]
    lost = [p for p in rows if p.lost_at is not None or not _live(p, now, stale)]
    figures = [p.figures or {} for p in live]
    running = [f for f in figures if f.get("enabled")]

    tenants = await repo.gateways_by_tenant(session)
    gateways = GatewaysOut(
        online=sum(o for _, _, o, _ in tenants),
        total=sum(n for _, _, _, n in tenants),
        tenants=[
            TenantGateways(tenant_id=t, tenant_name=name, online=o, total=n)
            for t, name, o, n in sorted(tenants, key=lambda r: (-r[2], -r[3], r[0]))
        ],
    )
    kinds = {str(f.get("broker")) for f in running}
    broker = BrokerOut(
        kind="embedded" if "embedded" in kinds else ("external" if "external" in kinds else "off"),
        connections=int(max((f.get("gateways_connected", 0) for f in running), default=0)),
        messages_in_per_s=_sum(running, "messages_in_per_s"),
        messages_out_per_s=_sum(running, "messages_out_per_s"),
        link_reconnects=int(_sum(running, "link_reconnects")),
        restarts=int(_sum(running, "broker_restarts")),
    )
    lag = max((float(f.get("lag_s", 0) or 0) for f in running), default=0.0)
    ingest = IngestOut(
        values_per_s=_sum(running, "values_per_s"),
        rows_per_s=_sum(running, "rows_per_s"),
        lag_s=round(lag, 3),
        pending_rows=int(_sum(running, "pending_rows")),
        write_failures=int(_sum(running, "write_failures")),
        lag_limit_s=settings.health_ingest_lag_seconds,
    )
    rtt, pool_size, pool_in_use = await database_probe(session)
    database = DatabaseOut(
        dialect=session.get_bind().dialect.name,
        rtt_ms=rtt,
        slow_ms=settings.health_db_slow_ms,
        pool_size=pool_size,
        pool_in_use=pool_in_use,
    )
    redis = RedisOut(configured=bool(settings.redis_url), rtt_ms=None)
    if settings.redis_url:
        redis.rtt_ms, redis.error = await redis_probe(settings.redis_url)
    queued, running_jobs, failed, oldest = await repo.export_queue(session, now - timedelta(hours=1))
    exports = ExportsOut(
        queued=queued,
        running=running_jobs,
        failed_1h=failed,
        oldest_queued_s=round((now - as_utc(oldest)).total_seconds(), 1) if oldest is not None else None,
    )
    history = await _history(session, now, measure_storage)
    alerts_open, alerts_unacked = await repo.alert_counts(session)
    out = HealthOut(
        at=epoch_ms(now) or 0,
        parts=[],
        gateways=gateways,
        broker=broker,
        ingest=ingest,
        history=history,
        database=database,
        redis=redis,
        exports=exports,
        processes=[_process_out(p, p in live) for p in rows],
        alerts_open=alerts_open,
        alerts_unacked=alerts_unacked,
    )
    out.parts = _parts(out, settings, live_count=len(live), running=running, lost=len(lost))
    return out


async def _history(session: AsyncSession, now: datetime, measure: bool) -> HistoryOut:
    measured_at: datetime | None = now
    if measure:
        rows, db_bytes, history_bytes = await repo.storage(session)
        current: dict[str, float] = {"history_rows": rows, "db_bytes": db_bytes}
        if history_bytes is not None:
            current["history_bytes"] = history_bytes
    else:
        current = await repo.latest_values(session, STORAGE_METRICS, now)
        measured_at = await repo.latest_time(session, "history_rows") if current else None
    before = await repo.latest_values(session, STORAGE_METRICS, now - timedelta(hours=24))
    if not before:
        # Younger than a day: the growth since the first sample.
        first = await repo.series(session, "history_rows", now - timedelta(hours=24))
        if first:
            before = await repo.latest_values(session, STORAGE_METRICS, first[0][0])

    def value(key: str) -> int | None:
        return int(current[key]) if key in current else None

    def growth(key: str) -> int | None:
        return int(current[key] - before[key]) if key in current and key in before else None

    return HistoryOut(
        rows=value("history_rows"),
        rows_growth_24h=growth("history_rows"),
        db_bytes=value("db_bytes"),
        history_bytes=value("history_bytes"),
        bytes_growth_24h=growth("db_bytes"),
        measured_at=epoch_ms(measured_at) if current else None,
    )


def _parts(
    out: HealthOut, settings: Settings, *, live_count: int, running: list[dict[str, Any]], lost: int
) -> list[PartOut]:
    db = out.database
    parts = [
        PartOut(part="database", state="down", reason="unreachable")
        if db.rtt_ms is None
        else PartOut(part="database", state="degraded", reason="slow", value=db.rtt_ms, limit=db.slow_ms)
        if db.rtt_ms > db.slow_ms
        else PartOut(part="database", state="ok", value=db.rtt_ms, limit=db.slow_ms)
    ]
    r = out.redis
    parts.append(
        PartOut(part="redis", state="off", reason="unconfigured")
        if not r.configured
        else PartOut(part="redis", state="down", reason="unreachable")
        if r.rtt_ms is None
        else PartOut(part="redis", state="ok", value=r.rtt_ms)
    )
    if not running:
        reason = "no_heartbeat" if live_count == 0 else "telemetry_off"
        parts.append(PartOut(part="broker", state="down" if live_count == 0 else "off", reason=reason))
        parts.append(PartOut(part="ingest", state="down" if live_count == 0 else "off", reason=reason))
    else:
        connected = [f for f in running if f.get("link_connected")]
        if any(f.get("broker_running") is False for f in running):
            parts.append(PartOut(part="broker", state="down", reason="not_running"))
        elif not connected:
            parts.append(PartOut(part="broker", state="down", reason="link_down"))
        elif len(connected) < len(running):
            parts.append(
                PartOut(
                    part="broker",
                    state="degraded",
                    reason="some_links_down",
                    value=len(running) - len(connected),
                    limit=len(running),
                )
            )
        else:
            parts.append(PartOut(part="broker", state="ok", value=out.broker.connections))
        limit = settings.health_ingest_lag_seconds
        lag = out.ingest.lag_s
        parts.append(
            PartOut(part="ingest", state="degraded", reason="lagging", value=lag, limit=limit)
            if lag > limit
            else PartOut(part="ingest", state="ok", value=lag, limit=limit)
        )
    parts.append(
        PartOut(part="processes", state="down", reason="no_heartbeat")
        if live_count == 0
        else PartOut(part="processes", state="degraded", reason="lost_process", value=lost)
        if lost
        else PartOut(part="processes", state="ok", value=live_count)
    )
    e = out.exports
    parts.append(
        PartOut(part="exports", state="degraded", reason="failed_jobs", value=e.failed_1h)
        if e.failed_1h
        else PartOut(part="exports", state="ok", value=e.queued)
    )
    return parts


async def now(session: AsyncSession, settings: Settings, at: datetime) -> HealthOut:
    return await snapshot(session, settings, at)


# --- samples and trends ------------------------------------------------------------------------------------------


def samples_of(out: HealthOut, at: datetime) -> list[PlatformSample]:
    """The rows one sample writes: every figure of the platform, and the gateways per tenant."""
    values: dict[str, float | None] = {
        "gateways_online": out.gateways.online,
        "gateways_total": out.gateways.total,
        "broker_connections": out.broker.connections,
        "messages_in": out.broker.messages_in_per_s,
        "messages_out": out.broker.messages_out_per_s,
        "ingest_values": out.ingest.values_per_s,
        "ingest_lag": out.ingest.lag_s,
        "ingest_pending": out.ingest.pending_rows,
        "history_rows": out.history.rows,
        "db_bytes": out.history.db_bytes,
        "history_bytes": out.history.history_bytes,
        "db_rtt_ms": out.database.rtt_ms,
        "db_pool_in_use": out.database.pool_in_use,
        "redis_rtt_ms": out.redis.rtt_ms,
        "exports_queued": out.exports.queued,
        "exports_running": out.exports.running,
        "exports_failed": out.exports.failed_1h,
        "processes": sum(1 for p in out.processes if p.live),
    }
    rows = [PlatformSample(time=at, metric=m, value=float(v)) for m, v in values.items() if v is not None]
    for t in out.gateways.tenants:
        rows.append(PlatformSample(time=at, metric="gateways_online", tenant_id=t.tenant_id, value=float(t.online)))
        rows.append(PlatformSample(time=at, metric="gateways_total", tenant_id=t.tenant_id, value=float(t.total)))
    return rows


async def trend(session: AsyncSession, metric: Metric, hours: int, at: datetime) -> TrendOut:
    """The metric's samples of the last `hours`, averaged per bucket (24 h: 5 minutes), oldest first."""
    if not 1 <= hours <= HEALTH_TREND_HOURS_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="hours")
    bucket_s = max(60, hours * 3600 // HEALTH_TREND_POINTS)
    sums: dict[int, tuple[float, int]] = {}
    for t, v in await repo.series(session, metric, at - timedelta(hours=hours)):
        key = int(as_utc(t).timestamp()) // bucket_s * bucket_s
        total, n = sums.get(key, (0.0, 0))
        sums[key] = (total + v, n + 1)
    points = [TrendPoint(t=k * 1000, value=round(total / n, 3)) for k, (total, n) in sorted(sums.items())]
    return TrendOut(metric=metric, hours=hours, bucket_s=bucket_s, points=points)


# --- alerts ------------------------------------------------------------------------------------------------------


def conditions_of(out: HealthOut) -> dict[Condition, PartOut]:
    """The conditions that hold: a part not ok (Redis unconfigured and telemetry off are not conditions)."""
    held: dict[Condition, PartOut] = {}
    for part in out.parts:
        condition = CONDITION_OF_PART.get(part.part)
        if condition is not None and part.state in ("degraded", "down"):
            held[condition] = part
    return held


async def update_alerts(
    session: AsyncSession, out: HealthOut, at: datetime, held_before: set[str]
) -> tuple[list[PlatformAlert], list[PlatformAlert]]:
    """Open an alert for each condition that holds and has none open, keep the open ones' worst figure, close those
    whose condition cleared: one alert per condition, never one per tick. A condition opens an alert only when it
    held at the tick before too (`held_before`): a broker link still connecting as a server starts, or one slow
    round trip, is not an alert. (opened, closed)."""
    held = conditions_of(out)
    open_now: dict[str, PlatformAlert] = {a.condition: a for a in await repo.open_alerts(session)}
    opened: list[PlatformAlert] = []
    closed: list[PlatformAlert] = []
    for condition, part in held.items():
        alert = open_now.get(condition)
        if alert is None and condition not in held_before:
            continue
        if alert is None:
            alert = PlatformAlert(
                condition=condition,
                reason=part.reason,
                value=part.value,
                worst=part.value,
                opened_at=at,
            )
            session.add(alert)
            opened.append(alert)
            continue
        alert.seen = (alert.seen or 0) + 1
        alert.reason = part.reason
        if part.value is not None and (alert.worst is None or part.value > alert.worst):
            alert.worst = part.value
    for name, alert in open_now.items():
        if name not in held:
            alert.closed_at = at
            closed.append(alert)
    await session.flush()
    return opened, closed


# --- alert deliveries --------------------------------------------------------------------------------------------


async def record_deliveries(
    session: AsyncSession, settings: Settings, events: list[tuple[PlatformAlert, str]], at: datetime
) -> int:
    """The deliveries of alert events (opened, closed), recorded in the tick's transaction with the alerts: to each
    active operator holding the monitoring scope, on each of his alert channels, and to the operators' webhook when
    one is set. One row per event, channel and address (two operators sharing an address get one). The rows made."""
    if not events:
        return 0
    targets: dict[tuple[str, str], None] = {}
    for op in await operations.alert_recipients(session):
        for channel in operations.alert_channels_of(op):
            targets[(channel, operations.address_of(op, channel))] = None
    if settings.operator_alert_webhook:
        targets[(WEBHOOK, settings.operator_alert_webhook)] = None
    rows = [
        PlatformAlertDelivery(alert_id=alert.id, event=event, channel=channel, address=address, created_at=at)
        for alert, event in events
        for channel, address in targets
    ]
    session.add_all(rows)
    await session.flush()
    return len(rows)


def masked_address(channel: str, address: str) -> str:
    """An address as the alert list shows it to every monitoring operator."""
    if channel == WEBHOOK:
        return masked(address) if address else ""
    if channel == EMAIL:
        return operations.masked_email(address)
    return operations.masked_phone(address)


# Each condition and reason in the one line an email's subject or an SMS carries, and the unit of its figure.
CONDITION_TEXT: dict[str, tuple[str, str]] = {
    "ingest_lag": ("ingest lag", " s"),
    "database": ("database", " ms"),
    "redis": ("Redis", " ms"),
    "broker": ("broker", ""),
    "processes": ("server processes", ""),
}
REASON_TEXT = {
    "slow": "slow",
    "unreachable": "unreachable",
    "not_running": "not running",
    "link_down": "link down",
    "some_links_down": "links down",
    "no_heartbeat": "no heartbeat",
    "lost_process": "lost",
}


def _figure(value: float | None, unit: str, prefix: str = "") -> str:
    return "" if value is None else f" — {prefix}{round(value, 1):g}{unit}"


def alert_line(alert: PlatformAlert, event: str) -> str:
    """The alert in one line, its prefix in Chinese and English: "[iotyun] 平台告警 / platform alert: ingest lag —
    42 s"; a closing says so, with the worst figure seen while it was open."""
    name, unit = CONDITION_TEXT.get(alert.condition, (alert.condition, ""))
    reason = REASON_TEXT.get(alert.reason, alert.reason) if alert.condition != "ingest_lag" else ""
    what = f"{name} {reason}" if reason else name
    if event == "closed":
        return f"[iotyun] 平台告警恢复 / platform alert cleared: {what}{_figure(alert.worst, unit, 'worst ')}"
    return f"[iotyun] 平台告警 / platform alert: {what}{_figure(alert.value, unit)}"


def alert_mail_body(alert: PlatformAlert, event: str, public_url: str) -> str:
    """The email's body: the line, then the condition, reason and times, and the monitoring page's address."""

    def utc(t: datetime | None) -> str:
        return as_utc(t).strftime("%Y-%m-%d %H:%M:%S UTC") if t is not None else "—"

    lines = [
        alert_line(alert, event),
        "",
        f"条件 / condition: {alert.condition}",
        f"原因 / reason: {alert.reason or '—'}",
        f"开始 / opened: {utc(alert.opened_at)}",
    ]
    if event == "closed":
        lines.append(f"恢复 / cleared: {utc(alert.closed_at)}")
    lines.append(f"全网监控 / full-network monitoring: {public_url.rstrip('/')}/iotyun/operator/health")
    return "\n".join(lines)


def delivery_out(d: PlatformAlertDelivery) -> AlertDeliveryOut:
    return AlertDeliveryOut.model_validate(
        {
            "event": d.event,
            "channel": d.channel,
            "address": masked_address(d.channel, d.address),
            "state": d.state,
            "tries": d.tries,
            "error": d.error,
            "sent_at": epoch_ms(d.sent_at),
        }
    )


def alert_out(a: PlatformAlert, deliveries: list[PlatformAlertDelivery] | None = None) -> AlertOut:
    return AlertOut(
        id=a.id,
        condition=a.condition,
        reason=a.reason,
        value=a.value,
        worst=a.worst,
        opened_at=epoch_ms(a.opened_at) or 0,
        closed_at=epoch_ms(a.closed_at),
        acked_at=epoch_ms(a.acked_at),
        acked_by_name=a.acked_by_name,
        open=a.closed_at is None,
        deliveries=[delivery_out(d) for d in deliveries or []],
    )


async def alerts(session: AsyncSession, at: datetime) -> AlertsOut:
    rows = await repo.shown_alerts(session, at - timedelta(days=HEALTH_ALERTS_SHOWN_DAYS), HEALTH_ALERTS_SHOWN_MAX)
    open_count, unacked = await repo.alert_counts(session)
    sent = await repo.deliveries_of(session, [a.id for a in rows])
    return AlertsOut(open=open_count, unacked=unacked, items=[alert_out(a, sent.get(a.id)) for a in rows])


async def ack(session: AsyncSession, actor: OperatorActor, alert_id: int, at: datetime) -> AlertOut:
    """An operator acknowledges an alert (audited); acknowledging it again changes nothing."""
    alert = await session.get(PlatformAlert, alert_id)
    if alert is None:
        raise AppError(ErrorCode.NOT_FOUND, field="id")
    if alert.acked_at is None:
        alert.acked_at, alert.acked_by, alert.acked_by_name = at, actor.operator_id, actor.user_name
        await operations.audit(
            session,
            actor,
            "alert_ack",
            target_kind="alert",
            target_id=alert.id,
            target_name=alert.condition,
            before={"acked": False, "open": alert.closed_at is None},
            after={"acked": True},
        )
    return alert_out(alert, (await repo.deliveries_of(session, [alert.id])).get(alert.id))
