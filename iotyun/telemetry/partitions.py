"""History partitions on PostgreSQL (docs/decisions.md "History partitions on PostgreSQL").

history_value is partitioned by RANGE on ts (epoch milliseconds) into one partition per UTC calendar month,
history_value_pYYYYMM holding [first millisecond of the month, first of the next), and a DEFAULT partition
history_value_default catching any value outside them (a gateway clock years off, a month whose partition was
dropped). SQLite keeps one plain table: nothing here runs there.

- Ahead of time: PartitionKeeper, a leased loop (one server process across all, core/lease.py), makes sure the
  current month and the next MONTHS_AHEAD have their partitions, at start and every KEEP_EVERY_S. A partition is
  made standalone and ATTACHed (SHARE UPDATE EXCLUSIVE on history_value: the ingest's COPY goes on), after moving
  into it any rows of its range the DEFAULT partition holds (PostgreSQL refuses the attach otherwise).
- Storage limits (SPEC §9, telemetry/retention.py): delete_oldest_values removes the same values as
  repository.delete_oldest_values (the n oldest of the devices, ties at the cutoff too), walking the partitions
  oldest first: a partition whose values all go is DROPped when it is wholly in the past and holds no other
  device's values, otherwise its values of those devices are DELETEd; only the partition holding the cutoff is
  sorted and trimmed row by row. Values of those devices in the DEFAULT partition (whose times may be anywhere)
  send the trim back to the plain row-by-row statement over the whole table. The past months walked are locked in
  SHARE mode (no value lands in one between its checks and its drop), the drops come last and the caller commits
  right after (a DROP holds history_value's ACCESS EXCLUSIVE lock until the commit).
"""

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from iotyun.core import lease
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.tenancy import system_session
from iotyun.telemetry import repository as repo
from iotyun.telemetry.models import history_hour

log = logging.getLogger("iotyun.telemetry.partitions")

TABLE = "history_value"
DEFAULT = "history_value_default"
PREFIX = "history_value_p"
MONTHS_AHEAD = 3
KEEP_EVERY_S = 3600.0
LEASE_NAME = "history-partitions"
LEASE_S = 2 * KEEP_EVERY_S
# How long a DROP of a partition waits for history_value's lock (it needs ACCESS EXCLUSIVE: a long read, such as an
# export, holds it off); past that the values are deleted row by row instead, so the sweep never queues every reader
# of the history behind it.
DROP_LOCK_TIMEOUT = "2s"
# Serialises the creation of partitions between processes (two keepers at a lease's hand-over, a tool).
_LOCK = "SELECT pg_advisory_xact_lock(hashtext('iotyun.history_value.partitions'))"
_BOUND = re.compile(r"FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)")
_NAME = re.compile(rf"^{PREFIX}\d{{6}}$|^{DEFAULT}$")


@dataclass(frozen=True)
class Partition:
    name: str
    lo: int  # first millisecond, included
    hi: int  # first millisecond of the next partition, excluded


def is_partition_name(name: str | None) -> bool:
    """Whether `name` is one of history_value's partitions (left out of the migrations' comparison with the models:
    they are made at run time, not declared)."""
    return name is not None and _NAME.match(name) is not None


def include_name(name: str | None, type_: str, parent_names: object) -> bool:
    """Alembic's include_name: every object but history_value's partitions (and their indexes)."""
    if type_ == "table":
        return not is_partition_name(name)
    return True


# --- months ----------------------------------------------------------------------------------------------------------

# Months outside these years are left to the DEFAULT partition (a clock gone wild must not make thousands of tables).
_FIRST_YEAR, _LAST_YEAR = 2000, 2200


def month_of(ms: int) -> tuple[int, int]:
    d = datetime.fromtimestamp(max(min(ms, _bound(_LAST_YEAR, 12)), _bound(_FIRST_YEAR, 1)) / 1000, UTC)
    return d.year, d.month


def _bound(year: int, month: int) -> int:
    return int(datetime(year, month, 1, tzinfo=UTC).timestamp()) * 1000


def next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def month_partition(year: int, month: int) -> Partition:
    return Partition(f"{PREFIX}{year:04d}{month:02d}", _bound(year, month), _bound(*next_month(year, month)))


