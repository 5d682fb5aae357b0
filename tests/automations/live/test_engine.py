"""Automations at work (issue 37 points 2, 3, 4 and 8), on SQLite and PostgreSQL, with a gateway over real MQTT: a
value crossing a threshold for the hold time writes a setpoint the gateway then reports, once per episode (a
restart, a second server process and the same value again fire nothing more); a schedule fires on an injected
clock; loops are stopped and say so; rate limits; disabling stops a queued firing; a failing action is retried,
then recorded; device events fire rules; every evaluation is traced, at most 100 a rule."""

import asyncio
from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.alarms.models import Alarm
from iotyun.automations.engine import AutomationEngine
from iotyun.automations.models import AutomationFiring, AutomationRule
from iotyun.automations.runner import ACTION_ATTEMPTS_MAX, backoff
from iotyun.automations.service import TRACE_MAX
from iotyun.core.db import utcnow
from iotyun.core.tenancy import system_session
from iotyun.devices.models import DeviceLog
from tests.automations.conftest import runner, threshold_rule
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms
from tests.templates.factories import ok

RULES = "/yun/automation/rules"


async def firings(app: FastAPI, rule_id: int) -> list[AutomationFiring]:
    async with system_session(app.state.db.sessionmaker) as s:
        stmt = select(AutomationFiring).where(AutomationFiring.rule_id == rule_id).order_by(AutomationFiring.id)
        return list((await s.execute(stmt)).scalars())


async def trace(team: Team, rule_id: int) -> list[dict[str, Any]]:
    return list(ok(await team.admin.get(f"{RULES}/{rule_id}/trace"))["list"])


async def online(team: Team, plant: Plant) -> None:
    async def state() -> bool:
        return bool(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"] == 1)

    await eventually(state, within=60)


def reporting(gw: FakeGateway, plant: Plant) -> None:
    """The gateway acknowledges a write and then reports the value it now holds, as a real one does."""

    def ack(body: dict[str, Any]) -> dict[str, Any]:
        value = body["value"]
        asyncio.get_running_loop().create_task(gw.send([{"id": body["id"], "v": value, "ts": now_ms()}]))
        return {"ok": True, "value": value}

    gw.ack = ack


async def test_a_threshold_held_writes_a_setpoint_the_gateway_reports(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    pressure, run = plant.sources["出水压力"], plant.sources["运行"]
    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "trigger": {
                    "kind": "threshold",
                    "source_id": pressure,
                    "op": "gt",
                    "value": 1.0,
                    "hold_s": 1,
                    "hysteresis": 0.2,
                },
            },
        )
    )
    await engine.reload()
    tick = runner(app)
    async with FakeGateway(app, plant.sn) as gw:
        reporting(gw, plant)
        await gw.send([{"id": run, "v": True, "ts": now_ms()}, {"id": pressure, "v": 0.5, "ts": now_ms()}])
        await online(team, plant)
        await gw.send([{"id": pressure, "v": 1.3, "ts": now_ms()}])
        # not yet held for a second: nothing fires
        await app.state.telemetry.idle()
        await engine.idle()
        assert await firings(app, rule["id"]) == []
        # held: the engine's worker fires it at the end of the hold, without a new value
        await eventually(lambda: firings(app, rule["id"]), within=30, what="the rule fired")
        await tick.tick()
        await eventually(lambda: gw.writes, within=30, what="the write reached the gateway")
        assert gw.writes[-1]["id"] == run and gw.writes[-1]["value"] in (0, False)

        async def reported() -> bool:
            latest = app.state.telemetry.cache.get(plant.device_id).get(run)
            return latest is not None and latest[0] in (0, False)

        await eventually(reported, within=30, what="the gateway reported the setpoint")
        # still high: the same episode fires nothing more
        await gw.send([{"id": pressure, "v": 1.5, "ts": now_ms()}])
        await asyncio.sleep(1.3)
        await app.state.telemetry.idle()
        await engine.idle()
        assert len(await firings(app, rule["id"])) == 1
        # down within the hysteresis (0.9 > 1.0 - 0.2) and up again: still the same episode
        await gw.send([{"id": pressure, "v": 0.9, "ts": now_ms()}])
        await gw.send([{"id": pressure, "v": 1.4, "ts": now_ms()}])
        await asyncio.sleep(1.3)
        await app.state.telemetry.idle()
        await engine.idle()
        assert len(await firings(app, rule["id"])) == 1
        # let go past the hysteresis, then held again: a second episode
        await gw.send([{"id": pressure, "v": 0.7, "ts": now_ms()}])
        await gw.send([{"id": pressure, "v": 1.4, "ts": now_ms()}])
        await eventually(lambda: _count(app, rule["id"], 2), within=30, what="a second episode")
    first, second = await firings(app, rule["id"])
    assert (first.event_key, second.event_key) == ("ep:1", "ep:2")
    async with system_session(app.state.db.sessionmaker) as s:
        logs = list(
            (
                await s.execute(
                    select(DeviceLog.detail, DeviceLog.user_name).where(
                        DeviceLog.device_id == plant.device_id, DeviceLog.action == "write"
                    )
                )
            ).all()
        )
    # the write was the rule's, as its owner
    assert logs and logs[0][0]["by"] == "rule" and logs[0][0]["rule_id"] == rule["id"] and logs[0][1] == "alice"
    outcomes = [t["outcome"] for t in await trace(team, rule["id"])]
    assert "done" in outcomes and outcomes.count("fired") == 2
    done = next(t for t in await trace(team, rule["id"]) if t["outcome"] == "done")
    assert done["actions"][0]["ok"] is True and done["inputs"]["value"] == 1.3
    listed = ok(await team.admin.get(RULES))["items"][0]
    assert listed["fired_count"] == 2 and listed["last_fired_at"] is not None


