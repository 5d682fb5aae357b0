"""Full-network monitoring: the figures now (gateways by tenant, the export queue, the database, Redis, the broker
and ingest from the processes' heartbeats), the runner's sampling and purge, alerts opened once and closed, their
acknowledgement audited, the operators' webhook, and who may call (100015, 810101)."""

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import delete, func, select

from iotyun.core.db import utcnow
from iotyun.notifications.channels import Outgoing, WebhookChannel
from iotyun.operations.health.models import PlatformAlert, PlatformAlertDelivery, PlatformSample, ServerProcess
from iotyun.operations.health.runner import HealthRunner
from iotyun.operations.models import OperatorAudit
from iotyun.reports.exports.models import FAILED, QUEUED, RUNNING, ExportJob
from iotyun.telemetry.public import TelemetryHealth
from tests.conftest import Api, code
from tests.devices.factories import Site, make_device, ok

HEALTH = TelemetryHealth(
    enabled=True,
    broker="embedded",
    broker_running=True,
    broker_restarts=0,
    link_connected=True,
    link_reconnects=0,
    gateways_connected=2,
    messages_in=0,
    messages_out=0,
    values_in=0,
    rows_written=0,
    pending_rows=0,
    lag_s=0.0,
    write_failures=0,
    live_sockets=1,
)


class FakeTelemetry:
    def __init__(self) -> None:
        self.now = HEALTH

    def health(self) -> TelemetryHealth:
        return self.now


def runner_of(app: FastAPI, telemetry: FakeTelemetry, holder: str = "test-host:1:aaaa") -> HealthRunner:
    return HealthRunner(app.state.db, app.state.settings, telemetry, app.state.mail_sender, holder=holder)


async def add_job(app: FastAPI, owner: Api, state: str, finished: datetime | None = None) -> None:
    async with app.state.db.sessionmaker() as s:
        s.add(
            ExportJob(
                tenant_id=owner.tenant_id,
                owner_id=owner.user_id,
                kind="history",
                title="t",
                file_name="t.xlsx",
                state=state,
                finished_at=finished,
                expires_at=utcnow() + timedelta(days=1),
            )
        )
        await s.commit()


async def count(app: FastAPI, model: Any, *where: Any) -> int:
    async with app.state.db.sessionmaker() as s:
        return int((await s.execute(select(func.count()).select_from(model).where(*where))).scalar_one())


def part(health: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in health["parts"] if p["part"] == name)


