"""A rule's actions through the runner (issue 37 points 1, 3 and 8), on SQLite and PostgreSQL: a forward into a real
MariaDB table and into a local HTTP receiver that is down for a while and still receives every row once; a
notification to the console and by SMS through the delivery log; a webhook through the outgoing webhooks' log,
signed as its receiver checks; a custom alarm raised and recovered; a delay and a repeat."""

from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.alarms.models import PRODUCED, RECOVERED, Alarm
from iotyun.automations.engine import AutomationEngine
from iotyun.automations.models import AutomationFiring
from iotyun.automations.runner import backoff
from iotyun.core.db import utcnow
from iotyun.core.tenancy import system_session
from iotyun.messages.models import Message
from iotyun.notifications.models import NotifyDelivery
from iotyun.notifications.runner import NotifyRunner
from tests.automations.conftest import runner, threshold_rule
from tests.automations.test_forward import SECRET, _mysql_rows, mariadb
from tests.notifications.conftest import Receiver
from tests.team.factories import Team
from tests.telemetry.factories import Plant, now_ms
from tests.templates.factories import ok

__all__ = ["mariadb"]

RULES = "/yun/automation/rules"
TARGETS = "/yun/automation/targets"


async def fire(app: FastAPI, engine: AutomationEngine, plant: Plant, value: float, ts: int | None = None) -> None:
    """A change of 出水压力 as the ingest hands it to the engine, written out."""
    config = await app.state.telemetry.configs.get(plant.sn)
    pressure = plant.sources["出水压力"]
    engine.evaluate(config, [{"id": pressure, "v": value, "ts": ts or now_ms(), "q": 0}])
    await engine.idle()


async def states(app: FastAPI, rule_id: int) -> list[str]:
    async with system_session(app.state.db.sessionmaker) as s:
        stmt = select(AutomationFiring.state).where(AutomationFiring.rule_id == rule_id).order_by(AutomationFiring.id)
        return [str(x) for x in (await s.execute(stmt)).scalars()]


def change_rule(plant: Plant, actions: list[dict[str, Any]], **overrides: Any) -> dict[str, Any]:
    return threshold_rule(
        plant, trigger={"kind": "change", "source_id": plant.sources["出水压力"]}, actions=actions, **overrides
    )


async def test_forward_to_a_receiver_down_for_a_while_and_to_mariadb(
    app: FastAPI,
    team: Team,
    plant: Plant,
    engine: AutomationEngine,
    receiver: Receiver,
    mariadb: tuple[Any, str, str],
) -> None:
    app.state.settings.forward_allow_private = True
    conn, table, user = mariadb
    http = ok(await team.admin.post(TARGETS, {"name": "接收端", "kind": "http", "config": {"url": receiver.url}}))
    columns = {"sn": "sn", "device_id": "device_id", "ds": "data_source_id", "name": "name", "v": "value", "ts": "ts",
               "rule": "rule_id"}  # fmt: skip
    config = {
        "host": "127.0.0.1",
        "port": 3306,
        "database": "test",
        "username": user,
        "table": table,
        "columns": columns,
    }
    maria = ok(await team.admin.post(TARGETS, {"name": "MariaDB", "kind": "mysql", "config": config, "secret": SECRET}))
    pressure = plant.sources["出水压力"]
    forward = [{"kind": "forward", "target_id": http["id"], "source_ids": [pressure]},
               {"kind": "forward", "target_id": maria["id"], "source_ids": [pressure]}]  # fmt: skip
    rule = ok(await team.admin.post(RULES, change_rule(plant, forward, rate_per_minute=60)))
    await engine.reload()
    await fire(app, engine, plant, 0.3)
    await fire(app, engine, plant, 0.6)
    await fire(app, engine, plant, 0.9)
    tick = runner(app)
    receiver.down = True
    now = utcnow()
    await tick.tick(now)
    assert receiver.calls and not receiver.accepted  # tried, refused (503)
    assert await states(app, rule["id"]) == ["pending", "pending"]
    receiver.down = False
    for attempt in (1, 2):
        now += backoff(attempt) + timedelta(seconds=1)
        await tick.tick(now)
    assert await states(app, rule["id"]) == ["done", "done"], [
        (t["outcome"], t["actions"], t["error"])
        for t in ok(await team.admin.get(f"{RULES}/{rule['id']}/trace"))["list"]
    ]
    # every row once: one accepted delivery per firing, each with its rows; nothing sent after
    bodies = [c["body"] for c in receiver.calls if c["body"]]
    keys = {c["headers"].get("idempotency-key") for c in receiver.calls}
    assert len(keys) == 2
    accepted = {c["headers"]["idempotency-key"]: c["body"] for c in receiver.calls if not c.get("down")}
    values = sorted(row["value"] for body in accepted.values() for row in body["rows"])
    assert values == [0.6, 0.9] and all(b["rule_id"] == rule["id"] for b in bodies)
    calls = len(receiver.calls)
    await tick.tick(now + timedelta(minutes=10))
    assert len(receiver.calls) == calls
    # MariaDB received the same rows, once, through the column mapping
    rows = await _mysql_rows(conn, table)
    assert sorted(r[5] for r in rows) == ["0.6", "0.9"] and {r[8] for r in rows} == {rule["id"]}


