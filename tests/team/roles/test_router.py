"""Roles over HTTP: list, create, edit, delete and the permission tree (SPEC §3, §5, §6)."""

from iotyun.core.permissions import DEVICE_ROLE_PERMISSIONS, TEMPLATE_ROLE_PERMISSIONS
from tests.conftest import Api, code
from tests.team.factories import PASSWORD, Team


class TestListRoles:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/user/role")) == 100009

    async def test_without_P52000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/user/role")) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        await team.role("ops", ["P31000"])
        names = [r["name"] for r in (await other_tenant.get("/yun/user/role"))["data"]["items"]]
        assert "ops" not in names and len(names) == 3

    async def test_lists_with_user_counts(self, team: Team) -> None:
        await team.user("bob")
        await team.user("carl")
        items = (await team.admin.get("/yun/user/role"))["data"]["items"]
        counts = {r["code"]: (r["type"], r["user_count"]) for r in items}
        assert counts == {"administrator": ("default", 1), "administrator2": ("default", 0), "user": ("default", 2)}
        found = (await team.admin.get("/yun/user/role", params={"keyword": "admin"}))["data"]
        assert found["total"] == 2


class TestCreateRole:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/user/role", {})) == 100009

    async def test_without_P52000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/yun/user/role", {"name": "x", "permissions": ["P10000"]})) == 100015

    async def test_creates_with_generated_code(self, team: Team) -> None:
        body = {"name": "运维_1", "permissions": ["P31000"], "home_page": "P31000", "device_permissions": ["write"]}
        data = (await team.admin.post("/yun/user/role", body))["data"]
        assert data["type"] == "custom" and data["code"].startswith("r_") and data["user_count"] == 0
        assert data["permissions"] == ["P00000", "P30000", "P31000"] and data["device_permissions"] == ["write"]
        other = (await team.admin.post("/yun/user/role", {**body, "name": "ops2"}))["data"]
        assert other["code"] != data["code"]

    async def test_name_rules(self, team: Team) -> None:
        body = {"permissions": ["P10000"]}
        assert code(await team.admin.post("/yun/user/role", {**body, "name": "with space"})) == 110402
        assert code(await team.admin.post("/yun/user/role", {**body, "name": "bad!"})) == 110402
        assert code(await team.admin.post("/yun/user/role", {**body, "name": ""})) == 110402
        too_long = await team.admin.post("/yun/user/role", {**body, "name": "x" * 33})
        assert code(too_long) == 110403 and "32" in too_long["meta"]["detail"]
        assert code(await team.admin.post("/yun/user/role", {**body, "name": "user"})) == 110401

    async def test_permission_rules(self, team: Team) -> None:
        assert code(await team.admin.post("/yun/user/role", {"name": "a", "permissions": []})) == 110408
        assert code(await team.admin.post("/yun/user/role", {"name": "a", "permissions": ["P1"]})) == 110409
        # The home page must be one of the role's codes, and one that has a default page.
        bad_home = {"name": "a", "permissions": ["P31000"], "home_page": "P53000"}
        assert code(await team.admin.post("/yun/user/role", bad_home)) == 110409
        no_page = {"name": "a", "permissions": ["P30000"], "home_page": "P30000"}
        assert code(await team.admin.post("/yun/user/role", no_page)) == 110409

    async def test_cannot_grant_beyond_own(self, team: Team) -> None:
        await team.role("roler", ["P52000"])
        await team.user("bob", "roler")
        bob = await team.login("bob")
        assert code(await bob.post("/yun/user/role", {"name": "big", "permissions": ["P53000"]})) == 110423
        assert (await bob.post("/yun/user/role", {"name": "small", "permissions": ["P50000"]}))["meta"]["success"] == 1


