"""Upgrades over HTTP and through the gateways' reports (issue 34 points 2 and 3, docs/api-software.md "Upgrades"):
choosing devices with why each is or is not updatable, starting a rollout with each refusal naming its device and
changing nothing, the runner sending commands with device-scoped links, the gateway's download with ranges and a
renewed link, its reports moving each device forward only, timeouts, waves that pause at their failure threshold,
cancelling, the history, and another tenant or a lesser role seeing nothing."""

import os
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import orjson
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.core.db import utcnow
from iotyun.core.limits import UPGRADE_INSTALL_S, UPGRADE_LINK_S, UPGRADE_STALL_S
from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE
from iotyun.messages.models import Message
from iotyun.software import device_reports
from iotyun.software.device_reports import UpgradeReports
from iotyun.software.models import SoftwareUpgradeDevice
from iotyun.software.runner import UpgradeRunner
from tests.conftest import Api, code
from tests.devices.factories import Site
from tests.software.factories import gateway_package, send
from tests.team.factories import Team
from tests.telemetry.factories import eventually
from tests.templates.factories import ok

UPGRADE = "/software/upgrade"


class FakeTelemetry:
    """What the runner and a cancel publish, instead of the broker."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, dict[str, Any]]] = []
        self.down = False

    async def send_command(self, sn: str, leaf: str, body: dict[str, Any]) -> None:
        if self.down:
            raise ConnectionError("MQTT broker not connected")
        self.sent.append((sn, leaf, body))


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)


@pytest.fixture
def wire(app: FastAPI) -> FakeTelemetry:
    fake = FakeTelemetry()
    app.state.telemetry.send_command = fake.send_command
    return fake


@pytest.fixture
def runner(app: FastAPI, wire: FakeTelemetry) -> UpgradeRunner:
    return UpgradeRunner(app.state.db, wire)


async def version(
    api: Api, number: str = "2.1.0", models: list[str] | None = None, mode: str = "0", payload: bytes = b""
) -> dict[str, Any]:
    models = models or ["GW100"]
    data = gateway_package(number, models, extra={"payload/blob.bin": payload} if payload else None)
    row: dict[str, Any] = ok(await send(api, data, version=number, models=models, mode=mode))
    return row


async def report(app: FastAPI, sn: str, req_id: str, state: str, **body: Any) -> UpgradeReports:
    reports = UpgradeReports(app.state.db.sessionmaker)
    await reports.write([(sn, orjson.dumps({"req_id": req_id, "state": state, **body}), None)])
    return reports


async def devices(app: FastAPI, upgrade_id: int) -> list[SoftwareUpgradeDevice]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(SoftwareUpgradeDevice).where(SoftwareUpgradeDevice.upgrade_id == upgrade_id)
        return list((await s.scalars(stmt.order_by(SoftwareUpgradeDevice.id))).all())


async def start(api: Api, version_id: int, device_ids: list[int], **body: Any) -> dict[str, Any]:
    return await api.post(UPGRADE, {"version_id": version_id, "device_ids": device_ids, **body})


async def sent_link(site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry) -> str:
    """The download link of a one-device rollout's command, as the gateway received it."""
    fleet = await Fleet(site).make()
    v = await version(team.admin)
    await start(team.admin, v["id"], [fleet.ready])
    await runner.tick(utcnow())
    url: str = wire.sent[0][2]["url"]
    return url


