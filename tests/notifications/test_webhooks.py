"""Outgoing webhooks (issue 36 point 5, docs/api-system.md "Outgoing webhooks"), on SQLite and PostgreSQL: each event
(a device online and offline, a value written, an alarm produced, confirmed and recovered, an upgrade finished) is
written into the outbox in the transaction of its fact (a rolled-back one leaves nothing), and becomes exactly one
delivery per enabled subscription that chose the event and the device, sent by the notifications' runner, signed
as a receiver checks it; a receiver down is retried with backoff and then failed, one answering a 4xx fails at once,
and a failed delivery is resent with its key. Another tenant's events never reach a subscription; the device and
group filters hold; subscriptions are the administrator's alone, refused with their codes and capped."""

import hashlib
import hmac
import time
from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.alarms import hooks as alarm_hooks
from iotyun.alarms.models import Alarm
from iotyun.core.db import utcnow
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import WEBHOOK_EVENTS, WEBHOOKS_PER_TENANT_MAX
from iotyun.core.tenancy import system_session
from iotyun.devices import service as device_service
from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, GRANT_SHARE, Device, DeviceGrant, DeviceGroup
from iotyun.notifications import fanout
from iotyun.notifications import repository as notify_repo
from iotyun.notifications.models import PENDING, NotifyDelivery, NotifyEvent
from iotyun.notifications.runner import MAX_ATTEMPTS, NotifyRunner, backoff
from iotyun.software.device_reports import UpgradeReports
from iotyun.software.models import DEVICE_UPDATING, SoftwareUpgrade, SoftwareUpgradeDevice
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.notifications.conftest import Receiver
from tests.team.factories import Team
from tests.telemetry.factories import FakeGateway, Plant, eventually, make_plant, now_ms

HOOKS = "/yun/webhooks"
LOG = "/yun/webhooks/delivery"
# How far a receiver lets a delivery's timestamp stray from its clock (the recipe in docs/api-system.md).
TOLERANCE_S = 300


def runner(app: FastAPI, holder: str = "test") -> NotifyRunner:
    return NotifyRunner(app.state.db, app.state.settings, app.state.mail_sender, holder=holder)


def _hook(url: str, **overrides: Any) -> dict[str, Any]:
    return {"name": "对接平台", "url": url, "events": list(WEBHOOK_EVENTS), **overrides}