class TestRoleItems:
    """A role's device and template permission items (core.permissions DEVICE_ITEMS / TEMPLATE_ITEMS)."""

    async def test_left_out_a_new_role_gets_the_user_roles_and_an_edit_keeps_its_own(self, team: Team) -> None:
        data = (await team.admin.post("/yun/user/role", {"name": "ops", "permissions": ["P31000"]}))["data"]
        assert data["device_permissions"] == list(DEVICE_ROLE_PERMISSIONS)
        assert data["template_permissions"] == list(TEMPLATE_ROLE_PERMISSIONS)
        body = {"name": "ops", "permissions": ["P31000"], "device_permissions": ["write", "history"]}
        edited = (await team.admin.put(f"/yun/user/role/{data['id']}", {**body, "template_permissions": []}))["data"]
        # Catalogue order; a template's "view" is always held.
        assert edited["device_permissions"] == ["history", "write"] and edited["template_permissions"] == ["view"]
        kept = await team.admin.put(f"/yun/user/role/{data['id']}", {"name": "ops2", "permissions": ["P31000"]})
        assert kept["data"]["device_permissions"] == ["history", "write"]
        assert kept["data"]["template_permissions"] == ["view"]

    async def test_unknown_items_are_refused_and_change_nothing(self, team: Team) -> None:
        role = await team.role("ops", ["P31000"], device_permissions=["write"], template_permissions=["bind"])
        for field in ("device_permissions", "template_permissions"):
            body = {"name": "renamed", "permissions": ["P10000"], field: ["write", "read"]}
            refused = await team.admin.put(f"/yun/user/role/{role}", body)
            assert code(refused) == 110409 and refused["meta"]["field"] == field
            created = await team.admin.post("/yun/user/role", {**body, "name": "fresh"})
            assert code(created) == 110409 and created["meta"]["field"] == field
        items = (await team.admin.get("/yun/user/role", params={"keyword": "ops"}))["data"]["items"]
        assert [(r["name"], r["permissions"], r["device_permissions"], r["template_permissions"]) for r in items] == [
            ("ops", ["P00000", "P30000", "P31000"], ["write"], ["view", "bind"])
        ]
        names = [r["name"] for r in (await team.admin.get("/yun/user/role"))["data"]["items"]]
        assert "fresh" not in names and "renamed" not in names

    async def test_at_most_15_template_items(self, team: Team) -> None:
        body = {"name": "ops", "permissions": ["P31000"], "template_permissions": [f"item{i}" for i in range(16)]}
        refused = await team.admin.post("/yun/user/role", body)
        assert code(refused) == 115014 and refused["meta"]["field"] == "template_permissions"
        # Repeated items count once.
        twice = {**body, "template_permissions": list(TEMPLATE_ROLE_PERMISSIONS) * 2}
        assert (await team.admin.post("/yun/user/role", twice))["data"]["template_permissions"] == list(
            TEMPLATE_ROLE_PERMISSIONS
        )

    async def test_cannot_give_items_beyond_own(self, team: Team) -> None:
        await team.role("roler", ["P52000"], device_permissions=["history"], template_permissions=["copy"])
        await team.user("bob", "roler")
        bob = await team.login("bob")
        body = {"name": "small", "permissions": ["P50000"]}
        wide = await bob.post("/yun/user/role", {**body, "device_permissions": ["history", "write"]})
        assert code(wide) == 110423 and wide["meta"]["field"] == "device_permissions"
        wide = await bob.post("/yun/user/role", {**body, "template_permissions": ["copy", "publish"]})
        assert code(wide) == 110423 and wide["meta"]["field"] == "template_permissions"
        fits = {**body, "device_permissions": ["history"], "template_permissions": ["view", "copy"]}
        assert (await bob.post("/yun/user/role", fits))["meta"]["success"] == 1
        # Left out, a new role gets the user role's items that the caller holds.
        left_out = (await bob.post("/yun/user/role", {**body, "name": "smaller"}))["data"]
        assert left_out["device_permissions"] == ["history"] and left_out["template_permissions"] == ["view", "copy"]


class TestUpdateRole:
    async def test_without_P52000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.put("/yun/user/role/1", {})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        role = await team.role("ops", ["P31000"])
        assert (
            code(await other_tenant.put(f"/yun/user/role/{role}", {"name": "x", "permissions": ["P10000"]})) == 110404
        )

    async def test_administrator_role_readonly(self, team: Team) -> None:
        body = {"name": "boss", "permissions": ["P10000"]}
        assert code(await team.admin.put(f"/yun/user/role/{team.roles['administrator']}", body)) == 110406

    async def test_edits_and_users_see_it(self, team: Team) -> None:
        role = await team.role("ops", ["P31000"])
        await team.user("bob", "ops")
        body = {"name": "ops", "permissions": ["P53000"], "home_page": "P53000"}
        data = (await team.admin.put(f"/yun/user/role/{role}", body))["data"]
        assert data["user_count"] == 1 and data["home_page"] == "P53000"
        bob = await team.login("bob")
        assert (await bob.get("/yun/user/config"))["data"]["defaultPage"] == "/team/user"


