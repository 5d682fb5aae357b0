"""The history writer: values accepted by the ingest are written in batches (COPY on PostgreSQL, executemany on
SQLite) together with the hourly rollup and the gateways' delivery cursors, in one transaction per flush; only then
are the messages that carried them acknowledged to the broker, in the order they arrived (docs/decisions.md
"Ingest"). A flush that fails because the database is away keeps everything and retries, so an outage delays values
and loses none; a flush the database refuses for its content is split until the one bad row is set aside (counted,
logged with its device) and every good row is committed, so no input can make the writer retry forever."""

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import exc as sa_exc
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

from iotyun.core.tasks import Worker
from iotyun.telemetry.models import ingest_cursor

log = logging.getLogger("iotyun.telemetry.store")

HOUR_MS = 3_600_000
Row = tuple[int, int, int, float | None, str | None]  # device_id, data_source_id, ts, value, text
# count, sum, min, max, first_ts, first, last_ts, last
Rollup = list[float]
Ack = Callable[[], None]
# A flush refused this many times in a row while the database answers is split even when the error does not look
# like a data error (the fallback for errors no driver classifies).
SPLIT_AFTER_FAILURES = 3
# Messages waiting for their acknowledgement that make a flush start before flush_ms: the broker lets only so many
# unacknowledged messages travel to the server at a time.
FLUSH_AT_MESSAGES = 2000
# How long a stop waits for a flush under way, and then for the last flush.
STOP_FLUSH_WITHIN_S = 10.0

_INSERT_SQL = "INSERT INTO history_value (device_id, data_source_id, ts, value, text) VALUES (?, ?, ?, ?, ?)"
_ROLLUP_SQL = """
INSERT INTO history_hour (device_id, data_source_id, bucket, count, sum, min, max, first_ts, first, last_ts, last)
{source}
ON CONFLICT (device_id, data_source_id, bucket) DO UPDATE SET
  count = history_hour.count + excluded.count,
  sum = history_hour.sum + excluded.sum,
  min = {least}(history_hour.min, excluded.min),
  max = {greatest}(history_hour.max, excluded.max),
  first = CASE WHEN excluded.first_ts < history_hour.first_ts THEN excluded.first ELSE history_hour.first END,
  first_ts = CASE WHEN excluded.first_ts < history_hour.first_ts THEN excluded.first_ts ELSE history_hour.first_ts END,
  last = CASE WHEN excluded.last_ts >= history_hour.last_ts THEN excluded.last ELSE history_hour.last END,
  last_ts = CASE WHEN excluded.last_ts >= history_hour.last_ts THEN excluded.last_ts ELSE history_hour.last_ts END
"""
_CURSOR_SQL = """
INSERT INTO ingest_cursor (gateway_id, consumer, boot, seq) {source}
ON CONFLICT (gateway_id, consumer) DO UPDATE SET boot = excluded.boot, seq = excluded.seq
"""
# The statements go to the driver directly (no per-row dicts). PostgreSQL gets one statement per flush with a column
# array per parameter (keys are unique within a flush: the rollup is grouped, the cursors are by gateway), which
# costs a tenth of a prepared statement executed per row; SQLite's executemany is a loop in C already.
_PG = {
    "rollup": _ROLLUP_SQL.format(
        source="SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::int[], $5::float8[], $6::float8[], "
        "$7::float8[], $8::bigint[], $9::float8[], $10::bigint[], $11::float8[])",
        least="LEAST",
        greatest="GREATEST",
    ),
    "cursor": _CURSOR_SQL.format(source="SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[])"),
}
_SQLITE = {
    "rollup": _ROLLUP_SQL.format(source="VALUES ({})".format(", ".join("?" * 11)), least="MIN", greatest="MAX"),
    "cursor": _CURSOR_SQL.format(source="VALUES (?, ?, ?, ?)"),
}


async def cursor_of(session: AsyncSession, gateway_id: int, consumer: str) -> tuple[int, int] | None:
    """The highest (boot, seq) of a gateway's values batches that broker session `consumer` stored; the cursor kept
    before there was one per session ('') when it has none yet."""
    ic = ingest_cursor.c
    stmt = (
        select(ic.boot, ic.seq)
        .where(ic.gateway_id == gateway_id, ic.consumer.in_([consumer, ""]))
        .order_by(ic.consumer.desc())
        .limit(1)
    )
    row = (await session.execute(stmt)).first()
    return None if row is None else (int(row[0]), int(row[1]))


