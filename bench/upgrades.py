"""Upgrades benchmark (issue 34 point 9): 1,000 simulated gateways told to upgrade at once.

The candidate is `iotyun serve` (one process) against a throwaway PostgreSQL database (or SQLite with --db sqlite),
connected through IOTYUN_MQTT_URL to a private Mosquitto (anonymous, on a free port). --devices registered gateways
(default 1,000; model BENCH, version 1.0.0) are bound to a published template of 5 data sources, and run in a child
process as the simulated gateway agent (iotyun/gateway/simulate.py): values every second, and an upgrade taken for
real — the command on its own topic, the package downloaded through the device's short-lived link, its SHA-256
checked, every step reported — with only the install simulated (a 2 s pause, then the new version). They send values
every 10 s: the thousand agents share one process and the machine's two cores with the server. One gateway in
--cut-every has its first download cut half-way by the network (the agent resumes it with a range request).

The package is this agent's own (`iotyun gateway-package`, about 1.1 MB), uploaded to the library as 2.0.0.

1. API while idle (baseline): a probe asks GET /api/software/upgrade and GET /api/dev?page_size=20 in turn, 20 a
   second, for --probe-s seconds while the gateways send values.
2. The rollout (candidate): one POST /software/upgrade of every device; the same probe runs until every device's
   upgrade has ended. Targets: the probe's p99 ≤ 100 ms during the rollout; every device's final state recorded (all
   updated, each download cut once resumed).
3. Downloads at the disk's pace (before the gateways start): as many concurrent clients as there are gateways fetch
   the package from the server (half of them in two ranges, as a resumed download does; each client with its own
   connection, as each gateway has), against a bare Starlette
   FileResponse app (uvicorn, one process) serving the same file to the same clients in the same run. Target: ≥ 0.5
   of its rate. The rollout's own download rate (bytes over first start to last end, as the gateways noted them) is
   recorded beside it; it follows the runner's pace of commands, not the server's of bytes.

Usage: uv run python bench/upgrades.py [--devices 1000] [--db postgresql|sqlite] [--probe-s 10] [--cut-every 10]
       [--timeout 600] [--downloads-only]
Writes bench/results/upgrades.json (DESIGN §4 entries) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import contextlib
import hashlib
import multiprocessing as mp
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import benchlib
import httpx

TARGET_P99_MS = 100.0
TARGET_DOWNLOAD_RATIO = 0.5
PROBE_PER_S = 20
SOURCES = 5
VERSION = "2.0.0"


# --- the simulated gateways (a child process) ------------------------------------------------------------------------


def gateways_process(server: str, broker: tuple[str, int], sns: list[str], cut_every: int, out: Any, stop: Any) -> None:
    asyncio.run(_gateways(server, broker, sns, cut_every, out, stop))


async def _gateways(server: str, broker: tuple[str, int], sns: list[str], cut_every: int, out: Any, stop: Any) -> None:
    from iotyun.gateway import simulate, upgrade

    downloads: list[tuple[float, float, int]] = []
    resumed: list[str] = []
    cut_pending = {sn for i, sn in enumerate(sns) if cut_every and i % cut_every == 0}
    original = upgrade.Upgrades.download

    async def download(self: upgrade.Upgrades, req_id: str, url: str, part: Path, size: int | None) -> None:
        began = time.time()
        if self.sn in cut_pending and size:
            cut_pending.discard(self.sn)
            await _half(self, url, part, size)
            resumed.append(self.sn)
        await original(self, req_id, url, part, size)
        downloads.append((began, time.time(), size or 0))

    upgrade.Upgrades.download = download  # type: ignore[method-assign]
    simulate.INSTALL_S = 2.0
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, lambda: (stop.wait(), loop.call_soon_threadsafe(stopping.set)))
    data_dir = Path(tempfile.mkdtemp(prefix="iotyun-bench-gw-"))
    # Values every 10 s: the thousand agents share one process and two cores with the server, and the measure is the
    # upgrade, not the ingest (bench/ingest.py).
    await simulate.run_simulated_gateways(
        server, broker[0], broker[1], [(sn, benchlib.SECRET) for sn in sns], stopping, data_dir=data_dir, rate_hz=0.1
    )
    out.put({"downloads": downloads, "resumed": resumed})


async def _half(up: Any, url: str, part: Path, size: int) -> None:
    """The first half of the package, then the connection dropped (what a lost network leaves on disk)."""
    target = url if url.startswith("http") else f"{up.server}{url}"
    async with up.http.stream("GET", target, headers={"Range": f"bytes=0-{size // 2 - 1}"}) as resp:
        with part.open("wb") as f:
            async for chunk in resp.aiter_bytes():
                f.write(chunk)


# --- the probe --------------------------------------------------------------------------------------------------------


async def probe(base: str, headers: dict[str, str], until: Any) -> list[float]:
    """Milliseconds of each probe request, PROBE_PER_S a second, until `until()` is true."""
    paths = ["/api/software/upgrade", "/api/dev?page=1&page_size=20"]
    took: list[float] = []
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as http:
        n = 0
        start = time.monotonic()
        while not await until():
            t0 = time.perf_counter()
            resp = await http.get(paths[n % 2])
            took.append((time.perf_counter() - t0) * 1000)
            if resp.status_code != 200 or resp.json()["meta"]["success"] != 1:
                raise RuntimeError(f"probe refused: {resp.text[:300]}")
            n += 1
            delay = start + n / PROBE_PER_S - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
    return took


# --- the baseline file server -----------------------------------------------------------------------------------------

BARE_APP = """
import os
from starlette.applications import Starlette
from starlette.responses import FileResponse
from starlette.routing import Route
PATH = os.environ["BENCH_FILE"]
async def file(request):
    return FileResponse(PATH, media_type="application/octet-stream")
