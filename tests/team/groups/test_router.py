"""User groups over HTTP: tree, create, edit (no cycles), delete, moving users (SPEC §3, §5)."""

from tests.conftest import Api, code
from tests.team.factories import Team


class TestGroupTree:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/user/group")) == 100009

    async def test_without_P51000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.get("/yun/user/group")) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        await team.group("plant")
        assert (await other_tenant.get("/yun/user/group"))["data"] == []

    async def test_tree_with_user_counts(self, team: Team) -> None:
        plant = await team.group("plant")
        line = await team.group("line", plant)
        await team.user("bob", group_id=line)
        tree = (await team.admin.get("/yun/user/group"))["data"]
        assert tree == [
            {
                "id": plant,
                "name": "plant",
                "parent_id": None,
                "user_count": 0,
                "children": [{"id": line, "name": "line", "parent_id": plant, "user_count": 1, "children": []}],
            }
        ]


class TestCreateGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/user/group", {})) == 100009

    async def test_without_P51000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/yun/user/group", {"name": "x"})) == 100015

    async def test_rules(self, team: Team, other_tenant: Api) -> None:
        plant = await team.group("plant")
        await team.group("line", plant)
        assert code(await team.admin.post("/yun/user/group", {"name": "plant"})) == 110412
        assert code(await team.admin.post("/yun/user/group", {"name": "line", "parent_id": plant})) == 110412
        assert (await team.admin.post("/yun/user/group", {"name": "line"}))["meta"]["success"] == 1
        assert code(await team.admin.post("/yun/user/group", {"name": "a b"})) == 110413
        assert code(await team.admin.post("/yun/user/group", {"name": "x" * 33})) == 110414
        assert code(await team.admin.post("/yun/user/group", {"name": "x", "parent_id": 999999})) == 110418
        assert code(await other_tenant.post("/yun/user/group", {"name": "x", "parent_id": plant})) == 110418


class TestUpdateGroup:
    async def test_without_P51000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.put("/yun/user/group/1", {})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        plant = await team.group("plant")
        assert code(await other_tenant.put(f"/yun/user/group/{plant}", {"name": "x"})) == 110415

    async def test_no_cycles(self, team: Team) -> None:
        plant = await team.group("plant")
        line = await team.group("line", plant)
        cell = await team.group("cell", line)
        assert code(await team.admin.put(f"/yun/user/group/{plant}", {"parent_id": cell})) == 110418
        assert code(await team.admin.put(f"/yun/user/group/{plant}", {"parent_id": plant})) == 110418
        data = (await team.admin.put(f"/yun/user/group/{cell}", {"parent_id": None, "name": "cell2"}))["data"]
        assert data["parent_id"] is None and data["name"] == "cell2"

    async def test_admin2_keeps_own_group_in_place(self, team: Team) -> None:
        plant = await team.group("plant")
        line = await team.group("line", plant)
        office = await team.group("office")
        await team.user("boss2", "administrator2", group_id=plant)
        boss2 = await team.login("boss2")
        assert code(await boss2.put(f"/yun/user/group/{plant}", {"parent_id": office})) == 110422
        assert code(await boss2.put(f"/yun/user/group/{line}", {"parent_id": office})) == 110422
        assert code(await boss2.put(f"/yun/user/group/{office}", {"name": "x"})) == 110415
        assert (await boss2.put(f"/yun/user/group/{line}", {"name": "line2"}))["meta"]["success"] == 1


class TestDeleteGroup:
    async def test_without_P51000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.call("DELETE", "/yun/user/group/1")) == 100015

    async def test_refused_with_children_or_users(self, team: Team) -> None:
        plant = await team.group("plant")
        line = await team.group("line", plant)
        bob = await team.user("bob", group_id=line)
        assert code(await team.admin.call("DELETE", f"/yun/user/group/{plant}")) == 110416
        assert code(await team.admin.call("DELETE", f"/yun/user/group/{line}")) == 110417
        await team.admin.put(f"/yun/userInfo/{bob['id']}", {"group_id": None})
        assert (await team.admin.call("DELETE", f"/yun/user/group/{line}"))["meta"]["success"] == 1
        assert (await team.admin.call("DELETE", f"/yun/user/group/{plant}"))["meta"]["success"] == 1
        assert (await team.admin.get("/yun/user/group"))["data"] == []


class TestMoveMembers:
    async def test_without_P51000(self, team: Team) -> None:
        bob = await team.without()
        assert code(await bob.post("/yun/user/group/1/members", {"user_ids": [1]})) == 100015

    async def test_moves(self, team: Team, other_tenant: Api) -> None:
        plant = await team.group("plant")
        bob = await team.user("bob")
        carl = await team.user("carl")
        body = {"user_ids": [bob["id"], carl["id"]]}
        assert (await team.admin.post(f"/yun/user/group/{plant}/members", body))["meta"]["success"] == 1
        listed = (await team.admin.get("/yun/userInfo", params={"group_id": plant}))["data"]
        assert listed["total"] == 2
        assert code(await other_tenant.post(f"/yun/user/group/{plant}/members", body)) == 110415
        mine = (await other_tenant.get("/yun/user/group"))["data"]
        assert mine == []
        own = await other_tenant.post("/yun/user/group", {"name": "g"})
        gid = own["data"]["id"]
        assert code(await other_tenant.post(f"/yun/user/group/{gid}/members", body)) == 110333