async def _count(app: FastAPI, rule_id: int, n: int) -> bool:
    return len(await firings(app, rule_id)) >= n


async def test_a_restart_and_a_second_process_fire_an_episode_once(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    pressure = plant.sources["出水压力"]
    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "trigger": {"kind": "threshold", "source_id": pressure, "op": "gt", "value": 1.0, "hold_s": 0},
            },
        )
    )
    # a second server process's engine, judging the same values (a shared subscription may hand it any of them)
    other = AutomationEngine(app.state.db.sessionmaker, app.state.telemetry.cache.get)
    await other.reload()
    await engine.reload()
    config = await app.state.telemetry.configs.get(plant.sn)
    values = [{"id": pressure, "v": 1.2, "ts": now_ms(), "q": 0}]
    engine.evaluate(config, values)
    other.evaluate(config, values)
    await asyncio.gather(engine.idle(), other.idle())
    assert len(await firings(app, rule["id"])) == 1
    assert engine.stats["fired"] + other.stats["fired"] == 1
    # a restart: a new engine loads the claimed episode and does not fire it again
    restarted = AutomationEngine(app.state.db.sessionmaker, app.state.telemetry.cache.get)
    await restarted.reload()
    restarted.evaluate(config, [{"id": pressure, "v": 1.3, "ts": now_ms(), "q": 0}])
    await restarted.idle()
    assert len(await firings(app, rule["id"])) == 1
    # the same change delivered twice (a broker's redelivery) fires a change rule once
    change = ok(
        await team.admin.post(
            RULES, {**threshold_rule(plant), "name": "变化", "trigger": {"kind": "change", "source_id": pressure}}
        )
    )
    await restarted.reload()
    once = [{"id": pressure, "v": 0.4, "ts": now_ms(), "q": 0}]
    restarted.evaluate(config, once)
    restarted.states.clear()
    restarted.evaluate(config, [{"id": pressure, "v": 1.3, "ts": now_ms() - 10, "q": 0}])
    restarted.evaluate(config, once)
    await restarted.idle()
    restarted.evaluate(config, once)
    await restarted.idle()
    keys = [f.event_key for f in await firings(app, change["id"])]
    assert len(keys) == len(set(keys)) == 1


async def test_disabling_stops_a_queued_firing_at_once(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    pressure = plant.sources["出水压力"]
    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "trigger": {"kind": "threshold", "source_id": pressure, "op": "gt", "value": 1.0},
            },
        )
    )
    await engine.reload()
    config = await app.state.telemetry.configs.get(plant.sn)
    engine.evaluate(config, [{"id": pressure, "v": 1.2, "ts": now_ms(), "q": 0}])
    await engine.idle()
    assert len(await firings(app, rule["id"])) == 1
    # disabled in "another process" (a request): the runner skips what was queued
    ok(await team.admin.put(f"{RULES}/{rule['id']}/enabled", {"enabled": False}))
    await runner(app).tick()
    (firing,) = await firings(app, rule["id"])
    assert firing.state == "skipped"
    assert (await trace(team, rule["id"]))[0]["outcome"] == "skipped"
    # and the engine stops judging it once it sees the save
    await engine.reload()
    assert rule["id"] not in engine.rules


