"""The SELECTs of full-network monitoring: gateways by tenant, the export queue, storage, samples, processes, alerts
and their deliveries."""

from datetime import datetime
from typing import Any

from sqlalchemy import case, delete, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant
from iotyun.core.lease import changed
from iotyun.devices.models import DEV_ONLINE, Device, Gateway
from iotyun.operations.health.models import (
    PENDING,
    PlatformAlert,
    PlatformAlertDelivery,
    PlatformSample,
    ServerProcess,
)
from iotyun.reports.exports.models import FAILED, QUEUED, RUNNING, ExportJob

_ONLINE = func.sum(case((Gateway.dev_state == DEV_ONLINE, 1), else_=0))


async def gateways_by_tenant(session: AsyncSession) -> list[tuple[int, str, int, int]]:
    """(tenant id, tenant name, online, total) of the registered gateways, per tenant holding any."""
    stmt = (
        select(Device.tenant_id, Tenant.name, _ONLINE, func.count(Device.id))
        .join(Gateway, Gateway.id == Device.gateway_id)
        .join(Tenant, Tenant.id == Device.tenant_id)
        .where(Device.registered.is_(True))
        .group_by(Device.tenant_id, Tenant.name)
    )
    return [(int(t), str(n or ""), int(o or 0), int(c or 0)) for t, n, o, c in (await session.execute(stmt)).all()]


async def export_queue(session: AsyncSession, failed_since: datetime) -> tuple[int, int, int, datetime | None]:
    """(queued, running, failed since `failed_since`, the oldest queued job's creation)."""
    stmt = select(
        func.sum(case((ExportJob.state == QUEUED, 1), else_=0)),
        func.sum(case((ExportJob.state == RUNNING, 1), else_=0)),
        func.sum(case(((ExportJob.state == FAILED) & (ExportJob.finished_at >= failed_since), 1), else_=0)),
        func.min(case((ExportJob.state == QUEUED, ExportJob.created_at), else_=None)),
    ).where(ExportJob.state.in_((QUEUED, RUNNING, FAILED)))
    q, r, f, oldest = (await session.execute(stmt)).one()
    return int(q or 0), int(r or 0), int(f or 0), oldest


async def storage(session: AsyncSession) -> tuple[int, int, int | None]:
    """(history rows, database bytes, history bytes). PostgreSQL: the planner's row estimate over the history's
    partitions (a count of hundreds of millions of rows each minute is not worth it) and their sizes with indexes;
    SQLite: the rows counted and the file's pages (no per-table size without the dbstat table)."""
    if session.get_bind().dialect.name == "postgresql":
        row = (
            await session.execute(
                text(
                    "SELECT coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint,"
                    " coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint,"
                    " pg_database_size(current_database())"
                    " FROM pg_class c WHERE c.oid = to_regclass('history_value')"
                    " OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass('history_value'))"
                )
            )
        ).one()
        return int(row[0]), int(row[2]), int(row[1])
    rows = (await session.execute(text("SELECT count(*) FROM history_value"))).scalar_one()
    pages = (await session.execute(text("PRAGMA page_count"))).scalar_one()
    size = (await session.execute(text("PRAGMA page_size"))).scalar_one()
    return int(rows), int(pages) * int(size), None


# --- samples ---------------------------------------------------------------------------------------------------


async def last_sample_time(session: AsyncSession) -> datetime | None:
    stmt = select(func.max(PlatformSample.time)).where(PlatformSample.metric == "processes")
    return (await session.execute(stmt)).scalar_one_or_none()


async def latest_values(session: AsyncSession, metrics: tuple[str, ...], at_or_before: datetime) -> dict[str, float]:
    """The platform-wide value of each metric at its latest sample at or before a time."""
    last = (
        select(PlatformSample.metric, func.max(PlatformSample.time).label("t"))
        .where(
            PlatformSample.metric.in_(metrics),
            PlatformSample.tenant_id.is_(None),
            PlatformSample.time <= at_or_before,
        )
        .group_by(PlatformSample.metric)
        .subquery()
    )
    stmt = select(PlatformSample.metric, PlatformSample.value, PlatformSample.time).join(
        last, (last.c.metric == PlatformSample.metric) & (last.c.t == PlatformSample.time)
    )
    stmt = stmt.where(PlatformSample.tenant_id.is_(None))
    return {m: float(v) for m, v, _ in (await session.execute(stmt)).all()}


async def latest_time(session: AsyncSession, metric: str) -> datetime | None:
    stmt = select(func.max(PlatformSample.time)).where(PlatformSample.metric == metric)
    return (await session.execute(stmt)).scalar_one_or_none()


async def series(session: AsyncSession, metric: str, since: datetime) -> list[tuple[datetime, float]]:
    stmt = (
        select(PlatformSample.time, PlatformSample.value)
        .where(PlatformSample.metric == metric, PlatformSample.tenant_id.is_(None), PlatformSample.time >= since)
        .order_by(PlatformSample.time)
    )
    return [(t, float(v)) for t, v in (await session.execute(stmt)).all()]