def months(lo_ms: int, hi_ms: int) -> list[Partition]:
    """The month partitions covering [lo_ms, hi_ms]."""
    out: list[Partition] = []
    y, m = month_of(lo_ms)
    last = month_of(hi_ms)
    while (y, m) <= last:
        out.append(month_partition(y, m))
        y, m = next_month(y, m)
    return out


# --- the catalog (sync: run with AsyncConnection.run_sync, or from a migration) -------------------------------------


def is_partitioned(conn: Connection) -> bool:
    if conn.dialect.name != "postgresql":
        return False
    kind = conn.execute(text("SELECT relkind::text FROM pg_class WHERE oid = to_regclass(:t)"), {"t": TABLE}).scalar()
    return kind == "p"


def layout(conn: Connection) -> tuple[list[Partition], bool] | None:
    """history_value's month partitions in time order and whether it has a DEFAULT partition; None when it is not
    partitioned or a partition has bounds other than this module makes."""
    if not is_partitioned(conn):
        return None
    rows = conn.execute(
        text(
            "SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i"
            " JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass(:t)"
        ),
        {"t": TABLE},
    ).all()
    parts: list[Partition] = []
    default = False
    for name, bound in rows:
        if bound == "DEFAULT":
            default = True
            continue
        m = _BOUND.search(bound or "")
        if m is None:
            return None
        parts.append(Partition(str(name), int(m.group(1)), int(m.group(2))))
    parts.sort(key=lambda p: p.lo)
    return parts, default


def ensure(conn: Connection, lo_ms: int, hi_ms: int) -> list[str]:
    """Make the month partitions covering [lo_ms, hi_ms] that are missing (rows of their range the DEFAULT partition
    holds move into them); the names made. Nothing on a history_value that is not partitioned."""
    if not is_partitioned(conn):
        return []
    conn.execute(text(_LOCK))
    found = layout(conn)
    if found is None:
        return []
    parts, default = found
    made: list[str] = []
    for p in months(lo_ms, hi_ms):
        if any(q.lo < p.hi and p.lo < q.hi for q in parts):
            continue  # there (or overlapping one made by hand: left alone)
        # Names and bounds are made here from integers, never from input.
        conn.execute(text(f"CREATE TABLE {p.name} (LIKE {TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)"))
        if default:
            conn.execute(
                text(
                    f"WITH moved AS (DELETE FROM {DEFAULT} WHERE ts >= {p.lo} AND ts < {p.hi} RETURNING *)"  # noqa: S608
                    f" INSERT INTO {p.name} SELECT * FROM moved"
                )
            )
        conn.execute(text(f"ALTER TABLE {TABLE} ATTACH PARTITION {p.name} FOR VALUES FROM ({p.lo}) TO ({p.hi})"))
        made.append(p.name)
    return made


def ensure_ahead(conn: Connection, now_ms: int, ahead: int = MONTHS_AHEAD) -> list[str]:
    """The current month's partition and the next `ahead` months'."""
    y, m = month_of(now_ms)
    for _ in range(ahead):
        y, m = next_month(y, m)
    return ensure(conn, now_ms, _bound(y, m))


def drop(conn: Connection, name: str) -> bool:
    """DROP one month partition, waiting at most DROP_LOCK_TIMEOUT for history_value's lock; whether it went."""
    if not name.startswith(PREFIX) or not is_partition_name(name):
        raise ValueError(name)
    savepoint = conn.begin_nested()
    try:
        conn.execute(text(f"SET LOCAL lock_timeout = '{DROP_LOCK_TIMEOUT}'"))
        conn.execute(text(f"DROP TABLE {name}"))
        conn.execute(text("SET LOCAL lock_timeout TO DEFAULT"))
        savepoint.commit()
    except Exception as exc:
        savepoint.rollback()
        log.warning("partition %s not dropped (%s); its values are deleted instead", name, exc)
        return False
    log.info("history partition %s dropped", name)
    return True


# --- the storage limits' trim -------------------------------------------------------------------------------------


async def _scalar(conn: AsyncConnection, sql: str, **params: object) -> Any:
    return (await conn.execute(text(sql), params)).scalar()


