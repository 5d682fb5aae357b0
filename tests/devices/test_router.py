"""The device registry: register, SN check, list, detail, edit, unregister, state counts (docs/api-devices.md)."""

from datetime import UTC, datetime

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.errors import ErrorCode
from iotyun.devices import service as device_service
from iotyun.devices.models import DEV_ONLINE, Device, Gateway
from tests.conftest import Api, code
from tests.devices.factories import SECRET, logs, make_device, register
from tests.team.factories import Team

CANCEL_HAS_DEVICES = ErrorCode.CANCEL_HAS_DEVICES


class TestRegisterDevice:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET})) == 100009

    async def test_without_P30000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET})) == 100015

    async def test_registers_unknown_sn_into_default_group(self, app: FastAPI, team: Team) -> None:
        data = await register(team.admin, "IOT0000001", alias="1号空压机", address="浦东新区 1 号")
        assert data["sn_code"] == "IOT0000001" and data["alias"] == "1号空压机"
        assert data["registered"] is True and data["relation"] == "owner" and data["can_manage"] is True
        assert data["group_name"] == "默认分组" and data["owner_id"] == team.admin.user_id
        assert data["dev_state"] == 2 and data["registered_at"] and data["flow_card"] is None
        entries = await logs(app, "register")
        assert [(e.sn, e.user_name) for e in entries] == [("IOT0000001", "alice")]

    async def test_sn_rules(self, team: Team) -> None:
        for sn, expected in (("", 110501), ("  ", 110501), ("A" * 20, 110502), ("IOT-01", 110502), ("设备1", 110502)):
            resp = await team.admin.post("/dev/register", {"sn_code": sn, "secret": SECRET})
            assert code(resp) == expected, (sn, resp)
        assert (await register(team.admin, "A" * 19))["sn_code"] == "A" * 19

    async def test_secret_missing_or_short(self, team: Team) -> None:
        assert code(await team.admin.post("/dev/register", {"sn_code": "IOT1"})) == 110573
        short = await team.admin.post("/dev/register", {"sn_code": "IOT1", "secret": "12345"})
        assert code(short) == 110573
        assert "6–32" in short["meta"]["detail"] and "5" in short["meta"]["message"]
        blank = await team.admin.post("/dev/register", {"sn_code": "IOT1", "secret": ""})
        assert "6–32" not in blank["meta"]["detail"]

    async def test_known_sn_needs_its_secret(self, app: FastAPI, team: Team) -> None:
        await make_device(app, tenant_id=team.admin.tenant_id or 0, owner_id=team.admin.user_id or 0, sn="IOT9")
        async with app.state.db.sessionmaker() as s:
            device = (await s.scalars(select(Device))).one()
            device.registered = False
            await s.commit()
        assert code(await team.admin.post("/dev/register", {"sn_code": "IOT9", "secret": "wrongsecret"})) == 110573
        assert (await register(team.admin, "IOT9"))["registered"] is True

    async def test_registered_here_and_elsewhere(self, team: Team, other_tenant: Api) -> None:
        await register(team.admin, "IOT1")
        assert code(await team.admin.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET})) == 110503
        assert code(await other_tenant.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET})) == 110504

    async def test_unknown_group(self, team: Team, other_tenant: Api) -> None:
        mine = await register(other_tenant, "IOT2")
        body = {"sn_code": "IOT1", "secret": SECRET, "group_id": mine["group_id"]}
        assert code(await team.admin.post("/dev/register", body)) == 112005

    async def test_area_codes_checked(self, team: Team) -> None:
        body = {"sn_code": "IOT1", "secret": SECRET, "province_code": "310000", "city_code": "440300"}
        assert code(await team.admin.post("/dev/register", body)) == 111001
        body.update(city_code="310100", area_code="310115")
        data = (await team.admin.post("/dev/register", body))["data"]
        assert data["area_name"].startswith("上海") and data["area_name"].endswith("浦东新区")

    async def test_bad_input_changes_nothing(self, app: FastAPI, team: Team) -> None:
        await team.admin.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET, "alias": "x" * 33})
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(Gateway))).all() == []