async def purge_samples(session: AsyncSession, before: datetime) -> int:
    result: Any = await session.execute(delete(PlatformSample).where(PlatformSample.time < before))
    return int(result.rowcount or 0)


# --- processes -------------------------------------------------------------------------------------------------


async def processes(session: AsyncSession) -> list[ServerProcess]:
    stmt = select(ServerProcess).order_by(ServerProcess.host, ServerProcess.started_at)
    return list((await session.execute(stmt)).scalars())


async def mark_lost(session: AsyncSession, silent_since: datetime, now: datetime) -> int:
    stmt = (
        update(ServerProcess)
        .where(ServerProcess.lost_at.is_(None), ServerProcess.last_seen < silent_since)
        .values(lost_at=now)
    )
    return await changed(session, stmt)


async def forget_processes(session: AsyncSession, lost_before: datetime) -> None:
    await session.execute(delete(ServerProcess).where(ServerProcess.lost_at < lost_before))


async def forget_replaced(session: AsyncSession, host: str, holder: str, silent_since: datetime) -> None:
    """A process starting on a host replaces the ones of that host that are lost or silent."""
    await session.execute(
        delete(ServerProcess).where(
            ServerProcess.host == host,
            ServerProcess.holder != holder,
            (ServerProcess.lost_at.is_not(None)) | (ServerProcess.last_seen < silent_since),
        )
    )


async def remove_process(session: AsyncSession, holder: str) -> None:
    await session.execute(delete(ServerProcess).where(ServerProcess.holder == holder))


# --- alerts ----------------------------------------------------------------------------------------------------


async def open_alerts(session: AsyncSession) -> list[PlatformAlert]:
    stmt = select(PlatformAlert).where(PlatformAlert.closed_at.is_(None)).order_by(PlatformAlert.opened_at)
    return list((await session.execute(stmt)).scalars())


async def alert_counts(session: AsyncSession) -> tuple[int, int]:
    """(open, open and not acknowledged: the console's badge)."""
    stmt = select(func.count(PlatformAlert.id), func.sum(case((PlatformAlert.acked_at.is_(None), 1), else_=0))).where(
        PlatformAlert.closed_at.is_(None)
    )
    o, u = (await session.execute(stmt)).one()
    return int(o or 0), int(u or 0)


async def shown_alerts(session: AsyncSession, closed_since: datetime, limit: int) -> list[PlatformAlert]:
    stmt = (
        select(PlatformAlert)
        .where(PlatformAlert.closed_at.is_(None) | (PlatformAlert.closed_at >= closed_since))
        .order_by(PlatformAlert.closed_at.is_not(None), PlatformAlert.opened_at.desc(), PlatformAlert.id.desc())
        .limit(limit)
    )
    return list((await session.execute(stmt)).scalars())


async def purge_alerts(session: AsyncSession, closed_before: datetime) -> None:
    old = select(PlatformAlert.id).where(PlatformAlert.closed_at < closed_before)
    await session.execute(delete(PlatformAlertDelivery).where(PlatformAlertDelivery.alert_id.in_(old)))
    await session.execute(delete(PlatformAlert).where(PlatformAlert.closed_at < closed_before))


# --- alert deliveries ------------------------------------------------------------------------------------------


async def deliveries_of(session: AsyncSession, alert_ids: list[int]) -> dict[int, list[PlatformAlertDelivery]]:
    """Each alert's deliveries, oldest first."""
    out: dict[int, list[PlatformAlertDelivery]] = {}
    if not alert_ids:
        return out
    stmt = (
        select(PlatformAlertDelivery)
        .where(PlatformAlertDelivery.alert_id.in_(alert_ids))
        .order_by(PlatformAlertDelivery.id)
    )
    for d in (await session.execute(stmt)).scalars():
        out.setdefault(d.alert_id, []).append(d)
    return out


async def due_deliveries(session: AsyncSession, limit: int) -> list[tuple[PlatformAlertDelivery, PlatformAlert]]:
    """The pending deliveries with their alerts, oldest first."""
    stmt = (
        select(PlatformAlertDelivery, PlatformAlert)
        .join(PlatformAlert, PlatformAlert.id == PlatformAlertDelivery.alert_id)
        .where(PlatformAlertDelivery.state == PENDING)
        .order_by(PlatformAlertDelivery.id)
        .limit(limit)
    )
    return [(d, a) for d, a in (await session.execute(stmt)).all()]


async def finish_delivery(
    session: AsyncSession, d: PlatformAlertDelivery, state: str, tries: int, error: str, sent_at: datetime | None
) -> bool:
    """A try's outcome, written only if the delivery is still pending with the tries it was read with."""
    stmt = (
        update(PlatformAlertDelivery)
        .where(
            PlatformAlertDelivery.id == d.id,
            PlatformAlertDelivery.state == PENDING,
            PlatformAlertDelivery.tries == d.tries,
        )
        .values(state=state, tries=tries, error=error, sent_at=sent_at)
    )
    return bool(await changed(session, stmt))
