"""Opening a share link without logging in (/yun/shared/module; docs/api-sharing.md): each refusal with its 1183xx,
one counted use per open and never past the limit under a race, one device's screen in one call as the creator
sees it, and writes only through a control link, with every rule of a console write."""

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI
from sqlalchemy import delete, select, update

from iotyun.auth.models import User
from iotyun.core.ratelimit import Window
from iotyun.core.security import digest
from iotyun.devices.models import DeviceGrant, DeviceLog
from iotyun.sharing.models import ShareLink
from tests.conftest import code
from tests.devices.factories import ok
from tests.sharing.conftest import DEVICE, MANAGE, OPEN, WRITE, make_link
from tests.team.factories import Team
from tests.telemetry.conftest import app, plant
from tests.telemetry.factories import FakeGateway, Plant, eventually, now_ms

__all__ = ["app", "plant"]  # the telemetry fixtures: a started runtime and a published device


async def set_link(app: FastAPI, token: str, **values: Any) -> None:
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(ShareLink).where(ShareLink.token_hash == digest(token)).values(**values))
        await s.commit()


async def use_count(app: FastAPI, token: str) -> int:
    async with app.state.db.sessionmaker() as s:
        return int(
            (await s.execute(select(ShareLink.use_count).where(ShareLink.token_hash == digest(token)))).scalar_one()
        )


async def online(team: Team, plant: Plant) -> None:
    async def state() -> bool:
        return bool(ok(await team.admin.get(f"/dev/basic/{plant.device_id}"))["dev_state"] == 1)

    await eventually(state)


def write(token: str, plant: Plant, value: object) -> dict[str, object]:
    return {"token": token, "device_id": plant.device_id, "data_source_id": plant.sources["出水压力"], "value": value}


class TestOpen:
    async def test_open_counts_a_use(self, app: FastAPI, team: Team, plant: Plant) -> None:
        link = await make_link(team.admin, [plant.device_id], note="客户")
        anon = team.new_api()
        opened = ok(await anon.get(OPEN, params={"token": link["token"]}))
        assert opened["link"] == {"link_type": 1, "permission": 1, "expire_at": None, "note": "客户"}
        assert opened["share_user"] == {
            "user_name": "alice",
            "permissions": ["P10000", "P73000"],
            "device_permissions": [],
        }
        assert opened["devices"] == [{"id": plant.device_id, "name": "1号空压机", "sn": plant.sn, "dev_state": 2}]
        assert await use_count(app, link["token"]) == 1
        control = await make_link(team.admin, [plant.device_id], permission=2)
        assert ok(await anon.get(OPEN, params={"token": control["token"]}))["share_user"]["device_permissions"] == [
            "write"
        ]

    async def test_refusals(self, app: FastAPI, team: Team, plant: Plant) -> None:
        anon = team.new_api()
        assert code(await anon.get(OPEN, params={"token": "nope"})) == 118301
        assert code(await anon.get(OPEN, params={"token": ""})) == 118301
        link = await make_link(team.admin, [plant.device_id], access_limit=1)
        token = link["token"]
        ok(await team.admin.put(MANAGE, {"id": link["id"], "use_state": 0}))
        assert code(await anon.get(OPEN, params={"token": token})) == 118305
        ok(await team.admin.put(MANAGE, {"id": link["id"], "use_state": 1}))
        await set_link(app, token, expire_at=datetime.now(UTC) - timedelta(seconds=1))
        assert code(await anon.get(OPEN, params={"token": token})) == 118304
        await set_link(app, token, expire_at=None)
        ok(await anon.get(OPEN, params={"token": token}))
        assert code(await anon.get(OPEN, params={"token": token})) == 118303
        assert await use_count(app, token) == 1

    async def test_the_creators_rights_at_the_moment(self, app: FastAPI, team: Team, plant: Plant) -> None:
        await team.role("sharer", ["P10000", "P82000", "P73000"], device_permissions=["write"])
        await team.user("sam", "sharer")
        sam = await team.login("sam")
        ok(await team.admin.post("/dev/distribution", {"device_ids": [plant.device_id], "user_ids": [sam.user_id]}))
        link = await make_link(sam, [plant.device_id])
        anon = team.new_api()
        ok(await anon.get(OPEN, params={"token": link["token"]}))
        # the device is no longer distributed to the creator: the link shows nothing
        async with app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant).where(DeviceGrant.user_id == sam.user_id))
            await s.commit()
        assert code(await anon.get(OPEN, params={"token": link["token"]})) == 118302
        assert code(await anon.get(DEVICE, params={"token": link["token"], "device_id": plant.device_id})) == 118302
        # the creator is locked
        mine = await make_link(team.admin, [plant.device_id])
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(User).where(User.id == team.admin.user_id).values(is_active=False))
            await s.commit()
        assert code(await anon.get(OPEN, params={"token": mine["token"]})) == 118302
        assert await use_count(app, mine["token"]) == 0

    async def test_access_limit_race(self, app: FastAPI, team: Team, plant: Plant) -> None:
        link = await make_link(team.admin, [plant.device_id], access_limit=1)
        one, two = team.new_api(), team.new_api()
        answers = await asyncio.gather(
            one.get(OPEN, params={"token": link["token"]}), two.get(OPEN, params={"token": link["token"]})
        )
        assert sorted(code(a) if a["meta"]["success"] == 0 else 0 for a in answers) == [0, 118303]
        assert await use_count(app, link["token"]) == 1

    async def test_rate_limited(self, app: FastAPI, team: Team, plant: Plant) -> None:
        app.state.limiters.share_by_address = Window(2, 60)
        anon = team.new_api()
        link = await make_link(team.admin, [plant.device_id])
        ok(await anon.get(OPEN, params={"token": link["token"]}))
        ok(await anon.get(DEVICE, params={"token": link["token"], "device_id": plant.device_id}))
        assert code(await anon.get(OPEN, params={"token": link["token"]})) == 100008