def verify(secret: str, headers: dict[str, str], raw: bytes) -> bool:
    """What a receiver does with a delivery: the signature over `<timestamp>.<body>` with its secret, compared in
    constant time, and a timestamp near its own clock."""
    timestamp = headers.get("x-iotyun-timestamp", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > TOLERANCE_S:
        return False
    expected = "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, headers.get("x-iotyun-signature", ""))


def subscription_of(call: dict[str, Any]) -> int:
    """The subscription a delivery came from, by its key (`e<event>.s<subscription>`)."""
    return int(str(call["key"]).rsplit(".s", 1)[1])


def event_of(call: dict[str, Any]) -> int:
    """The outbox event a delivery tells, by its key (the runner sends several at once: they arrive in any order)."""
    return int(str(call["key"]).split(".", 1)[0][1:])


async def _events(app: FastAPI) -> list[str]:
    async with system_session(app.state.db.sessionmaker) as s:
        return [e.event for e in (await s.execute(select(NotifyEvent).order_by(NotifyEvent.id))).scalars()]


async def _deliveries(app: FastAPI) -> list[NotifyDelivery]:
    async with system_session(app.state.db.sessionmaker) as s:
        return list((await s.execute(select(NotifyDelivery).order_by(NotifyDelivery.id))).scalars())


async def _gateway_of(app: FastAPI, device_id: int) -> int:
    async with system_session(app.state.db.sessionmaker) as s:
        device = await s.get(Device, device_id)
        assert device is not None
        return device.gateway_id


async def _set_state(app: FastAPI, device_id: int, state: int) -> None:
    """The gateway goes online or offline as the telemetry runtime writes it (devices.service.set_state)."""
    gateway_id = await _gateway_of(app, device_id)
    async with system_session(app.state.db.sessionmaker) as s:
        await device_service.set_state(s, gateway_id, state, "10.0.0.8" if state == DEV_ONLINE else None)
        await s.commit()


async def _finish_upgrade(app: FastAPI, team: Team, plant: Plant) -> None:
    """The plant's gateway, installing 2.1.0, reports it runs it (as the gateway's report reaches the server)."""
    gateway_id = await _gateway_of(app, plant.device_id)
    async with system_session(app.state.db.sessionmaker) as s:
        upgrade = SoftwareUpgrade(tenant_id=team.admin.tenant_id, to_version="2.1.0", total=1)
        s.add(upgrade)
        await s.flush()
        s.add(
            SoftwareUpgradeDevice(
                tenant_id=team.admin.tenant_id,
                upgrade_id=upgrade.id,
                device_id=plant.device_id,
                gateway_id=gateway_id,
                sn=plant.sn,
                device_name="1号空压机",
                from_version="2.0.0",
                to_version="2.1.0",
                state=DEVICE_UPDATING,
                req_id="req-webhook-1",
                sent_at=utcnow(),
            )
        )
        await s.commit()
    report = b'{"req_id": "req-webhook-1", "state": "updated", "version": "2.1.0"}'
    reports = UpgradeReports(app.state.db.sessionmaker)
    await reports.write([(plant.sn, report, None)])
    assert reports.stats["applied"] == 1


async def test_each_event_reaches_each_subscription_that_chose_it_once_and_signed(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver
) -> None:
    app.state.settings.notify_allow_private = True
    every = ok(await team.admin.post(HOOKS, json=_hook(receiver.url)))
    online = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, name="上线", events=["device.online"])))
    ok(await team.admin.post(HOOKS, json=_hook(receiver.url, name="停用", enabled=False)))
    secrets = {every["id"]: every["secret"], online["id"]: online["secret"]}
    assert every["secret"].startswith("whsec_") and every["secret"] != online["secret"]
    # The secret is shown when the subscription is made, and never again.
    assert "secret" not in str(ok(await team.admin.get(HOOKS)))

    p = plant.sources["出水压力"]
    engine = app.state.telemetry.alarms
    async with FakeGateway(app, plant.sn) as gw:
        await eventually(lambda: _has(app, "device.online"), what="online event")
        written = ok(
            await team.admin.post("/yun/rDev", {"device_id": plant.device_id, "data_source_id": p, "value": 1.0})
        )
        assert written["value"] == 1.0
        await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
        await eventually(lambda: engine.produced >= 1, what="alarm produced")
        await engine.drain()
        (alarm,) = ok(await team.admin.get("/rAlarmDev"))["items"]
        ok(await team.admin.post("/rAlarmDev/confirmation", json={"ids": [alarm["id"]], "note": "已处理"}))
        await gw.send([{"id": p, "v": 0.5, "ts": now_ms()}])
        await eventually(lambda: engine.recovered >= 1, what="alarm recovered")
        await engine.drain()
        await gw.state("offline")
        await eventually(lambda: _has(app, "device.offline"), what="offline event")
    await _finish_upgrade(app, team, plant)

    # Every event is in the outbox, written with its fact, before any runner ran.
    assert await _events(app) == [
        "device.online",
        "value.written",
        "produced",
        "confirmed",
        "recovered",
        "device.offline",
        "upgrade.finished",
    ]
    assert await _deliveries(app) == []

    made, sent = await runner(app).tick()
    assert (made, sent) == (8, 8)  # seven to the subscription of every event, one to the online one, none disabled
    assert await runner(app).tick() == (0, 0)
    assert len(receiver.calls) == 8 and len({c["key"] for c in receiver.calls}) == 8
    for call in receiver.calls:
        assert verify(secrets[subscription_of(call)], call["headers"], call["raw"]), call["key"]
        assert not verify("whsec_wrong", call["headers"], call["raw"])
        assert call["key"] == call["body"]["key"]
        assert call["body"]["tenant_id"] == team.admin.tenant_id
        assert call["body"]["device"] == {"id": plant.device_id, "sn": plant.sn, "alias": "1号空压机"}
        assert isinstance(call["body"]["at"], int)
    ordered = sorted(receiver.calls, key=lambda c: (event_of(c), subscription_of(c)))
    by_event = {c["body"]["event"]: c["body"] for c in ordered if subscription_of(c) == every["id"]}
    assert list(by_event) == [
        "device.online",
        "value.written",
        "alarm.produced",
        "alarm.confirmed",
        "alarm.recovered",
        "device.offline",
        "upgrade.finished",
    ]
    assert [subscription_of(c) for c in ordered if c["body"]["event"] == "device.online"] == [every["id"], online["id"]]
    assert by_event["value.written"]["data"] == {
        "data_source_id": p,
        "name": "出水压力",
        "value": 1.0,
        "old_value": None,
        "user_name": "alice",
    }
    assert by_event["alarm.produced"]["data"]["alarm_name"] == "压力过高"
    assert by_event["alarm.confirmed"]["data"]["alarm_note"] == "已处理"
    assert by_event["upgrade.finished"]["data"] == {
        "upgrade_id": by_event["upgrade.finished"]["data"]["upgrade_id"],
        "result": "updated",
        "from_version": "2.0.0",
        "to_version": "2.1.0",
        "reason": "",
    }

    log = ok(await team.admin.get(LOG, params={"subscription_id": every["id"]}))
    assert log["total"] == 7
    assert {(d["state"], d["attempts"], d["status_code"]) for d in log["items"]} == {("sent", 1, 200)}
    assert log["items"][0]["event"] == "upgrade.finished" and log["items"][0]["device_name"] == "1号空压机"
    assert log["items"][0]["address"] == receiver.url.split("?")[0]
    assert ok(await team.admin.get(LOG, params={"event": "device.online"}))["total"] == 2
    # The alarm rules' log is the rules' alone.
    assert ok(await team.admin.get("/yun/notify/delivery"))["total"] == 0
    listed = {s["id"]: s for s in ok(await team.admin.get(HOOKS))["items"]}
    assert (listed[every["id"]]["waiting"], listed[every["id"]]["failed"]) == (0, 0)


