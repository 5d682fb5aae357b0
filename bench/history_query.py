"""History query benchmark (B3): GET /api/hDev latency over 10 million stored points.

A throwaway PostgreSQL database holds one registered device bound to a published template of 10 float32 data
sources, each with --points / 10 values (default 1,000,000 each, 10,000,000 in all) evenly spread over the last 30
days (2.592 s apart by default). The values are generated inside PostgreSQL (INSERT … SELECT generate_series, two
connections in parallel, the history_value index dropped during the load and rebuilt after: the fastest bulk path),
then the hourly rollup history_hour is computed from the stored rows in SQL (count, sum, min, max, first and last
with their times: exactly what the ingest's HistoryWriter maintains) and checked to count every point.

The candidate is `iotyun serve` (one uvicorn worker, IOTYUN_TELEMETRY=off: the query path needs no broker, and the
storage-limit sweep would otherwise start deleting this owner's values above the default 200 MB quota), asked over
one keep-alive HTTP connection (http.client), one request at a time, with the administrator's token:
  (a) 7 days, hourly average, all 10 data sources (10 × 168 points from ~1,680 rollup rows)
  (b) 30 days, daily average, all 10 data sources (10 × 30 points from ~7,200 rollup rows)
--requests of each (default 200, after 20 unmeasured), each window ending a different whole hour back (0–23 h) so
no two consecutive requests are identical. Latency is the client's: request sent to body read.

Baseline (same run, same windows): the equivalent bare SQL on the rollup table through asyncpg (one connection,
prepared statements): (a) sum/count per row, (b) sum(sum)/sum(count) grouped by day. Targets: p99 at most 20 ms
for (a) and 50 ms for (b).

On a partitioned history_value (PostgreSQL, docs/decisions.md "History partitions on PostgreSQL") the load makes the
partitions of the data's months first. At 100 million points (10 × 10,000,000, 0.26 s apart over 30 days; plan for
~10 GB of table and index and a load of tens of minutes on a small machine):
  uv run python bench/history_query.py --points 100000000

Usage: uv run python bench/history_query.py [--points 10000000] [--requests 200]
Writes bench/results/history_query.json (two DESIGN §4 entries, one per query, p99 with the p50s alongside; another
--points writes history_query_<millions>m.json beside it) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import http.client
import json
import sys
import time
from typing import Any
from urllib.parse import urlencode

import benchlib

from iotyun.telemetry import partitions

HOUR_MS = 3_600_000
DAY_MS = 86_400_000
SOURCES = 10
RANGE_DAYS = 30
WARMUP = 20
TARGET_P99_7D_HOURLY_MS = 20.0
TARGET_P99_30D_DAILY_MS = 50.0

HOURLY_SQL = """
SELECT data_source_id, bucket, sum / count FROM history_hour
WHERE device_id = $1 AND data_source_id = ANY($2::bigint[]) AND bucket >= $3 AND bucket <= $4
ORDER BY data_source_id, bucket
"""
DAILY_SQL = """
SELECT data_source_id, bucket - bucket % 86400000 AS day, sum(sum) / sum(count) FROM history_hour
WHERE device_id = $1 AND data_source_id = ANY($2::bigint[]) AND bucket >= $3 AND bucket <= $4
GROUP BY 1, 2 ORDER BY 1, 2
"""
ROLLUP_SQL = """
INSERT INTO history_hour (device_id, data_source_id, bucket, count, sum, min, max, first_ts, first, last_ts, last)
SELECT device_id, data_source_id, ts - ts % 3600000, count(*), sum(value), min(value), max(value),
       min(ts), (array_agg(value ORDER BY ts))[1], max(ts), (array_agg(value ORDER BY ts DESC))[1]
