"""Ingest benchmark (B1): points committed per second from MQTT into the history table, with zero loss.

The candidate is `iotyun serve` (one process, telemetry as shipped: IOTYUN_INGEST_FLUSH_MS / _BATCH_ROWS defaults)
against a throwaway PostgreSQL database (or SQLite with --db sqlite). It serves N registered devices (default 100)
bound to one published template of M float32 data sources (default 50, history "change").

Two pairings (--broker):
- PostgreSQL + Mosquitto (`--db postgresql`, broker `private` by default): the server connects through
  IOTYUN_MQTT_URL to a private Mosquitto (the machine's binary on a free port, anonymous, so other people's test
  traffic on 1883 neither disturbs the run nor receives it) and one publisher connection sends for every gateway. The
  broker's per-client queue is unbounded (--queue-limit 0): the publisher is far faster than any ingest, so the
  backlog waits in the broker, and Mosquitto's default max_queued_messages of 1000 would drop the burst's tail for
  the server's subscription (run --queue-limit 1000 to see it).
- The embedded default (`--db sqlite`, broker `embedded` by default): SQLite and the Mosquitto `iotyun serve` itself
  starts and supervises when IOTYUN_MQTT_URL is unset (dynamic security, generated configuration, its port given).
  Every gateway first proves its secret over HTTP as the agent does (GET /api/dev/access), so the server writes its
  broker account, and then publishes over its own connection as itself (SN as client id and user name).

Before the clock starts every gateway announces itself online (its state message, again every 2 s) and the benchmark
waits until the server has marked all of them online, so the server is subscribed and its configuration cache is
warm. The publisher (a separate process, paho-mqtt, QoS 1) then sends a fixed total of points (default 1,000,000)
shaped as the gateway agent (iotyun/gateway/agent.py) publishes them: one message per poll of one device, i.e. one
reading of its M data sources (at most 50 values a message, `--values-per-message`), each value
`{"id", "v", "ts", "q"}`, each message `{"boot", "seq", "values"}` with the device's own seq. Messages go
round-robin over the devices; every value differs from the previous one of its data source, so every point is
stored. (`--readings 10` packs ten readings into a message: the 500-value shape earlier runs measured, which flatters
the server ~2x.) The payloads are encoded before the clock starts, and sent as fast as the broker acknowledges.

Measured: from the first publish to the moment the last batch is committed. Each flush commits the gateways'
delivery cursors (boot, seq) in the same transaction as the rows, so the benchmark polls the cursor table (cheap)
every 20 ms; when every gateway's cursor reaches its last seq it checks that history_value holds exactly the total
and that no (device, data source, ts) appears twice (zero loss, no duplicates). Points/s = total / that time. The
server's own CPU seconds for the run are recorded too: points per server CPU second hardly depend on what else the
machine is doing, the absolute rate does. Targets: 100,000 points/s on PostgreSQL, 50,000 on the embedded default,
zero loss both.

Baseline (same run, same machine, same row count): the raw bulk write of the same rows with nothing else — one
asyncpg copy_records_to_table into a scratch table with history_value's columns and index (SQLite: one executemany
in one transaction). For context it also prints the publisher's own rate (first publish to last PUBACK).

Usage: uv run python bench/ingest.py [--devices 100] [--sources 50] [--points 1000000] [--values-per-message 50]
       [--readings 1] [--db postgresql|sqlite] [--broker auto|embedded|private] [--timeout 180] [--queue-limit 0]
Writes bench/results/ingest_<db>.json (DESIGN §4 fields) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import contextlib
import math
import multiprocessing as mp
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import benchlib
import orjson
from sqlalchemy import func, select, text

# Targets from DESIGN (B1), zero loss: 100,000 points/s committed on PostgreSQL + Mosquitto, 50,000 on the embedded
# default (SQLite + the server's own Mosquitto).
TARGET_POINTS_S = {"postgresql": 100_000.0, "sqlite": 50_000.0}
CURSOR_POLL_S = 0.02
INFLIGHT = 200


def batches_of(
    sns: list[str],
    sources: list[int],
    steps: int,
    readings: int,
    per_message: int,
    base_ts: int,
    boot: int,
    steady: Mapping[int, float] | None = None,
) -> list[tuple[str, bytes]]:
    """Every values message of the run, in publishing order (message k of every device, then k + 1). Shaped as
    gateway/agent.py publishes: `readings` one-second readings (1: one poll, the agent's own shape) of at most
    `per_message` values, each value {"id", "v", "ts", "q"}; a device's seq counts its messages. A data source in
    `steady` (id -> value: a status word read in the same poll) sends that same value every time."""
    out: list[tuple[str, bytes]] = []
    steady = steady or {}
    m = len(sources)
    chunks = [(j, sources[j : j + per_message]) for j in range(0, m, per_message)]
    seqs = dict.fromkeys(sns, 0)
    for b in range(math.ceil(steps / readings)):
        step_range = range(b * readings, min(steps, (b + 1) * readings))
        for sn in sns:
            for first, chunk in chunks:
                values = [
                    {"id": sid, "v": steady.get(sid, step * m + first + j + 0.5), "ts": base_ts + step * 1000, "q": 0}
                    for step in step_range
                    for j, sid in enumerate(chunk)
                ]
                seqs[sn] += 1
                body = {"boot": boot, "seq": seqs[sn], "values": values}
                out.append((f"iotyun/dev/{sn}/values", orjson.dumps(body)))
    return out


def rows_of(plant: benchlib.Plant, steps: int, base_ts: int) -> list[tuple[int, int, int, float, None]]:
    """The history rows the run must produce (the baseline writes exactly these)."""
    m = len(plant.sources)
    return [
        (device_id, sid, base_ts + step * 1000, step * m + j + 0.5, None)
        for device_id in plant.devices.values()
        for step in range(steps)
        for j, sid in enumerate(plant.sources)
    ]


def publisher(
    broker: tuple[str, int],
    sns: list[str],
    auth: bool,
    payloads: list[tuple[str, bytes]],
    ready: Any,
    go: Any,
    out: Any,
    timeout: float,
) -> None:
    """The publisher process: connect, announce every gateway online (again every 2 s until `go`), report ready,
    publish everything at QoS 1 on `go`, report the times. With `auth` every gateway has its own connection, as
    itself (SN as client id and user name, its secret), as the embedded broker requires; otherwise one anonymous
    connection publishes for all of them."""

    done = threading.Event()
    lock = threading.Lock()
    acked = 0

    def on_publish(*_: Any) -> None:
        nonlocal acked
        with lock:
            acked += 1
            if acked == len(payloads):
                done.set()

    client_of = benchlib.mqtt_publishers(broker, sns, auth, f"iotyun-bench-pub-{os.getpid()}", INFLIGHT, on_publish)
    if isinstance(client_of, str):
        out.put({"error": client_of})
        return
    state = orjson.dumps({"state": "online", "ts": int(time.time() * 1000), "ip": "127.0.0.1"})
    ready.set()
    while True:
        for sn in sns:
            client_of[sn].publish(f"iotyun/dev/{sn}/state", state, qos=1)
        if go.wait(2):
            break
    acked = 0  # the state messages' acknowledgements are not counted
    first = time.time()
    for topic, body in payloads:
        client_of[topic.split("/")[2]].publish(topic, body, qos=1)
    sent = time.time()
    ok = done.wait(timeout)
    last_ack = time.time()
    for client in set(client_of.values()):
        client.loop_stop()
        client.disconnect()
    out.put(
        {"first": first, "sent": sent, "last_ack": last_ack, "acked": acked, "all_acked": ok, "messages": len(payloads)}
    )


async def wait_committed(
    db: benchlib.BenchDb, gateways: int, last_seq: int, total: int, deadline: float
) -> tuple[float | None, int, int]:
    """(time every cursor reached last_seq, or None on timeout; stored rows; distinct (device, source, ts))."""
    from iotyun.core.db import Database
    from iotyun.telemetry.models import history_value, ingest_cursor

    database = Database(db.url)
    done_at: float | None = None
    try:
        async with database.engine.connect() as conn:
            stmt = select(func.count()).where(ingest_cursor.c.seq >= last_seq)
            while time.time() < deadline:
                if (await conn.execute(stmt)).scalar_one() >= gateways:
                    done_at = time.time()
                    break
                await conn.rollback()
                await asyncio.sleep(CURSOR_POLL_S)
            await conn.rollback()
            count_stmt = select(func.count()).select_from(history_value)
            stored = int((await conn.execute(count_stmt)).scalar_one())
            # A cursor committed ahead of its rows would be a bug; give stragglers until the deadline to show it.
            while done_at is not None and stored < total and time.time() < deadline:
                await asyncio.sleep(0.5)
                await conn.rollback()
                stored = int((await conn.execute(count_stmt)).scalar_one())
            distinct = int(
                (
                    await conn.execute(
                        text(
                            "SELECT count(*) FROM (SELECT DISTINCT device_id, data_source_id, ts FROM history_value) d"
                        )
                    )
                ).scalar_one()
            )
    finally:
        await database.dispose()
    return done_at, stored, distinct


async def baseline_pg(db: benchlib.BenchDb, rows: list[tuple[int, int, int, float, None]]) -> float:
    """Seconds for one COPY of `rows` into a scratch table shaped like history_value (columns and index)."""
    import asyncpg  # type: ignore[import-untyped]

    conn = await asyncpg.connect(db.asyncpg_dsn)
    try:
        await conn.execute("CREATE TABLE bench_copy (LIKE history_value INCLUDING ALL)")
        started = time.perf_counter()
        await conn.copy_records_to_table(
            "bench_copy", records=rows, columns=["device_id", "data_source_id", "ts", "value", "text"]
        )
        elapsed = time.perf_counter() - started
        n = await conn.fetchval("SELECT count(*) FROM bench_copy")
        assert n == len(rows), (n, len(rows))
        await conn.execute("DROP TABLE bench_copy")
        return elapsed
    finally:
        await conn.close()


def baseline_sqlite(db: benchlib.BenchDb, rows: list[tuple[int, int, int, float, None]]) -> float:
    """Seconds for one executemany of `rows` in one transaction into a scratch table with history_value's shape."""
    conn = sqlite3.connect(db.sqlite_path)
    try:
        conn.execute(
            "CREATE TABLE bench_copy (device_id BIGINT NOT NULL, data_source_id BIGINT NOT NULL, ts BIGINT NOT NULL, "
            "value FLOAT, text VARCHAR(255))"
        )
        conn.execute("CREATE INDEX ix_bench_copy ON bench_copy (device_id, data_source_id, ts)")
        conn.commit()
        started = time.perf_counter()
        with conn:
            conn.executemany("INSERT INTO bench_copy VALUES (?, ?, ?, ?, ?)", rows)
        elapsed = time.perf_counter() - started
        conn.execute("DROP TABLE bench_copy")
        conn.commit()
        return elapsed
    finally:
        conn.close()


@dataclass
class Measured:
    """One B1 run (`measure`): the points it stored and how fast, and what the publisher and the server reported."""

    total: int
    steps: int
    base_ts: int
    readings: int
    per_message: int
    embedded: bool
    wire_bytes: int
    published: dict[str, Any]
    elapsed: float
    points_s: float
    stored: int
    distinct: int
    zero_loss: bool
    server_cpu: float
    counters: dict[str, Any] = field(default_factory=dict)


def measure(
    db: benchlib.BenchDb,
    plant: benchlib.Plant,
    *,
    points: int,
    per_message: int = 50,
    readings: int = 1,
    embedded: bool,
    queue_limit: int = 0,
    timeout: float = 180,
    steady: Mapping[int, float] | None = None,
    env: Mapping[str, str] | None = None,
) -> Measured:
    """B1 once on a provisioned plant: start `iotyun serve` (with `embedded` its own Mosquitto, each gateway as
    itself; else a private Mosquitto with max_queued_messages `queue_limit` through IOTYUN_MQTT_URL), publish `points`
    (rounded to whole steps) shaped as the agent sends them (`batches_of`: `steady` data sources among plant.sources
    send a constant value, their history is expected off), wait until every cursor is committed and count what was
    stored, stop the server. `counters` holds the server's counters at its stop (benchlib.start_server's
    `counters`)."""
    steady = steady or {}
    devices, m = len(plant.devices), len(plant.sources)
    per_message = max(1, min(per_message, m))
    readings = max(1, readings)
    steps = max(1, points // (devices * (m - len(steady))))
    total = devices * (m - len(steady)) * steps
    last_seq = math.ceil(steps / readings) * math.ceil(m / per_message)
    base_ts = (int(time.time()) - 86_400) * 1000  # yesterday: inside the server's accepted time window
    ctx = mp.get_context("spawn")
    sns = list(plant.devices)
    counters_file = db.tmp / f"counters-{time.time_ns()}.json"
    with contextlib.ExitStack() as stack:
        log = db.tmp / "server.log"
        port = benchlib.free_port()
        if embedded:
            # The server's own supervised Mosquitto (IOTYUN_MQTT_URL unset), its port given.
            broker = ("127.0.0.1", benchlib.free_port())
            server_env = db.env(IOTYUN_MQTT_PORT=str(broker[1]), IOTYUN_MQTT_BIND="127.0.0.1", **(env or {}))
        else:
            broker = stack.enter_context(benchlib.mosquitto(db.tmp, queue_limit))
            server_env = db.env(IOTYUN_MQTT_URL=f"mqtt://{broker[0]}:{broker[1]}", **(env or {}))
        server = benchlib.start_server(server_env, port, log, counters=counters_file)
        try:
            try:
                benchlib.wait_up(f"http://127.0.0.1:{port}/api/dev/access", plant.headers)
            except OSError as exc:
                raise RuntimeError(f"the server did not start: {benchlib.log_tail(log)}") from exc
            if embedded:
                benchlib.gateway_accounts(f"http://127.0.0.1:{port}", sns)
            payloads = batches_of(
                sns, plant.sources, steps, readings, per_message, base_ts, boot=int(time.time() * 1000), steady=steady
            )
            wire_bytes = sum(len(p) for _, p in payloads)
            ready, go, out = ctx.Event(), ctx.Event(), ctx.Queue()
            pub = ctx.Process(
                target=publisher,
                args=(broker, sns, embedded, payloads, ready, go, out, timeout),
                daemon=True,
            )
            pub.start()
            del payloads
            if not ready.wait(60):
                raise RuntimeError(f"the publisher did not get ready: {out.get(timeout=1) if not out.empty() else ''}")
            asyncio.run(benchlib.wait_online(db, len(sns)))
            time.sleep(1)  # the last state writes and config loads settle before the clock starts
            cpu_before = benchlib.cpu_seconds(server.pid)
            go.set()
            start = time.time()
            done_at, stored, distinct = asyncio.run(wait_committed(db, devices, last_seq, total, start + timeout))
            server_cpu = benchlib.cpu_seconds(server.pid) - cpu_before
            published = out.get(timeout=timeout)
            pub.join(10)
            if "error" in published:
                raise RuntimeError(published["error"])
        finally:
            benchlib.stop([server])
    if done_at is None or stored != total or distinct != total:
        print(
            f"incomplete: {stored} rows stored ({distinct} distinct) of {total}; server log:\n{benchlib.log_tail(log)}",
            file=sys.stderr,
        )
    elapsed = (done_at or time.time()) - published["first"]
    counters = orjson.loads(counters_file.read_bytes()) if counters_file.exists() else {}
    return Measured(
        total=total,
        steps=steps,
        base_ts=base_ts,
        readings=readings,
        per_message=per_message,
        embedded=embedded,
        wire_bytes=wire_bytes,
        published=published,
        elapsed=elapsed,
        points_s=total / elapsed if done_at is not None else stored / elapsed,
        stored=stored,
        distinct=distinct,
        zero_loss=done_at is not None and stored == total and distinct == total,
        server_cpu=server_cpu,
        counters=counters,
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=100)
    parser.add_argument("--sources", type=int, default=50, help="float32 data sources per device")
    parser.add_argument("--points", type=int, default=1_000_000, help="total points (rounded to whole steps)")
    parser.add_argument(
        "--values-per-message", type=int, default=50, help="at most this many values a message (the agent: one poll)"
    )
    parser.add_argument(
        "--readings",
        type=int,
        default=1,
        help="one-second readings a message (1, as the agent sends; 10 with 50 values is the old 500-value shape)",
    )
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    parser.add_argument("--timeout", type=float, default=180, help="seconds to wait for the last commit")
    parser.add_argument(
        "--broker",
        choices=["auto", "embedded", "private"],
        default="auto",
        help="embedded: the server's own Mosquitto, each gateway as itself (auto for sqlite); private: an anonymous "
        "Mosquitto on a free port through IOTYUN_MQTT_URL (auto for postgresql)",
    )
    parser.add_argument(
        "--queue-limit",
        type=int,
        default=0,
        help="the broker's max_queued_messages (0: no limit; Mosquitto's default is 1000, which drops a burst)",
    )
    args = parser.parse_args()

    with benchlib.bench_db(args.db) as db:
        plant = asyncio.run(benchlib.provision(db, args.devices, args.sources))
        run = measure(
            db,
            plant,
            points=args.points,
            per_message=args.values_per_message,
            readings=args.readings,
            embedded=args.broker == "embedded" or (args.broker == "auto" and args.db == "sqlite"),
            queue_limit=args.queue_limit,
            timeout=args.timeout,
        )
        rows = rows_of(plant, run.steps, run.base_ts)
        base_s = asyncio.run(baseline_pg(db, rows)) if args.db == "postgresql" else baseline_sqlite(db, rows)

    total, elapsed, published, server_cpu = run.total, run.elapsed, run.published, run.server_cpu
    stored, distinct, zero_loss, embedded = run.stored, run.distinct, run.zero_loss, run.embedded
    readings, per_message, wire_bytes = run.readings, run.per_message, run.wire_bytes
    cand = run.points_s
    base = total / base_s
    pub_rate = total / (published["last_ack"] - published["first"])
    extra = {
        "devices": args.devices,
        "sources": args.sources,
        "points": total,
        "values_per_message": readings * per_message,
        "readings_per_message": readings,
        "batches": published["messages"],
        "payload_mb": round(wire_bytes / 1e6, 1),
        "database": args.db,
        "seconds": round(elapsed, 3),
        "stored": stored,
        "distinct": distinct,
        "zero_loss": zero_loss,
        "mqtt_publish_points_s": round(pub_rate, 1),
        "mqtt_all_acked": published["all_acked"],
        "broker": "embedded (the server's supervised Mosquitto, one connection per gateway)"
        if embedded
        else "private Mosquitto through IOTYUN_MQTT_URL (one publisher connection)",
        "broker_max_queued_messages": 0 if embedded else args.queue_limit,
        # The server's own CPU time for the run: points per CPU second hardly depend on what else the machine does.
        "server_cpu_s": round(server_cpu, 2),
        "points_per_server_cpu_s": round(total / server_cpu, 1) if server_cpu else None,
        # The machine is shared: its load during the run says how far the absolute figure can be trusted.
        "load_average_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    target = TARGET_POINTS_S[args.db]
    results = [
        benchlib.result(
            "ingest",
            "ingest_points_per_s",
            "points/s",
            cand,
            base,
            "one raw COPY of the same rows into a scratch table with the same columns and index"
            if args.db == "postgresql"
            else "one executemany of the same rows into a scratch table with the same columns and index",
            target,
            zero_loss and cand >= target,
            **extra,
        )
    ]
    benchlib.report(f"ingest_{args.db}", results)
    print(
        f"context: {total} points in {published['messages']} batches ({wire_bytes / 1e6:.1f} MB) published and "
        f"acknowledged by Mosquitto at {pub_rate:,.0f} points/s; committed in {elapsed:.2f} s; "
        f"stored {stored}, distinct {distinct}, zero loss: {zero_loss}; server CPU {server_cpu:.1f} s "
        f"({total / max(server_cpu, 1e-9):,.0f} points per CPU second), load average {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