async def _has(app: FastAPI, event: str) -> bool:
    return event in await _events(app)


async def test_a_fact_rolled_back_or_refused_leaves_no_event(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver
) -> None:
    app.state.settings.notify_allow_private = True
    ok(await team.admin.post(HOOKS, json=_hook(receiver.url)))
    gateway_id = await _gateway_of(app, plant.device_id)
    async with system_session(app.state.db.sessionmaker) as s:
        await device_service.set_state(s, gateway_id, DEV_ONLINE)
        assert len(list((await s.execute(select(NotifyEvent))).scalars())) == 1  # flushed in the transaction
        await s.rollback()
    async with system_session(app.state.db.sessionmaker) as s:
        alarm = Alarm(
            tenant_id=team.admin.tenant_id,
            device_id=plant.device_id,
            owner_id=team.admin.user_id,
            sn=plant.sn,
            data_source_id=plant.sources["出水压力"],
            data_source_name="出水压力",
            fault_key="k",
            alarm_name="压力过高",
            alarm_level=2,
            alarm_time=utcnow(),
        )
        s.add(alarm)
        await s.flush()
        await alarm_hooks.alarm_changed.call(s, [alarm], alarm_hooks.PRODUCED_EVENT)
        await s.rollback()
    # A write refused (the device is offline) is logged, and tells no one.
    body = {"device_id": plant.device_id, "data_source_id": plant.sources["出水压力"], "value": 1.0}
    assert code(await team.admin.post("/yun/rDev", body)) == ErrorCode.DEVICE_OFFLINE
    # The same state twice is no change.
    await _set_state(app, plant.device_id, DEV_OFFLINE)
    assert await _events(app) == []
    assert await runner(app).tick() == (0, 0)
    assert receiver.calls == []


