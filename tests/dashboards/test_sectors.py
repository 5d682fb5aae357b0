"""Business sectors over HTTP (issue 31 point 6; SPEC §2 /module/business, /business, /detail; §5 name ≤6,
description ≤500): managed with P101000, listed to every signed-in user, each sector's dashboards in order and only
those the reader sees."""

from tests.conftest import Api, code
from tests.dashboards.test_router import make, viewer
from tests.devices.factories import ok
from tests.team.factories import Team

S = "/yun/sector"


class TestSectors:
    async def test_create_update_reorder_delete(self, team: Team) -> None:
        a, b = await make(team.admin, "a"), await make(team.admin, "b")
        north = ok(
            await team.admin.post(S, {"name": "北区", "description": "供热", "dashboard_ids": [b["id"], a["id"]]})
        )
        assert [d["name"] for d in north["dashboards"]] == ["b", "a"]
        south = ok(
            await team.admin.post(S, {"name": "南区", "image": "/api/yun/resourcesInfo/file/x.png", "interval": 30})
        )
        out = ok(await team.admin.put(S, {"id": north["id"], "dashboard_ids": [a["id"]], "description": ""}))
        assert [d["name"] for d in out["dashboards"]] == ["a"] and out["description"] == ""
        order = ok(await team.admin.put(f"{S}/reorder", {"ids": [south["id"], north["id"]]}))
        assert [s["name"] for s in order] == ["南区", "北区"]
        ok(await team.admin.call("DELETE", S, params={"id": south["id"]}))
        assert [s["name"] for s in ok(await team.admin.get(S))] == ["北区"]

    async def test_rules(self, team: Team) -> None:
        resp = await team.admin.post(S, {"name": "七个字的名字啊"})
        assert (code(resp), resp["meta"]["field"]) == (100004, "name")
        assert code(await team.admin.post(S, {"name": ""})) == 100004
        resp = await team.admin.post(S, {"name": "a", "description": "x" * 501})
        assert (code(resp), resp["meta"]["field"]) == (100004, "description")
        assert code(await team.admin.post(S, {"name": "a", "image": "javascript:x"})) == 100004
        assert code(await team.admin.post(S, {"name": "a", "dashboard_ids": [999999]})) == 118001
        ok(await team.admin.post(S, {"name": "a"}))
        assert code(await team.admin.post(S, {"name": "a"})) == 100004

    async def test_readers_see_only_their_dashboards(self, team: Team) -> None:
        plain = await team.without()
        shown = await make(team.admin, "shown")
        hidden = await make(
            team.admin, "hidden", visibility="partial", audience={"role_ids": [team.roles["administrator"]]}
        )
        sector = ok(await team.admin.post(S, {"name": "n", "dashboard_ids": [shown["id"], hidden["id"]]}))
        got = ok(await plain.get(f"{S}/detail", params={"id": sector["id"]}))
        assert [(d["name"], d["available"]) for d in got["dashboards"]] == [("shown", True), ("", False)]
        assert code(await plain.post(S, {"name": "x"})) == 100015

    async def test_another_tenants_sector_is_not_found(self, team: Team, other_tenant: Api) -> None:
        sector = ok(await team.admin.post(S, {"name": "n"}))
        assert code(await other_tenant.get(f"{S}/detail", params={"id": sector["id"]})) == 100005
        assert code(await other_tenant.put(S, {"id": sector["id"], "name": "x"})) == 100005
        assert code(await other_tenant.call("DELETE", S, params={"id": sector["id"]})) == 100005
        assert ok(await other_tenant.get(S)) == []

    async def test_sector_manager_picks_only_dashboards_they_see(self, team: Team) -> None:
        manager = await viewer(team, "mgr", ["P100000", "P101000"])
        hidden = await make(
            team.admin, "hidden", visibility="partial", audience={"role_ids": [team.roles["administrator"]]}
        )
        assert code(await manager.post(S, {"name": "n", "dashboard_ids": [hidden["id"]]})) == 118001