@dataclass(slots=True)
class Entry:
    """What one gateway message left for the database: its rows, its (boot, seq) and its acknowledgement."""

    rows: list[Row]
    gateway_id: int | None
    cursor: tuple[int, int] | None
    ack: Ack | None
    # When it was queued (monotonic): the age of the oldest pending entry is the ingest's lag (Telemetry.health).
    queued: float = field(default_factory=time.monotonic)


def rollup(rows: Iterable[Row]) -> dict[tuple[int, int, int], Rollup]:
    """The hourly rollup of numeric rows, by (device, data source, hour)."""
    hours: dict[tuple[int, int, int], Rollup] = {}
    for device_id, source_id, ts, value, _ in rows:
        if value is None:
            continue
        key = (device_id, source_id, ts - ts % HOUR_MS)
        agg = hours.get(key)
        if agg is None:
            hours[key] = [1, value, value, value, ts, value, ts, value]
            continue
        agg[0] += 1
        agg[1] += value
        if value < agg[2]:
            agg[2] = value
        if value > agg[3]:
            agg[3] = value
        if ts < agg[4]:
            agg[4], agg[5] = ts, value
        if ts >= agg[6]:
            agg[6], agg[7] = ts, value
    return hours


def _chain(exc: BaseException) -> Iterable[BaseException]:
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        todo += [e.__cause__, e.__context__, getattr(e, "orig", None)]


def _asyncpg_types(*names: str) -> tuple[type[BaseException], ...]:
    try:
        import asyncpg  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - SQLite-only installs
        return ()
    return tuple(getattr(asyncpg, name) for name in names)


# The database unreachable, busy or short of resources: wait and retry, never split (nothing is wrong with the rows).
_OUTAGE = (
    sa_exc.OperationalError,
    sa_exc.InterfaceError,
    sa_exc.DisconnectionError,
    sa_exc.TimeoutError,
    OSError,
    TimeoutError,
    *_asyncpg_types(
        "PostgresConnectionError",
        "InterfaceError",
        "InsufficientResourcesError",
        "OperatorInterventionError",
        "TransactionRollbackError",
        "LockNotAvailableError",
        "CannotConnectNowError",
    ),
)
# The database or its driver refusing the content of a row.
_DATA = (
    sa_exc.DataError,
    sa_exc.IntegrityError,
    OverflowError,
    UnicodeError,
    ValueError,
    TypeError,
    *_asyncpg_types("DataError", "IntegrityConstraintViolationError"),
)


def is_outage(exc: BaseException) -> bool:
    """Whether the database is away, busy or out of resources (retry later)."""
    return any(isinstance(e, _OUTAGE) or getattr(e, "connection_invalidated", False) for e in _chain(exc))


def is_data_error(exc: BaseException) -> bool:
    """Whether the database (or its driver) refused the content, and is not merely away or busy."""
    return not is_outage(exc) and any(isinstance(e, _DATA) for e in _chain(exc))