class TestDeviceScreen:
    async def test_one_call_without_counting(self, app: FastAPI, team: Team, plant: Plant) -> None:
        link = await make_link(team.admin, [plant.device_id], access_limit=1)
        anon = team.new_api()
        ok(await anon.get(OPEN, params={"token": link["token"]}))
        p = plant.sources["出水压力"]
        async with FakeGateway(app, plant.sn) as gw:
            await gw.send([{"id": p, "v": 1.4, "ts": now_ms()}])
            await eventually(lambda: app.state.telemetry.cache.get(plant.device_id).get(p))
            await online(team, plant)

            async def alarmed() -> bool:
                got = ok(await team.admin.get("/rAlarmDev", params={"device_id": plant.device_id}))
                return bool(got["total"])

            await eventually(alarmed)
            # at its limit, the page already opened still shows the device
            screen = ok(await anon.get(DEVICE, params={"token": link["token"], "device_id": plant.device_id}))
        assert (
            screen["screens"]["device_id"] == plant.device_id and screen["screens"]["template_id"] == plant.template_id
        )
        assert next(i for i in screen["live"]["items"] if i["id"] == p)["value"] == 1.4
        assert screen["live"]["can_write"] is False and screen["write_config"]["user_can_write"] is False
        assert [a["alarm_name"] for a in screen["alarms"]] == ["压力过高"]
        assert await use_count(app, link["token"]) == 1

    async def test_only_the_links_devices(self, app: FastAPI, team: Team, plant: Plant) -> None:
        other = ok(await team.admin.post("/dev/register", {"sn_code": "TOTHER0000001", "secret": "secret123"}))
        link = await make_link(team.admin, [plant.device_id])
        anon = team.new_api()
        assert code(await anon.get(DEVICE, params={"token": link["token"], "device_id": other["id"]})) == 118302
        assert code(await anon.get(DEVICE, params={"token": "nope", "device_id": plant.device_id})) == 118301


class TestWrite:
    async def test_read_only_link_refuses(self, app: FastAPI, team: Team, plant: Plant) -> None:
        link = await make_link(team.admin, [plant.device_id])
        assert code(await team.new_api().post(WRITE, write(link["token"], plant, 1.0))) == 110513

    async def test_control_link_writes_as_the_creator(self, app: FastAPI, team: Team, plant: Plant) -> None:
        link = await make_link(team.admin, [plant.device_id], permission=2)
        anon = team.new_api()
        assert code(await anon.post(WRITE, write(link["token"], plant, 1.0))) == 110515  # offline
        ok(await team.admin.put("/dev/controls", {"password": "global1"}))
        async with FakeGateway(app, plant.sn) as gw:
            await online(team, plant)
            assert code(await anon.post(WRITE, write(link["token"], plant, 1.0))) == 110519
            body = {**write(link["token"], plant, 1.0), "password": "nope12"}
            assert code(await anon.post(WRITE, body)) == 110520
            assert ok(await anon.post(WRITE, {**body, "password": "global1"}))["value"] == 1.0
            assert gw.writes[-1]["value"] == 1.0
        async with app.state.db.sessionmaker() as s:
            stmt = select(DeviceLog).where(DeviceLog.device_id == plant.device_id, DeviceLog.action == "write")
            logs = list((await s.scalars(stmt.order_by(DeviceLog.id))).all())
        assert [(d.detail or {}).get("result") for d in logs] == [
            "offline",
            "password_required",
            "password_wrong",
            "ok",
        ]
        assert all((d.detail or {}).get("via") == "share_link" for d in logs)
        assert {d.user_name for d in logs} == {"alice"}

    async def test_a_control_asking_the_device_password_refuses_without_one(
        self, app: FastAPI, team: Team, plant: Plant
    ) -> None:
        """Issue 30 defect 2: a shared screen's control names its password; the device has none, so nothing writes,
        whatever text comes with it."""
        link = await make_link(team.admin, [plant.device_id], permission=2)
        anon = team.new_api()
        async with FakeGateway(app, plant.sn) as gw:
            await online(team, plant)
            body = {**write(link["token"], plant, 1.0), "password": "anything1", "password_mode": "device"}
            assert code(await anon.post(WRITE, body)) == 110583
            assert ok(await anon.post(WRITE, {**body, "password_mode": "none"}))["value"] == 1.0
            assert len(gw.writes) == 1
