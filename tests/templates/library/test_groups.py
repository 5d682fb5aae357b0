"""Tile groups of templates (docs/api-templates.md "Library and groups": /yun/module/group)."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, share_template
from tests.templates.library.helpers import template_user


async def groups(api: Api) -> list[tuple[str, int]]:
    return [(g["name"], g["count"]) for g in ok(await api.get("/yun/module/group"))]


async def move(api: Api, template_ids: list[int], group_id: int | None) -> dict[str, Any]:
    return await api.put("/yun/module/group/move", {"template_ids": template_ids, "group_id": group_id})


class TestTileGroups:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/module/group")) == 100009
        assert code(await api.post("/yun/module/group", {"name": "x"})) == 100009

    async def test_without_P43000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get("/yun/module/group")) == 100015
        assert code(await nobody.post("/yun/module/group", {"name": "x"})) == 100015
        assert code(await move(nobody, [1], None)) == 100015

    async def test_creates_renames_deletes(self, team: Team) -> None:
        first = ok(await team.admin.post("/yun/module/group", {"name": " 泵房 "}))
        second = ok(await team.admin.post("/yun/module/group", {"name": "锅炉"}))
        assert (first["name"], first["count"], first["sort"], second["sort"]) == ("泵房", 0, 0, 1)
        renamed = ok(await team.admin.put("/yun/module/group", {"id": second["id"], "name": "锅炉房"}))
        assert renamed["name"] == "锅炉房"
        ok(await team.admin.put("/yun/module/group", {"id": second["id"], "name": "锅炉房"}))
        assert await groups(team.admin) == [("泵房", 0), ("锅炉房", 0)]
        ok(await team.admin.call("DELETE", "/yun/module/group", params={"id": first["id"]}))
        assert await groups(team.admin) == [("锅炉房", 0)]

    async def test_name_rules(self, team: Team) -> None:
        group = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        other = ok(await team.admin.post("/yun/module/group", {"name": "其他"}))
        resp = await team.admin.post("/yun/module/group", {"name": "泵房"})
        assert code(resp) == 115306 and resp["meta"]["field"] == "name", resp
        assert code(await team.admin.put("/yun/module/group", {"id": other["id"], "name": "泵房"})) == 115306
        assert code(await team.admin.post("/yun/module/group", {"name": "  "})) == 115307
        assert code(await team.admin.post("/yun/module/group", {"name": "x" * 33})) == 115307
        ok(await team.admin.post("/yun/module/group", {"name": "x" * 32}))
        assert code(await team.admin.put("/yun/module/group", {"id": group["id"], "name": ""})) == 115307
        assert [n for n, _ in await groups(team.admin)] == ["泵房", "其他", "x" * 32]

    async def test_names_are_per_user(self, team: Team) -> None:
        bob = await template_user(team, "bob", "13700000001")
        mine = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        ok(await bob.post("/yun/module/group", {"name": "泵房"}))
        assert await groups(bob) == [("泵房", 0)]
        # Another user's group is unknown to bob, even in the same tenant.
        assert code(await bob.put("/yun/module/group", {"id": mine["id"], "name": "x"})) == 115308
        assert code(await bob.call("DELETE", "/yun/module/group", params={"id": mine["id"]})) == 115308

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        group = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        assert await groups(other_tenant) == []
        assert code(await other_tenant.put("/yun/module/group", {"id": group["id"], "name": "x"})) == 115308
        assert code(await other_tenant.call("DELETE", "/yun/module/group", params={"id": group["id"]})) == 115308
        theirs = await make_template(other_tenant)
        resp = await move(other_tenant, [theirs["id"]], group["id"])
        assert code(resp) == 115308 and resp["meta"]["field"] == "group_id", resp

    async def test_moves_templates_and_keeps_non_empty_groups(self, app: FastAPI, team: Team) -> None:
        group = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        a = await make_template(team.admin, "a")
        b = await make_template(team.admin, "b")
        ok(await move(team.admin, [a["id"], b["id"]], group["id"]))
        assert await groups(team.admin) == [("泵房", 2)]
        listed = ok(await team.admin.get("/yun/module", params={"group_id": group["id"]}))
        assert {(t["name"], t["group_name"]) for t in listed["items"]} == {("a", "泵房"), ("b", "泵房")}
        resp = await team.admin.call("DELETE", "/yun/module/group", params={"id": group["id"]})
        assert code(resp) == 115309
        ok(await move(team.admin, [a["id"]], None))
        assert await groups(team.admin) == [("泵房", 1)]
        ok(await move(team.admin, [b["id"]], None))
        ok(await team.admin.call("DELETE", "/yun/module/group", params={"id": group["id"]}))
        assert code(await team.admin.call("DELETE", "/yun/module/group", params={"id": group["id"]})) == 115308

    async def test_move_rules(self, team: Team, other_tenant: Api) -> None:
        group = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        mine = await make_template(team.admin, "a")
        theirs = await make_template(other_tenant, "b")
        ok(await share_template(other_tenant, theirs["id"], "alice", ["copy", "design"]))
        # A received template stays out of the receiver's tile groups; all or nothing.
        assert code(await move(team.admin, [mine["id"], theirs["id"]], group["id"])) == 115015
        assert code(await move(team.admin, [mine["id"], 999999], group["id"])) == 115001
        assert code(await move(team.admin, [mine["id"]], 999999)) == 115308
        assert await groups(team.admin) == [("泵房", 0)]
        assert code(await team.admin.put("/yun/module/group/move", {"template_ids": [], "group_id": None})) == 100004