class TestFigures:
    async def test_now(self, app: FastAPI, site: Site, other_tenant: Api, operator: Api) -> None:
        a = await site.device()
        await site.device()
        await site.online(a)
        await make_device(app, tenant_id=other_tenant.tenant_id or 0, owner_id=other_tenant.user_id or 0, sn="OTHER001")
        await add_job(app, site.admin, QUEUED)
        await add_job(app, site.admin, QUEUED)
        await add_job(app, site.admin, RUNNING)
        await add_job(app, site.admin, FAILED, utcnow() - timedelta(minutes=5))
        await add_job(app, site.admin, FAILED, utcnow() - timedelta(hours=3))
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        assert await runner.tick()
        health = ok(await operator.get("/administrator/health"))
        gw = health["gateways"]
        assert (gw["online"], gw["total"]) == (1, 3)
        # Sorted by gateways online, then by their number.
        assert [(t["tenant_id"], t["online"], t["total"]) for t in gw["tenants"]] == [
            (site.admin.tenant_id, 1, 2),
            (other_tenant.tenant_id, 0, 1),
        ]
        assert all(t["tenant_name"] for t in gw["tenants"])
        ex = health["exports"]
        assert (ex["queued"], ex["running"], ex["failed_1h"]) == (2, 1, 1)
        assert ex["oldest_queued_s"] is not None
        assert part(health, "exports") == {
            "part": "exports",
            "state": "degraded",
            "reason": "failed_jobs",
            "value": 1,
            "limit": None,
        }
        assert health["database"]["rtt_ms"] is not None and part(health, "database")["state"] == "ok"
        assert health["redis"] == {"configured": False, "rtt_ms": None, "error": ""}
        assert part(health, "redis")["state"] == "off" and part(health, "redis")["reason"] == "unconfigured"
        assert part(health, "broker")["state"] == "ok" and health["broker"]["kind"] == "embedded"
        assert health["broker"]["connections"] == 2
        assert part(health, "ingest")["state"] == "ok" and part(health, "processes")["state"] == "ok"
        assert [p["holder"] for p in health["processes"] if p["live"]] == ["test-host:1:aaaa"]
        # The first tick sampled the storage: the history is empty, the database is not.
        assert health["history"]["rows"] == 0 and health["history"]["db_bytes"] > 0

    async def test_rates_add_up_over_processes(self, app: FastAPI, operator: Api) -> None:
        one, two = FakeTelemetry(), FakeTelemetry()
        r1, r2 = runner_of(app, one, "h1:1:a"), runner_of(app, two, "h2:2:b")
        now = utcnow()
        await r1.beat(now, clock=100.0)
        await r2.beat(now, clock=100.0)
        one.now = replace(HEALTH, messages_in=200, values_in=1000, rows_written=900, lag_s=1.5, pending_rows=7)
        two.now = replace(HEALTH, messages_in=100, values_in=500, rows_written=500, lag_s=4.0, pending_rows=3)
        await r1.beat(now, clock=110.0)
        await r2.beat(now, clock=110.0)
        health = ok(await operator.get("/administrator/health"))
        assert health["broker"]["messages_in_per_s"] == 30.0
        assert health["ingest"]["values_per_s"] == 150.0 and health["ingest"]["rows_per_s"] == 140.0
        # The lag is the worst process's; the values waiting are added up.
        assert health["ingest"]["lag_s"] == 4.0 and health["ingest"]["pending_rows"] == 10
        assert sum(1 for p in health["processes"] if p["live"]) == 2

    async def test_no_heartbeat_and_telemetry_off(self, app: FastAPI, operator: Api) -> None:
        health = ok(await operator.get("/administrator/health"))
        assert part(health, "processes") == {
            "part": "processes",
            "state": "down",
            "reason": "no_heartbeat",
            "value": None,
            "limit": None,
        }
        telemetry = FakeTelemetry()
        telemetry.now = replace(HEALTH, enabled=False, broker="off")
        await runner_of(app, telemetry).beat(utcnow())
        health = ok(await operator.get("/administrator/health"))
        assert part(health, "broker")["state"] == "off" and part(health, "broker")["reason"] == "telemetry_off"
        assert part(health, "processes")["state"] == "ok"


class TestSamples:
    async def test_once_a_minute_and_purged(self, app: FastAPI, site: Site, operator: Api) -> None:
        await site.online(await site.device())
        runner = runner_of(app, FakeTelemetry())
        t0 = utcnow()
        async with app.state.db.sessionmaker() as s:
            s.add(PlatformSample(time=t0 - timedelta(days=8), metric="processes", value=1))
            s.add(PlatformSample(time=t0 - timedelta(days=6), metric="processes", value=1))
            await s.commit()
        await runner.tick(t0)
        first = await count(app, PlatformSample, PlatformSample.time == t0)
        # Every figure of the platform, and the gateways per tenant.
        assert first >= 15
        assert await count(app, PlatformSample, PlatformSample.tenant_id == site.admin.tenant_id) == 2
        # Older than seven days: gone; younger: kept.
        assert await count(app, PlatformSample, PlatformSample.time < t0 - timedelta(days=7)) == 0
        assert await count(app, PlatformSample, PlatformSample.time < t0) == 1
        await runner.tick(t0 + timedelta(seconds=20))
        assert await count(app, PlatformSample, PlatformSample.time == t0 + timedelta(seconds=20)) == 0
        await runner.tick(t0 + timedelta(seconds=60))
        assert await count(app, PlatformSample, PlatformSample.time == t0 + timedelta(seconds=60)) == first
        trend = ok(await operator.get("/administrator/health/trend", params={"metric": "gateways_online"}))
        assert trend["hours"] == 24 and trend["bucket_s"] == 300
        assert trend["points"] and all(p["value"] == 1.0 for p in trend["points"])
        assert trend["points"] == sorted(trend["points"], key=lambda p: p["t"])
        assert all(p["t"] % 300_000 == 0 for p in trend["points"])

    async def test_only_the_lease_holder_samples(self, app: FastAPI) -> None:
        first, second = runner_of(app, FakeTelemetry(), "h1:1:a"), runner_of(app, FakeTelemetry(), "h2:2:b")
        now = utcnow()
        assert await first.tick(now)
        async with app.state.db.sessionmaker() as s:
            await s.execute(delete(PlatformSample))
            await s.commit()
        # A sample is due, but the lease is the first runner's.
        assert not await second.tick(now + timedelta(seconds=5))
        assert await count(app, PlatformSample) == 0
        # Both beat, whoever samples.
        assert await count(app, ServerProcess) == 2

    async def test_trend_refusals(self, operator: Api) -> None:
        for params in ({"metric": "gateways_online", "hours": 0}, {"metric": "gateways_online", "hours": 169}):
            assert code(await operator.get("/administrator/health/trend", params=params)) == 100004
        assert code(await operator.get("/administrator/health/trend", params={"metric": "nope"})) == 100004


