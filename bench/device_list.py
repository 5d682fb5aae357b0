"""Device list benchmark (issue 4): GET /api/dev pages over 10,000 devices against a bare Starlette baseline.

Every server runs as one uvicorn worker on this machine and is driven by the same wrk load (same connections, same
duration) in the same run, so the ratio is what matters on these noisy machines. The candidate answers the real
request: token authentication, tenant binding, the visibility rule, the count, the page's ids and their details,
the envelope. It runs three times: as shipped (read caches on: the token's principal and the page's whole answer
are served from memory until a write they depend on or IOTYUN_READ_CACHE_SECONDS), with IOTYUN_READ_CACHE_SECONDS=0
(every request does all of it against the database), and as shipped with `serve --workers 2` (two processes on
one port). The baseline answers a precomputed JSON body of the same size with Starlette alone.

Usage: uv run python bench/device_list.py [--devices 10000] [--seconds 10] [--connections 16] [--db sqlite|postgresql]
Writes bench/results/device_list_<db>.json (DESIGN §4 fields) and prints `metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import insert, text

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
TOKEN = "bench-token-0123456789abcdef0123456789abcdef"
PAGE_PATH = "/api/dev?page=1&page_size=20"
# Targets (issue 33 point 1): one server process answers at least 2,000 requests/s with its read caches on and
# 1,000 with them off, p99 at most 50 ms; two workers at least 1.7 times one process.
TARGET_RPS = 2000.0
TARGET_RPS_UNCACHED = 1000.0
TARGET_P99_MS = 50.0
TARGET_WORKERS_RATIO = 1.7


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def seed(url: str, devices: int) -> dict[str, str]:
    """Migrate and fill the database; returns the auth headers of the tenant administrator."""
    from iotyun.auth import service as auth_service
    from iotyun.auth.models import User, UserToken
    from iotyun.core import security
    from iotyun.core.config import Settings
    from iotyun.core.db import Database
    from iotyun.core.permissions import RoleCode
    from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, Device, DeviceGroup, Gateway
    from iotyun.migrate import upgrade

    settings = Settings()
    await asyncio.to_thread(upgrade, settings, url)
    db = Database(url)
    now = datetime.now(UTC)
    try:
        async with db.sessionmaker() as session:
            tenant, roles = await auth_service.create_tenant(session, "bench", "bench")
            admin = User(
                tenant_id=tenant.id,
                user_name="benchadmin",
                password_hash=security.hash_password_sync("bench123"),
                role_id=roles[RoleCode.ADMINISTRATOR].id,
            )
            session.add(admin)
            await session.flush()
            groups = [DeviceGroup(tenant_id=tenant.id, name=f"G{i}", is_default=i == 0) for i in range(10)]
            session.add_all(groups)
            await session.flush()
            session.add(
                UserToken(
                    tenant_id=tenant.id,
                    user_id=admin.id,
                    token_hash=security.digest(TOKEN),
                    pub_key="",
                    expires_at=now + timedelta(days=1),
                )
            )
            secret = security.hash_password_sync("secret123", device=True)
            batch = 2000
            for start in range(0, devices, batch):
                rows = range(start, min(start + batch, devices))
                gateways = [
                    {
                        "sn": f"BENCH{i:09d}",
                        "secret_hash": secret,
                        "model": f"GW{i % 5}",
                        "firmware_version": "1.2.0",
                        "dev_state": DEV_ONLINE if i % 3 else DEV_OFFLINE,
                        "report_time": now - timedelta(seconds=i),
                        "ip": f"10.0.{i // 250 % 250}.{i % 250}",
                        "created_at": now,
                        "updated_at": now,
                    }
                    for i in rows
                ]
                ids = (await session.execute(insert(Gateway).returning(Gateway.id), gateways)).scalars().all()
                await session.execute(
                    insert(Device),
                    [
                        {
                            "tenant_id": tenant.id,
                            "gateway_id": gid,
                            "sn": f"BENCH{i:09d}",
                            "registered": True,
                            "registered_at": now,
                            "owner_id": admin.id,
                            "alias": f"设备 {i}",
                            "group_id": groups[i % 10].id,
                            "address": f"上海市浦东新区 {i} 号",
                            "created_at": now - timedelta(seconds=i),
                            "updated_at": now,
                        }
                        for gid, i in zip(ids, rows, strict=True)
                    ],
                )
            await session.commit()
            return {"X-Token": TOKEN, "X-User": str(admin.id), "X-Tenant": str(tenant.id)}
    finally:
        await db.dispose()


def wait_up(url: str, headers: dict[str, str], timeout: float = 60) -> bytes:
    deadline = time.monotonic() + timeout
    while True:
        try:
            req = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(req, timeout=5) as resp:
                body: bytes = resp.read()
                return body
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def run_wrk(url: str, headers: dict[str, str], seconds: int, connections: int) -> tuple[float, float]:
    """(requests per second, p99 latency in ms) from one wrk run; fails on any non-2xx answer."""
    args = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for key, value in headers.items():
        args += ["-H", f"{key}: {value}"]
    out = subprocess.run([*args, url], check=True, capture_output=True, text=True).stdout
    if "Non-2xx" in out or ("Socket errors" in out and "timeout" in out):
        raise RuntimeError(f"wrk saw errors:\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    assert m, out
    return rps, float(m.group(1)) * _UNITS[m.group(2)]


BASELINE_APP = """
import sys
from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route
body = open(sys.argv[1], 'rb').read()
async def page(request):
    return Response(body, media_type='application/json')