class HistoryWriter:
    def __init__(self, engine: AsyncEngine, flush_ms: int = 200, batch_rows: int = 5000, consumer: str = "") -> None:
        self.engine = engine
        # The broker session whose deliveries this writer stores: the delivery cursors are kept under its client id.
        self.consumer = consumer
        self.flush_s = flush_ms / 1000
        self.batch_rows = batch_rows
        self.postgres = engine.dialect.name == "postgresql"
        self.pending: list[Entry] = []
        self._rows = 0
        self._wake = asyncio.Event()
        self._worker = Worker("iotyun-history-writer", self._run)
        self._flushing = asyncio.Lock()
        self.written = 0
        self.failures = 0
        self.set_aside = 0
        self.last_error: str | None = None
        self._failed_in_a_row = 0
        # The queue time of the oldest entry of the flush under way (None between flushes).
        self.flushing_since: float | None = None

    # --- input (called by the ingest, in the event loop) ---------------------------------------------------------

    def add(self, rows: list[Row], gateway_id: int, cursor: tuple[int, int] | None, ack: Ack | None = None) -> None:
        """Queue one message's rows and cursor; `ack` runs once they are committed (after every earlier one's)."""
        self.pending.append(Entry(rows, gateway_id, cursor, ack))
        self._rows += len(rows)
        if self._rows >= self.batch_rows or len(self.pending) >= FLUSH_AT_MESSAGES:
            self._wake.set()

    def after_commit(self, ack: Ack | None) -> None:
        """Run `ack` once everything queued so far is committed (a message that stores nothing)."""
        if ack is None:
            return
        self.pending.append(Entry([], None, None, ack))
        if len(self.pending) >= FLUSH_AT_MESSAGES:
            self._wake.set()

    def backlog(self) -> int:
        return len(self.pending)

    @property
    def pending_rows(self) -> int:
        """Values taken in and not yet committed."""
        return self._rows

    def oldest_pending_s(self, now: float | None = None) -> float:
        """How long the oldest value not yet committed has waited (0 when nothing waits): the ingest's lag. A
        flush under way took its batch out of `pending`; its age is counted from when the flush began."""
        now = time.monotonic() if now is None else now
        oldest = [e.queued for e in self.pending[:1]]
        if self.flushing_since is not None:
            oldest.append(self.flushing_since)
        return max(0.0, now - min(oldest)) if oldest else 0.0

    # --- the flush loop -----------------------------------------------------------------------------------------

    def start(self) -> None:
        self._worker.start()

    async def stop(self) -> None:
        """Stop the flush loop, then flush what is pending one last time (a clean shutdown loses nothing). A flush
        under way is let finish first: it took its batch out of `pending`, and cancelled half-way its rows would be
        left out of the last flush. Each wait is bounded by STOP_FLUSH_WITHIN_S: what a flush that does not end in
        time held is not stored, but was not acknowledged either, so the broker delivers it again."""
        held = False
        try:
            async with asyncio.timeout(STOP_FLUSH_WITHIN_S):
                held = await self._flushing.acquire()
        except TimeoutError:
            log.warning("a history flush still runs after %.0fs; stopping the writer anyway", STOP_FLUSH_WITHIN_S)
        try:
            await self._worker.stop()
        finally:
            if held:
                self._flushing.release()
        try:
            async with asyncio.timeout(STOP_FLUSH_WITHIN_S):
                await self.flush()
        except Exception as exc:
            # Acknowledged only once committed: the broker delivers again what this flush held.
            log.warning("the last history flush failed or did not end in time: %r", exc)

    async def _run(self) -> None:
        backoff = 0.2
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.flush_s)
            self._wake.clear()
            try:
                await self.flush()
                backoff = 0.2
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.failures += 1
                self.last_error = repr(exc)
                log.warning("history flush failed (%s rows kept, retry in %.1fs): %s", self._rows, backoff, exc)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 5.0)

    async def flush(self) -> int:
        """Write what is pending. The database away: everything is put back and the error raised. The database
        refusing the content: the batch is split until the refused rows are set aside and the rest is stored."""
        async with self._flushing:
            batch, self.pending, self._rows = self.pending, [], 0
            if not batch:
                return 0
            started = time.perf_counter()
            written = self.written
            self.flushing_since = batch[0].queued
            try:
                await self._transaction(batch)
                self._done(batch)
                self._failed_in_a_row = 0
            except Exception as exc:
                if not await self._should_split(exc):
                    self._put_back([batch])
                    raise
                log.warning("history flush refused by the database, splitting it: %s", exc)
                self._failed_in_a_row = 0
                await self._split([batch])
            finally:
                self.flushing_since = None
            n = self.written - written
            log.debug("flushed %d values in %.1f ms", n, (time.perf_counter() - started) * 1000)
            return n

    async def _should_split(self, exc: Exception) -> bool:
        if is_outage(exc):
            return False
        if is_data_error(exc):
            return True
        # An error no driver classifies, again and again: split when the database itself answers.
        self._failed_in_a_row += 1
        return self._failed_in_a_row >= SPLIT_AFTER_FAILURES and await self._db_answers()

    async def _split(self, groups: list[list[Entry]]) -> None:
        """Commit the groups in order, each in one transaction, acknowledging as they commit; a group the database
        refuses is halved (a single message's rows too) until the refused row stands alone, and that row is set
        aside. An outage puts every uncommitted entry back in front of what arrived since, and raises."""
        todo = deque(groups)
        while todo:
            group = todo.popleft()
            try:
                await self._transaction(group)
            except Exception as exc:
                if is_outage(exc) or (not is_data_error(exc) and not await self._db_answers()):
                    self._put_back([group, *todo])
                    raise
                todo.extendleft(reversed(self._halves(group, exc)))
                continue
            self._done(group)

    def _done(self, entries: list[Entry]) -> None:
        for entry in entries:
            self.written += len(entry.rows)
            if entry.ack is not None:
                entry.ack()

    def _halves(self, group: list[Entry], exc: Exception) -> list[list[Entry]]:
        if len(group) > 1:
            half = len(group) // 2
            return [group[:half], group[half:]]
        entry = group[0]
        if len(entry.rows) > 1:
            half = len(entry.rows) // 2
            # The cursor and the acknowledgement go with the last part: the message counts as stored with it.
            return [
                [Entry(entry.rows[:half], entry.gateway_id, None, None)],
                [Entry(entry.rows[half:], entry.gateway_id, entry.cursor, entry.ack)],
            ]
        if entry.rows:
            self.set_aside += 1
            device_id, source_id, ts, value, txt = entry.rows[0]
            log.warning(
                "history row set aside, the database refused it: device %s data source %s ts %s value %r text %r: %s",
                device_id,
                source_id,
                ts,
                value,
                None if txt is None else txt[:40],
                exc,
            )
            return [[Entry([], entry.gateway_id, entry.cursor, entry.ack)]]
        # Not even the cursor is accepted: acknowledge the message without it (its rows are stored).
        log.warning("delivery cursor %s of gateway %s refused: %s", entry.cursor, entry.gateway_id, exc)
        self.set_aside += 1
        return [[Entry([], None, None, entry.ack)]]

    async def _db_answers(self) -> bool:
        try:
            async with self.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    def _put_back(self, groups: list[list[Entry]]) -> None:
        older = [entry for group in groups for entry in group]
        self.pending[:0] = older
        self._rows += sum(len(e.rows) for e in older)

    async def _transaction(self, entries: list[Entry]) -> None:
        rows: list[Row] = []
        cursors: dict[int, tuple[int, int]] = {}
        for entry in entries:
            if entry.rows:
                rows += entry.rows
            if entry.cursor is not None and entry.gateway_id is not None:
                cursors[entry.gateway_id] = entry.cursor
        if not rows and not cursors:
            return
        async with self.engine.begin() as conn:
            await self._write(conn, rows, cursors)

    async def _write(self, conn: AsyncConnection, rows: list[Row], cursors: dict[int, tuple[int, int]]) -> None:
        hours = [
            (d, s, b, int(a[0]), a[1], a[2], a[3], int(a[4]), a[5], int(a[6]), a[7])
            for (d, s, b), a in sorted(rollup(rows).items())
        ]
        marks = [(g, self.consumer, c[0], c[1]) for g, c in sorted(cursors.items())]
        if not self.postgres:
            if hours:
                await conn.exec_driver_sql(_SQLITE["rollup"], hours)
            if marks:
                await conn.exec_driver_sql(_SQLITE["cursor"], marks)
            if rows:
                await conn.exec_driver_sql(_INSERT_SQL, rows)
            return
        # SQLAlchemy opens the transaction with its first statement; everything after runs on the driver's connection
        # inside it. (asyncpg's COPY on a connection outside a transaction commits on its own: a retried flush would
        # store the same rows again.)
        await conn.exec_driver_sql("SELECT 1")
        driver: Any = (await conn.get_raw_connection()).driver_connection
        if not driver.is_in_transaction():
            raise RuntimeError("history flush outside a transaction")
        if hours:
            await driver.execute(_PG["rollup"], *zip(*hours, strict=True))
        if marks:
            await driver.execute(_PG["cursor"], *zip(*marks, strict=True))
        if rows:
            await driver.copy_records_to_table(
                "history_value", records=rows, columns=["device_id", "data_source_id", "ts", "value", "text"]
            )