async def test_a_receiver_down_is_retried_with_backoff_then_failed_and_resent(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver
) -> None:
    app.state.settings.notify_allow_private = True
    hook = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, events=["device.online"])))
    receiver.down = True
    await _set_state(app, plant.device_id, DEV_ONLINE)
    now = utcnow()
    r = runner(app)
    assert await r.tick(now) == (1, 0)
    at = now
    for attempt in range(1, MAX_ATTEMPTS):
        at += backoff(attempt)
        assert await r.tick(at - timedelta(seconds=1)) == (0, 0)  # not yet: its backoff has not passed
        assert await r.tick(at) == (0, 0)
    assert len(receiver.calls) == MAX_ATTEMPTS and len({c["key"] for c in receiver.calls}) == 1
    (row,) = ok(await team.admin.get(LOG))["items"]
    assert (row["state"], row["attempts"], row["status_code"], row["last_error"]) == (
        "failed",
        MAX_ATTEMPTS,
        503,
        "HTTP 503",
    )
    assert ok(await team.admin.get(HOOKS))["items"][0]["failed"] == 1
    # Given up: no more tries, however long.
    assert await r.tick(at + timedelta(days=1)) == (0, 0)
    # Resent by hand once the receiver is back: the same key, so a receiver that got it drops the repeat.
    receiver.down = False
    resent = ok(await team.admin.post(f"{LOG}/{row['id']}/resend"))
    assert (resent["state"], resent["last_error"]) == ("pending", "")
    assert await runner(app).tick() == (0, 1)
    assert list(receiver.accepted) == [row["key"]]
    assert code(await team.admin.post(f"{LOG}/{row['id']}/resend")) == ErrorCode.NOTIFY_DELIVERY_NOT_FOUND
    assert ok(await team.admin.get(LOG, params={"subscription_id": hook["id"], "state": "sent"}))["total"] == 1


async def test_a_4xx_fails_at_once(app: FastAPI, team: Team, plant: Plant, receiver: Receiver) -> None:
    app.state.settings.notify_allow_private = True
    ok(await team.admin.post(HOOKS, json=_hook(receiver.url, events=["device.online"])))
    receiver.status = 410
    await _set_state(app, plant.device_id, DEV_ONLINE)
    r = runner(app)
    assert await r.tick() == (1, 0)
    assert await r.tick(utcnow() + timedelta(hours=1)) == (0, 0)
    (row,) = ok(await team.admin.get(LOG))["items"]
    assert (row["state"], row["attempts"], row["status_code"], row["last_error"]) == ("failed", 1, 410, "HTTP 410")
    assert len(receiver.calls) == 1


