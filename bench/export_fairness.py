"""Export fairness benchmark (issue 29 point 5): how long one tenant's one small export waits behind another
tenant's N heavy exports, with the runner's round-robin claim (candidate) against first-in-first-out over all
tenants (baseline, the order before: repository.next_claimable_fifo), in the same run on the same database.

A throwaway database (SQLite by default, PostgreSQL with --db postgresql), migrated, holds two tenants, each with an
administrator. Tenant A queues --heavy jobs (default 120, the issue's count), then tenant B one small job; the jobs
are rows as POST /yun/exportFile leaves them (the per-user and per-tenant caps are bypassed on purpose: this measures
the order alone). A real ExportRunner (its lease, its claim, its finish) runs them one after the other, the work
of each job replaced by a sleep: --heavy-ms for A's (default 50 ms), --small-ms for B's (default 5 ms), so the figure
is the queue's, not the spreadsheet writer's. The small job's wait is from its queueing to its claim (wall clock);
each mode stops once B's job is done. Both modes run --rounds times (default 3), alternating, and the medians are
kept. Alongside: the claim's own time (p50 over every claim of the candidate and baseline runs), the price of
reading the order from the jobs.

Target: the small job waits at most the one heavy job already ahead of it plus its own run: 2 × --heavy-ms + 1 s
of slack for the claims (with FIFO it waits all N).

Usage: uv run python bench/export_fairness.py [--heavy 120] [--heavy-ms 50] [--small-ms 5] [--rounds 3]
[--db sqlite|postgresql]. Writes bench/results/export_fairness.json (export_fairness_postgresql.json for PostgreSQL;
DESIGN §4 entries) and prints
`metric candidate baseline ratio target`.
"""

import argparse
import asyncio
import statistics
import time
from datetime import UTC, datetime
from typing import Any

import benchlib


async def _run(args: argparse.Namespace, db: benchlib.BenchDb) -> list[dict[str, Any]]:
    from sqlalchemy import delete

    from iotyun.auth import service as auth_service
    from iotyun.auth.models import User
    from iotyun.auth.senders import OutboxMailSender
    from iotyun.core import security
    from iotyun.core.config import Settings
    from iotyun.core.db import Database
    from iotyun.core.permissions import RoleCode
    from iotyun.migrate import upgrade
    from iotyun.reports.exports import lease
    from iotyun.reports.exports import repository as repo
    from iotyun.reports.exports.models import ExportJob
    from iotyun.reports.exports.runner import ExportRunner
    from iotyun.reports.exports.service import new_job
    from iotyun.telemetry.configs import ConfigCache

    settings = Settings(data_dir=db.tmp, database_url=db.url, captcha="off", telemetry="off", log_level="WARNING")
    await asyncio.to_thread(upgrade, settings, db.url)
    database = Database(db.url)
    owners: list[tuple[int, int]] = []
    async with database.sessionmaker() as session:
        for name in ("heavy", "small"):
            tenant, roles = await auth_service.create_tenant(session, name, name)
            user = User(
                tenant_id=tenant.id,
                user_name=f"{name}admin",
                password_hash=security.hash_password_sync("bench123"),
                role_id=roles[RoleCode.ADMINISTRATOR].id,
            )
            session.add(user)
            await session.flush()
            owners.append((tenant.id, user.id))
        await session.commit()
    (heavy_tenant, heavy_user), (small_tenant, small_user) = owners
    mail = OutboxMailSender(settings, db.tmp / "outbox")

    async def one(mode: str) -> tuple[float, list[float]]:
        async with database.sessionmaker() as session:
            await session.execute(delete(ExportJob))
            now = datetime.now(UTC)
            session.add_all(
                new_job(heavy_tenant, heavy_user, "history", f"heavy{i}", {"tz": "UTC"}, now, state="queued")
                for i in range(args.heavy)
            )
            await session.flush()
            small = new_job(small_tenant, small_user, "history", "small", {"tz": "UTC"}, now, state="queued")
            session.add(small)
            await session.commit()
            small_id = small.id
        queued = time.perf_counter()
        runner = ExportRunner(database, ConfigCache(database.sessionmaker), settings, mail, holder=mode)
        runner.pick = repo.next_claimable if mode == "round-robin" else repo.next_claimable_fifo
        claims: list[float] = []
        waited = 0.0

        async def work(job: ExportJob) -> None:
            await asyncio.sleep((args.small_ms if job.id == small_id else args.heavy_ms) / 1000)
            await runner._finish(job, "done", rows=1, size=1)

        runner._run = work  # type: ignore[method-assign]
        assert await runner.heartbeat()
        while True:
            t = time.perf_counter()
            job_id = await runner.claim()
            claims.append(time.perf_counter() - t)
            assert job_id is not None, "the small job was never claimed"
            if job_id == small_id:
                waited = time.perf_counter() - queued
            await runner.run(job_id)
            if job_id == small_id:
                break
        await lease.release(database.sessionmaker, "exports", runner.holder, datetime.now(UTC))
        return waited, claims

    waits: dict[str, list[float]] = {"round-robin": [], "fifo": []}
    claim_times: dict[str, list[float]] = {"round-robin": [], "fifo": []}
    for _ in range(args.rounds):
        for mode in ("fifo", "round-robin"):
            waited, claims = await one(mode)
            waits[mode].append(waited)
            claim_times[mode].extend(claims)
    await database.dispose()

    candidate = statistics.median(waits["round-robin"]) * 1000
    baseline = statistics.median(waits["fifo"]) * 1000
    target = 2 * args.heavy_ms + 1000
    common = {
        "heavy_jobs": args.heavy,
        "heavy_ms": args.heavy_ms,
        "small_ms": args.small_ms,
        "rounds": args.rounds,
        "candidate_waits_ms": [round(w * 1000, 1) for w in waits["round-robin"]],
        "baseline_waits_ms": [round(w * 1000, 1) for w in waits["fifo"]],
        "database": db.kind,
    }
    claim_rr = benchlib.percentile(claim_times["round-robin"], 50) * 1000
    claim_fifo = benchlib.percentile(claim_times["fifo"], 50) * 1000
    return [
        benchlib.result(
            "export_fairness",
            "small_export_wait",
            "ms",
            candidate,
            baseline,
            "first in, first out over every tenant (repository.next_claimable_fifo), same run and database",
            target,
            candidate <= target,
            target_kind="candidate median wait at most target (ms): one heavy job ahead, its own run, 1 s slack",
            target_text=f"≤{target}",
            **common,
        ),
        benchlib.result(
            "export_fairness",
            "claim_p50",
            "ms",
            claim_rr,
            claim_fifo,
            "the FIFO claim's p50, same runs",
            50.0,
            claim_rr <= 50.0,
            target_kind="candidate p50 of one claim at most target (ms)",
            target_text="≤50",
            claims_candidate=len(claim_times["round-robin"]),
            claims_baseline=len(claim_times["fifo"]),
            **common,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heavy", type=int, default=120)
    parser.add_argument("--heavy-ms", type=int, default=50)
    parser.add_argument("--small-ms", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    with benchlib.bench_db(args.db) as db:
        results = asyncio.run(_run(args, db))
    benchlib.report("export_fairness" if args.db == "sqlite" else f"export_fairness_{args.db}", results)


if __name__ == "__main__":
    main()