app = Starlette(routes=[Route("/file", file)])
"""


async def fetch_all(url: str, clients: int, size: int, headers: dict[str, str] | None = None) -> tuple[float, float]:
    """`clients` concurrent downloads of `url` (half of them in two ranges), each client with its own connection as
    each gateway has: (seconds, bytes). One shared httpx pool of a thousand connections would measure the pool, not
    the server: httpcore matches each queued request against every connection, and that bookkeeping took three times
    the CPU of the bytes (py-spy) and set the pace of both servers."""
    got: list[int] = []
    ssl_context = ssl.create_default_context()  # loaded once, not once per client

    async def one(i: int, http: httpx.AsyncClient) -> None:
        if i % 2:
            for rng in (f"bytes=0-{size // 2 - 1}", f"bytes={size // 2}-"):
                got.append(len((await http.get(url, headers={"Range": rng})).content))
        else:
            got.append(len((await http.get(url)).content))

    async with contextlib.AsyncExitStack() as stack:
        pool = [
            await stack.enter_async_context(httpx.AsyncClient(timeout=120, verify=ssl_context, headers=headers or {}))
            for _ in range(clients)
        ]
        start = time.perf_counter()
        await asyncio.gather(*(one(i, http) for i, http in enumerate(pool)))
        return time.perf_counter() - start, float(sum(got))


def bare_rate(package: Path, clients: int, tmp: Path) -> float:
    (tmp / "bare_app.py").write_text(BARE_APP)
    port = benchlib.free_port()
    env = {**os.environ, "BENCH_FILE": str(package), "PYTHONPATH": str(tmp)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "bare_app:app", "--port", str(port), "--log-level", "warning"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        benchlib.wait_up(f"http://127.0.0.1:{port}/file", {})
        seconds, got = asyncio.run(fetch_all(f"http://127.0.0.1:{port}/file", clients, package.stat().st_size))
        return got / seconds
    finally:
        benchlib.stop([proc])


# --- the run ----------------------------------------------------------------------------------------------------------


def upload(base: str, headers: dict[str, str], package: Path) -> dict[str, Any]:
    files = {"file": (package.name, package.read_bytes(), "application/gzip")}
    data = {"type": "1", "version": VERSION, "models": "BENCH", "content_en": "bench", "mode": "1"}
    resp = httpx.post(f"{base}/api/software/version", headers=headers, data=data, files=files, timeout=60)
    body = resp.json()
    if body["meta"]["success"] != 1:
        raise RuntimeError(f"upload refused: {body}")
    row: dict[str, Any] = body["data"]
    return row


async def rollout(base: str, headers: dict[str, str], version_id: int, device_ids: list[int], within_s: float) -> Any:
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as http:

        async def updatable() -> bool:
            resp = await http.get("/api/software/upgrade/devices", params={"version_id": version_id, "page_size": 1})
            return len(resp.json()["data"]["updatable_ids"]) == len(device_ids)

        deadline = time.monotonic() + 120
        while not await updatable():
            if time.monotonic() > deadline:
                raise RuntimeError("not every gateway came online and updatable")
            await asyncio.sleep(1)
        idle_until = time.monotonic() + ARGS.probe_s

        async def idle_done() -> bool:
            return bool(time.monotonic() > idle_until)

        idle = await probe(base, headers, idle_done)
        started = time.time()
        body = (
            await http.post("/api/software/upgrade", json={"version_id": version_id, "device_ids": device_ids})
        ).json()
        if body["meta"]["success"] != 1:
            raise RuntimeError(f"start refused: {body}")
        upgrade_id = body["data"]["id"]
        end_by = time.monotonic() + within_s
        state: dict[str, Any] = {}

        async def ended() -> bool:
            info = (await http.get("/api/software/upgrade/info", params={"id": upgrade_id})).json()["data"]
            state.update(info)
            if time.monotonic() > end_by:
                return True
            return bool(info["state"] == 4)

        during = await probe(base, headers, ended)
        finished = time.time()
        return idle, during, state, finished - started


ARGS: argparse.Namespace


def main() -> None:
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--devices", type=int, default=1000)
    parser.add_argument("--db", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--probe-s", type=float, default=10.0)
    parser.add_argument("--cut-every", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument(
        "--downloads-only", action="store_true", help="measure step 3 only (no rollout); writes no results file"
    )
    ARGS = parser.parse_args()
    ctx = mp.get_context("spawn")
    from iotyun.gateway.package import build_package

    with contextlib.ExitStack() as stack:
        db = stack.enter_context(benchlib.bench_db(ARGS.db))
        plant = asyncio.run(benchlib.provision(db, ARGS.devices, SOURCES))
        broker = stack.enter_context(benchlib.mosquitto(db.tmp, 0))
        port = benchlib.free_port()
        base = f"http://127.0.0.1:{port}"
        log = db.tmp / "server.log"
        server = benchlib.start_server(db.env(IOTYUN_MQTT_URL=f"mqtt://{broker[0]}:{broker[1]}"), port, log)
        gateways = None
        try:
            benchlib.wait_up(f"{base}/api/dev/access", plant.headers)
            package = build_package(db.tmp / "gw.tar.gz", VERSION, ["BENCH"])
            version = upload(base, plant.headers, package)
            assert version["sha256"] == hashlib.sha256(package.read_bytes()).hexdigest()
            # The server's package download (the FileResponse the device links answer with, behind its lookup), by
            # as many concurrent clients as there are gateways, half of them in two ranges; the bare server after.
            file_url = f"{base}/api/software/version/file?id={version['id']}"
            seconds, got = asyncio.run(fetch_all(file_url, ARGS.devices, package.stat().st_size, plant.headers))
            served = got / seconds
            if ARGS.downloads_only:
                benchlib.stop([server])
                bare = bare_rate(package, ARGS.devices, db.tmp)
                print(
                    f"download rate: server {served / 1e6:.1f} MB/s, bare {bare / 1e6:.1f} MB/s, {served / bare:.2f}x"
                )
                return
            out, stop = ctx.Queue(), ctx.Event()
            gateways = ctx.Process(
                target=gateways_process, args=(base, broker, list(plant.devices), ARGS.cut_every, out, stop)
            )
            gateways.start()
            idle, during, state, took = asyncio.run(
                rollout(base, plant.headers, int(version["id"]), list(plant.devices.values()), ARGS.timeout)
            )
            stop.set()
            seen = out.get(timeout=60)
            gateways.join(30)
        except Exception:
            print(benchlib.log_tail(log), file=sys.stderr)
            raise
        finally:
            if gateways is not None and gateways.is_alive():
                gateways.terminate()
            benchlib.stop([server])
        bare = bare_rate(package, ARGS.devices, db.tmp)

    downloads = seen["downloads"]
    span = max(e for _, e, _ in downloads) - min(s for s, _, _ in downloads) if downloads else float("nan")
    rollout_rate = sum(n for _, _, n in downloads) / span if downloads else 0.0
    counts = state.get("counts", {})
    all_recorded = state.get("state") == 4 and counts.get("updated") == ARGS.devices
    p99_idle, p99_during = benchlib.percentile(idle, 99), benchlib.percentile(during, 99)
    extra = {
        "devices": ARGS.devices,
        "db": ARGS.db,
        "rollout_s": round(took, 1),
        "counts": counts,
        "downloads": len(downloads),
        "resumed": len(seen["resumed"]),
        "rollout_download_mb_s": round(rollout_rate / 1e6, 2),
        "probe_requests": [len(idle), len(during)],
        "p50_ms": [round(statistics.median(idle), 2), round(statistics.median(during), 2)],
    }
    benchlib.report(
        "upgrades",
        [
            benchlib.result(
                "upgrades_api_p99",
                "API p99 during a rollout of every gateway",
                "ms",
                p99_during,
                p99_idle,
                "the same probe while idle",
                TARGET_P99_MS,
                p99_during <= TARGET_P99_MS,
                target_text="≤100 ms",
                **extra,
            ),
            benchlib.result(
                "upgrades_download_rate",
                "package bytes served per second",
                "MB/s",
                served / 1e6,
                bare / 1e6,
                "bare Starlette FileResponse, same clients",
                TARGET_DOWNLOAD_RATIO,
                served >= TARGET_DOWNLOAD_RATIO * bare,
                target_text="≥0.5×",
            ),
            benchlib.result(
                "upgrades_final_states",
                "devices whose final state is recorded (updated)",
                "devices",
                float(counts.get("updated", 0)),
                float(ARGS.devices),
                "devices told to upgrade",
                1.0,
                all_recorded,
                target_text="all",
            ),
        ],
    )


if __name__ == "__main__":
    main()
