"""Operator statistics benchmark (issue 35 point 7): GET /api/administrator/devices/statistics over 100,000 devices
of 10 tenants, every grouping (state, model, version, province, tenant), p99 at most 200 ms.

The server runs as one uvicorn worker (`iotyun serve`) on a throwaway database and answers an operator's token; the
requests are made one after another (an operator's console asks one at a time) and timed from the client. The
baseline is the bare GROUP BY of the same grouping run straight on the database in the same run (no HTTP, no
envelope): the ratio is what the API adds around its two statements.

Usage: uv run python bench/operator_statistics.py [--devices 100000] [--tenants 10] [--requests 200] [--db postgresql|sqlite]
Writes bench/results/operator_statistics_<db>.json (DESIGN §4 fields).
"""

import argparse
import asyncio
import sys
import time
import urllib.request
from datetime import UTC, datetime, timedelta

import benchlib
from sqlalchemy import insert, text

TOKEN = "bench-operator-token-0123456789abcdef0123456789"
PATH = "/api/administrator/devices/statistics"
GROUPS = ("state", "model", "version", "province", "tenant")
PROVINCES = ("110000", "310000", "440000", "320000", "330000", "370000", "510000", "420000", "610000", "210000")
TARGET_P99_MS = 200.0
# The bare statements the baseline times: the grouped counts of the server's own query, per grouping.
BARE = {
    "state": "g.dev_state",
    "model": "g.model",
    "version": "g.back_end_version",
    "province": "d.province_code",
    "tenant": "d.tenant_id",
}


async def seed(url: str, devices: int, tenants: int) -> None:
    from iotyun.auth import service as auth_service
    from iotyun.auth.models import User
    from iotyun.core import security
    from iotyun.core.config import Settings
    from iotyun.core.db import Database
    from iotyun.core.permissions import RoleCode
    from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, Device, Gateway
    from iotyun.migrate import upgrade
    from iotyun.operations.models import Operator, OperatorToken
    from iotyun.operations.scopes import SCOPES

    await asyncio.to_thread(upgrade, Settings(), url)
    db = Database(url)
    now = datetime.now(UTC)
    secret = security.hash_password_sync("secret123", device=True)
    try:
        async with db.sessionmaker() as session:
            operator = Operator(
                user_name="benchops", password_hash=security.hash_password_sync("bench-operator"), scopes=list(SCOPES)
            )
            session.add(operator)
            await session.flush()
            session.add(
                OperatorToken(
                    operator_id=operator.id, token_hash=security.digest(TOKEN), expires_at=now + timedelta(days=1)
                )
            )
            per_tenant = devices // tenants
            for t in range(tenants):
                tenant, roles = await auth_service.create_tenant(session, f"bench tenant {t}", f"bench{t}")
                owner = User(
                    tenant_id=tenant.id,
                    user_name=f"benchowner{t}",
                    password_hash=secret,
                    role_id=roles[RoleCode.ADMINISTRATOR].id,
                )
                session.add(owner)
                await session.flush()
                for start in range(0, per_tenant, 5000):
                    rows = range(t * per_tenant + start, t * per_tenant + min(start + 5000, per_tenant))
                    gateways = [
                        {
                            "sn": f"OPS{i:09d}",
                            "secret_hash": secret,
                            "model": f"GW{i % 7}",
                            "firmware_version": "1.2.0",
                            "back_end_version": f"2.{i % 4}.0",
                            "dev_state": DEV_ONLINE if i % 3 else DEV_OFFLINE,
                            "report_time": now,
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
                                "sn": f"OPS{i:09d}",
                                "registered": True,
                                "registered_at": now - timedelta(minutes=i % 50_000),
                                "owner_id": owner.id,
                                "province_code": PROVINCES[i % len(PROVINCES)],
                                "created_at": now,
                                "updated_at": now,
                            }
                            for gid, i in zip(ids, rows, strict=True)
                        ],
                    )
            await session.commit()
            if url.startswith("postgresql"):
                await session.execute(text("ANALYZE"))
    finally:
        await db.dispose()


def timed_requests(base: str, by: str, n: int) -> list[float]:
    """Milliseconds of `n` requests made one after another."""
    out = []
    for _ in range(n):
        req = urllib.request.Request(f"{base}{PATH}?by={by}", headers={"X-Token": TOKEN})
        start = time.perf_counter()
        with urllib.request.urlopen(req, timeout=30) as resp:
            body = resp.read()
        out.append((time.perf_counter() - start) * 1000)
        assert b'"success":1' in body, body[:200]
    return out


async def timed_bare(url: str, by: str, n: int) -> list[float]:
    from iotyun.core.db import make_engine

    engine = make_engine(url)
    stmt = text(
        f"SELECT {BARE[by]} AS k, count(d.id), sum(CASE WHEN g.dev_state = 1 THEN 1 ELSE 0 END) "
        "FROM device d JOIN gateway g ON g.id = d.gateway_id WHERE d.registered GROUP BY k ORDER BY count(d.id) DESC"
    )
    out = []
    try:
        async with engine.connect() as conn:
            for _ in range(n):
                start = time.perf_counter()
                (await conn.execute(stmt)).all()
                out.append((time.perf_counter() - start) * 1000)
    finally:
        await engine.dispose()
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--tenants", type=int, default=10)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    args = parser.parse_args()
    results = []
    with benchlib.bench_db(args.db) as db:
        started = time.monotonic()
        asyncio.run(seed(db.url, args.devices, args.tenants))
        print(f"seeded {args.devices} devices of {args.tenants} tenants in {time.monotonic() - started:.0f} s")
        port = benchlib.free_port()
        server = benchlib.start_server(db.env(), port, db.tmp / "server.log")
        base = f"http://127.0.0.1:{port}"
        try:
            benchlib.wait_up(f"{base}{PATH}", {"X-Token": TOKEN}, timeout=90)
            for by in GROUPS:
                timed_requests(base, by, 10)  # warm: the statements' plans, the pool
                api = timed_requests(base, by, args.requests)
                bare = asyncio.run(timed_bare(db.url, by, args.requests))
                p99, bare_p99 = benchlib.percentile(api, 99), benchlib.percentile(bare, 99)
                results.append(
                    benchlib.result(
                        "operator_statistics",
                        f"statistics_{by}_p99",
                        "ms",
                        p99,
                        bare_p99,
                        "the bare GROUP BY on the database, same run",
                        TARGET_P99_MS,
                        p99 <= TARGET_P99_MS,
                        p50=round(benchlib.percentile(api, 50), 2),
                        bare_p50=round(benchlib.percentile(bare, 50), 2),
                        devices=args.devices,
                        tenants=args.tenants,
                        requests=args.requests,
                        database=args.db,
                        target_kind="at most target",
                    )
                )
        finally:
            benchlib.stop([server])
            print(benchlib.log_tail(db.tmp / "server.log", 5), file=sys.stderr)
    benchlib.report(f"operator_statistics_{args.db}", results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
