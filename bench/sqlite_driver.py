"""SQLite driver benchmark (issue 33 point 1): the device list page (`GET /api/dev?page=1&page_size=20`, 10,000
devices) through the app's one-hop SQLite driver (iotyun/core/sqlite_driver.py) against SQLAlchemy's plain aiosqlite
adapter, in one process on one database: two apps, the ASGI app called directly (no HTTP, so the figure is the
server's own time a request), blocks of requests alternating between the two, with the read caches on and off.

Reported: the median time of a request over the blocks, the one-hop driver as the candidate and plain aiosqlite as
the baseline; the target is a ratio ≤ 0.9 (each statement is one hand-over to aiosqlite's thread instead of four).

Usage: uv run python bench/sqlite_driver.py [--devices 10000] [--blocks 10] [--per-block 300]
Writes bench/results/sqlite_driver.json (DESIGN §4 fields) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import benchlib
from device_list import PAGE_PATH, seed

TARGET_RATIO = 0.9


async def measure(
    url: str, tmp: Path, headers: dict[str, str], cache: float, blocks: int, per: int
) -> dict[str, float]:
    from iotyun.app import create_app
    from iotyun.core import sqlite_driver
    from iotyun.core.config import Settings

    apps: dict[str, Any] = {}
    for name, driver in (("one-hop", sqlite_driver.DRIVER), ("aiosqlite", "aiosqlite")):
        saved = sqlite_driver.DRIVER
        sqlite_driver.DRIVER = driver  # make_engine maps sqlite+aiosqlite onto this driver
        try:
            settings = Settings(
                data_dir=tmp,
                database_url=url,
                captcha="off",
                telemetry="off",
                log_level="WARNING",
                read_cache_seconds=cache,
            )
            apps[name] = create_app(settings)
        finally:
            sqlite_driver.DRIVER = saved
        assert apps[name].state.db.engine.dialect.driver == driver
    path, query = PAGE_PATH.split("?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()] + [(b"host", b"bench")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 80),
    }
    statuses: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    spent: dict[str, list[float]] = {name: [] for name in apps}
    try:
        for app in apps.values():
            for _ in range(200):  # warm: caches, statement cache, SQLite's page cache
                await app(dict(scope), receive, send)
        order = list(apps.items())
        for b in range(blocks):
            for name, app in order if b % 2 == 0 else order[::-1]:
                started = time.perf_counter()
                for _ in range(per):
                    await app(dict(scope), receive, send)
                spent[name].append((time.perf_counter() - started) / per * 1e6)
    finally:
        for app in apps.values():
            await app.state.db.dispose()
    assert set(statuses) == {200}, set(statuses)
    return {name: statistics.median(values) for name, values in spent.items()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--blocks", type=int, default=10)
    parser.add_argument("--per-block", type=int, default=300)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="iotyun-bench-"))
    try:
        url = f"sqlite+aiosqlite:///{tmp / 'bench.sqlite'}"
        headers = asyncio.run(seed(url, args.devices))
        results = []
        for cache, label in ((2.0, ""), (0.0, "_uncached")):
            found = asyncio.run(measure(url, tmp, headers, cache, args.blocks, args.per_block))
            ratio = found["one-hop"] / found["aiosqlite"]
            results.append(
                benchlib.result(
                    "sqlite_driver",
                    f"device_list_us_per_request{label}",
                    "µs",
                    found["one-hop"],
                    found["aiosqlite"],
                    "SQLAlchemy's plain aiosqlite adapter, same process, same database, alternating blocks",
                    TARGET_RATIO,
                    ratio <= TARGET_RATIO,
                    target_text=f"<={TARGET_RATIO}x",
                    devices=args.devices,
                    blocks=args.blocks,
                    per_block=args.per_block,
                    read_cache_seconds=cache,
                )
            )
        benchlib.report("sqlite_driver", results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
