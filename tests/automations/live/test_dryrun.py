"""A dry run (issue 37 point 2, docs/api-automations.md "DryRun"), on SQLite and PostgreSQL: a rule, saved or not,
replayed over a device's stored history with the history's own clock lists when it would have fired (a threshold's
hold and hysteresis as the engine judges them) and what it would have done; nothing is written or sent; what cannot
be replayed is refused with its code."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.automations.models import AutomationFiring
from iotyun.core.errors import ErrorCode
from iotyun.core.tenancy import system_session
from iotyun.telemetry.public import history_value
from tests.automations.conftest import threshold_rule
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, make_plant, now_ms
from tests.templates.factories import ok

RULES = "/yun/automation/rules"


async def test_a_threshold_replayed_over_history(app: FastAPI, team: Team, plant: Plant, other_tenant: Api) -> None:
    pressure = plant.sources["出水压力"]
    t0 = now_ms() - 3_600_000
    # 0.5, then above 1.0 from +10 s (held 15 s at +25 s), let go past the hysteresis at +50 s, above again from +60 s
    series = [(0, 0.5), (10, 1.2), (20, 1.3), (40, 1.4), (50, 0.7), (60, 1.5)]
    async with FakeGateway(app, plant.sn) as gw:
        for offset, value in series:
            await gw.send([{"id": pressure, "v": value, "ts": t0 + offset * 1000}])
        await app.state.telemetry.idle()

    async def all_stored() -> bool:
        async with system_session(app.state.db.sessionmaker) as s:
            stmt = select(func.count()).select_from(history_value).where(history_value.c.device_id == plant.device_id)
            return int((await s.execute(stmt)).scalar_one()) >= len(series)

    await eventually(all_stored, within=30, what="the history stored")
    rule = threshold_rule(
        plant,
        enabled=False,
        trigger={"kind": "threshold", "source_id": pressure, "op": "gt", "value": 1.0, "hold_s": 15, "hysteresis": 0.2},
    )
    saved = ok(await team.admin.post(RULES, rule))
    body = {"device_id": plant.device_id, "start": t0, "end": t0 + 120_000}
    out = ok(await team.admin.post(f"{RULES}/{saved['id']}/dry-run", body))
    assert [f["ts"] for f in out["firings"]] == [t0 + 25_000, t0 + 75_000]
    assert out["firings"][0]["inputs"]["value"] == 1.3
    assert out["firings"][0]["actions"] == [{"kind": "write", "summary": f"write #{plant.sources['运行']} = 0"}]
    assert [p["value"] for p in out["points"]] == [v for _, v in series]
    assert out["source_id"] == pressure and out["evaluated"] == len(series) and out["truncated"] is False
    # an unsaved form: a condition that never holds fires nothing; a change trigger fires on each change
    never = {**rule, "conditions": {"items": [{"source_id": pressure, "op": "gt", "value": 5}]}}
    assert ok(await team.admin.post("/yun/automation/dry-run", {**body, "rule": never}))["firings"] == []
    change = {**rule, "trigger": {"kind": "change", "source_id": pressure}}
    assert len(ok(await team.admin.post("/yun/automation/dry-run", {**body, "rule": change}))["firings"]) == 5
    # nothing was written
    async with system_session(app.state.db.sessionmaker) as s:
        assert (await s.execute(select(func.count()).select_from(AutomationFiring))).scalar_one() == 0
    # what cannot be replayed, and what is not the caller's
    cases: list[tuple[str, dict[str, Any], ErrorCode]] = [
        (
            "/yun/automation/dry-run",
            {**body, "rule": {**rule, "trigger": {"kind": "online"}}},
            ErrorCode.AUTOMATION_DRY_RUN_INVALID,
        ),
        (f"{RULES}/{saved['id']}/dry-run", {**body, "end": t0 + 32 * 86_400_000}, ErrorCode.AUTOMATION_DRY_RUN_INVALID),
        (f"{RULES}/{saved['id']}/dry-run", {**body, "end": t0 - 1}, ErrorCode.AUTOMATION_DRY_RUN_INVALID),
        (f"{RULES}/{saved['id']}/dry-run", {**body, "device_id": 999_999}, ErrorCode.AUTOMATION_SCOPE_INVALID),
        ("/yun/automation/dry-run", body, ErrorCode.PARAM_INVALID),
    ]
    for path, payload, expected in cases:
        assert code(await team.admin.post(path, payload)) == expected, (path, payload)
    theirs = await make_plant(other_tenant)
    assert code(await other_tenant.post(f"{RULES}/{saved['id']}/dry-run", body)) == ErrorCode.AUTOMATION_RULE_NOT_FOUND
    mine_on_theirs = {**body, "device_id": theirs.device_id}
    assert (
        code(await team.admin.post(f"{RULES}/{saved['id']}/dry-run", mine_on_theirs))
        == ErrorCode.AUTOMATION_SCOPE_INVALID
    )


async def test_a_schedule_replayed(app: FastAPI, team: Team, plant: Plant) -> None:
    rule = threshold_rule(plant, trigger={"kind": "schedule", "schedule": {"type": "cron", "cron": "0 * * * *"}})
    start = (now_ms() // 3_600_000) * 3_600_000 - 6 * 3_600_000
    out = ok(
        await team.admin.post(
            "/yun/automation/dry-run",
            {"device_id": plant.device_id, "start": start + 1, "end": start + 5 * 3_600_000, "rule": rule},
        )
    )
    assert [f["ts"] for f in out["firings"]] == [start + h * 3_600_000 for h in range(1, 6)]
    assert out["points"] == [] and out["source_id"] is None
