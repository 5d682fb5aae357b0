"""Fair background work (docs/api-exports.md "The runner"): the runner claims jobs round-robin between tenants and
between the users of a tenant, across runner processes and restarts (the order is read from the jobs alone), and a
user (201805) and a tenant (201806) have a cap of jobs queued or running; on SQLite and PostgreSQL. The claim order is
driven through the runner's claim function, not the clock."""

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.db import utcnow
from iotyun.core.limits import EXPORT_QUEUED_PER_TENANT_MAX, EXPORT_QUEUED_PER_USER_MAX
from iotyun.reports.exports.models import DONE, RUNNING, ExportJob
from iotyun.reports.exports.service import new_job
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.reports.exports.factories import HOUR, MIN, T0, export, history_report, put, runner
from tests.team.factories import Team
from tests.telemetry.factories import Plant


async def _queue(app: FastAPI, api: Api, count: int, owner: int | None = None, state: str = "queued") -> list[int]:
    """`count` jobs of `api`'s tenant (owned by `owner`, else its user), as POST /yun/exportFile queues them."""
    assert api.tenant_id is not None and api.user_id is not None
    async with app.state.db.sessionmaker() as s:
        jobs = [
            new_job(api.tenant_id, owner or api.user_id, "history", f"j{i}", {"tz": "UTC"}, utcnow(), state=state)
            for i in range(count)
        ]
        s.add_all(jobs)
        await s.commit()
        return [j.id for j in jobs]


async def _claims(app: FastAPI, holder: str, count: int) -> list[int]:
    """The next `count` jobs a runner claims (each claimed job stays running, as while the runner works on it)."""
    r = runner(app, holder)
    claimed = []
    for _ in range(count):
        job_id = await r.claim()
        assert job_id is not None
        claimed.append(job_id)
    return claimed


async def _owner_of(app: FastAPI, job_ids: list[int]) -> list[tuple[int, int]]:
    async with app.state.db.sessionmaker() as s:
        rows = (await s.execute(select(ExportJob.id, ExportJob.tenant_id, ExportJob.owner_id))).all()
    by_id = {r.id: (r.tenant_id, r.owner_id) for r in rows}
    return [by_id[j] for j in job_ids]


async def test_a_small_tenant_is_not_queued_behind_a_big_one(app: FastAPI, team: Team, other_tenant: Api) -> None:
    heavy = await _queue(app, team.admin, 40)
    (small,) = await _queue(app, other_tenant, 1)
    first = await _claims(app, "a", 3)
    # B's one job is among the first two claimed (the first may be A's, the oldest waiting); A's run in their order.
    assert small in first[:2]
    assert [j for j in first if j != small] == heavy[: len(first) - 1]
    # The order is read from the jobs: a second runner (another process, or this one restarted) goes on from there.
    (later,) = await _queue(app, other_tenant, 1)
    assert (await _claims(app, "b", 1)) == [later]
    assert await _claims(app, "b", 2) == heavy[2:4]


async def test_round_robin_between_the_users_of_a_tenant(app: FastAPI, team: Team) -> None:
    vera = await team.user("vera")
    many = await _queue(app, team.admin, 10)
    (hers,) = await _queue(app, team.admin, 1, owner=int(vera["id"]))
    first = await _claims(app, "a", 2)
    assert first == [many[0], hers]


async def test_three_tenants_take_turns(app: FastAPI, team: Team, other_tenant: Api) -> None:
    third = team.new_api()
    await third.register("third", "13900000008")
    a = await _queue(app, team.admin, 5)
    b = await _queue(app, other_tenant, 5)
    c = await _queue(app, third, 5)
    claimed = await _claims(app, "a", 9)
    tenants = [t for t, _ in await _owner_of(app, claimed)]
    # Every window of three claims serves each tenant once.
    for i in range(0, 9, 3):
        assert len(set(tenants[i : i + 3])) == 3, tenants
    assert [j for j in claimed if j in a] == a[:3]
    assert [j for j in claimed if j in b] == b[:3] and [j for j in claimed if j in c] == c[:3]


async def test_a_user_and_a_tenant_have_a_cap_of_waiting_jobs(app: FastAPI, team: Team, plant: Plant) -> None:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + MIN, 1.0)])
    rid = await history_report(team.admin, [plant.device_id], [src])
    body = {"kind": "report", "report_id": rid, "start": T0, "end": T0 + HOUR}
    await _queue(app, team.admin, EXPORT_QUEUED_PER_USER_MAX - 2)
    await _queue(app, team.admin, 1, state=RUNNING)
    await _queue(app, team.admin, 5, state=DONE)  # finished jobs do not count
    ok(await export(team.admin, **body))
    full = await export(team.admin, **body)
    assert (code(full), full["meta"]["field"]) == (201805, None)
    assert str(EXPORT_QUEUED_PER_USER_MAX) in full["meta"]["detail"]
    # Once the runner took one, there is room again.
    await runner(app, "a").tick(utcnow())
    ok(await export(team.admin, **body))
    # The tenant's cap counts every user's jobs.
    vera = await team.user("vera")
    await _queue(app, team.admin, EXPORT_QUEUED_PER_TENANT_MAX, owner=int(vera["id"]))
    full = await export(team.admin, **body)
    assert code(full) == 201806
    assert str(EXPORT_QUEUED_PER_TENANT_MAX) in full["meta"]["detail"]