class TestAlerts:
    async def test_ingest_lag_opens_once_and_closes(self, app: FastAPI, operator: Api) -> None:
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        t0 = utcnow()
        telemetry.now = replace(HEALTH, lag_s=45.0, pending_rows=5000)
        for i in range(3):
            telemetry.now = replace(telemetry.now, lag_s=45.0 + 10 * i)
            await runner.tick(t0 + timedelta(seconds=10 * i))
        assert await count(app, PlatformAlert) == 1
        listed = ok(await operator.get("/administrator/alerts"))
        assert (listed["open"], listed["unacked"]) == (1, 1)
        alert = listed["items"][0]
        assert (alert["condition"], alert["reason"], alert["open"]) == ("ingest_lag", "lagging", True)
        # Opened at the second tick in a row the lag held, with its figure then; the worst since kept.
        assert (alert["value"], alert["worst"]) == (55.0, 65.0)
        health = ok(await operator.get("/administrator/health"))
        assert part(health, "ingest")["state"] == "degraded" and health["alerts_open"] == 1
        telemetry.now = HEALTH
        await runner.tick(t0 + timedelta(seconds=40))
        listed = ok(await operator.get("/administrator/alerts"))
        assert listed["open"] == 0 and listed["items"][0]["closed_at"] is not None
        # It comes back: a new alert once it holds two ticks in a row, the old one stays closed.
        telemetry.now = replace(HEALTH, lag_s=31.0)
        await runner.tick(t0 + timedelta(seconds=50))
        assert await count(app, PlatformAlert) == 1
        await runner.tick(t0 + timedelta(seconds=60))
        assert await count(app, PlatformAlert) == 2

    async def test_a_passing_condition_is_no_alert(self, app: FastAPI) -> None:
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        t0 = utcnow()
        # A server starting: its broker link not yet up at the first tick, up at the next.
        telemetry.now = replace(HEALTH, link_connected=False)
        await runner.tick(t0)
        telemetry.now = HEALTH
        await runner.tick(t0 + timedelta(seconds=10))
        assert await count(app, PlatformAlert) == 0

    async def test_parts_down(self, app: FastAPI, operator: Api) -> None:
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        app.state.settings.redis_url = "redis://127.0.0.1:1/0"
        app.state.settings.health_db_slow_ms = 0.000001
        telemetry.now = replace(HEALTH, link_connected=False)
        now = utcnow()
        async with app.state.db.sessionmaker() as s:
            s.add(
                ServerProcess(
                    holder="gone:9:z", host="gone", pid=9, started_at=now, last_seen=now - timedelta(minutes=5)
                )
            )
            await s.commit()
        await runner.tick(now)
        await runner.tick(now + timedelta(seconds=5))
        listed = ok(await operator.get("/administrator/alerts"))
        assert {a["condition"]: a["reason"] for a in listed["items"]} == {
            "redis": "unreachable",
            "database": "slow",
            "broker": "link_down",
            "processes": "lost_process",
        }
        health = ok(await operator.get("/administrator/health"))
        assert part(health, "redis")["state"] == "down" and health["redis"]["error"]
        assert [p["lost"] for p in health["processes"] if p["holder"] == "gone:9:z"] == [True]
        telemetry.now = replace(HEALTH, broker_running=False)
        await runner.tick(now + timedelta(seconds=10))
        assert await count(app, PlatformAlert) == 4
        app.state.settings.redis_url = ""
        app.state.settings.health_db_slow_ms = 500.0
        telemetry.now = HEALTH
        async with app.state.db.sessionmaker() as s:
            await s.delete(await s.get(ServerProcess, "gone:9:z"))
            await s.commit()
        await runner.tick(now + timedelta(seconds=20))
        assert ok(await operator.get("/administrator/alerts"))["open"] == 0

    async def test_a_new_process_on_the_host_replaces_a_lost_one(self, app: FastAPI) -> None:
        now = utcnow()
        runner = runner_of(app, FakeTelemetry())
        async with app.state.db.sessionmaker() as s:
            s.add(
                ServerProcess(
                    holder="old",
                    host=runner.host,
                    pid=1,
                    started_at=now,
                    last_seen=now - timedelta(hours=1),
                    lost_at=now,
                )
            )
            await s.commit()
        await runner.beat(now)
        assert await count(app, ServerProcess, ServerProcess.holder == "old") == 0

    async def test_ack_is_audited(self, app: FastAPI, operator: Api) -> None:
        telemetry = FakeTelemetry()
        telemetry.now = replace(HEALTH, lag_s=100.0)
        runner = runner_of(app, telemetry)
        now = utcnow()
        await runner.tick(now)
        await runner.tick(now + timedelta(seconds=10))
        alert_id = ok(await operator.get("/administrator/alerts"))["items"][0]["id"]
        acked = ok(await operator.post(f"/administrator/alerts/{alert_id}/ack"))
        assert acked["acked_at"] and acked["acked_by_name"] == "opsroot"
        assert ok(await operator.get("/administrator/alerts"))["unacked"] == 0
        ok(await operator.post(f"/administrator/alerts/{alert_id}/ack"))
        assert await count(app, OperatorAudit, OperatorAudit.action == "alert_ack") == 1
        audit = ok(await operator.get("/administrator/audit", params={"action": "alert_ack"}))["items"][0]
        assert audit["target_kind"] == "alert" and audit["target_id"] == alert_id
        assert audit["before"] == {"acked": False, "open": True} and audit["after"] == {"acked": True}
        assert code(await operator.post("/administrator/alerts/999999/ack")) == 100005

    async def test_operators_webhook(self, app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
        sent: list[Outgoing] = []

        async def send(self: WebhookChannel, out: Outgoing) -> None:
            sent.append(out)

        monkeypatch.setattr(WebhookChannel, "send", send)
        app.state.settings.operator_alert_webhook = "https://ops.example.com/hook"
        app.state.settings.operator_alert_webhook_secret = "s3cret"
        telemetry = FakeTelemetry()
        runner = runner_of(app, telemetry)
        now = utcnow()
        telemetry.now = replace(HEALTH, lag_s=100.0)
        await runner.tick(now)
        await runner.tick(now + timedelta(seconds=10))
        await runner.tick(now + timedelta(seconds=15))
        telemetry.now = HEALTH
        await runner.tick(now + timedelta(seconds=20))
        assert [o.payload["event"] for o in sent] == ["platform_alert.opened", "platform_alert.closed"]
        assert sent[0].address == "https://ops.example.com/hook" and sent[0].secret == "s3cret"
        assert sent[0].payload["alert"]["condition"] == "ingest_lag" and sent[0].key != sent[1].key
        async with app.state.db.sessionmaker() as s:
            rows = (await s.execute(select(PlatformAlertDelivery).order_by(PlatformAlertDelivery.id))).scalars()
            assert [(d.event, d.channel, d.state, d.tries) for d in rows] == [
                ("opened", "webhook", "sent", 1),
                ("closed", "webhook", "sent", 1),
            ]


class TestAccess:
    ROUTES = (
        ("GET", "/administrator/health", None),
        ("GET", "/administrator/health/trend", {"metric": "processes"}),
        ("GET", "/administrator/alerts", None),
        ("POST", "/administrator/alerts/1/ack", None),
    )

    async def _each(self, api: Api) -> list[int]:
        codes = []
        for method, path, params in self.ROUTES:
            body = await (api.get(path, params=params) if method == "GET" else api.post(path))
            codes.append(code(body))
        return codes

    async def test_scope_monitoring(self, login_operator: Any) -> None:
        api = await login_operator("watcher", ("statistics", "users"))
        assert await self._each(api) == [100015] * 4

    async def test_tenant_user_refused(self, site: Site) -> None:
        assert await self._each(site.admin) == [810101] * 4