class Fleet:
    """Four devices of the administrator for version 2.1.0 of GW100: one updatable, one offline, one of another
    model, one already on 2.1.0."""

    def __init__(self, site: Site) -> None:
        self.site = site

    async def make(self) -> "Fleet":
        self.ready = await self.site.device(sn="GWREADY", alias="一号", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        self.offline = await self.site.device(sn="GWOFF", dev_state=DEV_OFFLINE, firmware_version="2.0.0")
        self.other = await self.site.device(sn="GWOTHER", dev_state=DEV_ONLINE, model="GW200")
        self.latest = await self.site.device(sn="GWLATEST", dev_state=DEV_ONLINE, firmware_version="v2.1")
        return self


class TestChoosing:
    async def test_each_device_says_whether_and_why_not(self, site: Site, team: Team, other_tenant: Api) -> None:
        fleet = await Fleet(site).make()
        await site.device(owner=other_tenant, sn="GWFOREIGN", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        v = await version(team.admin)
        page = ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"]}))
        why = {i["sn_code"]: i["refusal"] for i in page["items"]}
        assert why == {"GWLATEST": 116012, "GWOFF": 116007, "GWOTHER": 116009, "GWREADY": None}
        assert page["updatable_ids"] == [fleet.ready] and page["total"] == 4
        assert "2.0.0" in page["versions"] and "v2.1" in page["versions"]
        only = ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"], "updatable": True}))
        assert [i["device_id"] for i in only["items"]] == [fleet.ready]
        for params, expected in (({"model": "GW200"}, ["GWOTHER"]), ({"current": "2.0.0"}, ["GWOFF", "GWREADY"])):
            got = ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"], **params}))
            assert [i["sn_code"] for i in got["items"]] == expected
        assert (
            ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"], "keyword": "一"}))["total"]
            == 1
        )

    async def test_a_gateway_that_cannot_install_upgrades_is_refused_before_anything_is_sent(
        self, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        fleet = await Fleet(site).make()
        await site.set_gateway(fleet.ready, can_upgrade=False)
        v = await version(team.admin)
        page = ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"]}))
        assert {i["sn_code"]: i["refusal"] for i in page["items"]}["GWREADY"] == 110579
        assert page["updatable_ids"] == []
        assert code(await start(team.admin, v["id"], [fleet.ready])) == 110579
        await runner.tick(utcnow())
        assert wire.sent == []
        # It says it can again (restarted under its supervisor): updatable; one that never said is tried.
        await site.set_gateway(fleet.ready, can_upgrade=True)
        ok(await start(team.admin, v["id"], [fleet.ready]))

    async def test_only_a_published_device_end_version(self, team: Team) -> None:
        v = await version(team.admin)
        ok(await team.admin.put("/software/version", {"id": v["id"], "state": 0}))
        assert code(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"]})) == 116003
        assert code(await start(team.admin, v["id"], [1])) == 116003


class TestStart:
    async def test_refusals_name_the_device_and_change_nothing(self, site: Site, team: Team, other_tenant: Api) -> None:
        fleet = await Fleet(site).make()
        foreign = await site.device(owner=other_tenant, sn="GWFOREIGN", dev_state=DEV_ONLINE, firmware_version="2.0")
        v = await version(team.admin)
        assert code(await start(team.admin, v["id"], [])) == 116013
        for device_id, expected in (
            (fleet.offline, 116007),
            (fleet.other, 116009),
            (fleet.latest, 116012),
            (foreign, 110506),
            (999999, 110506),
        ):
            body = await start(team.admin, v["id"], [fleet.ready, device_id])
            assert code(body) == expected, body
        body = await team.admin.post(
            UPGRADE, {"version_id": v["id"], "device_ids": [fleet.offline]}, headers={"Accept-Language": "en"}
        )
        assert "GWOFF" in body["meta"]["detail"]
        assert ok(await team.admin.get(UPGRADE))["total"] == 0
        first = ok(await start(team.admin, v["id"], [fleet.ready]))
        assert (first["state"], first["total"], first["counts"]["updatable"], first["waves"]) == (1, 1, 1, 1)
        assert code(await start(team.admin, v["id"], [fleet.ready])) == 116008
        # A version a running rollout uses cannot be deleted.
        assert code(await team.admin.call("DELETE", "/software/version", params={"id": v["id"]})) == 116008

    async def test_a_shared_device_of_another_tenant_is_not_theirs_to_upgrade(
        self, site: Site, team: Team, other_tenant: Api
    ) -> None:
        theirs = await site.device(owner=other_tenant, sn="GWSHARED", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        await site.grant(theirs, team.admin)
        v = await version(team.admin)
        page = ok(await team.admin.get(f"{UPGRADE}/devices", params={"version_id": v["id"]}))
        assert page["total"] == 0
        assert code(await start(team.admin, v["id"], [theirs])) == 110506

    async def test_rights(self, site: Site, team: Team) -> None:
        fleet = await Fleet(site).make()
        v = await version(team.admin)
        plain = await site.user("una", ["P10000"])
        assert code(await plain.get(UPGRADE)) == 100015
        assert code(await start(plain, v["id"], [fleet.ready])) == 100015
        # An upgrader who reads none of these devices (not theirs, not distributed) finds none of them.
        upgrader = await site.user("uli", ["P142000"])
        page = ok(await upgrader.get(f"{UPGRADE}/devices", params={"version_id": v["id"]}))
        assert page["total"] == 0
        assert code(await start(upgrader, v["id"], [fleet.ready])) == 110506


class TestRollout:
    async def test_command_download_reports_and_history(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        fleet = await Fleet(site).make()
        blob = os.urandom(64 * 1024)  # above the size the API gzips from
        package = gateway_package("2.1.0", ["GW100"], extra={"payload/blob.bin": blob})
        v = await version(team.admin, mode="1", payload=blob)
        assert v["size"] >= len(package) - 64
        up = ok(await start(team.admin, v["id"], [fleet.ready]))
        now = utcnow()
        assert await runner.tick(now) == 1
        assert await runner.tick(now) == 0  # sent once
        sn, leaf, body = wire.sent[0]
        assert (sn, leaf, body["op"], body["version"], body["mode"]) == (
            "GWREADY",
            "upgrade",
            "upgrade",
            "2.1.0",
            "forced",
        )
        assert (body["sha256"], body["size"]) == (v["sha256"], v["size"])
        req_id, url = body["req_id"], body["url"]
        # The link is the gateway's credential: no console token, ranges answered.
        anon = team.new_api()
        whole = await anon.client.get(url, headers={"Accept-Encoding": "gzip"})
        assert whole.status_code == 200 and whole.headers["x-checksum-sha256"] == v["sha256"]
        # Sent as it is: a package is compressed already, and a range must count its own bytes.
        assert "content-encoding" not in whole.headers and int(whole.headers["content-length"]) == v["size"]
        part = await anon.client.get(url, headers={"Range": "bytes=100-"})
        assert part.status_code == 206 and part.content == whole.content[100:]
        token = parse_qs(urlsplit(url).query)["token"][0]
        assert (await anon.client.get(url.replace(token, token[:-2] + "xx"))).status_code == 404
        # A new link (the old one stops working), asked with the gateway's SN and secret.
        renewed = ok(
            await anon.get(
                f"{UPGRADE}/link",
                params={"sn_code": "GWREADY", "req_id": req_id},
                headers={"X-Device-Secret": "secret123"},
            )
        )
        assert renewed["sha256"] == v["sha256"] and renewed["url"] != url
        assert (await anon.client.get(url)).status_code == 404
        assert (await anon.client.get(renewed["url"])).status_code == 200
        wrong = await anon.get(
            f"{UPGRADE}/link", params={"sn_code": "GWOTHER", "req_id": req_id}, headers={"X-Device-Secret": "secret123"}
        )
        assert code(wrong) == 116003
        # Reports move it forward only.
        await report(app, "GWREADY", req_id, "downloading", progress=40)
        await report(app, "GWREADY", req_id, "downloading", progress=20)
        history = ok(await team.admin.get("/software/history", params={"upgrade_id": up["id"]}))["items"]
        assert (history[0]["state"], history[0]["progress"]) == (2, 40)
        stranger = await report(app, "GWOTHER", req_id, "failed", reason="not mine")
        assert stranger.stats["dropped"] == 1
        await report(app, "GWREADY", req_id, "updating")
        await report(app, "GWREADY", req_id, "downloading", progress=60)
        assert (await devices(app, up["id"]))[0].state == 4
        # Back online on the new version: updated, and the rollout ends; its starter hears of it.
        await site.set_gateway(fleet.ready, firmware_version="iotyun-gateway/2.1.0")
        await runner.tick(utcnow())
        row = (await devices(app, up["id"]))[0]
        assert (row.state, row.progress, row.finished_at is not None) == (5, 100, True)
        done = ok(await team.admin.get(f"{UPGRADE}/info", params={"id": up["id"]}))
        assert (done["state"], done["counts"]["updated"], done["finished_at"] is not None) == (4, 1, True)
        async with app.state.db.sessionmaker() as s:
            told = (await s.scalars(select(Message).where(Message.kind == "upgrade"))).all()
        assert [m.text_key for m in told] == ["messages.upgrade.finished"]
        item = ok(await team.admin.get("/software/history", params={"device_id": fleet.ready}))["items"][0]
        assert (item["from_version"], item["to_version"], item["state"]) == ("2.0.0", "2.1.0", 5)
        assert item["created_by_name"] and item["sn_code"] == "GWREADY"
        # The link dies with the upgrade; the version is free to delete.
        assert (await anon.client.get(renewed["url"])).status_code == 404
        ok(await team.admin.call("DELETE", "/software/version", params={"id": v["id"]}))
        assert ok(await team.admin.get("/software/history", params={"device_id": fleet.ready}))["total"] == 1

    async def test_ends_reported_by_the_gateway(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        a = await site.device(sn="GWA", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        b = await site.device(sn="GWB", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        c = await site.device(sn="GWC", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], [a, b, c]))
        await runner.tick(utcnow())
        ids = {sn: body["req_id"] for sn, _, body in wire.sent}
        assert wire.sent[0][2]["mode"] == "default"
        await report(app, "GWA", ids["GWA"], "download_failed", reason="sha256 mismatch")
        await report(app, "GWB", ids["GWB"], "waiting")
        await report(app, "GWB", ids["GWB"], "updating")
        await report(app, "GWB", ids["GWB"], "failed", reason="did not start; back on 2.0.0")
        await report(app, "GWC", ids["GWC"], "updated", version="2.0.5")
        rows = {r.sn: r for r in await devices(app, up["id"])}
        assert (rows["GWA"].state, rows["GWA"].reason) == (3, "sha256 mismatch")
        assert (rows["GWB"].state, rows["GWB"].reason) == (6, "did not start; back on 2.0.0")
        assert (rows["GWC"].state, rows["GWC"].reason) == (6, "version 2.0.5")
        late = await report(app, "GWA", ids["GWA"], "updated", version="2.1.0")
        assert late.stats["dropped"] == 1
        malformed = UpgradeReports(app.state.db.sessionmaker)
        await malformed.write(
            [("GWA", b"[1]", None), ("GWA", b"{", None), ("GWA", b'{"req_id": "x", "state": "?"}', None)]
        )
        assert malformed.stats["malformed"] == 3
        await runner.tick(utcnow())
        info = ok(await team.admin.get(f"{UPGRADE}/info", params={"id": up["id"]}))
        assert (info["state"], info["counts"]["download_failed"], info["counts"]["update_failed"]) == (4, 1, 2)

    async def test_silence_times_out_and_offline_devices_wait(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        a = await site.device(sn="GWA", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        b = await site.device(sn="GWB", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], [a, b]))
        await site.set_gateway(b, dev_state=DEV_OFFLINE)
        now = utcnow()
        assert await runner.tick(now) == 1
        rows = {r.sn: r for r in await devices(app, up["id"])}
        assert rows["GWB"].sent_at is None and rows["GWB"].reason == "offline"
        req_a = wire.sent[0][2]["req_id"]
        await report(app, "GWA", req_a, "updating")
        later = utcnow() + timedelta(seconds=UPGRADE_INSTALL_S + 5)
        await site.online(b)
        assert await runner.tick(later) == 1
        rows = {r.sn: r for r in await devices(app, up["id"])}
        assert (rows["GWA"].state, rows["GWA"].reason) == (6, "timeout")
        assert rows["GWB"].state == 1 and rows["GWB"].sent_at is not None
        await runner.tick(later + timedelta(seconds=UPGRADE_STALL_S + 5))
        rows = {r.sn: r for r in await devices(app, up["id"])}
        assert (rows["GWB"].state, rows["GWB"].reason) == (3, "timeout")

    async def test_a_command_the_broker_did_not_take_goes_again(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        a = await site.device(sn="GWA", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], [a]))
        wire.down = True
        assert await runner.tick(utcnow()) == 0
        assert (await devices(app, up["id"]))[0].sent_at is None
        wire.down = False
        assert await runner.tick(utcnow()) == 1


class TestWaves:
    async def test_pauses_at_its_failure_threshold_then_resumes(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        ids = [await site.device(sn=f"GWW{n}", dev_state=DEV_ONLINE, firmware_version="2.0.0") for n in range(5)]
        v = await version(team.admin)
        body = {"first_wave": 1, "step_percent": 40, "failure_percent": 0}
        up = ok(await start(team.admin, v["id"], ids, **body))
        assert (up["waves"], up["wave"]) == (3, 0)  # 1, then 2 and 2
        await runner.tick(utcnow())
        assert [sn for sn, _, _ in wire.sent] == ["GWW0"]
        await report(app, "GWW0", wire.sent[0][2]["req_id"], "download_failed", reason="network")
        await runner.tick(utcnow())
        paused = ok(await team.admin.get(f"{UPGRADE}/info", params={"id": up["id"]}))
        assert (paused["state"], paused["reason"]) == (2, "failure_threshold")
        async with app.state.db.sessionmaker() as s:
            told = (await s.scalars(select(Message.text_key).where(Message.kind == "upgrade"))).all()
        assert told == ["messages.upgrade.paused"]
        await runner.tick(utcnow())
        assert len(wire.sent) == 1  # nothing more while paused
        resumed = ok(await team.admin.post(f"{UPGRADE}/resume", {"id": up["id"]}))
        assert (resumed["state"], resumed["wave"]) == (1, 1)
        await runner.tick(utcnow())
        assert [sn for sn, _, _ in wire.sent[1:]] == ["GWW1", "GWW2"]
        for sn, _, cmd in wire.sent[1:]:
            await report(app, sn, cmd["req_id"], "updated", version="2.1.0")
        await runner.tick(utcnow())  # wave 1 ended well: on to wave 2
        await runner.tick(utcnow())
        assert [sn for sn, _, _ in wire.sent[3:]] == ["GWW3", "GWW4"]

    async def test_pause_by_hand_and_cancel(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        ids = [await site.device(sn=f"GWC{n}", dev_state=DEV_ONLINE, firmware_version="2.0.0") for n in range(3)]
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], ids, first_wave=2, step_percent=50))
        await runner.tick(utcnow())
        first, second = (body["req_id"] for _, _, body in wire.sent)
        await report(app, "GWC0", first, "updating")
        await report(app, "GWC1", second, "downloading", progress=10)
        assert ok(await team.admin.post(f"{UPGRADE}/pause", {"id": up["id"]}))["reason"] == "by_user"
        assert code(await team.admin.post(f"{UPGRADE}/pause", {"id": up["id"]})) == 100004
        wire.sent.clear()
        cancelled = ok(await team.admin.post(f"{UPGRADE}/cancel", {"id": up["id"]}))
        assert (cancelled["state"], cancelled["counts"]["cancelled"], cancelled["counts"]["updating"]) == (3, 2, 1)
        assert wire.sent == [("GWC1", "upgrade", {"req_id": second, "op": "cancel", "ts": wire.sent[0][2]["ts"]})]
        assert code(await team.admin.post(f"{UPGRADE}/resume", {"id": up["id"]})) == 100004
        # The install under way finishes and is recorded; then the rollout has ended.
        await report(app, "GWC0", first, "updated", version="2.1.0")
        await runner.tick(utcnow())
        info = ok(await team.admin.get(f"{UPGRADE}/info", params={"id": up["id"]}))
        assert (info["counts"]["updated"], info["finished_at"] is not None) == (1, True)


class TestTenants:
    async def test_another_tenant_sees_and_touches_nothing(
        self, app: FastAPI, site: Site, team: Team, other_tenant: Api, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        fleet = await Fleet(site).make()
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], [fleet.ready]))
        await runner.tick(utcnow())
        assert ok(await other_tenant.get(UPGRADE))["total"] == 0
        assert ok(await other_tenant.get("/software/history"))["total"] == 0
        assert ok(await other_tenant.get("/software/history", params={"upgrade_id": up["id"]}))["total"] == 0
        assert code(await other_tenant.get(f"{UPGRADE}/info", params={"id": up["id"]})) == 100005
        for action in ("pause", "resume", "cancel"):
            assert code(await other_tenant.post(f"{UPGRADE}/{action}", {"id": up["id"]})) == 100005
        assert code(await other_tenant.get(f"{UPGRADE}/devices", params={"version_id": v["id"]})) == 116003
        assert code(await start(other_tenant, v["id"], [fleet.ready])) == 116003
        assert ok(await team.admin.get(f"{UPGRADE}/info", params={"id": up["id"]}))["state"] == 1

    async def test_an_expired_link_is_refused(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry
    ) -> None:
        url = await sent_link(site, team, runner, wire)
        async with app.state.db.sessionmaker() as s:
            gone = utcnow() - timedelta(seconds=1)
            await s.execute(update(SoftwareUpgradeDevice).values(link_expires_at=gone))
            await s.commit()
        resp = await team.new_api().client.get(url)
        assert resp.status_code == 404 and code(resp.json()) == 116003
        assert UPGRADE_LINK_S >= 300

    async def test_a_link_whose_package_is_gone_is_refused(
        self, app: FastAPI, site: Site, team: Team, runner: UpgradeRunner, wire: FakeTelemetry, tmp_path: Path
    ) -> None:
        url = await sent_link(site, team, runner, wire)
        gateway = team.new_api().client
        assert (await gateway.get(url, headers={"Range": "bytes=0-9"})).status_code == 206
        for path in (tmp_path / "software").rglob("*.pkg"):
            path.unlink()
        resp = await gateway.get(url)
        assert resp.status_code == 404 and code(resp.json()) == 116003


class TestReportsWorker:
    async def test_a_report_that_cannot_be_written_holds_no_other_back(
        self,
        app: FastAPI,
        site: Site,
        team: Team,
        runner: UpgradeRunner,
        wire: FakeTelemetry,
        monkeypatch: pytest.MonkeyPatch,
    ) -> None:
        a = await site.device(sn="GWA", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        b = await site.device(sn="GWB", dev_state=DEV_ONLINE, firmware_version="2.0.0")
        v = await version(team.admin)
        up = ok(await start(team.admin, v["id"], [a, b]))
        await runner.tick(utcnow())
        ids = {sn: body["req_id"] for sn, _, body in wire.sent}
        original = device_reports.apply

        def poisoned(device: SoftwareUpgradeDevice, report: device_reports.Report, now: Any) -> bool:
            if report.sn == "GWA":
                raise RuntimeError("poison")
            return original(device, report, now)

        monkeypatch.setattr(device_reports, "apply", poisoned)
        monkeypatch.setattr(device_reports, "RETRY_S", 0.01)
        monkeypatch.setattr(device_reports, "GIVE_UP_AFTER", 4)
        worker = UpgradeReports(app.state.db.sessionmaker)
        acked: list[str] = []
        worker.start()
        try:
            for sn in ("GWA", "GWB"):
                body = orjson.dumps({"req_id": ids[sn], "state": "downloading", "progress": 30})
                worker(sn, body, lambda sn=sn: acked.append(sn))  # type: ignore[misc]
            await eventually(lambda: acked == ["GWA", "GWB"], 10, "both acknowledged")
        finally:
            await worker.stop()
        rows = {r.sn: r for r in await devices(app, up["id"])}
        assert (rows["GWB"].state, rows["GWB"].progress) == (2, 30)
        assert rows["GWA"].state == 1 and worker.stats["failed"] == 1
