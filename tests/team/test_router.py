"""Users over HTTP: list, create, edit, delete, lock, reset password, privileges, quotas (SPEC §3, §4, §5, §6)."""

from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import QUOTA_DEFAULTS
from iotyun.team import quotas as team_quotas
from tests.conftest import Api, code
from tests.team.factories import PASSWORD, Team


class TestListUsers:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/userInfo")) == 100009

    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/userInfo")) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        data = (await other_tenant.get("/yun/userInfo"))["data"]
        assert [u["user_name"] for u in data["items"]] == ["mallory"]
        assert code(await other_tenant.get(f"/yun/userInfo/{bob['id']}")) == 110333

    async def test_filters_sorts_and_pages(self, team: Team) -> None:
        group = await team.group("plant")
        await team.user("bob", nick_name="Bobby", group_id=group)
        await team.user("carl", phone="13700000002")
        await team.user("dora", email="dora@example.com")
        items = (await team.admin.get("/yun/userInfo", params={"sort": "user_name"}))["data"]["items"]
        assert [u["user_name"] for u in items] == ["alice", "bob", "carl", "dora"]
        found = (await team.admin.get("/yun/userInfo", params={"keyword": "bobb"}))["data"]
        assert found["total"] == 1 and found["items"][0]["user_name"] == "bob"
        assert (await team.admin.get("/yun/userInfo", params={"keyword": "1370000"}))["data"]["total"] == 1
        by_group = (await team.admin.get("/yun/userInfo", params={"group_id": group}))["data"]["items"]
        assert [u["user_name"] for u in by_group] == ["bob"]
        assert by_group[0]["group_name"] == "plant" and by_group[0]["role_code"] == "user"
        by_role = await team.admin.get("/yun/userInfo", params={"role_id": team.roles["administrator"]})
        assert [u["user_name"] for u in by_role["data"]["items"]] == ["alice"]
        page2 = (await team.admin.get("/yun/userInfo", params={"sort": "-user_name", "page": 2, "page_size": 3}))[
            "data"
        ]
        assert page2["total"] == 4 and [u["user_name"] for u in page2["items"]] == ["alice"]

    async def test_tags(self, team: Team) -> None:
        group = await team.group("plant")
        bob = await team.user("bob", group_id=group, is_admin2=True)
        assert bob["tags"] == [
            {"kind": 2, "label": "plant"},
            {"kind": 3, "label": "user"},
            {"kind": 4, "label": "administrator2"},
        ]


