"""Report query benchmark (B9, issue 17 point 10): GET /api/yun/report/statistic, a 30-day hourly report, over 10
million stored points, against the bare SQL of the same query.

A throwaway database (SQLite by default, PostgreSQL with --db postgresql) holds 10 registered devices bound to one
published template of 10 float32 data sources: 100 (device, data source) pairs, each with --points / 100 values
(default 100,000 each, 10,000,000 in all) evenly spread over the last 30 days (25.92 s apart by default). The values
are generated inside the database with the history_value index dropped during the load and rebuilt after (the
fastest bulk path): PostgreSQL INSERT … SELECT generate_series, one statement per device on two connections in
parallel (as B3); SQLite one INSERT … WITH RECURSIVE per pair in one transaction (journal off for the load). Then the
hourly rollup history_hour is computed from the stored rows in SQL (count, sum, min, max, first and last with their
times: exactly what the ingest's HistoryWriter maintains; on SQLite first and last are read back by their times
through the index, per pair) and checked to count every point. PostgreSQL is then vacuumed, analyzed and
checkpointed, SQLite analyzed, so no after-load maintenance runs during the measurement.

A history report compares at most 10 (device, data source) pairs (SPEC 118208: devices × data sources ≤ 10), so "10
devices × 10 data sources" is 20 reports of 10 pairs each, every pair in two of them: for each data source a report
comparing the 10 devices on it (compare field 39), for each device a report comparing its 10 data sources (compare
field 40). Each is a line chart of the hourly average (table kind 6, dimension 38 time, aggregation avg, fill none),
made by its owner (the administrator) through POST /api/yun/report/basic.

The candidate is `iotyun serve` (one uvicorn worker, IOTYUN_TELEMETRY=off as in B3: the query path needs no broker,
and the storage-limit sweep would otherwise start deleting this owner's values above the default 200 MB quota),
asked over one keep-alive HTTP connection (http.client), one request at a time, with the owner's token:
GET /api/yun/report/statistic?id=…&start=…&end=…&tz=Asia/Shanghai, 30 days each (10 series × ~720 hourly buckets
from ~7,200 rollup rows). --requests (default 200, after 20 unmeasured) rotate over the 20 reports, each window
ending a different whole hour back (0–23 h), so no two consecutive requests are identical. Latency is the client's:
request sent to body read.

Baseline (same run, same reports and windows, interleaved with the requests: each window's request, then its bare
SQL, so both meet the same moments of a shared machine): the statement query_series runs for the hours of the
report's pairs, taken from telemetry/repository.py (rollup_hours_sql: the statement rollup_grouped compiles once per
shape, compiled by the server's driver dialect, with its parameters: the text and values the driver receives; the
rollup rows of the report's pairs over the range, each with its local-hour key (bucket + zone shift) / hour), run bare
on one connection: asyncpg prepared statements on PostgreSQL, the sqlite3 module (its statement cache) on SQLite. It
is the SQL the report ran before issue 33, and the least a client of the same data reads; the baseline did not move
with the server. On PostgreSQL the report now runs another statement (repository.rollup_hours_rounded: each pair's
hours as arrays, rounded in the database): its bare time is measured too, right after, and written beside the
figures (server_statement_p50_ms). This process's garbage collector is frozen and off while measuring. Targets: p99
at most 100 ms and at most 1.5 × the baseline's p99 (issue 17 point 10); p50 at most 1.5 × the baseline's p50
(issue 33 point 4).

Usage: uv run python bench/report_query.py [--points 10000000] [--requests 200] [--db sqlite|postgresql]
Writes bench/results/report_query_<db>.json (three DESIGN §4 entries: the p99 against 100 ms, the p99 against 1.5 × the
bare SQL's, and the p50 against 1.5 × the bare SQL's; the other percentiles alongside) and prints `metric candidate
baseline ratio target`.
"""

import argparse
import asyncio
import gc
import http.client
import json
import os
import sqlite3
import sys
import time
from typing import Any
from urllib.parse import urlencode

import benchlib