FROM history_value WHERE data_source_id = ANY($1::bigint[]) GROUP BY 1, 2, 3
"""


async def load(db: benchlib.BenchDb, device_id: int, sources: list[int], per_source: int, end_ms: int) -> float:
    """Fill history_value and history_hour; returns the seconds it took."""
    import asyncpg  # type: ignore[import-untyped]

    started = time.perf_counter()
    span = RANGE_DAYS * DAY_MS
    spacing = span / per_source
    start_ms = end_ms - span
    conns = [await asyncpg.connect(db.asyncpg_dsn) for _ in range(2)]
    try:
        index = await conns[0].fetchval(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_history_value_device_source_ts'"
        )
        await conns[0].execute("DROP INDEX ix_history_value_device_source_ts")
        # On a partitioned history_value (telemetry/partitions.py) every month of the data gets its partition first,
        # as the server's keeper and the migration make them, so no value waits in the DEFAULT partition.
        if await conns[0].fetchval("SELECT to_regclass('history_value_default') IS NOT NULL"):
            for p in partitions.months(start_ms, end_ms):
                bounds = f"FOR VALUES FROM ({p.lo}) TO ({p.hi})"
                await conns[0].execute(f"CREATE TABLE IF NOT EXISTS {p.name} PARTITION OF history_value {bounds}")
        halves = [sources[: len(sources) // 2], sources[len(sources) // 2 :]]

        async def fill(conn: Any, ids: list[int]) -> None:
            await conn.execute(
                """
                INSERT INTO history_value (device_id, data_source_id, ts, value)
                SELECT $1, s.id, $2 + floor(i * $3::float8)::bigint, sin(i / 5000.0::float8 + s.n) * 10 + s.n
                FROM unnest($4::bigint[]) WITH ORDINALITY AS s(id, n), generate_series(0, $5 - 1) AS i
                """,
                device_id,
                start_ms,
                spacing,
                ids,
                per_source,
            )

        await asyncio.gather(*(fill(c, ids) for c, ids in zip(conns, halves, strict=True)))
        await conns[0].execute(index)
        await asyncio.gather(*(c.execute(ROLLUP_SQL, ids) for c, ids in zip(conns, halves, strict=True)))
        # A table in service has been vacuumed since its rows came: without this, autovacuum's first pass over the
        # freshly loaded rows (setting their visibility, tens of seconds at 100 million) and the checkpoint writing
        # them out ran during the measurement (the bare SQL's p99 went 0.9 -> 15 ms at 100 million points).
        await conns[0].execute("VACUUM (ANALYZE) history_value")
        await conns[0].execute("VACUUM (ANALYZE) history_hour")
        await conns[0].execute("CHECKPOINT")
        stored = await conns[0].fetchval("SELECT count(*) FROM history_value")
        rolled = await conns[0].fetchval("SELECT sum(count) FROM history_hour")
        if stored != per_source * len(sources) or rolled != stored:
            raise RuntimeError(f"load mismatch: {stored} rows, rollup counts {rolled}")
    finally:
        for c in conns:
            await c.close()
    return time.perf_counter() - started


def windows(end_ms: int, days: int, n: int) -> list[tuple[int, int]]:
    """n (start, end) windows of `days`, ending 0, 1, … 23 hours before the data's end, round robin."""
    return [(end_ms - (i % 24) * HOUR_MS - days * DAY_MS, end_ms - (i % 24) * HOUR_MS) for i in range(n)]