class TestDeleteRole:
    async def test_without_P52000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.call("DELETE", "/yun/user/role/1")) == 100015

    async def test_built_in_roles_stay(self, team: Team) -> None:
        assert code(await team.admin.call("DELETE", f"/yun/user/role/{team.roles['administrator']}")) == 110405
        assert code(await team.admin.call("DELETE", f"/yun/user/role/{team.roles['user']}")) == 110429

    async def test_in_use(self, team: Team) -> None:
        role = await team.role("ops", ["P31000"])
        bob = await team.user("bob", "ops")
        assert code(await team.admin.call("DELETE", f"/yun/user/role/{role}")) == 110407
        await team.admin.put(f"/yun/userInfo/{bob['id']}", {"role_id": team.roles["user"]})
        assert (await team.admin.call("DELETE", f"/yun/user/role/{role}"))["meta"]["success"] == 1
        actions = [e["action"] for e in (await team.admin.get("/yun/userLog"))["data"]["items"]]
        assert actions[:3] == ["role_delete", "user_edit", "user_create"]


class TestPermissionTree:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/userPrivileges")) == 100009

    async def test_any_user(self, team: Team) -> None:
        bob = await team.without()
        tree = (await bob.get("/userPrivileges"))["data"]
        assert {"code": "P53000", "parent": "P50000", "zh": "用户", "en": "Users", "route": "/team/user"} in tree


class TestRolesASecondaryAdministratorAssigns:
    """A secondary administrator lists the roles he may give (his codes at most, never administrator-level) and
    creates users of his group with them."""

    async def setup(self, team: Team) -> tuple[Api, int, int]:
        plant = await team.group("plant")
        office = await team.group("office")
        await team.role("viewer", ["P10000", "P31000"])
        await team.role("designer", ["P41600"])
        await team.user("boss2", "administrator2", group_id=plant)
        return await team.login("boss2"), plant, office

    async def test_lists_what_he_may_assign(self, team: Team) -> None:
        boss2, *_ = await self.setup(team)
        data = (await boss2.get("/yun/user/role"))["data"]
        assert {r["code"] for r in data["items"]} == {"user", team_code(team, "viewer")}
        assert data["total"] == 2
        assert (await boss2.get("/yun/user/role", params={"keyword": "view"}))["data"]["total"] == 1
        # Roles stay the administrator's to edit.
        assert code(await boss2.post("/yun/user/role", {"name": "x", "permissions": ["P10000"]})) == 100015

    async def test_flag_holder_lists_within_his_own_codes(self, team: Team) -> None:
        plant = await team.group("plant")
        await team.role("viewer", ["P10000", "P31000"])
        await team.user("flagged", "viewer", group_id=plant, is_admin2=True)
        flagged = await team.login("flagged")
        assert {r["name"] for r in (await flagged.get("/yun/user/role"))["data"]["items"]} == {"viewer"}

    async def test_creates_users_of_his_group_only(self, team: Team) -> None:
        boss2, plant, office = await self.setup(team)
        body = {"user_name": "newbie", "password": PASSWORD, "password2": PASSWORD, "group_id": plant}
        for role in ("administrator", "administrator2", "designer"):
            refused = await boss2.post("/yun/userInfo", {**body, "role_id": team.roles[role]})
            assert code(refused) in (110423, 110424), (role, refused)
        assert (
            code(await boss2.post("/yun/userInfo", {**body, "role_id": team.roles["viewer"], "group_id": office}))
            == 110422
        )
        created = await boss2.post("/yun/userInfo", {**body, "role_id": team.roles["viewer"]})
        assert created["meta"]["success"] == 1 and created["data"]["group_id"] == plant
        names = {u["user_name"] for u in (await team.admin.get("/yun/userInfo"))["data"]["items"]}
        assert names == {"alice", "boss2", "newbie"}

    async def test_basic_user_still_refused(self, team: Team) -> None:
        await team.user("bob")
        bob = await team.login("bob")
        assert code(await bob.get("/yun/user/role")) == 100015


def team_code(team: Team, name: str) -> str:
    return next(code for code, rid in team.roles.items() if rid == team.roles[name] and code.startswith("r_"))