async def delete_oldest_values(session: AsyncSession, device_ids: list[int], n: int, now_ms: int | None = None) -> int:
    """repository.delete_oldest_values, partition by partition on a partitioned history_value (module docstring):
    the same values go, and the rollup hours wholly before the cutoff; returns how many values went."""
    conn = await session.connection()
    found = await conn.run_sync(layout)
    ids = list(device_ids)
    if found is None:
        return await repo.delete_oldest_values(session, ids, n)
    parts, default = found
    in_default = f"SELECT EXISTS (SELECT 1 FROM {DEFAULT} WHERE device_id = ANY(:ids))"  # noqa: S608
    if default and await _scalar(conn, in_default, ids=ids):
        return await repo.delete_oldest_values(session, ids, n)
    this_month = month_partition(*month_of(now_ms if now_ms is not None else epoch_ms(utcnow()) or 0)).lo
    remaining, removed = n, 0
    cutoff: int | None = None
    droppable: list[tuple[Partition, int]] = []  # past months holding only these devices' values, all going
    for p in parts:
        if remaining <= 0:
            break
        if p.hi <= this_month:
            # A past month may be dropped below: no value may arrive in it between its checks and the drop (a late
            # COPY waits for the commit, or is the deadlock's victim and retries: store.py takes it for an outage).
            await conn.execute(text(f"LOCK TABLE {p.name} IN SHARE MODE"))
        count = int(
            await _scalar(conn, f"SELECT count(*) FROM {p.name} WHERE device_id = ANY(:ids)", ids=ids)  # noqa: S608
        )
        if count == 0:
            continue
        if count > remaining:
            # The cutoff is in this partition: its n-th oldest of these devices; later partitions start after it.
            cutoff = int(
                await _scalar(
                    conn,
                    f"SELECT ts FROM {p.name} WHERE device_id = ANY(:ids) ORDER BY ts OFFSET :skip LIMIT 1",  # noqa: S608
                    ids=ids,
                    skip=remaining - 1,
                )
            )
            result = await conn.execute(
                text(f"DELETE FROM {p.name} WHERE device_id = ANY(:ids) AND ts <= :cutoff"),  # noqa: S608
                {"ids": ids, "cutoff": cutoff},
            )
            removed += int(result.rowcount or 0)
            remaining = 0
            break
        # Every value of these devices in this partition goes.
        remaining -= count
        if remaining == 0:
            cutoff = int(
                await _scalar(conn, f"SELECT max(ts) FROM {p.name} WHERE device_id = ANY(:ids)", ids=ids)  # noqa: S608
            )
        others = f"SELECT EXISTS (SELECT 1 FROM {p.name} WHERE device_id <> ALL(:ids))"  # noqa: S608
        if p.hi <= this_month and not await _scalar(conn, others, ids=ids):
            droppable.append((p, count))
            continue
        result = await conn.execute(text(f"DELETE FROM {p.name} WHERE device_id = ANY(:ids)"), {"ids": ids})  # noqa: S608
        removed += int(result.rowcount or 0)
    hh = history_hour.c
    if cutoff is None:  # fewer than n values: all of them went
        await session.execute(delete(history_hour).where(hh.device_id.in_(ids)))
    else:
        await session.execute(delete(history_hour).where(hh.device_id.in_(ids), hh.bucket + repo.HOUR_MS <= cutoff))
    # The drops last: a DROP holds history_value's ACCESS EXCLUSIVE lock until the caller commits (retention commits
    # right after each owner's trim), so no other statement of the trim runs under it.
    for p, count in droppable:
        if await conn.run_sync(drop, p.name):
            removed += count
            continue
        result = await conn.execute(text(f"DELETE FROM {p.name} WHERE device_id = ANY(:ids)"), {"ids": ids})  # noqa: S608
        removed += int(result.rowcount or 0)
    return removed


# --- ahead of time: one process across the servers ----------------------------------------------------------------


class PartitionKeeper(lease.LeasedLoop):
    """Makes the current and the next MONTHS_AHEAD months' partitions, at start and every KEEP_EVERY_S, in the
    process holding the `history-partitions` lease. Started by the telemetry runtime on PostgreSQL only."""

    lease_name = LEASE_NAME
    every = KEEP_EVERY_S

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], holder: str | None = None) -> None:
        super().__init__(sessionmaker, holder)

    async def run(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> list[str] | None:
        """One round if this process holds the lease: the partitions made (None without the lease)."""
        now = now or utcnow()
        if not await self.holds(utcnow(), LEASE_S):
            return None
        async with system_session(self.sessionmaker) as session:
            conn = await session.connection()
            made = await conn.run_sync(ensure_ahead, epoch_ms(now) or 0)
            await session.commit()
        if made:
            log.info("history partitions made: %s", ", ".join(made))
        return made
