"""The demo's automations (iotyun/demo/automations.py, issue 37 point 6): the side table target and three enabled
rules, valid as the console reads them back, seeded once; at work on the demo's values, the inverter's counter
forwards its readings to the side table (at most twice a minute), the cold store's door left open notifies the
administrator, and the night's slot writes the compressor's setpoint. The plant behind the cold store crosses the
rule's threshold a few minutes after start and then now and then, never all the time."""

import random
from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.auth.models import User
from iotyun.automations.models import AutomationFiring, AutomationRule, AutomationTarget
from iotyun.automations.runner import AutomationRunner
from iotyun.core.db import from_epoch_ms, utcnow
from iotyun.demo import automations as automation_demo
from iotyun.demo import devices as device_demo
from iotyun.demo import plant
from iotyun.demo import seed as demo_seed
from iotyun.demo import templates as template_demo
from iotyun.devices.models import Device
from iotyun.messages.models import Message
from iotyun.telemetry.conditions import Threshold
from tests.team.factories import Team
from tests.telemetry.conftest import app
from tests.telemetry.factories import now_ms
from tests.templates.factories import ok

# The app with its telemetry running, as `serve --demo` runs it.
__all__ = ["app"]

RULES = "/yun/automation/rules"
TARGETS = "/yun/automation/targets"


async def _seed(app: FastAPI, team: Team, times: int = 1) -> None:
    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        await device_demo.seed(s, tenant_id, users)
        await template_demo.seed(s, tenant_id, users)
        for _ in range(times):
            await automation_demo.seed(s, tenant_id, users, app.state.settings)
            await s.commit()
    app.state.telemetry.configs.invalidate()  # as registering through the API does


async def _rules(team: Team) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in ok(await team.admin.get(RULES))["items"]}


async def test_three_rules_and_the_side_table_seeded_once(app: FastAPI, team: Team) -> None:
    await _seed(app, team, times=2)  # the second run adds nothing
    (target,) = ok(await team.admin.get(TARGETS))["list"]
    assert (target["name"], target["kind"], target["config"]) == (automation_demo.TARGET, "table", {})
    rules = await _rules(team)
    assert sorted(rules) == sorted(automation_demo.RULE_NAMES)
    for rule in rules.values():
        got = ok(await team.admin.get(f"{RULES}/{rule['id']}"))
        assert got["enabled"] and got["description"] and got["owner_id"] == team.admin.user_id
        # Valid as the form would save it again (every field checked by the service).
        body = {k: got[k] for k in ("name", "description", "enabled", "template_id", "scope", "scope_id")}
        body.update(trigger=got["trigger"], conditions=got["conditions"], actions=got["actions"])
        assert ok(await team.admin.put(f"{RULES}/{rule['id']}", {**body, "rate_per_minute": got["rate_per_minute"]}))

    hot = rules[automation_demo.HIGH_TEMPERATURE]
    assert hot["template_name"] == "冷库温控" and hot["scope"] == "template"
    assert {k: hot["trigger"][k] for k in ("kind", "op", "value", "hold_s", "hysteresis")} == {
        "kind": "threshold",
        "op": "gt",
        "value": -15,
        "hold_s": 30,
        "hysteresis": 3,
    }
    (notify,) = hot["actions"]
    assert (notify["kind"], notify["user_ids"], notify["channels"]) == ("notify", [team.admin.user_id], ["console"])
    assert all(p in notify["text"] for p in ("{alias}", "{name}", "{value}"))

    night = rules[automation_demo.NIGHT_SETPOINT]
    assert night["trigger"] == {
        "kind": "schedule",
        "schedule": {"type": "daily", "time": "02:00", "weekdays": [], "cron": ""},
    }
    assert (night["scope"], night["scope_name"]) == ("device", "1号空压机")
    (write,) = night["actions"]
    assert (write["kind"], write["value"]) == ("write", 0.6)

    forward = rules[automation_demo.FORWARD]
    sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": forward["template_id"]}))
    names = {ds["id"]: ds["name"] for ds in sources["items"]}
    assert forward["template_name"] == "光伏逆变器监控" and forward["rate_per_minute"] == 2
    assert forward["trigger"] == {"kind": "change", "source_id": next(i for i, n in names.items() if n == "日发电量")}
    (send,) = forward["actions"]
    assert send["kind"] == "forward" and send["target_id"] == target["id"]
    assert sorted(send["source_ids"]) == sorted(names)

    async with app.state.db.sessionmaker() as s:
        counted = [
            (await s.execute(select(func.count()).select_from(m))).scalar_one()
            for m in (AutomationRule, AutomationTarget)
        ]
    assert counted == [3, 1]


async def test_a_demo_seeded_before_automations_gets_them_once(app: FastAPI) -> None:
    """`serve --demo` on a demo tenant seeded before issue 37 tops it up with the rules; a second start adds nothing."""
    async with app.state.db.sessionmaker() as s:
        assert await demo_seed.seed_demo(s, app.state.settings)
        await s.commit()
        for model in (AutomationRule, AutomationTarget):
            for row in (await s.scalars(select(model))).all():
                await s.delete(row)
        await s.commit()
        for _ in range(2):
            assert not await demo_seed.seed_demo(s, app.state.settings)
            await demo_seed._top_up(s, app.state.settings)
            await s.commit()
        names = sorted((await s.scalars(select(AutomationRule.name))).all())
        targets = (await s.scalars(select(AutomationTarget.name))).all()
    assert names == sorted(automation_demo.RULE_NAMES) and targets == [automation_demo.TARGET]


