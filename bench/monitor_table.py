"""Monitoring table benchmark (issue 35 point 7): the monitoring table of 500 devices × 30 data sources changing every
second keeps the browser's main thread at most 40 % busy in headless Chromium.

The candidate is `iotyun serve --demo` (a fresh SQLite data directory, captcha off) serving the console as built in
web/dist (`make web`), connected through IOTYUN_MQTT_URL to a private Mosquitto (benchlib.live_demo, as the screen
runtime's benchmark B8 runs it). Once it serves, this script adds --devices gateways and registered devices of the
demo's administrator straight into the demo's SQLite database (bookkeeping rows, as benchlib.provision inserts its
plant's), then through the API (signed in as that administrator) makes a template of 30 float32 data sources, binds
it to those devices, publishes it, and makes a monitoring table of its 30 columns (POST /yun/module/middleware/table:
two header groups, three colour bands on every column, decimals of 2).

A publisher (paho-mqtt, one connection, QoS 0, what a gateway sends on iotyun/dev/<SN>/values) sends every device's
30 values once a second, spread evenly over the second; every value changes on every batch. Debian's Chromium,
driven by the Playwright of the console's browser tests (bench/monitor_table_browser.mjs), signs in and opens
/monitor/monitoringDevice?table=<id>; after a warm-up it measures for --seconds while values flow:
  busy      the main thread's busy share: CDP Performance.getMetrics TaskDuration (the renderer main thread's task
            CPU time) over the wall time between two readings (a second window as wall-time ticks alongside);
  values/s  the live values the page's socket received (a 'message' listener the page's WebSocket runs first);
  frames    animation frames per second, and the p95 of the time between two of them (a frame's duration).
Then the publisher stops and, after the queues drain, the same page is measured again the same way: the baseline,
so the ratio isolates the live updates.

Usage: uv run python bench/monitor_table.py [--seconds 20] [--devices 500] [--rate 1] [--dist web/dist]
Writes bench/results/monitor_table.json (a DESIGN §4 entry: monitor_table_busy_pct) and prints
`metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import benchlib
import orjson

DRIVER = benchlib.ROOT / "bench" / "monitor_table_browser.mjs"
SOURCES = 30
TARGET_BUSY_PCT = 40.0
SN_PREFIX = "MT"
# Three colour bands on every column (values cycle through 0–100, so every band is drawn).
BANDS = [
    {"max": 30, "color": "#1677ff"},
    {"min": 30, "max": 70, "color": "#389e0d"},
    {"min": 70, "color": "#cf1322", "background": "#fff1f0"},
]


def seed_devices(data_dir: Path, user_id: int, tenant_id: int, count: int) -> dict[str, int]:
    """`count` gateways and registered devices of the demo's administrator (user `user_id` of tenant `tenant_id`),
    inserted into the demo's SQLite database while it serves; SN → device id, in SN order."""
    return asyncio.run(_seed_devices(data_dir, user_id, tenant_id, count))


async def _seed_devices(data_dir: Path, user_id: int, tenant_id: int, count: int) -> dict[str, int]:
    import iotyun.app  # noqa: F401 - every model mapped (the devices' foreign keys name the team's tables)
    from iotyun.core.db import Database

    database = Database(f"sqlite+aiosqlite:///{(data_dir / 'iotyun.db').resolve()}")
    sns = [f"{SN_PREFIX}{i:06d}" for i in range(count)]
    try:
        async with database.sessionmaker() as session:
            _, device_ids = await benchlib.insert_devices(session, tenant_id, user_id, sns, lambda i: f"监测 {i:03d}")
            await session.commit()
    finally:
        await database.dispose()
    return dict(zip(sns, device_ids, strict=True))


def table_design(sources: list[int]) -> dict[str, Any]:
    """The monitoring table's design: every data source a column of 2 decimals under one of two header groups, each
    with BANDS; the device column frozen with its SN and state."""
    half = len(sources) // 2
    columns = [
        {
            "source_id": sid,
            "group": "一段" if i < half else "二段",
            "width": 90,
            "decimals": 2,
            "align": "right",
            "bands": BANDS,
        }
        for i, sid in enumerate(sources)
    ]
    return {
        "schema_version": 1,
        "columns": columns,
        "device": {"width": 180, "show_sn": True, "show_state": True, "frozen": True},
    }