async def test_another_tenants_events_never_reach_a_subscription_and_the_filters_hold(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver, other_tenant: Api
) -> None:
    app.state.settings.notify_allow_private = True
    second = await make_plant(team.admin)
    theirs = await make_plant(other_tenant)
    # Their device shared with our administrator: he reads it, and still may not subscribe to it.
    async with system_session(app.state.db.sessionmaker) as s:
        s.add(DeviceGrant(device_id=theirs.device_id, user_id=team.admin.user_id, kind=GRANT_SHARE, granted_by=0))
        group = DeviceGroup(tenant_id=team.admin.tenant_id, name="一车间")
        s.add(group)
        await s.flush()
        await s.execute(update(Device).where(Device.id == second.device_id).values(group_id=group.id))
        await s.commit()
    refused = await team.admin.post(HOOKS, json=_hook(receiver.url, device_ids=[theirs.device_id]))
    assert (code(refused), refused["meta"]["field"]) == (ErrorCode.DEVICE_NOT_FOUND, "device_ids")

    every = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, name="全部")))
    by_device = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, name="单台", device_ids=[plant.device_id])))
    by_group = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, name="分组", device_group_ids=[group.id])))
    assert by_device["devices"] == [{"id": plant.device_id, "sn_code": plant.sn, "alias": "1号空压机"}]
    assert by_group["device_groups"] == [{"id": group.id, "name": "一车间"}]
    their_hook = ok(await other_tenant.post(HOOKS, json=_hook(receiver.url, name="他们的")))

    for device_id in (plant.device_id, second.device_id, theirs.device_id):
        await _set_state(app, device_id, DEV_ONLINE)
    await runner(app).tick()
    heard = sorted((subscription_of(c), c["body"]["device"]["id"]) for c in receiver.calls)
    assert heard == sorted(
        [
            (every["id"], plant.device_id),
            (every["id"], second.device_id),
            (by_device["id"], plant.device_id),
            (by_group["id"], second.device_id),
            (their_hook["id"], theirs.device_id),
        ]
    )
    assert next(c for c in receiver.calls if subscription_of(c) == their_hook["id"])["body"]["tenant_id"] == (
        other_tenant.tenant_id
    )
    # Each tenant's log is its own.
    assert ok(await team.admin.get(LOG))["total"] == 4
    (theirs_logged,) = ok(await other_tenant.get(LOG))["items"]
    assert theirs_logged["subscription_id"] == their_hook["id"]
    assert ok(await other_tenant.get(LOG, params={"subscription_id": every["id"]}))["total"] == 0