def _runner(app: FastAPI) -> AutomationRunner:
    return AutomationRunner(app.state.db.sessionmaker, app.state.settings, app.state.telemetry, holder="demo-test")


async def test_the_rules_at_work(app: FastAPI, team: Team) -> None:
    await _seed(app, team)
    engine = app.state.automations
    await engine.start()
    try:
        tick = _runner(app)
        rules = await _rules(team)
        target = ok(await team.admin.get(TARGETS))["list"][0]

        # The inverter's 日发电量 counts on: each step forwards its five values; a burst is capped at 2 a minute.
        solar = await app.state.telemetry.configs.get("IOT0000006")
        ids = {s.name: s.id for s in solar.sources.values()}
        t0 = now_ms()
        for i in range(4):
            readings = {"直流电压": 600.5, "交流功率": 31.2, "日发电量": 120 + i, "模块温度": 48.3, "并网": True}
            engine.evaluate(solar, [{"id": ids[n], "v": v, "ts": t0 + i, "q": 0} for n, v in readings.items()])
        await engine.idle()
        await tick.tick()
        rows = ok(await team.admin.get(f"{TARGETS}/{target['id']}/rows", params={"page_size": 50}))
        assert rows["total"] == 2 * 5  # the first value is no change; of three changes two ran, one was rate-limited
        assert {r["name"] for r in rows["items"]} == set(ids) and {r["alias"] for r in rows["items"]} == {"光伏逆变器"}
        forwarded = ok(await team.admin.get(f"{RULES}/{rules[automation_demo.FORWARD]['id']}"))
        assert forwarded["fired_count"] == 3 and forwarded["error_count"] == 0
        outcomes = [t["outcome"] for t in ok(await team.admin.get(f"{RULES}/{forwarded['id']}/trace"))["list"]]
        assert outcomes.count("done") == 2 and outcomes.count("rate_limited") == 1

        # The cold store's door stands open: 库温 over -15 ℃ for 30 s tells the administrator, once.
        cold = await app.state.telemetry.configs.get("IOT0000007")
        store = next(s.id for s in cold.sources.values() if s.name == "库温")
        for ms, v in ((0, -19.5), (1_000, -14.6), (20_000, -13.2), (31_500, -12.4), (40_000, -11.0)):
            engine.evaluate(cold, [{"id": store, "v": v, "ts": t0 + ms, "q": 0}])
        await engine.idle()
        await tick.tick()
        async with app.state.db.sessionmaker() as s:
            sent = (
                await s.scalars(
                    select(Message).where(Message.user_id == team.admin.user_id, Message.title == "高温通知")
                )
            ).all()
        assert [m.body for m in sent] == ["冷库温控：库温 -12.4 ℃，已超过 -15 ℃ 30 秒，请检查库门与制冷机组。"]

        # 02:00 in the tenant's zone: the night's slot fires on 1号空压机 alone, to write 设定压力.
        night = rules[automation_demo.NIGHT_SETPOINT]
        await tick.tick()  # sets the next slot
        slot = ok(await team.admin.get(f"{RULES}/{night['id']}"))["next_run_at"]
        at = from_epoch_ms(slot)
        assert at is not None and utcnow() < at <= utcnow() + timedelta(days=1)
        await tick.schedules(at + timedelta(seconds=1))
        async with app.state.db.sessionmaker() as s:
            fired = (await s.scalars(select(AutomationFiring).where(AutomationFiring.rule_id == night["id"]))).all()
            compressor = (await s.execute(select(Device.id).where(Device.sn == "IOT0000001"))).scalar_one()
        assert [f.device_id for f in fired] == [compressor]
    finally:
        await engine.stop()


def test_the_cold_store_crosses_the_threshold_now_and_then() -> None:
    """The demo's cold store (iotyun/demo/plant.py) reaches the rule's threshold within minutes of start, then about
    every half hour: a notification now and then, not a stream (whatever the seed its points give it)."""
    for seed in range(6):
        ids = {name: i for i, name in enumerate(plant.ColdStore.NAMES, 1)}
        store = plant.ColdStore(ids, random.Random(seed))
        threshold = Threshold(
            "gt", automation_demo.THRESHOLD_C, automation_demo.HOLD_S * 1000, automation_demo.HYSTERESIS_C
        )
        fired: list[int] = []
        for t in range(0, 3 * 3600):
            value = store.step(float(t), {ids["设定温度"]: -20.0})[ids["库温"]]
            if threshold.step(value, t * 1000) == "reached":
                threshold.active = True
                fired.append(t)
        assert fired and fired[0] < 5 * 60, (seed, fired)
        assert 3 <= len(fired) <= 12, (seed, fired)