def make_plant(demo: benchlib.LiveDemo, data_dir: Path, devices: int) -> dict[str, Any]:
    api = demo.api
    by_sn = seed_devices(data_dir, int(api.headers["X-User"]), int(api.headers["X-Tenant"]), devices)
    tid, sources, _main = benchlib.value_template(api, "监测表基准", SOURCES, digits=2)
    ids = list(by_sn.values())
    from iotyun.templates.binding.schemas import BIND_BATCH_MAX

    for start in range(0, len(ids), BIND_BATCH_MAX):
        api.call("POST", "/yun/module/bind", {"template_id": tid, "device_ids": ids[start : start + BIND_BATCH_MAX]})
    api.call("POST", "/yun/module/publish", {"id": tid})
    table = api.call(
        "POST",
        "/yun/module/middleware/table",
        {"template_id": tid, "name": "监测表基准", "design": table_design(sources)},
    )
    return {"template_id": tid, "table_id": int(table["id"]), "sns": list(by_sn), "sources": sources}


class Publisher(threading.Thread):
    """Every gateway's values once per 1/rate seconds, spread evenly over the period, until stopped: one anonymous
    connection to the private broker, QoS 0 (a gateway's values topic). Every value changes on every batch."""

    def __init__(self, broker: tuple[str, int], sns: list[str], sources: list[int], rate: float) -> None:
        super().__init__(daemon=True)
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.sns, self.sources, self.rate = sns, sources, rate
        self.stopping = threading.Event()
        self.boot = int(time.time() * 1000)
        self.messages = 0
        self.behind_s = 0.0
        self.started_at = 0.0
        self.stopped_at = 0.0
        connected = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="monitor-table-bench")
        self.client.on_connect = lambda *_: connected.set()
        self.client.max_queued_messages_set(0)
        self.client.connect(*broker)
        self.client.loop_start()
        if not connected.wait(10):
            raise RuntimeError("the publisher could not connect")

    def run(self) -> None:
        step = 1.0 / self.rate / len(self.sns)
        self.started_at = next_at = time.perf_counter()
        seq = 0
        while not self.stopping.is_set():
            seq += 1
            for k, sn in enumerate(self.sns):
                ts = int(time.time() * 1000)
                # A value cycling 0–100 by device, column and batch: every value changes on every batch.
                values = [
                    {"id": sid, "v": round((seq * 7 + k * 3 + j * 11) % 100 + j / 1000, 3), "ts": ts}
                    for j, sid in enumerate(self.sources)
                ]
                self.client.publish(
                    f"iotyun/dev/{sn}/values", orjson.dumps({"boot": self.boot, "seq": seq, "values": values})
                )
                self.messages += 1
                next_at += step
                delay = next_at - time.perf_counter()
                if delay > 0:
                    time.sleep(delay)
                else:
                    self.behind_s = max(self.behind_s, -delay)
                if self.stopping.is_set():
                    break
        self.stopped_at = time.perf_counter()

    def stop(self) -> None:
        self.stopping.set()
        self.join(10)
        self.client.loop_stop()
        self.client.disconnect()

    @property
    def values_per_s(self) -> float:
        end = self.stopped_at or time.perf_counter()
        return self.messages * len(self.sources) / (end - self.started_at) if self.started_at else 0.0


def stop_when_told(publisher: Publisher, signal: Path, done: threading.Event) -> None:
    """The driver asks for the baseline by writing `signal`: the publisher stops then."""
    while not done.is_set():
        if signal.exists():
            publisher.stop()
            return
        time.sleep(0.1)