async def test_a_schedule_fires_on_an_injected_clock(app: FastAPI, team: Team, plant: Plant) -> None:
    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "name": "夜间报警",
                "trigger": {"kind": "schedule", "schedule": {"type": "daily", "time": "02:00"}},
                "actions": [{"kind": "alarm", "mode": "raise", "name": "夜间检查", "level": 3, "info": "{rule}"}],
            },
        )
    )
    tick = runner(app)
    start = utcnow().replace(hour=12, minute=0, second=0, microsecond=0)
    await tick.tick(start)  # the first tick sets the next slot: 02:00 Asia/Shanghai = 18:00 UTC
    async with system_session(app.state.db.sessionmaker) as s:
        row = await s.get(AutomationRule, rule["id"])
        assert row is not None and row.next_run_at is not None
        slot = row.next_run_at
    assert (slot.hour, slot.minute) == (18, 0)
    await tick.tick(start + timedelta(hours=5))
    assert await firings(app, rule["id"]) == []
    after = start + timedelta(hours=6, minutes=1)
    await tick.tick(after)
    await tick.tick(after)  # the firing runs (and the slot fires once)
    (firing,) = await firings(app, rule["id"])
    assert firing.state == "done" and firing.event_key.startswith("slot:")
    async with system_session(app.state.db.sessionmaker) as s:
        alarms = list((await s.execute(select(Alarm).where(Alarm.fault_key == f"rule:{rule['id']}"))).scalars())
    assert len(alarms) == 1 and alarms[0].alarm_name == "夜间检查" and alarms[0].alarm_info == "夜间报警"
    # the next slot is the next night's
    async with system_session(app.state.db.sessionmaker) as s:
        row = await s.get(AutomationRule, rule["id"])
        assert row is not None and row.next_run_at is not None and row.next_run_at > slot + timedelta(hours=23)


async def test_rules_that_write_what_fires_them_are_stopped(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    pressure, run = plant.sources["出水压力"], plant.sources["运行"]
    # A: 运行 changed → write 出水压力 = 0.5; B: 出水压力 changed → write 运行 = 0: a ping-pong
    a = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "name": "A",
                "trigger": {"kind": "change", "source_id": run},
                "actions": [{"kind": "write", "source_id": pressure, "value": 0.5}],
            },
        )
    )
    b = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "name": "B",
                "trigger": {"kind": "change", "source_id": pressure},
                "actions": [{"kind": "write", "source_id": run, "value": 0}],
            },
        )
    )
    await engine.reload()
    tick = runner(app)
    async with FakeGateway(app, plant.sn) as gw:
        reporting(gw, plant)
        await gw.send([{"id": run, "v": False, "ts": now_ms()}, {"id": pressure, "v": 0.3, "ts": now_ms()}])
        await online(team, plant)
        await gw.send([{"id": run, "v": True, "ts": now_ms()}])

        async def stopped() -> bool:
            await tick.tick()
            return any(t["outcome"] == "loop" for t in await trace(team, a["id"]))

        await eventually(stopped, within=60, what="the loop stopped")
    loop = next(t for t in await trace(team, a["id"]) if t["outcome"] == "loop")
    assert str(a["id"]) in loop["error"] and str(b["id"]) in loop["error"]
    # each rule ran once; nothing wrote after the stop
    assert len(gw.writes) == 2


async def test_rate_limit_and_a_failing_action_retried_then_recorded(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    pressure = plant.sources["出水压力"]
    rule = ok(
        await team.admin.post(
            RULES, {**threshold_rule(plant), "rate_per_minute": 1, "trigger": {"kind": "change", "source_id": pressure}}
        )
    )
    await engine.reload()
    config = await app.state.telemetry.configs.get(plant.sn)
    t0 = now_ms()
    for i, v in enumerate((0.1, 0.2, 0.3)):
        engine.evaluate(config, [{"id": pressure, "v": v, "ts": t0 + i, "q": 0}])
    await engine.idle()
    assert len(await firings(app, rule["id"])) == 2
    tick = runner(app)
    now = utcnow()
    await tick.tick(now)
    first, second = await firings(app, rule["id"])
    # the second came within the minute of the first: rate-limited
    assert second.state == "skipped" and "minute" in second.last_error
    # the first writes to a device that is offline: retried with backoff, then recorded as failed
    for attempt in range(1, ACTION_ATTEMPTS_MAX):
        now = now + backoff(attempt) + timedelta(seconds=1)
        await tick.tick(now)
    (first, _) = await firings(app, rule["id"])
    assert first.state == "failed"
    outcomes = [t["outcome"] for t in await trace(team, rule["id"])]
    assert outcomes.count("retrying") == ACTION_ATTEMPTS_MAX - 1 and "failed" in outcomes and "rate_limited" in outcomes
    listed = ok(await team.admin.get(f"{RULES}/{rule['id']}"))
    assert listed["error_count"] == 1 and "write" in listed["last_error"]


async def test_device_online_fires_its_rule_and_traces_are_capped(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "name": "上线",
                "trigger": {"kind": "online"},
                "actions": [{"kind": "alarm", "mode": "raise", "name": "上线了", "level": 1}],
            },
        )
    )
    async with FakeGateway(app, plant.sn):
        await online(team, plant)
        await eventually(lambda: firings(app, rule["id"]), within=30, what="the online rule fired")
    # a condition that never holds: each evaluation traced, the trace capped at its last TRACE_MAX
    pressure = plant.sources["出水压力"]
    capped = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "name": "从不",
                "trigger": {"kind": "change", "source_id": pressure},
                "conditions": {"items": [{"source_id": pressure, "op": "gt", "value": 100}]},
            },
        )
    )
    await engine.reload()
    config = await app.state.telemetry.configs.get(plant.sn)
    t0 = now_ms()
    for i in range(TRACE_MAX + 20):
        engine.evaluate(config, [{"id": pressure, "v": i / 1000, "ts": t0 + i, "q": 0}])
        if i % 40 == 0:
            await engine.idle()
    await engine.idle()
    rows = await trace(team, capped["id"])
    assert len(rows) == TRACE_MAX and {r["outcome"] for r in rows} == {"not_met"}
    async with system_session(app.state.db.sessionmaker) as s:
        stored = await s.execute(
            select(func.count()).select_from(AutomationFiring).where(AutomationFiring.rule_id == capped["id"])
        )
        assert stored.scalar_one() == 0