async def test_rights_refusals_and_caps(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver, other_tenant: Api
) -> None:
    hook = ok(await team.admin.post(HOOKS, json=_hook("https://hooks.example.com/in?token=t")))
    cases: list[tuple[dict[str, Any], int, str]] = [
        (_hook("https://h.example.com/", name=" "), ErrorCode.WEBHOOK_NAME_INVALID, "name"),
        (_hook("https://h.example.com/", name="x" * 33), ErrorCode.WEBHOOK_NAME_INVALID, "name"),
        (_hook(""), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("ftp://h.example.com/"), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("https://user:pw@h.example.com/"), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("https://h.example.com/" + "a" * 500), ErrorCode.NOTIFY_URL_INVALID, "url"),
        # This host, the plant network and the cloud's metadata address, unless IOTYUN_NOTIFY_ALLOW_PRIVATE.
        (_hook(receiver.url), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("http://localhost:9000/"), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("http://10.0.0.5/in"), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("http://169.254.169.254/latest"), ErrorCode.NOTIFY_URL_INVALID, "url"),
        (_hook("https://h.example.com/", events=[]), ErrorCode.WEBHOOK_EVENTS_EMPTY, "events"),
        (_hook("https://h.example.com/", device_ids=[10**9]), ErrorCode.DEVICE_NOT_FOUND, "device_ids"),
        (
            _hook("https://h.example.com/", device_group_ids=[10**9]),
            ErrorCode.DEVICE_GROUP_NOT_FOUND,
            "device_group_ids",
        ),
    ]
    for body, expected, field in cases:
        resp = await team.admin.post(HOOKS, json=body)
        assert (code(resp), resp["meta"].get("field")) == (expected, field), body
        resp = await team.admin.put(f"{HOOKS}/{hook['id']}", json=body)
        assert (code(resp), resp["meta"].get("field")) == (expected, field), body
    assert code(await team.admin.post(HOOKS, json=_hook("https://h.example.com/", events=["device.moved"]))) == 100004
    # The server's own port on this host, even where private targets are allowed.
    app.state.settings.notify_allow_private = True
    own = f"http://127.0.0.1:{app.state.settings.port}/api/x"
    assert code(await team.admin.post(HOOKS, json=_hook(own))) == ErrorCode.NOTIFY_URL_INVALID
    stored = ok(await team.admin.get(HOOKS))["items"]
    assert [(s["name"], s["url"]) for s in stored] == [("对接平台", "https://hooks.example.com/in?token=t")]

    # Edited, switched off and on, its secret renewed (shown once), deleted: its administrator's alone.
    edited = ok(
        await team.admin.put(
            f"{HOOKS}/{hook['id']}",
            json=_hook("https://hooks.example.com/v2", name="改名", events=["alarm.produced"], enabled=False),
        )
    )
    assert (edited["name"], edited["url"], edited["events"], edited["enabled"]) == (
        "改名",
        "https://hooks.example.com/v2",
        ["alarm.produced"],
        False,
    )
    assert ok(await team.admin.put(f"{HOOKS}/{hook['id']}/enabled", json={"enabled": True}))["enabled"] is True
    renewed = ok(await team.admin.post(f"{HOOKS}/{hook['id']}/secret"))["secret"]
    assert renewed.startswith("whsec_") and renewed != hook["secret"]

    await team.role("sysadmin", ["P80000"])
    await team.user("sam", "sysadmin")
    lesser = [await team.login("sam"), await team.without()]
    for api in lesser:
        assert code(await api.get(HOOKS)) == ErrorCode.NO_PRIVILEGE
        assert code(await api.get(LOG)) == ErrorCode.NO_PRIVILEGE
        assert code(await api.post(HOOKS, json=_hook("https://h.example.com/"))) == ErrorCode.NO_PRIVILEGE
        assert code(await api.post(f"{HOOKS}/{hook['id']}/test")) == ErrorCode.NO_PRIVILEGE
        assert code(await api.post(f"{HOOKS}/{hook['id']}/secret")) == ErrorCode.NO_PRIVILEGE
    assert ok(await other_tenant.get(HOOKS))["total"] == 0
    for resp in (
        await other_tenant.put(f"{HOOKS}/{hook['id']}", json=_hook("https://h.example.com/")),
        await other_tenant.put(f"{HOOKS}/{hook['id']}/enabled", json={"enabled": False}),
        await other_tenant.post(f"{HOOKS}/{hook['id']}/secret"),
        await other_tenant.post(f"{HOOKS}/{hook['id']}/test"),
        await other_tenant.call("DELETE", f"{HOOKS}/{hook['id']}"),
    ):
        assert code(resp) == ErrorCode.WEBHOOK_NOT_FOUND
    test = ok(await team.admin.post(f"{HOOKS}/{hook['id']}/test"))
    assert code(await other_tenant.post(f"{LOG}/{test['id']}/resend")) == ErrorCode.NOTIFY_DELIVERY_NOT_FOUND
    assert ok(await other_tenant.get(LOG))["total"] == 0

    # At most WEBHOOKS_PER_TENANT_MAX a tenant.
    for i in range(WEBHOOKS_PER_TENANT_MAX - 1):
        ok(await team.admin.post(HOOKS, json=_hook("https://h.example.com/", name=f"h{i}")))
    over = await team.admin.post(HOOKS, json=_hook("https://h.example.com/", name="one too many"))
    assert code(over) == ErrorCode.WEBHOOK_LIMIT_REACHED
    assert ok(await team.admin.get(HOOKS))["total"] == WEBHOOKS_PER_TENANT_MAX

    # Deleted: what it made stays in the log, what waited is not sent.
    ok(await team.admin.call("DELETE", f"{HOOKS}/{hook['id']}"))
    (logged,) = ok(await team.admin.get(LOG))["items"]
    assert (logged["state"], logged["last_error"], logged["subscription_name"]) == (
        "skipped",
        "subscription deleted",
        None,
    )
    assert code(await team.admin.post(f"{LOG}/{logged['id']}/resend")) == ErrorCode.WEBHOOK_NOT_FOUND