HOUR_MS = 3_600_000
DAY_MS = 86_400_000
DEVICES = 10
SOURCES = 10
RANGE_DAYS = 30
WARMUP = 20
PAIRS_PER_REPORT = 10  # REPORT_COMPARISON_MAX: devices × data sources of one report
TZ = "Asia/Shanghai"
TZ_SHIFT_MS = 8 * HOUR_MS  # the zone's offset: query_series groups on (bucket + shift) / size
TARGET_P99_MS = 100.0
TARGET_RATIO = 1.5
# The report fields (reports/fields.py, SPEC's ids): 38 time, 39 device, 40 data source, 41 value.
F_TIME, F_DEVICE, F_SOURCE, F_VALUE = 38, 39, 40, 41

Pairs = list[tuple[int, list[int]]]  # a report's devices, each with its data sources (query_series' `wanted`)

PG_FILL_SQL = """
INSERT INTO history_value (device_id, data_source_id, ts, value)
SELECT $1, s.id, $2 + floor(i * $3::float8)::bigint, sin(i / 5000.0::float8 + s.n) * 10 + s.n + $4
FROM unnest($5::bigint[]) WITH ORDINALITY AS s(id, n), generate_series(0, $6 - 1) AS i
"""
PG_ROLLUP_SQL = """
INSERT INTO history_hour (device_id, data_source_id, bucket, count, sum, min, max, first_ts, first, last_ts, last)
SELECT device_id, data_source_id, ts - ts % 3600000, count(*), sum(value), min(value), max(value),
       min(ts), (array_agg(value ORDER BY ts))[1], max(ts), (array_agg(value ORDER BY ts DESC))[1]
FROM history_value WHERE device_id = ANY($1::bigint[]) GROUP BY 1, 2, 3
"""
SQLITE_FILL_SQL = """
INSERT INTO history_value (device_id, data_source_id, ts, value)
WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < :n - 1)
SELECT :device, :source, :start + CAST(i * :spacing AS INTEGER), sin(i / 5000.0 + :sn) * 10 + :sn + :dn FROM seq
"""
SQLITE_ROLLUP_SQL = """
INSERT INTO history_hour (device_id, data_source_id, bucket, count, sum, min, max, first_ts, "first", last_ts, "last")
SELECT g.d, g.s, g.b, g.c, g.total, g.lo, g.hi, g.fts, f.value, g.lts, l.value
FROM (SELECT device_id AS d, data_source_id AS s, ts - ts % 3600000 AS b, count(*) AS c, sum(value) AS total,
             min(value) AS lo, max(value) AS hi, min(ts) AS fts, max(ts) AS lts
      FROM history_value WHERE device_id = :device AND data_source_id = :source GROUP BY 3) AS g
JOIN history_value AS f ON f.device_id = g.d AND f.data_source_id = g.s AND f.ts = g.fts
JOIN history_value AS l ON l.device_id = g.d AND l.data_source_id = g.s AND l.ts = g.lts
"""


# --- the data ------------------------------------------------------------------------------------------------------