app = Starlette(routes=[Route('/api/dev', page)])
"""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=10_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        print("wrk is not installed (make bench installs it: apt-get install wrk)", file=sys.stderr)
        return 2

    tmp = Path(tempfile.mkdtemp(prefix="iotyun-bench-"))
    pg_name = f"iotyun_bench_{os.getpid()}"
    if args.db == "postgresql":
        asyncio.run(_pg("CREATE", pg_name))
        url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{pg_name}"
    else:
        url = f"sqlite+aiosqlite:///{tmp / 'bench.sqlite'}"
    env = {**os.environ, "IOTYUN_DATA_DIR": str(tmp), "IOTYUN_DATABASE_URL": url, "IOTYUN_LOG_LEVEL": "WARNING"}
    os.environ.update(env)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        headers = asyncio.run(seed(url, args.devices))

        def candidate(extra: dict[str, str], workers: int = 1) -> str:
            port = free_port()
            # Each server its own data directory (the database file is shared): two servers in one would each take
            # the other's embedded broker for one a previous server left running and stop it, all through the run.
            data_dir = tmp / f"server-{port}"
            data_dir.mkdir()
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "iotyun.cli", "serve", "--no-migrate", "--port", str(port)]
                    + (["--workers", str(workers)] if workers > 1 else []),
                    env={**env, "IOTYUN_DATA_DIR": str(data_dir), **extra},
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
            return f"http://127.0.0.1:{port}{PAGE_PATH}"

        candidate_url = candidate({})
        # The same server with its read caches off (core.readcache): every request authenticates against the
        # database and counts and picks the page's ids again.
        uncached_url = candidate({"IOTYUN_READ_CACHE_SECONDS": "0"})
        # Two workers need a broker of their own to share (serve refuses --workers on the embedded one).
        workers_url = candidate(
            {"IOTYUN_MQTT_URL": os.environ.get("IOTYUN_BENCH_MQTT_URL", "mqtt://127.0.0.1:1883")}, workers=2
        )
        body = wait_up(candidate_url, headers)
        wait_up(uncached_url, headers)
        wait_up(workers_url, headers)
        page = json.loads(body)
        assert page["meta"]["success"] == 1 and page["data"]["total"] == args.devices, page["meta"]
        (tmp / "page.json").write_bytes(body)
        (tmp / "baseline.py").write_text(BASELINE_APP)
        base_port = free_port()
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "import sys, uvicorn; sys.argv = ['', sys.argv[1]]; "
                    f"exec(open({str(tmp / 'baseline.py')!r}).read()); "
                    f"uvicorn.run(app, host='127.0.0.1', port={base_port}, log_config=None, access_log=False)",
                    str(tmp / "page.json"),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        baseline_url = f"http://127.0.0.1:{base_port}{PAGE_PATH}"
        wait_up(baseline_url, {})
        # Warm all three (connection pools, SQLite page cache), then measure each alone.
        for url_ in (candidate_url, uncached_url, workers_url):
            run_wrk(url_, headers, 2, args.connections)
        run_wrk(baseline_url, {}, 2, args.connections)
        c_rps, c_p99 = run_wrk(candidate_url, headers, args.seconds, args.connections)
        u_rps, u_p99 = run_wrk(uncached_url, headers, args.seconds, args.connections)
        w_rps, _ = run_wrk(workers_url, headers, args.seconds, args.connections)
        b_rps, b_p99 = run_wrk(baseline_url, {}, args.seconds, args.connections)
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)
        if args.db == "postgresql":
            asyncio.run(_pg("DROP", pg_name))

    results = [
        _result("device_list_rps", "req/s", c_rps, b_rps, TARGET_RPS, c_rps >= TARGET_RPS, args),
        _result("device_list_p99", "ms", c_p99, b_p99, TARGET_P99_MS, c_p99 <= TARGET_P99_MS, args),
        _result(
            "device_list_rps_uncached", "req/s", u_rps, b_rps, TARGET_RPS_UNCACHED, u_rps >= TARGET_RPS_UNCACHED, args
        ),
        _result("device_list_p99_uncached", "ms", u_p99, b_p99, TARGET_P99_MS, u_p99 <= TARGET_P99_MS, args),
        {
            **_result(
                "device_list_rps_workers2",
                "req/s",
                w_rps,
                c_rps,
                TARGET_WORKERS_RATIO,
                w_rps >= TARGET_WORKERS_RATIO * c_rps,
                args,
            ),
            "baseline_name": "the same server as one process (device_list_rps), same run",
            "target_kind": "ratio to one process at least target",
        },
    ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"device_list_{args.db}.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"{'metric':<26}{'candidate':>12}{'baseline':>12}{'ratio':>8}{'target':>10}  met")
    for r in results:
        print(
            f"{r['metric']:<26}{r['candidate']:>12.1f}{r['baseline']:>12.1f}{r['ratio']:>8.3f}"
            f"{r['target']:>10.0f}  {r['met']}"
        )
    return 0


def _result(metric: str, unit: str, cand: float, base: float, target: float, met: bool, args: Any) -> dict[str, Any]:
    return {
        "name": "device_list",
        "metric": metric,
        "unit": unit,
        "candidate": round(cand, 2),
        "baseline": round(base, 2),
        "baseline_name": "bare Starlette, same body, same wrk load",
        "ratio": round(cand / base, 4) if base else None,
        "target": target,
        "met": met,
        "devices": args.devices,
        "connections": args.connections,
        "seconds": args.seconds,
        "database": args.db,
    }


async def _pg(verb: str, name: str) -> None:
    from iotyun.core.db import make_engine

    engine = make_engine("postgresql+asyncpg://postgres@127.0.0.1:5432/postgres")
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        if verb == "DROP":
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        else:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await engine.dispose()


if __name__ == "__main__":
    sys.exit(main())
