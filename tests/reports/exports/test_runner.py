"""The export centre's runner (docs/api-exports.md "The runner"): one runner across processes through the database
lease (two runner objects with their own holder ids on one database stand for two processes), a job left running
by a dead process taken up again once its own lease ran out, a job whose data went away failing with the reason,
and the sweep of files past their seven days; on SQLite and PostgreSQL."""

import asyncio
from datetime import timedelta

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.core.db import utcnow
from iotyun.reports.exports import files
from iotyun.reports.exports.models import ExportJob, JobLease
from tests.devices.factories import ok
from tests.reports.exports.factories import HOUR, MIN, T0, export, history_report, job, put, runner
from tests.team.factories import Team
from tests.telemetry.factories import Plant


async def _queue(app: FastAPI, team: Team, plant: Plant) -> tuple[int, int]:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + MIN, 1.0)])
    rid = await history_report(team.admin, [plant.device_id], [src])
    queued = ok(await export(team.admin, kind="report", report_id=rid, start=T0, end=T0 + HOUR))
    return rid, int(queued["id"])


async def _state(app: FastAPI, job_id: int) -> str | None:
    async with app.state.db.sessionmaker() as s:
        found = await s.get(ExportJob, job_id)
        return None if found is None else found.state


async def test_only_the_lease_holder_runs_jobs(app: FastAPI, team: Team, plant: Plant) -> None:
    rid, first = await _queue(app, team, plant)
    a, b = runner(app, "a"), runner(app, "b")
    now = utcnow()
    assert await a.tick(now) == 1
    second = ok(await export(team.admin, kind="report", report_id=rid, start=T0, end=T0 + HOUR))["id"]
    assert await b.tick(now + timedelta(seconds=5)) == 0  # a holds the lease
    assert await _state(app, second) == "queued"
    assert await a.tick(now + timedelta(seconds=10)) == 1
    # a stops ticking (its process died): once its lease ran out, b takes over, and a no longer works.
    third = ok(await export(team.admin, kind="report", report_id=rid, start=T0, end=T0 + HOUR))["id"]
    assert await b.tick(now + timedelta(minutes=5)) == 1
    assert await a.tick(now + timedelta(minutes=5, seconds=1)) == 0
    async with app.state.db.sessionmaker() as s:
        held = (await s.execute(select(JobLease.holder))).scalars().all()
    assert held == ["b"]
    assert [await _state(app, j) for j in (first, second, third)] == ["done"] * 3


async def test_two_runners_at_once_run_a_job_once(app: FastAPI, team: Team, plant: Plant) -> None:
    _, job_id = await _queue(app, team, plant)
    a, b = runner(app, "a"), runner(app, "b")
    now = utcnow()
    ran = await asyncio.gather(a.tick(now), b.tick(now))
    assert sorted(ran) == [0, 1]
    assert await _state(app, job_id) == "done"


async def test_a_job_left_running_is_taken_up_again(app: FastAPI, team: Team, plant: Plant) -> None:
    _, job_id = await _queue(app, team, plant)
    now = utcnow()
    async with app.state.db.sessionmaker() as s:
        # A process died half-way through: its job still says running, under a lease that runs a minute on.
        stmt = update(ExportJob).where(ExportJob.id == job_id)
        await s.execute(
            stmt.values(state="running", holder="dead", progress=50, lease_until=now + timedelta(minutes=1))
        )
        await s.commit()
    restarted = runner(app, "restarted")
    assert await restarted.tick(now) == 0
    assert await _state(app, job_id) == "running"
    assert await restarted.tick(now + timedelta(minutes=2)) == 1
    done = await job(team.admin, job_id)
    assert (done["state"], done["progress"], done["rows"]) == ("done", 100, 1)


async def test_a_job_whose_data_went_away_fails_with_the_reason(app: FastAPI, team: Team, plant: Plant) -> None:
    rid, job_id = await _queue(app, team, plant)
    ok(await team.admin.call("DELETE", "/yun/report/basic", params={"id": rid}))
    await runner(app, "a").tick()
    failed = await job(team.admin, job_id)
    assert (failed["state"], failed["error"], failed["size"]) == ("failed", "报表不存在", None)
    assert not files.path(app.state.settings, team.admin.tenant_id or 0, job_id).exists()


async def test_files_are_swept_after_seven_days(app: FastAPI, team: Team, plant: Plant) -> None:
    _, job_id = await _queue(app, team, plant)
    a = runner(app, "a")
    now = utcnow()
    await a.tick(now)
    path = files.path(app.state.settings, team.admin.tenant_id or 0, job_id)
    assert path.exists()
    await a.tick(now + timedelta(days=6))
    assert path.exists()
    await a.tick(now + timedelta(days=7, minutes=1))
    assert not path.exists()
    assert await _state(app, job_id) is None
    assert ok(await team.admin.get("/yun/exportFile/history"))["total"] == 0


async def test_the_app_runner_picks_a_new_job_up_and_lets_the_lease_go(app: FastAPI, team: Team, plant: Plant) -> None:
    """The runner as the app's lifespan starts it: woken by the POST, it runs the job without waiting for a tick; at
    its stop it lets the lease go (another process takes over at once)."""
    exports = app.state.exports
    exports.start()
    try:
        _, job_id = await _queue(app, team, plant)
        async with asyncio.timeout(60):  # generous: a loaded machine
            while await _state(app, job_id) != "done":  # noqa: ASYNC110 - the job is a database row
                await asyncio.sleep(0.05)
    finally:
        await exports.stop()
    assert await runner(app, "next").tick() == 0  # nothing left to do
    async with app.state.db.sessionmaker() as s:
        assert (await s.execute(select(JobLease.holder))).scalars().all() == ["next"]  # the lease was free at once
