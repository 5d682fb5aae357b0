"""The exports_kept quota (docs/decisions.md "Bounded by default"): a user keeps at most that many jobs and files in
the export centre; deleting one makes room; exact under concurrency on SQLite and PostgreSQL."""

import asyncio

from fastapi import FastAPI

from tests.conftest import code
from tests.devices.factories import ok
from tests.reports.exports.factories import HOUR, MIN, T0, export, history_report, put
from tests.team.factories import Team
from tests.telemetry.factories import Plant


async def _report(app: FastAPI, team: Team, plant: Plant) -> int:
    src = plant.sources["出水压力"]
    await put(app, plant.device_id, src, [(T0 + 10 * MIN, 1.0), (T0 + HOUR + MIN, 5.0)])
    return await history_report(team.admin, [plant.device_id], [src])


async def test_at_most_the_quota_of_files_are_kept(app: FastAPI, team: Team, plant: Plant) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"exports_kept": 2}))
    rid = await _report(app, team, plant)
    body = {"kind": "report", "report_id": rid, "start": T0, "end": T0 + 2 * HOUR - 1}
    first = ok(await export(team.admin, **body))
    ok(await export(team.admin, **body))
    refused = await export(team.admin, **body)
    assert code(refused) == 100019 and "2" in refused["meta"]["detail"]
    ok(await team.admin.call("DELETE", "/yun/exportFile/history", params={"id": first["id"]}))
    ok(await export(team.admin, **body))


async def test_parallel_exports_end_at_the_quota(app: FastAPI, team: Team, plant: Plant) -> None:
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"exports_kept": 3}))
    rid = await _report(app, team, plant)
    body = {"kind": "report", "report_id": rid, "start": T0, "end": T0 + 2 * HOUR - 1}
    answers = await asyncio.gather(*(export(team.admin, **body) for _ in range(8)))
    assert sorted(code(a) for a in answers) == [100001] * 3 + [100019] * 5