def phase_figures(phase: dict[str, Any]) -> dict[str, Any]:
    seconds = phase["seconds"]
    return {
        "busy_pct": round(phase["busy"] * 100, 2),
        "busy_wall_pct": round(phase["busy_wall"] * 100, 2),
        "script_pct": round(phase["script"] * 100, 2),
        "layout_style_pct": round(phase["layout"] * 100, 2),
        "seconds": round(seconds, 2),
        "values_per_s": round(phase["values"] / seconds, 1),
        "frames_of_values_per_s": round(phase["value_frames"] / seconds, 1),
        "frames_per_s": round(phase["rafs"] / seconds, 1),
        "frame_p50_ms": round(benchlib.percentile(phase["frame_ms"], 50), 1) if phase["frame_ms"] else None,
        "frame_p95_ms": round(benchlib.percentile(phase["frame_ms"], 95), 1) if phase["frame_ms"] else None,
        "longest_task_ms": round(phase["longest_task_ms"], 1),
        "rows_drawn": phase["rows_drawn"],
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per phase")
    parser.add_argument("--devices", type=int, default=500, help="rows of the table")
    parser.add_argument("--rate", type=float, default=1.0, help="each device's values batches per second")
    parser.add_argument("--dist", type=Path, default=benchlib.ROOT / "web" / "dist", help="the console build")
    args = parser.parse_args()
    dist = benchlib.console_build(args.dist)
    password = benchlib.demo_password()

    tmp = Path(tempfile.mkdtemp(prefix="iotyun-bench-"))
    publisher: Publisher | None = None
    done = threading.Event()
    try:
        with benchlib.live_demo(tmp, dist, password) as demo:
            plan = make_plant(demo, tmp, args.devices)
            signal = tmp / "baseline.now"
            plan.update(seconds=args.seconds, rows=args.devices, signal=str(signal))
            publisher = Publisher(demo.broker, plan.pop("sns"), plan["sources"], args.rate)
            publisher.start()
            watcher = threading.Thread(target=stop_when_told, args=(publisher, signal, done), daemon=True)
            watcher.start()
            server_cpu = benchlib.cpu_seconds(demo.server.pid)
            load_before = os.getloadavg()[0]
            started = time.monotonic()
            try:
                report = benchlib.drive_plan(DRIVER, demo.base, password, plan, tmp, timeout=900)
            finally:
                done.set()
                publisher.stop()
            driven_s = time.monotonic() - started
            load_after = os.getloadavg()[0]
            server_cpu = benchlib.cpu_seconds(demo.server.pid) - server_cpu
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    live, still = phase_figures(report["live"]), phase_figures(report["still"])
    offered = args.devices * SOURCES * args.rate
    results = [
        benchlib.result(
            "monitor_table",
            "monitor_table_busy_pct",
            "%",
            live["busy_pct"],
            still["busy_pct"],
            "the same page in the same run once the publisher stopped (no values flowing)",
            TARGET_BUSY_PCT,
            live["busy_pct"] <= TARGET_BUSY_PCT,
            target_text=f"≤{TARGET_BUSY_PCT:g}",
            statistic="the main thread's task CPU time (TaskDuration, thread ticks) / wall time over the measured seconds",
            rows=args.devices,
            columns=SOURCES,
            values_offered_per_s=round(offered, 1),
            values_published_per_s=round(publisher.values_per_s, 1) if publisher else None,
            publisher_behind_max_s=round(publisher.behind_s, 3) if publisher else None,
            values_delivered_per_s=live["values_per_s"],
            frame_p95_ms=live["frame_p95_ms"],
            candidate_wall_pct=live["busy_wall_pct"],
            baseline_wall_pct=still["busy_wall_pct"],
            live=live,
            still=still,
            # From the publisher's stop to the page's socket quiet for 2 s: the backlog the server and socket held.
            drained_ms=report.get("drained_ms"),
            # The server's CPU seconds per second over the browser run, both phases (ingest, the hub, the sockets).
            server_cpu_share=round(server_cpu / driven_s, 2),
            load_average=[round(load_before, 2), round(load_after, 2)],
            cpus=os.cpu_count(),
        )
    ]
    benchlib.report("monitor_table", results)
    print(f"live: {json.dumps(live)}\nstill: {json.dumps(still)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
