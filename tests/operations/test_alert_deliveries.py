"""Platform alerts to the operators (issue 35 point 3): each opening and closing goes to every active operator holding
the monitoring scope over each of his alert channels (email through the app's mail sender, SMS) and to the operators'
webhook, one delivery per event, channel and address; retried, then failed; never sent twice; resumed by the next
holder. The operator sets his own contacts (PUT /administrator/me), validated and audited."""

from dataclasses import replace
from datetime import datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.db import utcnow
from iotyun.notifications.channels import EmailChannel, Outgoing, SendFailed, SmsChannel, outbox_file
from iotyun.operations import service
from iotyun.operations.health.models import PlatformAlertDelivery
from iotyun.operations.health.runner import HealthRunner
from iotyun.operations.models import OperatorAudit
from iotyun.operations.schemas import OperatorContactIn
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.operations.conftest import make_operator
from tests.operations.test_health import HEALTH, FakeTelemetry, runner_of

LAGGING = replace(HEALTH, lag_s=42.0)


async def set_contact(
    app: FastAPI, name: str, email: str = "", phone: str = "", channels: list[str] | None = None
) -> None:
    async with app.state.db.sessionmaker() as s:
        op = await service.operator_by_name(s, name)
        service.apply_contact(
            op, OperatorContactIn.model_validate({"email": email, "phone": phone, "alert_channels": channels})
        )
        await s.commit()


async def deliveries(app: FastAPI) -> list[tuple[str, str, str, str, int]]:
    async with app.state.db.sessionmaker() as s:
        rows = (await s.execute(select(PlatformAlertDelivery).order_by(PlatformAlertDelivery.id))).scalars()
        return [(d.event, d.channel, d.address, d.state, d.tries) for d in rows]


def sms_lines(app: FastAPI) -> list[str]:
    path = outbox_file(app.state.settings, "sms.log")
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def mails(app: FastAPI) -> list[tuple[str, str, str]]:
    """(to, subject, body) of each mail in the outbox, oldest first."""
    folder = Path(app.state.settings.data_dir) / "outbox" / "mail"
    out = []
    for path in sorted(folder.glob("*.eml")) if folder.exists() else []:
        msg: Any = message_from_bytes(path.read_bytes(), policy=policy.default)
        out.append((str(msg["To"]), str(msg["Subject"]), msg.get_content()))
    return out


async def open_then_close(runner: HealthRunner, telemetry: FakeTelemetry, t0: datetime) -> None:
    telemetry.now = LAGGING
    await runner.tick(t0)
    await runner.tick(t0 + timedelta(seconds=10))
    telemetry.now = HEALTH
    await runner.tick(t0 + timedelta(seconds=20))