class TestCheckSn:
    async def test_without_P30000(self, team: Team) -> None:
        assert code(await (await team.without()).get("/dev/SN", params={"sn_code": "IOT1"})) == 100015

    async def test_states(self, team: Team, other_tenant: Api) -> None:
        await register(team.admin, "IOT1")
        check = (await other_tenant.get("/dev/SN", params={"sn_code": "IOT1"}))["data"]
        assert check == {
            "sn_code": "IOT1",
            "valid": True,
            "known": True,
            "registered_here": False,
            "registered_elsewhere": True,
        }
        here = (await team.admin.get("/dev/SN", params={"sn_code": "IOT1"}))["data"]
        assert here["registered_here"] and not here["registered_elsewhere"]
        bad = (await team.admin.get("/dev/SN", params={"sn_code": "IOT-1"}))["data"]
        assert bad["valid"] is False and bad["known"] is False
        new = (await team.admin.get("/dev/SN", params={"sn_code": "IOT2"}))["data"]
        assert new["valid"] and not new["known"]


class TestUnregister:
    async def test_owner_only(self, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(bob, "IOT1")
        assert code(await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})) == 110510
        assert code(await other_tenant.call("DELETE", "/dev/register", params={"id": dev["id"]})) == 110506

    async def test_releases_sn_and_keeps_site_facts(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1", alias="1号泵")
        await team.admin.post("/dev/share", {"device_ids": [dev["id"]], "accounts": ["13900000009"]})
        assert (await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]}))["meta"]["success"] == 1
        assert code(await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})) == 110505
        listed = (await team.admin.get("/dev", params={"registered": "false"}))["data"]["items"]
        assert [(d["alias"], d["registered"], d["dev_state"], d["firmware_version"]) for d in listed] == [
            ("1号泵", False, None, None)
        ]
        assert (await other_tenant.get("/dev"))["data"]["total"] == 0
        assert [e.action for e in await logs(app)][-1] == "unregister"
        # Another tenant registers the released SN with its secret; a wrong secret still fails.
        assert code(await other_tenant.post("/dev/register", {"sn_code": "IOT1", "secret": "nope123"})) == 110573
        assert (await register(other_tenant, "IOT1"))["registered"] is True
        assert code(await team.admin.post("/dev/register", {"sn_code": "IOT1", "secret": SECRET})) == 110504

    async def test_reregistration_revives_row(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1", alias="1号泵", address="A 路")
        await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})
        again = await register(team.admin, "IOT1")
        assert again["id"] == dev["id"] and again["alias"] == "1号泵" and again["address"] == "A 路"


