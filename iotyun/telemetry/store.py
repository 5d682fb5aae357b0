"""The history writer: values accepted by the ingest are written in batches (COPY on PostgreSQL, executemany on
SQLite) together with the hourly rollup and the gateways' delivery cursors, in one transaction per flush. A failed
flush keeps everything and retries, so a database outage delays values and loses none."""

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from iotyun.telemetry.models import history_value

log = logging.getLogger("iotyun.telemetry.store")

HOUR_MS = 3_600_000
Row = tuple[int, int, int, float | None, str | None]  # device_id, data_source_id, ts, value, text
# count, sum, min, max, first_ts, first, last_ts, last
Rollup = list[float]

_ROLLUP_SQL = """
INSERT INTO history_hour (device_id, data_source_id, bucket, count, sum, min, max, first_ts, first, last_ts, last)
VALUES (:d, :s, :b, :count, :sum, :min, :max, :first_ts, :first, :last_ts, :last)
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
INSERT INTO ingest_cursor (gateway_id, boot, seq) VALUES (:g, :boot, :seq)
ON CONFLICT (gateway_id) DO UPDATE SET boot = excluded.boot, seq = excluded.seq
"""


@dataclass
class Pending:
    rows: list[Row] = field(default_factory=list)
    hours: dict[tuple[int, int, int], Rollup] = field(default_factory=dict)
    cursors: dict[int, tuple[int, int]] = field(default_factory=dict)

    def merge_older(self, older: "Pending") -> None:
        """Put a failed flush's content back in front of what arrived since."""
        self.rows[:0] = older.rows
        for key, agg in older.hours.items():
            mine = self.hours.get(key)
            self.hours[key] = agg if mine is None else _combine(agg, mine)
        for gateway_id, cur in older.cursors.items():
            self.cursors.setdefault(gateway_id, cur)

    def empty(self) -> bool:
        return not self.rows and not self.cursors


def _combine(a: Rollup, b: Rollup) -> Rollup:
    first = a if a[4] <= b[4] else b
    last = b if b[6] >= a[6] else a
    return [a[0] + b[0], a[1] + b[1], min(a[2], b[2]), max(a[3], b[3]), first[4], first[5], last[6], last[7]]


class HistoryWriter:
    def __init__(self, engine: AsyncEngine, flush_ms: int = 200, batch_rows: int = 5000) -> None:
        self.engine = engine
        self.flush_s = flush_ms / 1000
        self.batch_rows = batch_rows
        self.postgres = engine.dialect.name == "postgresql"
        self.pending = Pending()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._flushing = asyncio.Lock()
        self.written = 0
        self.failures = 0
        self.last_error: str | None = None

    # --- input (called by the ingest, in the event loop) ---------------------------------------------------------

    def add(self, rows: list[Row], gateway_id: int, cursor: tuple[int, int] | None) -> None:
        pending = self.pending
        pending.rows.extend(rows)
        hours = pending.hours
        for device_id, source_id, ts, value, _ in rows:
            if value is None:
                continue
            key = (device_id, source_id, ts - ts % HOUR_MS)
            agg = hours.get(key)
            if agg is None:
                hours[key] = [1, value, value, value, ts, value, ts, value]
            else:
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
        if cursor is not None:
            pending.cursors[gateway_id] = cursor
        if len(pending.rows) >= self.batch_rows:
            self._wake.set()

    def backlog(self) -> int:
        return len(self.pending.rows)

    # --- the flush loop -----------------------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="iotyun-history-writer")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        # Whatever is still pending gets one last chance (a clean shutdown loses nothing).
        with contextlib.suppress(Exception):
            await self.flush()

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
                log.warning("history flush failed (%s rows kept, retry in %.1fs): %s", self.backlog(), backoff, exc)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 5.0)

    async def flush(self) -> int:
        """Write what is pending; on failure put it back and raise."""
        async with self._flushing:
            batch, self.pending = self.pending, Pending()
            if batch.empty():
                return 0
            started = time.perf_counter()
            try:
                async with self.engine.begin() as conn:
                    await self._write(conn, batch)
            except BaseException:
                self.pending.merge_older(batch)
                raise
            self.written += len(batch.rows)
            log.debug("flushed %d values in %.1f ms", len(batch.rows), (time.perf_counter() - started) * 1000)
            return len(batch.rows)

    async def _write(self, conn: AsyncConnection, batch: Pending) -> None:
        if batch.rows:
            if self.postgres:
                raw = await conn.get_raw_connection()
                driver: Any = raw.driver_connection
                await driver.copy_records_to_table(
                    "history_value",
                    records=batch.rows,
                    columns=["device_id", "data_source_id", "ts", "value", "text"],
                )
            else:
                await conn.execute(
                    history_value.insert(),
                    [
                        {"device_id": r[0], "data_source_id": r[1], "ts": r[2], "value": r[3], "text": r[4]}
                        for r in batch.rows
                    ],
                )
        if batch.hours:
            sql = _ROLLUP_SQL.format(
                least="LEAST" if self.postgres else "MIN", greatest="GREATEST" if self.postgres else "MAX"
            )
            await conn.execute(
                text(sql),
                [
                    {
                        "d": d,
                        "s": s,
                        "b": b,
                        "count": int(a[0]),
                        "sum": a[1],
                        "min": a[2],
                        "max": a[3],
                        "first_ts": int(a[4]),
                        "first": a[5],
                        "last_ts": int(a[6]),
                        "last": a[7],
                    }
                    for (d, s, b), a in sorted(batch.hours.items())
                ],
            )
        if batch.cursors:
            await conn.execute(
                text(_CURSOR_SQL),
                [{"g": g, "boot": c[0], "seq": c[1]} for g, c in sorted(batch.cursors.items())],
            )