class TestRecipients:
    async def test_each_monitoring_operator_on_each_channel(self, app: FastAPI, operator: Api) -> None:
        ok(await operator.put("/administrator/me", {"email": "Root@Ops.example.com", "phone": "13800000001"}))
        await make_operator(app, "watcher", ("monitoring",))
        await set_contact(app, "watcher", email="watch@ops.example.com")
        # The same address twice gets one delivery.
        await make_operator(app, "sharing", ("monitoring", "users"))
        await set_contact(app, "sharing", email="watch@ops.example.com")
        # Not monitoring, disabled, or no channel chosen: nothing.
        await make_operator(app, "counter", ("statistics",))
        await set_contact(app, "counter", email="count@ops.example.com", phone="13800000002")
        await make_operator(app, "leaver", ("monitoring",))
        await set_contact(app, "leaver", phone="13800000003")
        async with app.state.db.sessionmaker() as s:
            await service.set_active(s, "leaver", False)
            await s.commit()
        await make_operator(app, "quiet", ("monitoring",))
        await set_contact(app, "quiet", email="quiet@ops.example.com", channels=[])

        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        t0 = utcnow()
        telemetry.now = LAGGING
        await runner.tick(t0)
        assert await deliveries(app) == []
        await runner.tick(t0 + timedelta(seconds=10))
        opened = [
            ("opened", "email", "root@ops.example.com", "sent", 1),
            ("opened", "sms", "13800000001", "sent", 1),
            ("opened", "email", "watch@ops.example.com", "sent", 1),
        ]
        assert await deliveries(app) == opened
        line = "[iotyun] 平台告警 / platform alert: ingest lag — 42 s"
        (sms,) = sms_lines(app)
        assert "sms to 13800000001 [platform-alert-1-opened]: " + line in sms
        sent = mails(app)
        assert sorted((to, subject) for to, subject, _ in sent) == [
            ("root@ops.example.com", line),
            ("watch@ops.example.com", line),
        ]
        assert "ingest_lag" in sent[0][2] and "/iotyun/operator/health" in sent[0][2]

        # A tick while it holds sends nothing again.
        await runner.tick(t0 + timedelta(seconds=15))
        assert len(sms_lines(app)) == 1 and len(mails(app)) == 2

        # The closing goes too, with the worst figure.
        telemetry.now = HEALTH
        await runner.tick(t0 + timedelta(seconds=20))
        assert await deliveries(app) == [
            *opened,
            ("closed", "email", "root@ops.example.com", "sent", 1),
            ("closed", "sms", "13800000001", "sent", 1),
            ("closed", "email", "watch@ops.example.com", "sent", 1),
        ]
        cleared = "[iotyun] 平台告警恢复 / platform alert cleared: ingest lag — worst 42 s"
        assert cleared in sms_lines(app)[1]
        assert sorted(subject for _, subject, _ in mails(app))[-2:] == [cleared, cleared]
        await runner.tick(t0 + timedelta(seconds=30))
        assert len(sms_lines(app)) == 2 and len(mails(app)) == 4

        # The list shows each alert's deliveries, addresses masked.
        (alert,) = ok(await operator.get("/administrator/alerts"))["items"]
        assert [(d["event"], d["channel"], d["address"], d["state"], d["tries"]) for d in alert["deliveries"]] == [
            ("opened", "email", "r***@ops.example.com", "sent", 1),
            ("opened", "sms", "138****0001", "sent", 1),
            ("opened", "email", "w***@ops.example.com", "sent", 1),
            ("closed", "email", "r***@ops.example.com", "sent", 1),
            ("closed", "sms", "138****0001", "sent", 1),
            ("closed", "email", "w***@ops.example.com", "sent", 1),
        ]
        assert all(d["sent_at"] and d["error"] == "" for d in alert["deliveries"])

    async def test_no_recipient_no_delivery(self, app: FastAPI, operator: Api) -> None:
        # The operator holds monitoring but has no address, and no webhook is set: the alert is in the console only.
        telemetry = FakeTelemetry()
        await open_then_close(runner_of(app, telemetry), telemetry, utcnow())
        assert await deliveries(app) == []
        assert ok(await operator.get("/administrator/alerts"))["items"][0]["deliveries"] == []

    async def test_webhook_with_the_operators(
        self, app: FastAPI, operator: Api, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        sent: list[Outgoing] = []

        async def send(self: Any, out: Outgoing) -> None:
            sent.append(out)

        monkeypatch.setattr("iotyun.notifications.channels.WebhookChannel.send", send)
        app.state.settings.operator_alert_webhook = "https://ops.example.com/hook?key=secret-key"
        await set_contact(app, "opsroot", phone="13800000001")
        telemetry = FakeTelemetry()
        await open_then_close(runner_of(app, telemetry), telemetry, utcnow())
        assert [(d[0], d[1], d[3]) for d in await deliveries(app)] == [
            ("opened", "sms", "sent"),
            ("opened", "webhook", "sent"),
            ("closed", "sms", "sent"),
            ("closed", "webhook", "sent"),
        ]
        assert [o.payload["event"] for o in sent] == ["platform_alert.opened", "platform_alert.closed"]
        (alert,) = ok(await operator.get("/administrator/alerts"))["items"]
        # The webhook's URL without its query.
        assert alert["deliveries"][1]["address"] == "https://ops.example.com/hook"


class TestRetries:
    async def test_retried_then_failed_and_a_refusal_at_once(
        self, app: FastAPI, operator: Api, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        tried: list[str] = []

        async def sms_times_out(self: SmsChannel, out: Outgoing) -> None:
            tried.append(out.address)
            raise SendFailed("timeout")

        async def mail_refused(self: EmailChannel, out: Outgoing) -> None:
            tried.append(out.address)
            raise SendFailed("refused", retry=False)

        monkeypatch.setattr(SmsChannel, "send", sms_times_out)
        monkeypatch.setattr(EmailChannel, "send", mail_refused)
        await set_contact(app, "opsroot", email="root@ops.example.com", phone="13800000001")
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        t0 = utcnow()
        telemetry.now = LAGGING
        await runner.tick(t0)
        await runner.tick(t0 + timedelta(seconds=10))
        assert await deliveries(app) == [
            ("opened", "email", "root@ops.example.com", "failed", 1),
            ("opened", "sms", "13800000001", "pending", 1),
        ]
        for i in range(2, 8):
            await runner.tick(t0 + timedelta(seconds=10 * i))
        # Five tries in all (HEALTH_WEBHOOK_TRIES), then given up; the refusal was tried once.
        assert await deliveries(app) == [
            ("opened", "email", "root@ops.example.com", "failed", 1),
            ("opened", "sms", "13800000001", "failed", 5),
        ]
        assert tried.count("13800000001") == 5 and tried.count("root@ops.example.com") == 1
        (alert,) = ok(await operator.get("/administrator/alerts"))["items"]
        assert [(d["state"], d["error"]) for d in alert["deliveries"]] == [("failed", "refused"), ("failed", "timeout")]

    async def test_an_unconfigured_channel_fails_at_once(self, app: FastAPI, operator: Api) -> None:
        app.state.settings.notify_sms = "off"
        await set_contact(app, "opsroot", email="root@ops.example.com", phone="13800000001")
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        t0 = utcnow()
        telemetry.now = LAGGING
        await runner.tick(t0)
        await runner.tick(t0 + timedelta(seconds=10))
        assert await deliveries(app) == [
            ("opened", "email", "root@ops.example.com", "sent", 1),
            ("opened", "sms", "13800000001", "failed", 1),
        ]
        assert sms_lines(app) == []

    async def test_the_next_holder_resumes_what_was_pending(
        self, app: FastAPI, operator: Api, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        await set_contact(app, "opsroot", phone="13800000001")
        telemetry = FakeTelemetry()
        first = runner_of(app, telemetry)
        t0 = utcnow()
        telemetry.now = LAGGING

        async def stopped(now: datetime) -> int:
            return 0

        # The holder records the opening's deliveries and stops before sending them.
        monkeypatch.setattr(first, "deliver", stopped)
        await first.tick(t0)
        await first.tick(t0 + timedelta(seconds=10))
        assert await deliveries(app) == [("opened", "sms", "13800000001", "pending", 0)]
        # The process stops (its lease given back, its heartbeat gone) and another takes over: what was pending goes,
        # once.
        await first.stop()
        again = runner_of(app, telemetry, "test-host:2:bbbb")
        assert await again.tick(t0 + timedelta(seconds=20))
        assert await deliveries(app) == [("opened", "sms", "13800000001", "sent", 1)]
        await again.tick(t0 + timedelta(seconds=30))
        assert len(sms_lines(app)) == 1


class TestMyContact:
    async def test_set_validated_and_audited(self, app: FastAPI, operator: Api) -> None:
        me = ok(await operator.get("/administrator/me"))
        assert (me["email"], me["phone"], me["alert_channels"]) == ("", "", [])
        for body, failure, field in (
            ({"email": "not-an-address"}, 110304, "email"),
            ({"email": "a" * 120 + "@example.com"}, 110304, "email"),
            ({"phone": "1380000"}, 110303, "phone"),
            ({"phone": "1380000000a"}, 110303, "phone"),
            ({"phone": "13800000001", "alert_channels": ["email"]}, 110304, "email"),
            ({"email": "a@example.com", "alert_channels": ["sms"]}, 110303, "phone"),
            ({"email": "a@example.com", "alert_channels": ["wechat"]}, 100004, None),
        ):
            answer = await operator.put("/administrator/me", body)
            assert code(answer) == failure, body
            if field:
                assert answer["meta"]["field"] == field, body
        async with app.state.db.sessionmaker() as s:
            assert (
                await s.execute(select(OperatorAudit).where(OperatorAudit.action == "operator_contact"))
            ).first() is None

        # Every channel with an address by default.
        mine = ok(await operator.put("/administrator/me", {"email": " Me@Example.com ", "phone": "13800000001"}))
        assert (mine["email"], mine["phone"], mine["alert_channels"]) == (
            "me@example.com",
            "13800000001",
            ["email", "sms"],
        )
        mine = ok(
            await operator.put(
                "/administrator/me", {"email": "me@example.com", "phone": "13800000001", "alert_channels": ["sms"]}
            )
        )
        assert mine["alert_channels"] == ["sms"]
        # The same again records nothing.
        ok(
            await operator.put(
                "/administrator/me", {"email": "me@example.com", "phone": "13800000001", "alert_channels": ["sms"]}
            )
        )
        assert ok(await operator.get("/administrator/me"))["alert_channels"] == ["sms"]
        audit = ok(await operator.get("/administrator/audit", params={"action": "operator_contact"}))
        assert audit["total"] == 2
        latest, first = audit["items"]
        assert first["target_kind"] == "operator" and first["target_name"] == "opsroot"
        # Masked: every operator reads the audit.
        assert first["before"] == {"email": "", "phone": "", "alert_channels": None}
        assert first["after"] == {"email": "m***@example.com", "phone": "138****0001", "alert_channels": None}
        assert latest["after"]["alert_channels"] == ["sms"]

    async def test_any_operator_sets_his_own(self, site: Any, login_operator: Any) -> None:
        stats = await login_operator("opsstats", ("statistics",))
        assert ok(await stats.put("/administrator/me", {"email": "s@example.com"}))["alert_channels"] == ["email"]
        assert code(await site.admin.put("/administrator/me", {"email": "s@example.com"})) == 810101
