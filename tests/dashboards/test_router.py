"""Dashboards over HTTP (issue 31 points 1, 2, 8; SPEC §3, §5, §6, §8; docs/api-dashboards.md): groups, visibility
to users, roles and user groups, the separate edit and full-screen rights, the document's rules, copies, order,
and another tenant's ids answering as not found. A refusal changes nothing."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.limits import DASHBOARD_NAME_MAX
from iotyun.dashboards.models import Dashboard, DashboardAudience, DashboardGroup
from tests.conftest import Api, code
from tests.devices.factories import ok
from tests.team.factories import Team

D = "/yun/dashboard"
G = "/yun/dashboard/group"


def card(card_id: str, kind: str = "text", **settings: Any) -> dict[str, Any]:
    return {"id": card_id, "type": kind, "title": card_id, "settings": settings}


def place(card_id: str, x: int = 0, y: int = 0, w: int = 8, h: int = 4) -> dict[str, Any]:
    return {"i": card_id, "x": x, "y": y, "w": w, "h": h}


async def make(api: Api, name: str = "plant", **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(D, {"name": name, **body}))
    return data


async def detail(api: Api, dashboard_id: int, purpose: str = "view") -> dict[str, Any]:
    return await api.get(f"{D}/detail", params={"id": dashboard_id, "purpose": purpose})


async def save(
    api: Api, d: dict[str, Any], cards: list[dict[str, Any]], layout: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    body = {"id": d["id"], "version": d["version"], "document": {"cards": cards, "layouts": {"desktop": layout}}}
    return await api.post(f"{D}/save", {**body, **extra})


async def stored(app: FastAPI) -> list[tuple[Any, ...]]:
    """Every dashboard, group and audience row as stored, to show a refusal changed nothing."""
    async with app.state.db.sessionmaker() as s:
        rows: list[tuple[Any, ...]] = []
        for table in (Dashboard, DashboardGroup, DashboardAudience):
            cols = [c for c in table.__table__.columns if c.name not in ("created_at", "updated_at")]
            rows += [tuple(r) for r in (await s.execute(select(*cols).order_by(table.__table__.c.id))).all()]
        return rows


async def viewer(team: Team, name: str, permissions: list[str], group_id: int | None = None, **role: Any) -> Api:
    await team.role(f"r_{name}", permissions, **role)
    await team.user(name, f"r_{name}", group_id=group_id)
    return await team.login(name)


class TestCreate:
    async def test_defaults_and_an_empty_document(self, team: Team) -> None:
        d = await make(team.admin)
        assert (d["width"], d["height"], d["theme"], d["chart_theme"]) == (1920, 1080, "tech", "blueTech")
        assert d["visibility"] == "all" and d["can_edit"] and d["can_fullscreen"] and d["version"] == 1
        assert d["document"] == {"version": 1, "cards": [], "layouts": {"desktop": [], "mobile": []}}
        assert [x["name"] for x in ok(await team.admin.get(D))] == ["plant"]

    async def test_name_rules(self, app: FastAPI, team: Team) -> None:
        await make(team.admin)
        before = await stored(app)
        assert code(await team.admin.post(D, {"name": "  "})) == 118002
        assert code(await team.admin.post(D, {"name": "x" * (DASHBOARD_NAME_MAX + 1)})) == 118003
        resp = await team.admin.post(D, {"name": "plant"})
        assert (code(resp), resp["meta"]["field"]) == (118004, "name")
        assert await stored(app) == before

    async def test_resolution_and_themes(self, team: Team) -> None:
        resp = await team.admin.post(D, {"name": "a", "width": 100})
        assert (code(resp), resp["meta"]["field"]) == (100004, "width")
        assert code(await team.admin.post(D, {"name": "a", "height": 99999})) == 100004
        assert code(await team.admin.post(D, {"name": "a", "theme": "neon"})) == 100004
        assert code(await team.admin.post(D, {"name": "a", "chart_theme": "red"})) == 100004
        d = await make(team.admin, "wall", width=3840, height=2160, theme="glacierWhite", chart_theme="orange")
        assert (d["width"], d["theme"], d["chart_theme"]) == (3840, "glacierWhite", "orange")

    async def test_needs_the_edit_right(self, team: Team) -> None:
        looker = await viewer(team, "looker", ["P20000"])
        assert code(await looker.post(D, {"name": "mine"})) == 100015


class TestGroups:
    async def test_a_group_holding_dashboards_is_not_deleted(self, app: FastAPI, team: Team) -> None:
        g = ok(await team.admin.post(G, {"name": "lines"}))
        assert code(await team.admin.post(G, {"name": "lines"})) == 110412
        d = await make(team.admin, group_id=g["id"])
        assert ok(await team.admin.get(G))[0]["dashboard_count"] == 1
        before = await stored(app)
        resp = await team.admin.call("DELETE", G, params={"id": g["id"]})
        assert (code(resp), resp["meta"]["field"]) == (202301, "id")
        assert await stored(app) == before
        ok(await team.admin.put(D, {"id": d["id"], "ungrouped": True}))
        ok(await team.admin.call("DELETE", G, params={"id": g["id"]}))
        assert ok(await team.admin.get(G)) == []

    async def test_rename_and_filter_by_group(self, team: Team) -> None:
        g = ok(await team.admin.post(G, {"name": "a"}))
        ok(await team.admin.put(G, {"id": g["id"], "name": "b"}))
        await make(team.admin, "in", group_id=g["id"])
        await make(team.admin, "out")
        assert [x["name"] for x in ok(await team.admin.get(D, params={"group_id": g["id"]}))] == ["in"]
        assert [x["name"] for x in ok(await team.admin.get(D, params={"group_id": 0}))] == ["out"]
        assert code(await team.admin.post(D, {"name": "x", "group_id": 999999})) == 100005

    async def test_keyword_is_taken_literally(self, team: Team) -> None:
        await make(team.admin, "100% line")
        await make(team.admin, "1000 line")
        assert [x["name"] for x in ok(await team.admin.get(D, params={"keyword": "0%"}))] == ["100% line"]


class TestVisibility:
    async def test_partial_shows_it_to_the_chosen_only(self, team: Team) -> None:
        parent = await team.group("plant")
        child = await team.group("line1", parent_id=parent)
        by_role = await viewer(team, "rolly", ["P20000"])
        by_group = await viewer(team, "grace", ["P20000"], group_id=child)
        by_user = await viewer(team, "ursula", ["P20000"])
        nobody = await viewer(team, "nora", ["P20000"])
        d = await make(
            team.admin,
            visibility="partial",
            audience={"role_ids": [team.roles["r_rolly"]], "user_group_ids": [parent], "user_ids": [by_user.user_id]},
        )
        for api in (by_role, by_group, by_user):
            assert [x["id"] for x in ok(await api.get(D))] == [d["id"]]
            got = ok(await detail(api, d["id"]))
            assert got["can_edit"] is False and got["audience"] == {
                "user_ids": [],
                "role_ids": [],
                "user_group_ids": [],
            }
        assert ok(await nobody.get(D)) == []
        resp = await detail(nobody, d["id"])
        assert (code(resp), resp["meta"]["field"]) == (118001, "id")
        # The administrator sees every dashboard and who it is shown to.
        full = ok(await detail(team.admin, d["id"]))
        assert full["audience"]["role_ids"] == [team.roles["r_rolly"]]

    async def test_the_owner_sees_their_own(self, team: Team) -> None:
        maker = await viewer(team, "maker", ["P20000", "P21200"])
        d = await make(maker, visibility="partial", audience={"role_ids": [team.roles["administrator"]]})
        assert ok(await detail(maker, d["id"]))["can_edit"] is True

    async def test_an_audience_must_be_of_the_tenant(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        foreign = ok(await other_tenant.post("/yun/user/group", {"name": "theirs"}))["id"]
        before = await stored(app)
        resp = await team.admin.post(
            D, {"name": "a", "visibility": "partial", "audience": {"user_group_ids": [foreign]}}
        )
        assert (code(resp), resp["meta"]["field"]) == (118007, "audience.user_group_ids")
        resp = await team.admin.post(D, {"name": "a", "visibility": "partial"})
        assert (code(resp), resp["meta"]["field"]) == (118007, "audience")
        assert await stored(app) == before

    async def test_back_to_all_clears_the_audience(self, team: Team) -> None:
        d = await make(team.admin, visibility="partial", audience={"role_ids": [team.roles["user"]]})
        out = ok(await team.admin.put(D, {"id": d["id"], "visibility": "all"}))
        assert out["visibility"] == "all" and out["audience"]["role_ids"] == []


class TestRights:
    async def test_viewing_is_not_editing(self, app: FastAPI, team: Team) -> None:
        looker = await viewer(team, "looker", ["P20000"])
        d = await make(team.admin)
        got = ok(await detail(looker, d["id"]))
        assert got["can_edit"] is False
        before = await stored(app)
        assert code(await detail(looker, d["id"], "edit")) == 118005
        assert code(await save(looker, d, [], [])) == 100015
        assert code(await looker.call("DELETE", D, params={"id": d["id"]})) == 100015
        assert await stored(app) == before

    async def test_sector_editors_edit_the_dashboards_of_sectors(self, team: Team) -> None:
        sector_editor = await viewer(team, "sec", ["P100000", "P101000", "P101200"])
        held = await make(team.admin, "held")
        free = await make(team.admin, "free")
        ok(await team.admin.post("/yun/sector", {"name": "north", "dashboard_ids": [held["id"]]}))
        assert ok(await detail(sector_editor, held["id"], "edit"))["can_edit"] is True
        ok(await save(sector_editor, held, [card("t")], [place("t")]))
        assert code(await detail(sector_editor, free["id"], "edit")) == 118005
        assert code(await save(sector_editor, free, [], [])) == 118005

    async def test_full_screen_follows_the_role(self, team: Team) -> None:
        wall = await viewer(team, "wall", ["P20000"], dashboard_fullscreen=True)
        desk = await viewer(team, "desk", ["P20000"], dashboard_fullscreen=False)
        d = await make(team.admin)
        assert ok(await detail(wall, d["id"], "fullscreen"))["can_fullscreen"] is True
        assert ok(await detail(desk, d["id"]))["can_fullscreen"] is False
        resp = await detail(desk, d["id"], "fullscreen")
        assert (code(resp), resp["meta"]["field"]) == (118006, "id")

    async def test_without_the_dashboards_page_only_sector_dashboards_open(self, team: Team) -> None:
        plain = await team.without()
        held = await make(team.admin, "held")
        free = await make(team.admin, "free")
        ok(await team.admin.post("/yun/sector", {"name": "north", "dashboard_ids": [held["id"]]}))
        assert code(await plain.get(D)) == 100015
        assert ok(await detail(plain, held["id"]))["name"] == "held"
        assert code(await detail(plain, free["id"])) == 118001


class TestSave:
    async def test_saves_cards_layouts_and_settings(self, team: Team) -> None:
        d = await make(team.admin)
        cards = [
            card("a", "text", text="热力站", font_size=40),
            card("b", "iframe", url="https://example.com/x"),
            {"id": "c", "type": "container", "settings": {"tabs": [{"title": "t", "card": card("c1", "time")}]}},
            card("d", "camera", source="device", device_id=7, muted=False),
        ]
        out = ok(
            await save(
                team.admin,
                d,
                cards,
                [place("a"), place("b", x=8), place("c", x=16), place("d", y=4)],
                name="wall",
                free_move=True,
            )
        )
        assert out["version"] == 2 and out["name"] == "wall" and out["free_move"] is True and out["card_count"] == 4
        again = ok(await detail(team.admin, d["id"]))
        assert again["document"]["cards"][0]["settings"]["text"] == "热力站"
        assert again["document"]["cards"][2]["settings"]["tabs"][0]["card"]["type"] == "time"
        # A camera card (issue 38 point 4): a device's own video address, or its template's camera slot 0 by default.
        assert again["document"]["cards"][3]["settings"] == {
            "device_id": 7,
            "source": "device",
            "slot": 0,
            "muted": False,
        }
        # The list draws each dashboard's cards where they sit (its thumbnail), without reading the document.
        listed = next(x for x in ok(await team.admin.get(D)) if x["id"] == d["id"])
        assert listed["outline"] == [
            {"type": "text", "x": 0, "y": 0, "w": 8, "h": 4},
            {"type": "iframe", "x": 8, "y": 0, "w": 8, "h": 4},
            {"type": "container", "x": 16, "y": 0, "w": 8, "h": 4},
            {"type": "camera", "x": 0, "y": 4, "w": 8, "h": 4},
        ]
        assert "document" not in listed

    async def test_a_stale_version_is_refused(self, app: FastAPI, team: Team) -> None:
        d = await make(team.admin)
        ok(await save(team.admin, d, [card("a")], [place("a")]))
        before = await stored(app)
        resp = await save(team.admin, d, [], [])
        assert (code(resp), resp["meta"]["field"]) == (100023, "version")
        assert await stored(app) == before

    async def test_the_document_rules(self, app: FastAPI, team: Team) -> None:
        d = await make(team.admin)
        before = await stored(app)
        cases = [
            ([{"id": "a", "type": "chart3d"}], [place("a")], 100004),
            ([card("a", "iframe", url="javascript:alert(1)")], [place("a")], 100025),
            ([card("a", "iframe", url="data:text/html,<b>")], [place("a")], 100025),
            ([card("a"), card("a")], [place("a")], 100004),
            ([card("a")], [], 100004),
            ([card("a")], [place("b")], 100004),
            ([card("a")], [place("a", x=20, w=8)], 100004),
            ([card("a", "text", font_size=2)], [place("a")], 100004),
            ([card("a", "text", colour="#fff")], [place("a")], 100004),
            ([card("a", "report", report_id="x")], [place("a")], 100004),
            ([card("a", "text", text="x" * 3000)], [place("a")], 100004),
            ([card("a", "camera", slot=16)], [place("a")], 100004),
            ([card("a", "camera", source="cloud")], [place("a")], 100004),
        ]
        for cards, layout, expected in cases:
            resp = await save(team.admin, d, cards, layout)
            assert code(resp) == expected, (cards, layout, resp)
        nested = {"id": "c", "type": "container", "settings": {"tabs": [{"card": {"id": "n", "type": "container"}}]}}
        assert code(await save(team.admin, d, [nested], [place("c")])) == 100004
        assert await stored(app) == before


class TestCopyReorderDelete:
    async def test_copy_keeps_document_and_audience(self, team: Team) -> None:
        d = await make(team.admin, visibility="partial", audience={"role_ids": [team.roles["user"]]})
        ok(await save(team.admin, d, [card("a")], [place("a")]))
        first = ok(await team.admin.post(f"{D}/copy", {"id": d["id"]}))
        second = ok(await team.admin.post(f"{D}/copy", {"id": d["id"]}))
        assert (first["name"], second["name"]) == ("plant 副本", "plant 副本2")
        assert first["document"]["cards"][0]["id"] == "a" and first["audience"]["role_ids"] == [team.roles["user"]]
        assert code(await team.admin.post(f"{D}/copy", {"id": d["id"], "name": "plant"})) == 118004

    async def test_reorder_moves_into_a_group(self, team: Team) -> None:
        g = ok(await team.admin.post(G, {"name": "g"}))
        a, _b, c = [await make(team.admin, n) for n in ("a", "b", "c")]
        out = ok(await team.admin.put(f"{D}/reorder", {"group_id": g["id"], "ids": [c["id"], a["id"]]}))
        assert [x["name"] for x in out] == ["c", "a"]
        assert [x["name"] for x in ok(await team.admin.get(D, params={"group_id": 0}))] == ["b"]

    async def test_delete(self, team: Team) -> None:
        d = await make(team.admin)
        ok(await team.admin.call("DELETE", D, params={"id": d["id"]}))
        assert code(await detail(team.admin, d["id"])) == 118001


class TestAnotherTenant:
    async def test_its_ids_answer_as_not_found(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        g = ok(await team.admin.post(G, {"name": "ours"}))
        d = await make(team.admin, group_id=g["id"])
        before = await stored(app)
        assert code(await detail(other_tenant, d["id"])) == 118001
        assert code(await save(other_tenant, d, [], [])) == 118001
        assert code(await other_tenant.put(D, {"id": d["id"], "name": "x"})) == 118001
        assert code(await other_tenant.call("DELETE", D, params={"id": d["id"]})) == 118001
        assert code(await other_tenant.post(f"{D}/copy", {"id": d["id"]})) == 118001
        assert code(await other_tenant.put(f"{D}/reorder", {"ids": [d["id"]]})) == 118001
        assert code(await other_tenant.call("DELETE", G, params={"id": g["id"]})) == 100005
        assert code(await other_tenant.put(G, {"id": g["id"], "name": "x"})) == 100005
        assert code(await other_tenant.post(D, {"name": "x", "group_id": g["id"]})) == 100005
        assert code(await other_tenant.post("/yun/sector", {"name": "s", "dashboard_ids": [d["id"]]})) == 118001
        assert ok(await other_tenant.get(D)) == [] and ok(await other_tenant.get(G)) == []
        assert await stored(app) == before
        # The same name is free in another tenant.
        ok(await other_tenant.post(D, {"name": "plant"}))


class TestAudienceOptions:
    async def test_editors_choose_without_team_rights(self, team: Team, other_tenant: Api) -> None:
        editor = await viewer(team, "editor", ["P20000", "P21200"])
        await team.group("车间一")
        users = ok(await editor.get(f"{D}/audience", params={"kind": "user", "keyword": "edit"}))
        assert [u["name"] for u in users] == ["editor"] and set(users[0]) == {"id", "name"}
        groups = ok(await editor.get(f"{D}/audience", params={"kind": "user_group"}))
        assert [g["name"] for g in groups] == ["车间一"]
        assert any(r["name"] == "r_editor" for r in ok(await editor.get(f"{D}/audience", params={"kind": "role"})))
        assert ok(await other_tenant.get(f"{D}/audience", params={"kind": "user_group"})) == []
        looker = await viewer(team, "looker", ["P20000"])
        assert code(await looker.get(f"{D}/audience", params={"kind": "user"})) == 100015
        assert code(await editor.get(f"{D}/audience", params={"kind": "device"})) == 100004

    async def test_names_the_ids_asked_for(self, team: Team, other_tenant: Api) -> None:
        """An audience beyond the first options is named by its ids: the tenant's own only, a disabled user too."""
        editor = await viewer(team, "editor", ["P20000", "P21200"])
        first, second = await team.group("车间一"), await team.group("车间二")
        foreign = ok(await other_tenant.post("/yun/user/group", {"name": "外组", "parent_id": None}))["id"]
        asked = {"kind": "user_group", "ids": f"{second},{foreign},{second}"}
        assert ok(await editor.get(f"{D}/audience", params=asked)) == [{"id": second, "name": "车间二"}]
        # The keyword is not applied to the ids asked for.
        both = ok(await editor.get(f"{D}/audience", params={**asked, "ids": f"{first},{second}", "keyword": "二"}))
        assert [g["name"] for g in both] == ["车间一", "车间二"]
        gone = await team.user("retired", nick_name="老王")
        ok(await team.admin.put(f"/yun/userInfo/{gone['id']}/active", {"is_active": 0}))
        users = ok(await editor.get(f"{D}/audience", params={"kind": "user", "ids": str(gone["id"])}))
        assert users == [{"id": gone["id"], "name": "retired (老王)"}]
        assert ok(await editor.get(f"{D}/audience", params={"kind": "user", "keyword": "retired"})) == []
        for bad in ("1,x", ",".join(str(i) for i in range(1, 52)), "0"):
            resp = await editor.get(f"{D}/audience", params={"kind": "role", "ids": bad})
            assert (code(resp), resp["meta"]["field"]) == (100004, "ids")