class TestCreateUser:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/userInfo", {})) == 100009

    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/yun/userInfo", {})) == 100015

    async def test_creates_with_forced_password_change(self, team: Team) -> None:
        body = {"user_name": "bob", "password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        data = (await team.admin.post("/yun/userInfo", body))["data"]
        assert data["must_change_password"] is True and data["is_active"] == 1 and data["role_name"] == "user"
        bob = team.new_api()
        await bob.login("bob", PASSWORD)
        assert code(await bob.get("/yun/userInfo")) == 100013

    async def test_duplicates(self, team: Team) -> None:
        await team.user("bob", phone="13700000002", email="bob@example.com")
        base = {"password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        assert code(await team.admin.post("/yun/userInfo", {**base, "user_name": "bob"})) == 110307
        assert (
            code(await team.admin.post("/yun/userInfo", {**base, "user_name": "x1x", "phone": "13700000002"})) == 110308
        )
        dup_email = {**base, "user_name": "x1x", "email": "BOB@example.com"}
        assert code(await team.admin.post("/yun/userInfo", dup_email)) == 110309

    async def test_duplicates_across_tenants(self, team: Team, other_tenant: Api) -> None:
        base = {"password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        resp = await team.admin.post("/yun/userInfo", {**base, "user_name": "bob", "phone": "13900000009"})
        assert code(resp) == 110308 and resp["meta"]["field"] == "phone"
        assert code(await team.admin.post("/yun/userInfo", {**base, "user_name": "mallory"})) == 110307

    async def test_field_rules(self, team: Team) -> None:
        base = {"user_name": "bob", "password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        assert code(await team.admin.post("/yun/userInfo", {**base, "nick_name": "x" * 11})) == 110316
        assert code(await team.admin.post("/yun/userInfo", {**base, "company": "x" * 31})) == 110317
        assert code(await team.admin.post("/yun/userInfo", {**base, "password2": "other123"})) == 110306
        assert code(await team.admin.post("/yun/userInfo", {**base, "user_name": "1bob"})) == 110302
        assert code(await team.admin.post("/yun/userInfo", {**base, "role_id": 999999})) == 110404

    async def test_administrator_role_not_assignable(self, team: Team) -> None:
        body = {"user_name": "bob", "password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["administrator"]}
        assert code(await team.admin.post("/yun/userInfo", body)) == 110424

    async def test_admin2_needs_exactly_one_group(self, team: Team) -> None:
        body = {"user_name": "bob", "password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        assert code(await team.admin.post("/yun/userInfo", {**body, "is_admin2": True})) == 110327
        admin2_role = {**body, "role_id": team.roles["administrator2"]}
        assert code(await team.admin.post("/yun/userInfo", admin2_role)) == 110327

    async def test_logged(self, team: Team) -> None:
        await team.user("bob")
        log = (await team.admin.get("/yun/userLog", params={"action": "user_create"}))["data"]["items"]
        assert [(e["user_name"], e["target"]) for e in log] == [("alice", "bob")]


class TestUpdateUser:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.put("/yun/userInfo/1", {})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        assert code(await other_tenant.put(f"/yun/userInfo/{bob['id']}", {"nick_name": "x"})) == 110333

    async def test_edits(self, team: Team) -> None:
        group = await team.group("plant")
        bob = await team.user("bob", phone="13700000002")
        body = {"nick_name": "B", "company": "ACME", "group_id": group, "phone": None}
        data = (await team.admin.put(f"/yun/userInfo/{bob['id']}", body))["data"]
        assert (data["nick_name"], data["company"], data["group_name"], data["phone"]) == ("B", "ACME", "plant", None)

    async def test_cannot_change_own_role(self, team: Team) -> None:
        me = team.admin.user_id
        assert code(await team.admin.put(f"/yun/userInfo/{me}", {"role_id": team.roles["user"]})) == 110428
        assert (await team.admin.put(f"/yun/userInfo/{me}", {"nick_name": "boss"}))["data"]["nick_name"] == "boss"

    async def test_duplicate_phone(self, team: Team) -> None:
        await team.user("bob", phone="13700000002")
        carl = await team.user("carl")
        assert code(await team.admin.put(f"/yun/userInfo/{carl['id']}", {"phone": "13700000002"})) == 110308


class TestDeleteUser:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.call("DELETE", "/yun/userInfo/1")) == 100015

    async def test_administrator_cannot_be_deleted(self, team: Team) -> None:
        await team.user("bob", "administrator2", group_id=await team.group("plant"))
        bob = await team.login("bob")
        # Outside a secondary administrator's reach, the administrator is simply not found.
        assert code(await bob.call("DELETE", f"/yun/userInfo/{team.admin.user_id}")) == 110333
        assert code(await team.admin.call("DELETE", f"/yun/userInfo/{team.admin.user_id}")) == 110315

    async def test_nobody_deletes_themself(self, team: Team) -> None:
        group = await team.group("plant")
        bob = await team.user("bob", "administrator2", group_id=group)
        bob_api = await team.login("bob")
        assert code(await bob_api.call("DELETE", f"/yun/userInfo/{bob['id']}")) == 110410

    async def test_deletes(self, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        assert code(await other_tenant.call("DELETE", f"/yun/userInfo/{bob['id']}")) == 110333
        assert (await team.admin.call("DELETE", f"/yun/userInfo/{bob['id']}"))["meta"]["success"] == 1
        assert code(await team.admin.get(f"/yun/userInfo/{bob['id']}")) == 110333


class TestLock:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.put("/yun/userInfo/1/active", {"is_active": 0})) == 100015

    async def test_lock_revokes_tokens_and_refuses_login(self, team: Team) -> None:
        bob = await team.user("bob")
        bob_api = await team.login("bob")
        data = (await team.admin.put(f"/yun/userInfo/{bob['id']}/active", {"is_active": 0}))["data"]
        assert data["is_active"] == 0
        assert code(await bob_api.get("/yun/user/heart")) == 100009
        assert code(await team.new_api().login("bob", PASSWORD)) == 100017
        await team.admin.put(f"/yun/userInfo/{bob['id']}/active", {"is_active": 1})
        assert (await team.new_api().login("bob", PASSWORD))["meta"]["success"] == 1
        actions = [e["action"] for e in (await team.admin.get("/yun/userLog"))["data"]["items"]]
        # Newest first: bob's sign-in after the unlock, the unlock, the lock, bob's first sign-in.
        assert actions[:4] == ["login", "user_unlock", "user_lock", "login"]

    async def test_cannot_lock_administrator_or_self(self, team: Team) -> None:
        me = team.admin.user_id
        assert code(await team.admin.put(f"/yun/userInfo/{me}/active", {"is_active": 0})) == 110325
        bob = await team.user("bob", "administrator2", group_id=await team.group("plant"))
        bob_api = await team.login("bob")
        assert code(await bob_api.put(f"/yun/userInfo/{bob['id']}/active", {"is_active": 0})) == 110411


class TestResetPassword:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/yun/userInfo/1/password", {})) == 100015

    async def test_sets_must_change_and_revokes(self, team: Team) -> None:
        bob = await team.user("bob")
        bob_api = await team.login("bob")
        body = {"password": "newpass1", "password2": "newpass1"}
        assert (await team.admin.post(f"/yun/userInfo/{bob['id']}/password", body))["meta"]["success"] == 1
        assert code(await bob_api.get("/yun/user/heart")) == 100009
        fresh = team.new_api()
        data = (await fresh.login("bob", "newpass1"))["data"]
        assert data["must_change_password"] is True

    async def test_mismatch(self, team: Team) -> None:
        bob = await team.user("bob")
        body = {"password": "newpass1", "password2": "newpass2"}
        assert code(await team.admin.post(f"/yun/userInfo/{bob['id']}/password", body)) == 110306


class TestPrivileges:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/userInfo/privilege/1")) == 100015

    async def test_set_normalizes_and_reset_clears(self, team: Team) -> None:
        bob = await team.user("bob")
        path = f"/yun/userInfo/privilege/{bob['id']}"
        data = (await team.admin.put(path, {"direct_permissions": ["P41600"]}))["data"]
        assert data["direct_permissions"] == ["P00000", "P40000", "P41000", "P41600"]
        assert "P30000" in data["role_permissions"]
        bob_api = await team.login("bob")
        granted = (await bob_api.get("/yun/user/config"))["data"]["grantedPermissions"].split(",")
        assert "P41600" in granted
        assert (await team.admin.call("DELETE", path))["data"]["direct_permissions"] == []
        assert (await team.admin.get(path))["data"]["direct_permissions"] == []

    async def test_unknown_code(self, team: Team) -> None:
        bob = await team.user("bob")
        body = {"direct_permissions": ["P99999"]}
        assert code(await team.admin.put(f"/yun/userInfo/privilege/{bob['id']}", body)) == 110409

    async def test_administrator_is_readonly(self, team: Team) -> None:
        path = f"/yun/userInfo/privilege/{team.admin.user_id}"
        assert code(await team.admin.put(path, {"direct_permissions": []})) == 110428


class TestSecondaryAdministrator:
    async def setup(self, team: Team) -> tuple[Api, int, int, int]:
        plant = await team.group("plant")
        line = await team.group("line", plant)
        office = await team.group("office")
        await team.user("boss2", "administrator2", group_id=plant)
        await team.user("worker", group_id=line)
        await team.user("clerk", group_id=office)
        return await team.login("boss2"), plant, line, office

    async def test_sees_only_own_subtree(self, team: Team) -> None:
        boss2, *_ = await self.setup(team)
        names = {u["user_name"] for u in (await boss2.get("/yun/userInfo"))["data"]["items"]}
        assert names == {"boss2", "worker"}
        tree = (await boss2.get("/yun/user/group"))["data"]
        assert [(g["name"], [c["name"] for c in g["children"]]) for g in tree] == [("plant", ["line"])]

    async def test_manages_only_own_subtree(self, team: Team) -> None:
        boss2, _plant, line, office = await self.setup(team)
        users = {u["user_name"]: u["id"] for u in (await team.admin.get("/yun/userInfo"))["data"]["items"]}
        assert code(await boss2.put(f"/yun/userInfo/{users['clerk']}", {"nick_name": "x"})) == 110333
        assert (await boss2.put(f"/yun/userInfo/{users['worker']}", {"nick_name": "w"}))["meta"]["success"] == 1
        body = {"user_name": "newbie", "password": PASSWORD, "password2": PASSWORD, "role_id": team.roles["user"]}
        assert code(await boss2.post("/yun/userInfo", body)) == 110328
        assert code(await boss2.post("/yun/userInfo", {**body, "group_id": office})) == 110422
        assert code(await boss2.post("/yun/userInfo", {**body, "group_id": line, "is_admin2": True})) == 110423
        assert (await boss2.post("/yun/userInfo", {**body, "group_id": line}))["meta"]["success"] == 1
        move = {"user_ids": [users["clerk"]]}
        assert code(await boss2.post(f"/yun/user/group/{line}/members", move)) == 110331
        assert code(await boss2.post(f"/yun/user/group/{office}/members", {"user_ids": [users["worker"]]})) == 110415

    async def test_cannot_grant_beyond_own(self, team: Team) -> None:
        boss2, *_ = await self.setup(team)
        users = {u["user_name"]: u["id"] for u in (await boss2.get("/yun/userInfo"))["data"]["items"]}
        path = f"/yun/userInfo/privilege/{users['worker']}"
        assert code(await boss2.put(path, {"direct_permissions": ["P52000"]})) == 110332
        assert (await boss2.put(path, {"direct_permissions": ["P51000"]}))["meta"]["success"] == 1


class TestQuota:
    async def test_without_P53000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/userInfo/1/quota")) == 100015

    async def test_defaults_set_and_check(self, app: FastAPI, team: Team) -> None:
        bob = await team.user("bob")
        path = f"/yun/userInfo/{bob['id']}/quota"
        data: dict[str, Any] = (await team.admin.get(path))["data"]
        assert data["effective"]["alarm_storage"] == 2000 and data["effective"]["history_storage_mb"] == 200
        assert data["device_share"] is None and data["effective"]["device_share"] == QUOTA_DEFAULTS["device_share"]
        data = (await team.admin.put(path, {"device_share": 2}))["data"]
        assert data["device_share"] == 2 and data["effective"]["device_share"] == 2
        async with app.state.db.sessionmaker() as s:
            await team_quotas.check_quota(s, bob["id"], "device_share", 1)
            with pytest.raises(AppError) as caught:
                await team_quotas.check_quota(s, bob["id"], "device_share", 2)
            assert caught.value.code == ErrorCode.LIMIT_REACHED and caught.value.params == {"limit": 2}
            await team_quotas.check_quota(s, bob["id"], "template_share", QUOTA_DEFAULTS["template_share"] - 1)
            with pytest.raises(AppError):
                await team_quotas.check_quota(s, bob["id"], "template_share", QUOTA_DEFAULTS["template_share"])

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        bob = await team.user("bob")
        assert code(await other_tenant.get(f"/yun/userInfo/{bob['id']}/quota")) == 110333
        assert code(await other_tenant.put(f"/yun/userInfo/{bob['id']}/quota", {})) == 110333

    async def test_only_administrator_sets(self, team: Team) -> None:
        plant = await team.group("plant")
        await team.user("boss2", "administrator2", group_id=plant)
        worker = await team.user("worker", group_id=plant)
        boss2 = await team.login("boss2")
        assert (await boss2.get(f"/yun/userInfo/{worker['id']}/quota"))["meta"]["success"] == 1
        assert code(await boss2.put(f"/yun/userInfo/{worker['id']}/quota", {})) == 100015
