"""The device log (/yun/devLog): who reads which entries, filters, and one entry per action."""

from fastapi import FastAPI

from iotyun.devices import service as device_service
from iotyun.devices.models import Device
from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team


async def actions(api: Api, **params: object) -> list[str]:
    resp = await api.get("/yun/devLog", params=params)
    assert resp["meta"]["success"] == 1, resp
    return [e["action"] for e in resp["data"]["items"]]


class TestDeviceLog:
    async def test_anonymous_and_without(self, api: Api, team: Team) -> None:
        await team.role("homeonly", ["P10000"])
        await team.user("carl", "homeonly")
        carl = await team.login("carl")
        assert code(await carl.get("/yun/devLog")) == 100015
        carl.forget()
        assert code(await carl.get("/yun/devLog")) == 100009

    async def test_records_actions_newest_first(self, team: Team, bob: Api) -> None:
        dev = await register(team.admin, "IOT1")
        await team.admin.put("/dev/update", {"id": dev["id"], "alias": "1号机"})
        await team.admin.post("/dev/distribution", {"device_ids": [dev["id"]], "user_ids": [bob.user_id]})
        await team.admin.post("/dev/distribution/cancel", {"device_ids": [dev["id"]], "user_ids": [bob.user_id]})
        await team.admin.post("/dev/card/binding", {"device_id": dev["id"], "iccid": "89860012345678901234"})
        await team.admin.call("DELETE", "/dev/card/binding", params={"device_id": dev["id"]})
        await team.admin.call("DELETE", "/dev/register", params={"id": dev["id"]})
        assert await actions(team.admin) == [
            "unregister",
            "card_unbind",
            "card_bind",
            "distribution_cancel",
            "distribute",
            "edit",
            "register",
        ]
        page = (await team.admin.get("/yun/devLog"))["data"]["items"][0]
        assert page["sn"] == "IOT1" and page["user_name"] == "alice" and page["device_id"] == dev["id"]

    async def test_filters(self, team: Team) -> None:
        a = await register(team.admin, "IOT1")
        await register(team.admin, "IOT2")
        await team.admin.put("/dev/update", {"id": a["id"], "alias": "x"})
        assert await actions(team.admin, device_id=a["id"]) == ["edit", "register"]
        assert await actions(team.admin, sn="IOT2") == ["register"]
        assert await actions(team.admin, action="edit") == ["edit"]
        first = (await team.admin.get("/yun/devLog", params={"action": "edit"}))["data"]["items"][0]["time"]
        assert await actions(team.admin, start=first, end=first) == ["edit"]
        assert await actions(team.admin, start=first + 1) == []
        paged = (await team.admin.get("/yun/devLog", params={"page_size": 1, "page": 2}))["data"]
        assert paged["total"] == 3 and len(paged["items"]) == 1

    async def test_scope(self, team: Team, bob: Api, other_tenant: Api) -> None:
        await register(team.admin, "IOT1")
        mine = await register(bob, "IOT2")
        assert await actions(bob) == ["register"]
        assert sorted(await actions(team.admin, action="register")) == ["register", "register"]
        assert (await other_tenant.get("/yun/devLog"))["data"]["total"] == 0
        await bob.post("/dev/distribution", {"device_ids": [mine["id"]], "user_ids": [team.admin.user_id]})
        assert (await bob.get("/yun/devLog", params={"sn": "IOT1"}))["data"]["total"] == 0

    async def test_takeback_and_transfer_entries(self, app: FastAPI, team: Team, bob: Api, other_tenant: Api) -> None:
        dev = await register(bob, "IOT1")
        await team.admin.post("/dev/takeback", {"device_ids": [dev["id"]]})
        await team.admin.post("/dev/share", {"device_ids": [dev["id"]], "accounts": ["bob"]})
        await team.admin.post("/dev/transfer", {"device_ids": [dev["id"]], "account": "mallory"})
        assert await actions(team.admin) == ["transfer_out", "share", "takeback", "register"]
        assert await actions(other_tenant) == ["transfer_in"]


class TestNames:
    async def test_entries_name_the_users_and_groups_they_concern(
        self, app: FastAPI, team: Team, bob: Api, other_tenant: Api
    ) -> None:
        """Details keep ids; `names` says whom and which group they are, within the caller's tenant only."""
        dev = await register(team.admin, "IOT1")
        await team.admin.post("/dev/distribution", {"device_ids": [dev["id"]], "user_ids": [bob.user_id]})
        items = (await team.admin.get("/yun/devLog"))["data"]["items"]
        distribute, registered = items[0], items[-1]
        assert distribute["detail"]["user_ids"] == [bob.user_id]
        assert distribute["names"] == {f"user:{bob.user_id}": "bob"}
        group_id = registered["detail"]["group_id"]
        assert registered["names"] == {f"group:{group_id}": "默认分组"}
        # Another tenant's user, named by id in a detail, is not named.
        async with app.state.db.sessionmaker() as s:
            device = await s.get(Device, dev["id"])
            assert device is not None
            await device_service.write_log(
                s, device.tenant_id, device, "share", None, {"user_ids": [other_tenant.user_id, bob.user_id]}
            )
            await s.commit()
        latest = (await team.admin.get("/yun/devLog"))["data"]["items"][0]
        assert latest["names"] == {f"user:{bob.user_id}": "bob"}