def http_latencies(
    port: int, headers: dict[str, str], device_id: int, ids: list[int], bucket: str, wins: list[tuple[int, int]]
) -> tuple[list[float], int]:
    """Milliseconds per request (the first WARMUP not counted), and the points in the last answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    out: list[float] = []
    points = 0
    try:
        for i, (start, end) in enumerate(wins):
            query = urlencode(
                {
                    "device_id": device_id,
                    "ids": ",".join(map(str, ids)),
                    "start": start,
                    "end": end,
                    "bucket": bucket,
                    "agg": "avg",
                }
            )
            began = time.perf_counter()
            conn.request("GET", f"/api/hDev?{query}", headers=headers)
            resp = conn.getresponse()
            body = resp.read()
            took = (time.perf_counter() - began) * 1000
            answer = json.loads(body)
            if resp.status != 200 or answer["meta"]["success"] != 1:
                raise RuntimeError(f"/hDev refused: {resp.status} {body[:300]!r}")
            points = sum(len(s["points"]) for s in answer["data"]["series"])
            if i >= WARMUP:
                out.append(took)
    finally:
        conn.close()
    return out, points


async def sql_latencies(
    db: benchlib.BenchDb, sql: str, device_id: int, ids: list[int], wins: list[tuple[int, int]]
) -> tuple[list[float], int]:
    import asyncpg

    conn = await asyncpg.connect(db.asyncpg_dsn)
    out: list[float] = []
    rows = 0
    try:
        stmt = await conn.prepare(sql)
        for i, (start, end) in enumerate(wins):
            began = time.perf_counter()
            result = await stmt.fetch(device_id, ids, start - start % HOUR_MS, end)
            took = (time.perf_counter() - began) * 1000
            rows = len(result)
            if i >= WARMUP:
                out.append(took)
    finally:
        await conn.close()
    return out, rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=10_000_000, help="stored points in all (10 data sources)")
    parser.add_argument("--requests", type=int, default=200, help="measured requests per query")
    args = parser.parse_args()

    per_source = args.points // SOURCES
    end_ms = int(time.time()) // 3600 * HOUR_MS  # the data ends at the last whole hour
    with benchlib.bench_db("postgresql") as db:
        plant = asyncio.run(benchlib.provision(db, 1, SOURCES))
        device_id = next(iter(plant.devices.values()))
        ids = plant.sources
        load_s = asyncio.run(load(db, device_id, ids, per_source, end_ms))
        print(f"loaded {per_source * SOURCES:,} points and their hourly rollup in {load_s:.1f} s")
        log = db.tmp / "server.log"
        port = benchlib.free_port()
        server = benchlib.start_server(db.env(IOTYUN_TELEMETRY="off"), port, log)
        try:
            benchlib.wait_up(f"http://127.0.0.1:{port}/api/dev/access", plant.headers)
            n = WARMUP + args.requests
            week, month = windows(end_ms, 7, n), windows(end_ms, 30, n)
            c_week, week_points = http_latencies(port, plant.headers, device_id, ids, "hour", week)
            c_month, month_points = http_latencies(port, plant.headers, device_id, ids, "day", month)
        finally:
            benchlib.stop([server])
        b_week, week_rows = asyncio.run(sql_latencies(db, HOURLY_SQL, device_id, ids, week))
        b_month, month_rows = asyncio.run(sql_latencies(db, DAILY_SQL, device_id, ids, month))

    common = {"points": per_source * SOURCES, "sources": SOURCES, "requests": args.requests, "database": "postgresql"}
    baseline_name = "the equivalent bare SQL on history_hour via asyncpg (prepared), same windows"
    results = []
    for metric, cand, base, target, answer_points, sql_rows in (
        ("history_7d_hourly_p99", c_week, b_week, TARGET_P99_7D_HOURLY_MS, week_points, week_rows),
        ("history_30d_daily_p99", c_month, b_month, TARGET_P99_30D_DAILY_MS, month_points, month_rows),
    ):
        c99, b99 = benchlib.percentile(cand, 99), benchlib.percentile(base, 99)
        results.append(
            benchlib.result(
                "history_query",
                metric,
                "ms",
                c99,
                b99,
                baseline_name,
                target,
                c99 <= target,
                candidate_p50_ms=round(benchlib.percentile(cand, 50), 3),
                baseline_p50_ms=round(benchlib.percentile(base, 50), 3),
                candidate_max_ms=round(max(cand), 3),
                answer_points=answer_points,
                baseline_rows=sql_rows,
                **common,
            )
        )
    # The default size keeps history_query.json; another size is recorded beside it (history_query_100m.json).
    default = parser.get_default("points")
    name = "history_query" if args.points == default else f"history_query_{args.points // 1_000_000}m"
    benchlib.report(name, results)
    for r in results:
        print(
            f"context: {r['metric'][:-4]} p50 {r['candidate_p50_ms']} ms (bare SQL {r['baseline_p50_ms']} ms), "
            f"{r['answer_points']} points per answer"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