async def test_a_test_event_and_a_renewed_secret(app: FastAPI, team: Team, receiver: Receiver) -> None:
    app.state.settings.notify_allow_private = True
    hook = ok(await team.admin.post(HOOKS, json=_hook(receiver.url, enabled=False)))
    sent = ok(await team.admin.post(f"{HOOKS}/{hook['id']}/test"))
    assert (sent["event"], sent["state"], sent["device_id"]) == ("webhook.test", "pending", None)
    assert await runner(app).tick() == (0, 1)
    (call,) = receiver.calls
    assert verify(hook["secret"], call["headers"], call["raw"])
    assert call["body"]["event"] == "webhook.test" and call["body"]["device"] is None
    assert call["body"]["data"]["subscription"] == {"id": hook["id"], "name": "对接平台"}
    renewed = ok(await team.admin.post(f"{HOOKS}/{hook['id']}/secret"))["secret"]
    ok(await team.admin.post(f"{HOOKS}/{hook['id']}/test"))
    await runner(app).tick()
    last = receiver.calls[-1]
    assert verify(renewed, last["headers"], last["raw"]) and not verify(hook["secret"], last["headers"], last["raw"])


async def test_a_subscription_with_too_many_waiting_skips_the_rest(
    app: FastAPI, team: Team, plant: Plant, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fanout, "WEBHOOK_BACKLOG_MAX", 2)
    app.state.settings.notify_allow_private = True
    ok(await team.admin.post(HOOKS, json=_hook(receiver.url, events=["device.online", "device.offline"])))
    receiver.down = True
    for state in (DEV_ONLINE, DEV_OFFLINE, DEV_ONLINE):
        await _set_state(app, plant.device_id, state)
    assert await runner(app).tick() == (3, 0)
    rows = ok(await team.admin.get(LOG))["items"]
    assert [(d["event"], d["state"], d["last_error"]) for d in reversed(rows)] == [
        ("device.online", "retrying", "HTTP 503"),
        ("device.offline", "retrying", "HTTP 503"),
        ("device.online", "skipped", "backlog"),
    ]
    assert ok(await team.admin.get(HOOKS))["items"][0]["waiting"] == 2
    # A skipped one may be resent (the two retrying may be due too by then, on a slow machine).
    receiver.down = False
    ok(await team.admin.post(f"{LOG}/{rows[0]['id']}/resend"))
    assert (await runner(app).tick())[1] >= 1
    resent = ok(await team.admin.get(LOG))["items"][0]
    assert (resent["id"], resent["state"], resent["status_code"]) == (rows[0]["id"], "sent", 200)


async def test_due_deliveries_take_tenants_in_turn(app: FastAPI, team: Team, other_tenant: Api) -> None:
    """A tenant with a backlog takes at most its share of a tick; the others' deliveries go in the same tick."""
    now = utcnow()
    async with system_session(app.state.db.sessionmaker) as s:
        for i in range(30):
            s.add(_waiting(team.admin.tenant_id, f"busy{i}", now - timedelta(minutes=10)))
        s.add(_waiting(other_tenant.tenant_id, "quiet", now))
        await s.commit()
        due = await notify_repo.due_deliveries(s, now, 10, 4)
        keys = {d.id: (d.tenant_id, d.key) for d in (await s.execute(select(NotifyDelivery))).scalars()}
    taken = [keys[i] for i in due]
    assert len(taken) == 5
    assert (other_tenant.tenant_id, "quiet") in taken
    assert [k for t, k in taken if t == team.admin.tenant_id] == ["busy0", "busy1", "busy2", "busy3"]


def _waiting(tenant_id: int | None, key: str, at: Any) -> NotifyDelivery:
    return NotifyDelivery(
        tenant_id=tenant_id,
        subscription_id=1,
        event="device.online",
        channel="webhook",
        address="https://h.example.com/",
        key=key,
        state=PENDING,
        next_at=at,
        created_at=at,
        updated_at=at,
    )
