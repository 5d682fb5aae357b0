"""Simulated login, account cancellation and the user log over HTTP (SPEC §4, §6)."""

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.auth.models import Tenant
from iotyun.team.models import UserLog
from tests.conftest import Api, code
from tests.team.factories import PASSWORD, Team


class TestSimulate:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/v2/user/login/simulate", {"user_id": 1})) == 100009

    async def test_administrator_only(self, team: Team) -> None:
        plant = await team.group("plant")
        await team.user("boss2", "administrator2", group_id=plant)
        worker = await team.user("worker", group_id=plant)
        boss2 = await team.login("boss2")
        assert code(await boss2.post("/yun/v2/user/login/simulate", {"user_id": worker["id"]})) == 100015

    async def test_not_into_an_administrator(self, team: Team) -> None:
        body = {"user_id": team.admin.user_id}
        assert code(await team.admin.post("/yun/v2/user/login/simulate", body)) == 110330

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        assert code(await other_tenant.post("/yun/v2/user/login/simulate", {"user_id": bob["id"]})) == 110333

    async def test_simulates_logs_both_and_stops(self, team: Team) -> None:
        bob = await team.user("bob")
        carl = await team.user("carl")
        data = (await team.admin.post("/yun/v2/user/login/simulate", {"user_id": bob["id"]}))["data"]
        assert data["user_name"] == "bob" and data["simulated_by"] == team.admin.user_id and data["x_Token"]
        as_bob = team.new_api()
        as_bob.adopt(data)
        assert (await as_bob.get("/yun/user/config"))["data"]["simulated_by"] == team.admin.user_id
        # Not while simulating.
        assert code(await as_bob.post("/yun/v2/user/login/simulate", {"user_id": carl["id"]})) == 110329
        # What the administrator does as bob is logged with both names; the pages read and the heartbeat are not.
        assert (await as_bob.post("/yun/dev/group", {"name": "泵房"}))["meta"]["success"] == 1
        await as_bob.get("/yun/user/heart")
        log = (await team.admin.get("/yun/userLog", params={"user_id": bob["id"]}))["data"]["items"]
        assert log and all(e["actor_name"] == "alice" and e["user_name"] == "bob" for e in log)
        targets = [
            e["target"] for e in (await team.admin.get("/yun/userLog", params={"user_id": bob["id"]}))["data"]["items"]
        ]
        assert targets == ["POST /api/yun/dev/group"]
        assert (await as_bob.call("DELETE", "/yun/v2/user/login/simulate"))["meta"]["success"] == 1
        assert code(await as_bob.get("/yun/user/config")) == 100009
        actions = [e["action"] for e in (await team.admin.get("/yun/userLog"))["data"]["items"]]
        assert "simulate_start" in actions and "simulate_stop" in actions
        # The administrator's own session is untouched.
        assert (await team.admin.get("/yun/user/config"))["data"]["user_name"] == "alice"

    async def test_user_due_a_password_change_does_not_block_the_administrator(self, team: Team) -> None:
        """The forced change is the user's to make: a simulation neither asks for it nor is stuck behind it."""
        bob = await team.user("bob", must_change_password=True)
        data = (await team.admin.post("/yun/v2/user/login/simulate", {"user_id": bob["id"]}))["data"]
        assert data["must_change_password"] is False
        as_bob = team.new_api()
        as_bob.adopt(data)
        assert (await as_bob.get("/yun/customPage"))["meta"]["success"] == 1
        assert (await as_bob.call("DELETE", "/yun/v2/user/login/simulate"))["meta"]["success"] == 1
        assert code(await as_bob.get("/yun/user/config")) == 100009
        # Bob himself still has to change it.
        bob_api = team.new_api()
        assert (await bob_api.login("bob", PASSWORD))["data"]["must_change_password"] is True

    async def test_stop_without_simulating(self, team: Team) -> None:
        assert code(await team.admin.call("DELETE", "/yun/v2/user/login/simulate")) == 100015


class TestCancel:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/user/cancel", {"password": PASSWORD})) == 100009

    async def test_administrator_only(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/user/cancel", {"password": PASSWORD})) == 100015

    async def test_wrong_password(self, team: Team) -> None:
        assert code(await team.admin.post("/user/cancel", {"password": "nope1234"})) == 110313

    async def test_refused_while_sub_users_exist(self, team: Team) -> None:
        await team.user("bob")
        assert code(await team.admin.post("/user/cancel", {"password": PASSWORD})) == 110323

    async def test_cancels_tenant(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        await team.admin.call("DELETE", f"/yun/userInfo/{bob['id']}")
        await team.group("plant")
        await team.role("ops", ["P31000"])
        assert (await team.admin.post("/user/cancel", {"password": PASSWORD}))["meta"]["success"] == 1
        assert code(await team.admin.get("/yun/user/config")) == 100009
        assert code(await team.new_api().login("alice", PASSWORD)) == 110003
        async with app.state.db.sessionmaker() as s:
            assert (await s.execute(select(func.count(Tenant.id)))).scalar_one() == 1
            assert (
                await s.execute(select(func.count(UserLog.id)).where(UserLog.user_name == "alice"))
            ).scalar_one() == 0
        assert (await other_tenant.get("/yun/user/config"))["meta"]["success"] == 1


class TestUserLog:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/userLog")) == 100009

    async def test_without_P72000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/userLog")) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        await team.user("bob")
        assert (await other_tenant.get("/yun/userLog"))["data"]["total"] == 0

    async def test_filters_and_pages(self, team: Team) -> None:
        await team.user("bob")
        await team.group("plant")
        await team.group("line")
        all_ = (await team.admin.get("/yun/userLog"))["data"]
        assert all_["total"] == 3 and [e["action"] for e in all_["items"]] == ["group_create"] * 2 + ["user_create"]
        first = all_["items"][-1]
        assert first["ip"] and first["actor_name"] is None and first["time"] > 0
        page = (await team.admin.get("/yun/userLog", params={"page": 2, "page_size": 2}))["data"]
        assert page["total"] == 3 and len(page["items"]) == 1
        later = await team.admin.get("/yun/userLog", params={"start": first["time"] + 10**7})
        assert later["data"]["total"] == 0
        until = await team.admin.get("/yun/userLog", params={"end": first["time"]})
        assert until["data"]["total"] >= 1

    async def test_ordinary_users_see_their_own(self, team: Team) -> None:
        await team.user("bob")
        await team.user("carl")
        await team.login("carl")
        bob = await team.login("bob")
        items = (await bob.get("/yun/userLog"))["data"]["items"]
        assert [(e["user_name"], e["action"]) for e in items] == [("bob", "login")]

    async def test_records_sign_in_sign_out_and_password_changes(self, team: Team) -> None:
        """A user's own log shows their sessions and password changes (with the address they came from)."""
        await team.user("bob")
        bob = await team.login("bob")
        body = {"old_password": PASSWORD, "password": "fresh123", "password2": "fresh123"}
        assert (await bob.put("/yun/user/edit/pwd", body))["meta"]["success"] == 1
        assert (await bob.post("/yun/user/logout"))["meta"]["success"] == 1
        bob = await team.login("bob", "fresh123")
        items = (await bob.get("/yun/userLog"))["data"]["items"]
        assert [e["action"] for e in items] == ["login", "logout", "password_change", "login"]
        assert all(e["ip"] and e["actor_name"] is None for e in items)