async def test_a_notification_names_the_device_the_data_source_and_the_value(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    """The placeholders of a notify action's text: {alias} the device, {name} the trigger's data source (the firing
    keeps only its id), {value} what fired it, {rule} the rule."""
    from iotyun.messages.models import Message

    rule = ok(
        await team.admin.post(
            RULES,
            {
                **threshold_rule(plant),
                "actions": [
                    {
                        "kind": "notify",
                        "user_ids": [team.admin.user_id],
                        "channels": ["console"],
                        "text": "{alias}/{name}/{value}/{rule}",
                    }
                ],
            },
        )
    )
    await engine.reload()
    config = await app.state.telemetry.configs.get(plant.sn)
    pressure, t0 = plant.sources["出水压力"], now_ms()
    for ms, v in ((0, 1.2), (1_500, 1.3)):
        engine.evaluate(config, [{"id": pressure, "v": v, "ts": t0 + ms, "q": 0}])
    await engine.idle()
    await runner(app).tick()
    async with system_session(app.state.db.sessionmaker) as s:
        bodies = (await s.scalars(select(Message.body).where(Message.title == rule["name"]))).all()
    assert bodies == ["1号空压机/出水压力/1.3/压力过高停机"]


async def test_an_alarm_fires_the_rules_of_its_device_group_once(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine
) -> None:
    group = ok(await team.admin.post("/yun/dev/group", {"name": "一号线"}))["id"]
    other = ok(await team.admin.post("/yun/dev/group", {"name": "二号线"}))["id"]
    ok(await team.admin.post("/yun/dev/group/move", {"group_id": group, "device_ids": [plant.device_id]}))
    pressure = plant.sources["出水压力"]
    raised = [{"kind": "alarm", "mode": "raise", "name": "联动", "level": 1}]
    trigger = {"kind": "alarm", "event": "produced", "source_id": pressure}
    mine = ok(await team.admin.post(RULES, {**threshold_rule(plant), "name": "本组", "scope": "group",
        "scope_id": group, "trigger": trigger, "actions": raised}))  # fmt: skip
    theirs = ok(await team.admin.post(RULES, {**threshold_rule(plant), "name": "别组", "scope": "group",
        "scope_id": other, "trigger": trigger, "actions": raised}))  # fmt: skip
    recovered = ok(await team.admin.post(RULES, {**threshold_rule(plant), "name": "恢复", "trigger": {
        "kind": "alarm", "event": "recovered"}, "actions": raised}))  # fmt: skip
    async with FakeGateway(app, plant.sn) as gw:
        await gw.send([{"id": pressure, "v": 1.4, "ts": now_ms()}])  # above the data source's fault (gt 1.2)
        await eventually(lambda: firings(app, mine["id"]), within=30, what="the alarm fired its group's rule")
        await gw.send([{"id": pressure, "v": 0.5, "ts": now_ms()}])
        await eventually(lambda: firings(app, recovered["id"]), within=30, what="the recovery fired its rule")
    assert len(await firings(app, mine["id"])) == 1
    assert await firings(app, theirs["id"]) == []
    (firing,) = await firings(app, mine["id"])
    assert firing.event_key.startswith("alarm:") and firing.event_key.endswith(":produced")
    # the rule's own alarm (raised by the runner) does not fire the alarm rules again
    await runner(app).tick()
    assert len(await firings(app, mine["id"])) == 1