class TestList:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/dev")) == 100009

    async def test_without_P30000_or_P10000(self, team: Team) -> None:
        await team.role("nodev", ["P72000"])
        await team.user("carl", "nodev")
        assert code(await (await team.login("carl")).get("/dev")) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        dev = await register(team.admin, "IOT1")
        assert (await other_tenant.get("/dev"))["data"] == {"items": [], "total": 0, "page": 1, "page_size": 20}
        assert code(await other_tenant.get(f"/dev/basic/{dev['id']}")) == 110506
        state = (await other_tenant.get("/dev/stateInfo"))["data"]
        assert state["total"] == 0

    async def test_filters_search_sort_paging(self, app: FastAPI, team: Team) -> None:
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        now = datetime.now(UTC)
        await make_device(app, tenant_id=tid, owner_id=uid, sn="AAA1", alias="1号空压机", dev_state=DEV_ONLINE)
        await make_device(app, tenant_id=tid, owner_id=uid, sn="BBB2", alias="2号泵", model="GW200", report_time=now)
        await make_device(app, tenant_id=tid, owner_id=uid, sn="CCC3", alias="冷库", address="Pudong Road")
        group = (await team.admin.post("/yun/dev/group", {"name": "车间"}))["data"]

        async def sns(**params: object) -> list[str]:
            resp = await team.admin.get("/dev", params=params)
            assert resp["meta"]["success"] == 1, resp
            return [d["sn_code"] for d in resp["data"]["items"]]

        assert await sns(sort="sn_code", order="asc") == ["AAA1", "BBB2", "CCC3"]
        assert await sns(sort="sn_code", order="desc") == ["CCC3", "BBB2", "AAA1"]
        assert await sns(q="bbb") == ["BBB2"]
        assert await sns(q="空压") == ["AAA1"]
        assert await sns(q="pudong") == ["CCC3"]
        assert await sns(dev_state=1) == ["AAA1"]
        assert await sns(dev_state=2, sort="sn_code", order="asc") == ["BBB2", "CCC3"]
        assert await sns(model="GW200") == ["BBB2"]
        assert await sns(vpn_state="true") == []
        assert await sns(registered="false") == []
        assert await sns(group_id=group["id"] if group else 0) == []
        assert (await sns(sort="alias", order="asc"))[0] == "AAA1"
        assert (await sns(sort="report_time", order="desc"))[0] == "BBB2"
        assert (await sns(sort="report_time", order="asc"))[0] == "BBB2"
        page = (await team.admin.get("/dev", params={"page": 2, "page_size": 2, "sort": "sn_code", "order": "asc"}))[
            "data"
        ]
        assert page["total"] == 3 and [d["sn_code"] for d in page["items"]] == ["CCC3"]
        assert code(await team.admin.get("/dev", params={"sort": "secret"})) == 100004
        assert code(await team.admin.get("/dev", params={"dev_state": 3})) == 100004

    async def test_relations(self, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(bob, "IOT1")
        seen = (await team.admin.get("/dev"))["data"]["items"]
        assert [(d["relation"], d["can_manage"]) for d in seen] == [("admin", False)]
        assert (await bob.get("/dev"))["data"]["items"][0]["relation"] == "owner"
        resp = await bob.post("/dev/share", {"device_ids": [dev["id"]], "accounts": ["mallory"], "can_write": True})
        assert resp["meta"]["success"] == 1, resp
        shared = (await other_tenant.get("/dev"))["data"]["items"]
        assert [(d["relation"], d["can_write"], d["can_manage"]) for d in shared] == [("share", True, False)]
        assert (await other_tenant.get(f"/dev/basic/{dev['id']}"))["data"]["sn_code"] == "IOT1"


class TestDetailAndState:
    async def test_detail(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        await team.admin.post("/dev/share", {"device_ids": [dev["id"]], "accounts": ["13800000001"]})
        data = (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"]
        assert data["share_count"] == 0 and data["share_remaining"] == 10 and data["flow_card_info"] is None
        assert code(await team.admin.get("/dev/basic/999999")) == 110506

    async def test_state_info(self, app: FastAPI, team: Team) -> None:
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        await make_device(app, tenant_id=tid, owner_id=uid, sn="A1", dev_state=DEV_ONLINE, model="GW100")
        await make_device(app, tenant_id=tid, owner_id=uid, sn="A2", model="GW100")
        await make_device(app, tenant_id=tid, owner_id=uid, sn="A3", model="GW200", registered=False)
        data = (await team.admin.get("/dev/stateInfo"))["data"]
        assert (data["total"], data["online"], data["offline"], data["unregistered"]) == (3, 1, 1, 1)
        assert data["by_model"] == [{"model": "GW100", "count": 2}]
        assert data["virtual_devices"] == 0
        assert [(g["online"], g["offline"]) for g in data["by_group"]] == [(1, 1)]


class TestUpdate:
    async def test_owner_only(self, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(bob, "IOT1")
        assert code(await team.admin.put("/dev/update", {"id": dev["id"], "alias": "x"})) == 110510
        assert code(await other_tenant.put("/dev/update", {"id": dev["id"], "alias": "x"})) == 110506

    async def test_validations(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1", alias="keep")
        cases: list[tuple[dict[str, object], int]] = [
            ({"alias": "x" * 33}, 110509),
            ({"address": "x" * 201}, 110558),
            ({"contact_name": "x" * 33}, 110559),
            ({"contact_phone": "1380000"}, 110560),
            ({"contact_email": "not-an-email"}, 110304),
            ({"video_url": "ftp://cam.example/1"}, 100025),
            ({"video_url": "cam.example/1"}, 100025),
            # This machine or a link-local host (docs/api-video.md "Addresses"), unless IOTYUN_VIDEO_ALLOW_PRIVATE.
            ({"video_url": "http://127.0.0.1:8080/api/admin"}, 100025),
            ({"video_url": "http://169.254.169.254/latest/meta-data"}, 100025),
            ({"video_url": "http://localhost/cam"}, 100025),
            ({"remark": "x" * 201}, 110582),
            ({"province_code": "999999"}, 111001),
            ({"group_id": 999999}, 112005),
        ]
        for body, expected in cases:
            resp = await team.admin.put("/dev/update", {"id": dev["id"], **body})
            assert code(resp) == expected, (body, resp)
        assert (await team.admin.get(f"/dev/basic/{dev['id']}"))["data"]["alias"] == "keep"

    async def test_edits_and_logs_changed_fields(self, app: FastAPI, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        body = {
            "id": dev["id"],
            "alias": "2号机",
            "contact_phone": "",
            "contact_email": "Ops@Example.com",
            # A camera on the plant's own network: the viewer's browser reaches it, the server never fetches it.
            "video_url": "rtsp://192.168.1.64:554/live",
            "province_code": "440000",
            "city_code": "440300",
            "area_code": "440305",
            "allow_write": False,
        }
        data = (await team.admin.put("/dev/update", body))["data"]
        assert data["alias"] == "2号机" and data["contact_email"] == "ops@example.com"
        assert data["area_name"].endswith("南山区") and data["can_write"] is False
        (entry,) = await logs(app, "edit")
        assert entry.detail == {
            "fields": ["alias", "allow_write", "area_code", "city_code", "contact_email", "province_code", "video_url"]
        }

    async def test_clears_the_region(self, team: Team) -> None:
        dev = await register(team.admin, "IOT1", province_code="310000", city_code="310100", area_code="310115")
        body = {"id": dev["id"], "province_code": "", "city_code": "", "area_code": ""}
        data = (await team.admin.put("/dev/update", body))["data"]
        assert (data["province_code"], data["city_code"], data["area_code"], data["area_name"]) == ("", "", "", "")


class TestServiceHelpers:
    async def test_count_registered_and_set_state(self, app: FastAPI, team: Team) -> None:
        tid, uid = team.admin.tenant_id or 0, team.admin.user_id or 0
        await make_device(app, tenant_id=tid, owner_id=uid, sn="A1")
        await make_device(app, tenant_id=tid, owner_id=uid, sn="A2", registered=False)
        async with app.state.db.sessionmaker() as s:
            assert await device_service.count_registered(s, tid) == 1
            gateway = (await s.scalars(select(Gateway).where(Gateway.sn == "A1"))).one()
            await device_service.set_state(s, gateway.id, DEV_ONLINE, ip="10.0.0.5")
            await device_service.set_state(s, gateway.id, DEV_ONLINE)
            await s.commit()
        listed = (await team.admin.get("/dev", params={"q": "A1"}))["data"]["items"]
        assert listed[0]["dev_state"] == 1 and listed[0]["ip"] == "10.0.0.5" and listed[0]["report_time"]
        assert [e.action for e in await logs(app, "online")] == ["online"]

    async def test_cancellation_counts_registered_only(self, app: FastAPI, team: Team) -> None:
        dev = await register(team.admin, "IOT1")
        assert code(await team.admin.post("/user/cancel", {"password": "secret123"})) == CANCEL_HAS_DEVICES
        await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})
        async with app.state.db.sessionmaker() as s:
            assert await device_service.count_registered(s, team.admin.tenant_id or 0) == 0
        assert (await team.admin.post("/user/cancel", {"password": "secret123"}))["meta"]["success"] == 1


class TestDemo:
    async def test_demo_devices(self, app: FastAPI, api: Api) -> None:
        from iotyun.demo import seed

        async with app.state.db.sessionmaker() as s:
            await seed.seed_demo(s, app.state.settings)
            await s.commit()
        resp = await api.login("admin", "iotyun123")
        assert resp["meta"]["success"] == 1, resp
        data = (await api.get("/dev", params={"page_size": 50}))["data"]
        assert data["total"] == 16
        items = data["items"]
        assert sum(1 for d in items if not d["registered"]) == 1
        assert sum(1 for d in items if d["flow_card"]) == 2
        assert {d["owner_name"] for d in items} == {"admin", "operator"}
        assert all(d["area_name"] for d in items)
        state = (await api.get("/dev/stateInfo"))["data"]
        assert state["online"] >= 5 and len(state["by_group"]) == 4
        assert (await api.get("/yun/devLog"))["data"]["total"] >= 16