async def test_notify_webhook_alarm_delay_and_repeat(
    app: FastAPI, team: Team, plant: Plant, engine: AutomationEngine, receiver: Receiver
) -> None:
    app.state.settings.notify_allow_private = True
    me = {"id": team.admin.user_id}
    hook = ok(
        await team.admin.post("/yun/webhooks", {"name": "对接", "url": receiver.url, "events": ["alarm.produced"]})
    )
    actions = [
        {"kind": "notify", "user_ids": [me["id"]], "channels": ["console", "sms"], "text": "{alias}: {value} ({rule})"},
        {"kind": "webhook", "subscription_id": hook["id"]},
        {"kind": "alarm", "mode": "raise", "name": "规则报警", "level": 2, "info": "{value}"},
        {"kind": "alarm", "mode": "recover", "delay_s": 60},
        {"kind": "notify", "user_ids": [me["id"]], "channels": ["console"], "text": "again", "repeat": 1,
         "every_s": 30},
    ]  # fmt: skip
    rule = ok(await team.admin.post(RULES, change_rule(plant, actions)))
    await engine.reload()
    await fire(app, engine, plant, 0.3)
    await fire(app, engine, plant, 0.7)
    tick = runner(app)
    now = utcnow()
    await tick.tick(now)
    async with system_session(app.state.db.sessionmaker) as s:
        messages = list((await s.execute(select(Message).order_by(Message.id))).scalars())
        alarms = list((await s.execute(select(Alarm).where(Alarm.fault_key == f"rule:{rule['id']}"))).scalars())
        deliveries = list((await s.execute(select(NotifyDelivery).order_by(NotifyDelivery.id))).scalars())
    texts = [m.body for m in messages]
    assert "1号空压机: 0.7 (压力过高停机)" in texts and texts.count("again") == 1
    assert len(alarms) == 1 and alarms[0].alarm_type == PRODUCED and alarms[0].alarm_info == "0.7"
    mail = [d for d in deliveries if d.channel == "sms"]
    posted = [d for d in deliveries if d.subscription_id == hook["id"]]
    assert len(mail) == 1 and mail[0].body == "1号空压机: 0.7 (压力过高停机)"
    assert len(posted) == 1 and posted[0].payload["event"] == "automation.fired"
    # the notifications' runner sends the webhook, signed with the subscription's secret
    await NotifyRunner(app.state.db, app.state.settings, app.state.mail_sender, holder="n").tick(now)
    assert any(c["body"] and c["body"]["event"] == "automation.fired" for c in receiver.calls)
    assert (await states(app, rule["id"])) == ["pending"]  # the recover waits its minute, the repeat its 30 s
    await tick.tick(now + timedelta(seconds=31))
    await tick.tick(now + timedelta(seconds=61))
    assert await states(app, rule["id"]) == ["done"]
    async with system_session(app.state.db.sessionmaker) as s:
        alarm = (await s.execute(select(Alarm).where(Alarm.id == alarms[0].id))).scalar_one()
        again = (await s.execute(select(Message).where(Message.body == "again"))).scalars().all()
    assert alarm.alarm_type == RECOVERED and len(again) == 2