async def load_postgresql(
    db: benchlib.BenchDb, devices: list[int], sources: list[int], per_pair: int, end_ms: int
) -> float:
    """Fill history_value and history_hour on PostgreSQL; returns the seconds it took."""
    import asyncpg  # type: ignore[import-untyped]

    started = time.perf_counter()
    span = RANGE_DAYS * DAY_MS
    conns = [await asyncpg.connect(db.asyncpg_dsn) for _ in range(2)]
    try:
        index = await conns[0].fetchval(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_history_value_device_source_ts'"
        )
        await conns[0].execute("DROP INDEX ix_history_value_device_source_ts")
        halves = [devices[: len(devices) // 2], devices[len(devices) // 2 :]]

        async def fill(conn: Any, ids: list[int]) -> None:
            for d in ids:
                dn = devices.index(d) / 10
                await conn.execute(PG_FILL_SQL, d, end_ms - span, span / per_pair, dn, sources, per_pair)

        await asyncio.gather(*(fill(c, ids) for c, ids in zip(conns, halves, strict=True)))
        await conns[0].execute(index)
        await asyncio.gather(*(c.execute(PG_ROLLUP_SQL, ids) for c, ids in zip(conns, halves, strict=True)))
        # Settle the database before measuring: the autovacuum a 10M-row insert triggers and the checkpoint of its
        # dirty pages would otherwise run during the requests (200–500 ms stalls of the bare SQL seen).
        await conns[0].execute("VACUUM (ANALYZE) history_value, history_hour")
        await conns[0].execute("CHECKPOINT")
        stored = await conns[0].fetchval("SELECT count(*) FROM history_value")
        rolled = await conns[0].fetchval("SELECT sum(count) FROM history_hour")
    finally:
        for c in conns:
            await c.close()
    check_load(stored, rolled, per_pair * len(devices) * len(sources))
    return time.perf_counter() - started


def load_sqlite(db: benchlib.BenchDb, devices: list[int], sources: list[int], per_pair: int, end_ms: int) -> float:
    """Fill history_value and history_hour on SQLite; returns the seconds it took."""
    started = time.perf_counter()
    span = RANGE_DAYS * DAY_MS
    conn = sqlite3.connect(db.sqlite_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("PRAGMA cache_size=-200000")
        (index,) = conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'ix_history_value_device_source_ts'"
        ).fetchone()
        conn.execute("BEGIN")
        conn.execute("DROP INDEX ix_history_value_device_source_ts")
        for dn, d in enumerate(devices):
            for sn, s in enumerate(sources, start=1):
                params = {"n": per_pair, "device": d, "source": s, "start": end_ms - span, "spacing": span / per_pair}
                conn.execute(SQLITE_FILL_SQL, {**params, "sn": sn, "dn": dn / 10})
        conn.execute(index)
        for d in devices:
            for s in sources:
                conn.execute(SQLITE_ROLLUP_SQL, {"device": d, "source": s})
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
        conn.execute("PRAGMA journal_mode=WAL")  # what the server's connections set (core/db.py)
        (stored,) = conn.execute("SELECT count(*) FROM history_value").fetchone()
        (rolled,) = conn.execute("SELECT sum(count) FROM history_hour").fetchone()
    finally:
        conn.close()
    check_load(stored, rolled, per_pair * len(devices) * len(sources))
    return time.perf_counter() - started


def check_load(stored: int, rolled: int, expected: int) -> None:
    if stored != expected or rolled != stored:
        raise RuntimeError(f"load mismatch: {stored} rows (expected {expected}), rollup counts {rolled}")


# --- the reports ---------------------------------------------------------------------------------------------------


def report_pairs(devices: list[int], sources: list[int]) -> list[tuple[str, int, Pairs]]:
    """The 20 reports of 10 pairs: (title, compare field, pairs), every (device, data source) pair in two of them."""
    by_source = [(f"B9 设备对比 V{i:03d}", F_DEVICE, [(d, [s]) for d in devices]) for i, s in enumerate(sources)]
    by_device = [(f"B9 数据源对比 {i}", F_SOURCE, [(d, list(sources))]) for i, d in enumerate(devices)]
    return by_source + by_device


def create_reports(port: int, headers: dict[str, str], reports: list[tuple[str, int, Pairs]]) -> list[int]:
    """POST /api/yun/report/basic for each report (its owner: the administrator); returns their ids."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    ids = []
    names = {F_DEVICE: "设备", F_SOURCE: "数据源"}
    try:
        for title, compare, pairs in reports:
            body = {
                "title": title,
                "chart_type": 3,
                "table_kind": 6,
                "dimension_field_id": [{"id": F_TIME, "field_name": "时间"}],
                "compare_filed_id": [{"id": compare, "field_name": names[compare]}],
                "aggregate_filed_id": {"id": F_VALUE, "field_name": "值"},
                "aggregation": "avg",
                "time_unit": "hour",
                "time_offset": 24 * RANGE_DAYS,
                "fill": "none",
                "device_ids": [d for d, _ in pairs],
                "data_source_ids": list(dict.fromkeys(s for _, ids in pairs for s in ids)),
            }
            conn.request(
                "POST", "/api/yun/report/basic", json.dumps(body), {**headers, "Content-Type": "application/json"}
            )
            resp = conn.getresponse()
            answer = json.loads(resp.read())
            if resp.status != 200 or answer["meta"]["success"] != 1:
                raise RuntimeError(f"/yun/report/basic refused: {resp.status} {answer}")
            ids.append(int(answer["data"]["id"]))
    finally:
        conn.close()
    return ids


def windows(end_ms: int, n: int) -> list[tuple[int, int]]:
    """n 30-day (start, end) windows ending 0, 1, … 23 hours before the data's end, round robin."""
    return [(end_ms - (i % 24) * HOUR_MS - RANGE_DAYS * DAY_MS, end_ms - (i % 24) * HOUR_MS) for i in range(n)]


# --- the candidate and the baseline --------------------------------------------------------------------------------


class Candidate:
    """GET /api/yun/report/statistic over one keep-alive connection; each call answers (ms, series, values)."""

    def __init__(self, port: int, headers: dict[str, str]) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = headers

    def run(self, report_id: int, start: int, end: int) -> tuple[float, int, int]:
        query = urlencode({"id": report_id, "start": start, "end": end, "tz": TZ})
        began = time.perf_counter()
        self.conn.request("GET", f"/api/yun/report/statistic?{query}", headers=self.headers)
        resp = self.conn.getresponse()
        body = resp.read()
        took = (time.perf_counter() - began) * 1000
        answer = json.loads(body)
        if resp.status != 200 or answer["meta"]["success"] != 1:
            raise RuntimeError(f"/yun/report/statistic refused: {resp.status} {body[:300]!r}")
        found = answer["data"]["series"]
        series, values = len(found), sum(sum(v is not None for v in s["values"]) for s in found)
        if series != PAIRS_PER_REPORT or not values:
            raise RuntimeError(f"/yun/report/statistic answered {series} series, {values} values")
        return took, series, values

    def close(self) -> None:
        self.conn.close()


_DIALECTS: dict[str, Any] = {}


def bare_query(kind: str, pairs: Pairs, start: int, end: int) -> tuple[str, list[Any]]:
    """The statement query_series runs for the report over [start, end] (telemetry/repository.py rollup_grouped with
    _fold_grouped's arguments, the hour and the zone's shift: rollup_hours_stmt compiled by the server's driver
    dialect, as the server compiles it once per shape), with its parameters: the text and values the driver
    receives."""
    from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect
    from sqlalchemy.dialects.sqlite.aiosqlite import dialect as aiosqlite_dialect

    from iotyun.telemetry import repository

    if kind not in _DIALECTS:
        _DIALECTS[kind] = asyncpg_dialect() if kind == "postgresql" else aiosqlite_dialect()  # type: ignore[no-untyped-call]
    wanted = {d: ids for d, ids in pairs}
    sql, names = repository.rollup_hours_sql(_DIALECTS[kind], tuple(len(ids) for ids in wanted.values()))
    params = repository.rollup_hours_params(wanted, start, end, HOUR_MS, TZ_SHIFT_MS)
    return sql, [params[n] for n in names]


class Baseline:
    """The bare SQL on one connection: asyncpg prepared statements (each statement text prepared once, as SQLAlchemy's
    asyncpg dialect caches them) or the sqlite3 module (its statement cache); each call answers (ms, rows)."""

    def __init__(self, db: benchlib.BenchDb) -> None:
        self.kind = db.kind
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stmts: dict[str, Any] = {}
        self.rounded: Any = None
        if db.kind == "postgresql":
            import asyncpg

            self.loop = asyncio.new_event_loop()
            self.pg = self.loop.run_until_complete(asyncpg.connect(db.asyncpg_dsn))
        else:
            self.lite = sqlite3.connect(db.sqlite_path)

    def run(self, pairs: Pairs, start: int, end: int) -> tuple[float, int]:
        sql, params = bare_query(self.kind, pairs, start, end)
        if self.loop is None:
            began = time.perf_counter()
            rows = self.lite.execute(sql, params).fetchall()
            return (time.perf_counter() - began) * 1000, len(rows)
        if sql not in self.stmts:
            self.stmts[sql] = self.loop.run_until_complete(self.pg.prepare(sql))
        began = time.perf_counter()
        rows = self.loop.run_until_complete(self.stmts[sql].fetch(*params))
        return (time.perf_counter() - began) * 1000, len(rows)

    def run_rounded(self, pairs: Pairs, start: int, end: int) -> float | None:
        """The statement the server runs for the report on PostgreSQL (repository.rollup_hours_rounded: 3 decimals,
        the data sources' own), bare and prepared; milliseconds, or None on SQLite (its server runs the baseline's)."""
        if self.loop is None:
            return None
        from sqlalchemy.dialects.postgresql.asyncpg import dialect as asyncpg_dialect

        from iotyun.telemetry import repository

        sql, names = repository.rollup_hours_rounded_sql(asyncpg_dialect(), "avg")  # type: ignore[no-untyped-call]
        if self.rounded is None:
            self.rounded = self.loop.run_until_complete(self.pg.prepare(sql))
        flat = [(d, s) for d, ids in pairs for s in ids]
        values: dict[str, Any] = {
            "devices": [d for d, _ in flat],
            "sources": [s for _, s in flat],
            "scales": [1000.0] * len(flat),
            "shift": TZ_SHIFT_MS,
            "size": HOUR_MS,
            "start": start - start % HOUR_MS,
            "end": end,
        }
        began = time.perf_counter()
        self.loop.run_until_complete(self.rounded.fetch(*(values[n] for n in names)))
        return (time.perf_counter() - began) * 1000

    def close(self) -> None:
        if self.loop is None:
            self.lite.close()
        else:
            self.loop.run_until_complete(self.pg.close())
            self.loop.close()


def measure(
    candidate: Candidate, baseline: Baseline, reports: list[Pairs], report_ids: list[int], wins: list[tuple[int, int]]
) -> tuple[list[float], list[float], list[float], int, int, int]:
    """Each window in turn: the report's request, then its bare SQL (interleaved, so both meet the same moments of a
    shared machine), then on PostgreSQL the server's own statement bare. Milliseconds of each (the first WARMUP not
    counted), the last answer's series and values, and the last bare SQL's rows."""
    cand: list[float] = []
    base: list[float] = []
    server: list[float] = []
    series = values = rows = 0
    # This process imported the whole app to provision: a full collection of its heap, triggered by a 7,200-row
    # answer's objects, stalled the bare SQL's timing by 150–250 ms every ~20 queries. The answers hold no cycles.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        for i, (start, end) in enumerate(wins):
            r = i % len(reports)
            c_ms, series, values = candidate.run(report_ids[r], start, end)
            b_ms, rows = baseline.run(reports[r], start, end)
            s_ms = baseline.run_rounded(reports[r], start, end)
            if i >= WARMUP:
                cand.append(c_ms)
                base.append(b_ms)
                if s_ms is not None:
                    server.append(s_ms)
    finally:
        gc.enable()
        gc.unfreeze()
    return cand, base, server, series, values, rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=10_000_000, help="stored points in all (100 pairs)")
    parser.add_argument("--requests", type=int, default=200, help="measured requests")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    args = parser.parse_args()

    per_pair = args.points // (DEVICES * SOURCES)
    end_ms = int(time.time()) // 3600 * HOUR_MS  # the data ends at the last whole hour
    with benchlib.bench_db(args.db) as db:
        plant = asyncio.run(benchlib.provision(db, DEVICES, SOURCES))
        devices, sources = list(plant.devices.values()), plant.sources
        if args.db == "postgresql":
            load_s = asyncio.run(load_postgresql(db, devices, sources, per_pair, end_ms))
        else:
            load_s = load_sqlite(db, devices, sources, per_pair, end_ms)
        print(f"loaded {per_pair * DEVICES * SOURCES:,} points and their hourly rollup in {load_s:.1f} s ({args.db})")
        reports = report_pairs(devices, sources)
        wins = windows(end_ms, WARMUP + args.requests)
        log = db.tmp / "server.log"
        port = benchlib.free_port()
        server = benchlib.start_server(db.env(IOTYUN_TELEMETRY="off"), port, log)
        try:
            benchlib.wait_up(f"http://127.0.0.1:{port}/api/dev/access", plant.headers)
            report_ids = create_reports(port, plant.headers, reports)
            candidate, baseline = Candidate(port, plant.headers), Baseline(db)
            try:
                pairs = [p for _, _, p in reports]
                load_before = os.getloadavg()[0]
                cand, base, own, series, values, rows = measure(candidate, baseline, pairs, report_ids, wins)
                load_after = os.getloadavg()[0]
            finally:
                candidate.close()
                baseline.close()
        finally:
            benchlib.stop([server])

    c99, b99 = benchlib.percentile(cand, 99), benchlib.percentile(base, 99)
    c50, b50 = benchlib.percentile(cand, 50), benchlib.percentile(base, 50)
    common = {
        "candidate_p50_ms": round(c50, 3),
        "baseline_p50_ms": round(b50, 3),
        "candidate_p99_ms": round(c99, 3),
        "baseline_p99_ms": round(b99, 3),
        "candidate_max_ms": round(max(cand), 3),
        # The statement the server runs for the report, bare (PostgreSQL: rollup_hours_rounded; None on SQLite,
        # whose server runs the baseline's statement).
        "server_statement_p50_ms": round(benchlib.percentile(own, 50), 3) if own else None,
        "answer_series": series,
        "answer_values": values,
        "baseline_rows": rows,
        "points": per_pair * DEVICES * SOURCES,
        "devices": DEVICES,
        "sources": SOURCES,
        "reports": len(reports),
        "pairs_per_report": PAIRS_PER_REPORT,
        "requests": args.requests,
        "load_seconds": round(load_s, 1),
        # The machine's 1-minute load average before and after the measurement (2 cores shared with other jobs).
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "database": args.db,
    }
    driver = "asyncpg (prepared)" if args.db == "postgresql" else "sqlite3"
    baseline_name = (
        f"the bare SQL query_series runs for the report (telemetry/repository.py rollup_grouped, compiled by the "
        f"server's dialect) via {driver}, same reports and windows, interleaved"
    )
    results = [
        benchlib.result(
            "report_query",
            "report_30d_hourly_p99",
            "ms",
            c99,
            b99,
            baseline_name,
            TARGET_P99_MS,
            c99 <= TARGET_P99_MS,
            target_kind="candidate p99 at most target (ms)",
            target_text=f"≤{TARGET_P99_MS:g}",
            **common,
        ),
        benchlib.result(
            "report_query",
            "report_30d_hourly_p99_vs_sql",
            "ms",
            c99,
            b99,
            baseline_name,
            TARGET_RATIO,
            b99 > 0 and c99 / b99 <= TARGET_RATIO,
            target_kind="candidate / baseline p99 at most target",
            target_text=f"≤{TARGET_RATIO:g}×",
            **common,
        ),
        benchlib.result(
            "report_query",
            "report_30d_hourly_p50_vs_sql",
            "ms",
            c50,
            b50,
            baseline_name,
            TARGET_RATIO,
            b50 > 0 and c50 / b50 <= TARGET_RATIO,
            target_kind="candidate / baseline p50 at most target",
            target_text=f"≤{TARGET_RATIO:g}×",
            **common,
        ),
    ]
    benchlib.report(f"report_query_{args.db}", results)
    if own:
        print(f"the server's own statement bare: p50 {common['server_statement_p50_ms']} ms")
    print(
        f"context: p50 {common['candidate_p50_ms']} ms (bare SQL {common['baseline_p50_ms']} ms), "
        f"{series} series and {values} values per answer, {rows} rows per bare SQL answer; load average {load_before:.1f} → {load_after:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
