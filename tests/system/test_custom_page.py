"""Custom pages and menus over HTTP (issue 36 point 2; SPEC §2 /customPage P90000, §5, §7 /yun/customPage, §8
910101-910105): the configuration saved whole and versioned by P90000, each user reading only the entries shown to
their role that they may open, and every refusal changing nothing."""

import asyncio
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.limits import (
    CUSTOM_MENU_CHILDREN_MAX,
    CUSTOM_MENU_ROLES_MAX,
    CUSTOM_MENU_SIDE_MAX,
    CUSTOM_MENU_TOP_MAX,
)
from iotyun.system.menus.models import CustomPageConfig
from tests.conftest import Api, code
from tests.dashboards.test_router import make, viewer
from tests.devices.factories import ok
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]

C = "/yun/customPage"


def page(entry_id: str, name: str, url: str = "https://example.com/board", **extra: Any) -> dict[str, Any]:
    return {"id": entry_id, "name": name, "kind": "page", "url": url, **extra}


def board(entry_id: str, name: str, dashboard_id: int, **extra: Any) -> dict[str, Any]:
    return {"id": entry_id, "name": name, "kind": "dashboard", "dashboard_id": dashboard_id, **extra}


def group(entry_id: str, name: str, children: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"id": entry_id, "name": name, "kind": "group", "children": children, **extra}


def document(side: list[dict[str, Any]] | None = None, top: list[dict[str, Any]] | None = None, **extra: Any) -> Any:
    return {"sidebar_title": "我的页面", "top_bar_title": "工厂门户", "side": side or [], "top": top or [], **extra}


async def put(api: Api, doc: dict[str, Any], version: int | None = None) -> dict[str, Any]:
    if version is None:
        version = ok(await api.get(f"{C}/config"))["version"]
    return await api.put(C, {"version": version, "document": doc})


async def stored(app: FastAPI) -> list[tuple[Any, ...]]:
    """Every configuration row as stored, to show a refusal changed nothing."""
    async with app.state.db.sessionmaker() as s:
        rows = (await s.execute(select(CustomPageConfig).order_by(CustomPageConfig.id))).scalars()
        return [(r.tenant_id, r.version, r.custom_page_name, r.custom_page_json) for r in rows]


def names(menus: dict[str, Any], area: str = "side") -> list[Any]:
    return [
        (e["name"], [c["name"] for c in e["children"]]) if e["children"] else e["name"]
        for e in menus["custom_page_json"][area]
    ]


class TestRead:
    async def test_nothing_before_the_first_save(self, team: Team) -> None:
        assert ok(await team.admin.get(C)) == {"custom_page_name": "", "custom_page_json": None, "version": 0}
        config = ok(await team.admin.get(f"{C}/config"))
        assert (config["version"], config["document"], config["updated_at"]) == (0, None, None)
        # The roles an entry may be shown to: the tenant's own.
        assert [r["code"] for r in config["roles"]] == ["administrator", "administrator2", "user"]

    async def test_saves_and_reads_back_the_whole_document(self, team: Team) -> None:
        d = await make(team.admin, "plant")
        doc = document(
            side=[
                board("b1", "总览", d["id"], icon="DashboardOutlined"),
                group(
                    "g1",
                    "外部系统",
                    [page("p1", "看板", "https://example.com/kanban?x=1"), page("p2", "设备", "/device/devgroup")],
                ),
            ],
            top=[page("p3", "帮助", "HTTPS://help.example.com/")],
        )
        saved = ok(await put(team.admin, doc, 0))
        assert saved["version"] == 1 and saved["updated_at"] > 0
        again = ok(await team.admin.get(f"{C}/config"))
        assert again["version"] == 1 and again["document"] == saved["document"]
        assert again["document"]["side"][1]["children"][1] == {
            "id": "p2", "name": "设备", "kind": "page", "url": "/device/devgroup", "dashboard_id": None,
            "icon": None, "visibility": "all", "role_ids": [],
        }  # fmt: skip
        menus = ok(await team.admin.get(C))
        assert menus["custom_page_name"] == "我的页面" and menus["version"] == 1
        assert menus["custom_page_json"]["top_bar_title"] == "工厂门户"
        assert names(menus) == ["总览", ("外部系统", ["看板", "设备"])]
        assert names(menus, "top") == ["帮助"]
        assert menus["custom_page_json"]["side"][0]["dashboard_id"] == d["id"]

    async def test_what_a_kind_does_not_use_is_cleared_and_names_trimmed(self, team: Team) -> None:
        doc = document(
            side=[
                page("p1", "  看板  ", " https://example.com/ ", dashboard_id=5, role_ids=[1, 2]),
                group("g1", "组", [page("p2", "x")], url="https://example.com/ignored"),
            ]
        )
        saved = ok(await put(team.admin, doc, 0))["document"]["side"]
        assert (saved[0]["name"], saved[0]["url"], saved[0]["dashboard_id"], saved[0]["role_ids"]) == (
            "看板", "https://example.com/", None, [],
        )  # fmt: skip
        assert saved[1]["url"] == ""

    async def test_each_user_sees_only_the_entries_shown_to_their_role(self, team: Team) -> None:
        await team.role("operators", ["P10000"])
        await team.role("guests", ["P10000"])
        await team.user("olga", "operators")
        await team.user("gus", "guests")
        olga, gus = await team.login("olga"), await team.login("gus")
        ops = team.roles["operators"]
        doc = document(
            side=[
                page("all", "所有人"),
                page("ops", "运维", visibility="roles", role_ids=[ops]),
                group(
                    "g",
                    "分组",
                    [page("c1", "公开子项"), page("c2", "运维子项", visibility="roles", role_ids=[ops])],
                ),
                group("hidden", "运维分组", [page("c3", "子项")], visibility="roles", role_ids=[ops]),
                group("empty", "仅运维", [page("c4", "运维专用", visibility="roles", role_ids=[ops])]),
            ]
        )
        ok(await put(team.admin, doc, 0))
        assert names(ok(await olga.get(C))) == [
            "所有人", "运维", ("分组", ["公开子项", "运维子项"]), ("运维分组", ["子项"]), ("仅运维", ["运维专用"]),
        ]  # fmt: skip
        seen = ok(await gus.get(C))
        # A group left without an entry the reader sees is left out with them.
        assert names(seen) == ["所有人", ("分组", ["公开子项"])]
        # The roles an entry is shown to never reach its readers.
        assert "role_ids" not in str(seen) and "visibility" not in str(seen)
        # The administrator sees every entry.
        assert len(ok(await team.admin.get(C))["custom_page_json"]["side"]) == 5

    async def test_the_server_answer_keeps_out_what_the_reader_cannot_open(self, team: Team) -> None:
        shown = await make(team.admin, "shown")
        secret = await make(
            team.admin, "secret", visibility="partial", audience={"role_ids": [team.roles["administrator"]]}
        )
        doc = document(
            side=[
                board("b1", "公开看板", shown["id"]),
                board("b2", "机密看板", secret["id"]),
                page("r1", "设备分组", "/device/devgroup"),
                page("r2", "首页", "/index?tab=1"),
                page("r3", "未知页面", "/somewhere/else"),
                page("w", "外部", "https://example.com/"),
            ]
        )
        ok(await put(team.admin, doc, 0))
        dashboards = await viewer(team, "dashv", ["P10000", "P20000"])
        assert names(ok(await dashboards.get(C))) == ["公开看板", "首页", "未知页面", "外部"]
        # Without the dashboards' page no dashboard entry is shown; without P31000 nor the device group page.
        plain = await team.without()
        assert names(ok(await plain.get(C))) == ["首页", "未知页面", "外部"]
        devices = await viewer(team, "devg", ["P10000", "P30000", "P31000"])
        assert names(ok(await devices.get(C))) == ["设备分组", "首页", "未知页面", "外部"]

    async def test_roles_deleted_since_are_left_out_of_the_configuration(self, team: Team) -> None:
        gone = await team.role("gone", ["P10000"])
        kept = await team.role("kept", ["P10000"])
        ok(await put(team.admin, document(side=[page("p", "页", visibility="roles", role_ids=[gone, kept])]), 0))
        ok(await team.admin.call("DELETE", f"/yun/user/role/{gone}"))
        entry = ok(await team.admin.get(f"{C}/config"))["document"]["side"][0]
        assert (entry["visibility"], entry["role_ids"]) == ("roles", [kept])


class TestRules:
    async def _refused(self, app: FastAPI, api: Api, doc: dict[str, Any], expected: int, field: str) -> None:
        before = await stored(app)
        resp = await put(api, doc)
        assert (code(resp), resp["meta"]["field"]) == (expected, field), resp
        assert await stored(app) == before

    async def test_item_names_are_1_to_15_characters(self, app: FastAPI, team: Team) -> None:
        ok(await put(team.admin, document(side=[page("a", "x" * 15)]), 0))
        for bad in ("", "   ", "x" * 16, "a\u0007b", "a\u202eb"):
            await self._refused(app, team.admin, document(side=[page("a", bad)]), 910101, "document.side.0.name")
        await self._refused(
            app, team.admin, document(top=[group("g", "组", [page("c", "y" * 16)])]), 910101,
            "document.top.0.children.0.name",
        )  # fmt: skip

    async def test_item_names_are_unique_in_the_configuration(self, app: FastAPI, team: Team) -> None:
        same_level = document(side=[page("a", "看板"), page("b", "看板")])
        await self._refused(app, team.admin, same_level, 910102, "document.side.1.name")
        across_areas = document(side=[page("a", "Board")], top=[page("b", "board ")])
        await self._refused(app, team.admin, across_areas, 910102, "document.top.0.name")
        child_and_parent = document(side=[group("g", "外部", [page("c", "外部")])])
        await self._refused(app, team.admin, child_and_parent, 910102, "document.side.0.children.0.name")
        two_groups = document(side=[group("g1", "一", [page("c1", "子")]), group("g2", "二", [page("c2", "子")])])
        await self._refused(app, team.admin, two_groups, 910102, "document.side.1.children.0.name")

    async def test_the_top_bar_holds_at_most_its_limit(self, app: FastAPI, team: Team) -> None:
        top = [page(f"t{i}", f"项{i}") for i in range(CUSTOM_MENU_TOP_MAX)]
        ok(await put(team.admin, document(top=top), 0))
        more = document(top=[*top, page("extra", "多一个")])
        before = await stored(app)
        resp = await put(team.admin, more)
        assert (code(resp), resp["meta"]["field"]) == (910103, "document.top")
        assert str(CUSTOM_MENU_TOP_MAX) in resp["meta"]["detail"]
        assert await stored(app) == before

    async def test_both_titles_are_required(self, app: FastAPI, team: Team) -> None:
        await self._refused(app, team.admin, document(sidebar_title=" "), 910104, "document.sidebar_title")
        await self._refused(app, team.admin, document(top_bar_title=""), 910105, "document.top_bar_title")
        await self._refused(app, team.admin, document(top_bar_title="x" * 33), 100004, "document.top_bar_title")

    async def test_a_page_is_an_http_address_or_a_console_route(self, app: FastAPI, team: Team) -> None:
        for good in ("https://example.com", "http://10.0.0.5:8080/panel?a=1#b", "/index", "/", "/dashboard/view?id=3"):
            ok(await put(team.admin, document(side=[page("p", "页", good)])))
        for bad in (
            "",
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:x",
            "ftp://example.com/",
            "//evil.example.com/",
            "/\\evil.example.com",
            "https://",
            "https:///path",
            "https://exa mple.com",
            'https://example.com/"onload="x',
            "device/devgroup",
            "https://example.com/" + "a" * 500,
        ):
            await self._refused(app, team.admin, document(side=[page("p", "页", bad)]), 100025, "document.side.0.url")

    async def test_entries_hold_to_their_shape(self, app: FastAPI, team: Team) -> None:
        cases: list[tuple[dict[str, Any], int, str]] = [
            (
                document(side=[group("g", "组", [{"id": "h", "name": "子组", "kind": "group"}])]),
                100004,
                "document.side.0.children.0.kind",
            ),
            (document(side=[{**page("p", "页"), "children": [page("c", "子")]}]), 100004, "document.side.0.children"),
            (
                document(side=[group("g", "组", [{**page("c", "子"), "children": []}])]),
                100004,
                "document.side.0.children.0.children",
            ),
            (document(side=[page("p", "页", icon="EvilIcon")]), 100004, "document.side.0.icon"),
            (document(side=[page("a b", "页")]), 100004, "document.side.0.id"),
            (document(side=[page("p", "页"), page("p", "页二")]), 100004, "document.side.1.id"),
            (document(side=[{"id": "d", "name": "看板", "kind": "dashboard"}]), 100004, "document.side.0.dashboard_id"),
            (document(side=[page("p", "页", visibility="roles", role_ids=[])]), 100004, "document.side.0.role_ids"),
            (document(side=[page("p", "页", kind="link")]), 100004, "document.side.0.kind"),
            (document(side=[page("p", "页", target="_blank")]), 100004, "document.side.0.target"),
        ]
        for doc, expected, field in cases:
            await self._refused(app, team.admin, doc, expected, field)

    async def test_sizes_are_bounded(self, app: FastAPI, team: Team) -> None:
        side = [page(f"s{i}", f"侧{i}") for i in range(CUSTOM_MENU_SIDE_MAX + 1)]
        await self._refused(app, team.admin, document(side=side), 100019, "document.side")
        children = [page(f"c{i}", f"子{i}") for i in range(CUSTOM_MENU_CHILDREN_MAX + 1)]
        await self._refused(
            app, team.admin, document(side=[group("g", "组", children)]), 100019, "document.side.0.children"
        )
        roles = list(range(1, CUSTOM_MENU_ROLES_MAX + 2))
        entry = page("p", "页", visibility="roles", role_ids=roles)
        await self._refused(app, team.admin, document(side=[entry]), 100019, "document.side.0.role_ids")

    async def test_huge_input_is_refused_by_its_limits(self, app: FastAPI, team: Team) -> None:
        thousands = [{"id": f"t{i}", "name": "x", "kind": "page", "url": "/"} for i in range(2000)]
        await self._refused(app, team.admin, document(top=thousands), 910103, "document.top")
        await self._refused(app, team.admin, document(side=thousands), 100019, "document.side")
        await self._refused(app, team.admin, document(side=[page("p", "x" * 100_000)]), 910101, "document.side.0.name")
        before = await stored(app)
        resp = await put(team.admin, document(side=[page("p", "页", "https://example.com/" + "a" * 300_000)]))
        assert code(resp) == 100007
        assert await stored(app) == before

    async def test_dashboards_and_roles_are_the_tenants_own(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        theirs = await make(other_tenant, "theirs")
        await self._refused(
            app, team.admin, document(side=[board("b", "看板", theirs["id"])]), 118001, "document.side.0.dashboard_id"
        )
        await self._refused(
            app, team.admin, document(side=[board("b", "看板", 10**12)]), 118001, "document.side.0.dashboard_id"
        )
        their_roles = ok(await other_tenant.get("/yun/user/role"))["items"]
        entry = page("p", "页", visibility="roles", role_ids=[their_roles[0]["id"]])
        await self._refused(app, team.admin, document(side=[entry]), 100004, "document.side.0.role_ids")
        # An id no row can have is refused as input, not handed to the database (PostgreSQL: out of range).
        for wild in (0, 2**63, -(2**63) - 1):
            entry = page("p", "页", visibility="roles", role_ids=[wild])
            answer = await put(team.admin, document(side=[entry]))
            assert code(answer) == 100004, answer


class TestVersions:
    async def test_a_save_based_on_a_replaced_version_is_refused(self, app: FastAPI, team: Team) -> None:
        ok(await put(team.admin, document(side=[page("a", "甲")]), 0))
        ok(await put(team.admin, document(side=[page("b", "乙")]), 1))
        before = await stored(app)
        for stale in (0, 1, 3):
            resp = await put(team.admin, document(side=[page("c", "丙")]), stale)
            assert (code(resp), resp["meta"]["field"]) == (100023, "version")
        assert await stored(app) == before
        assert names(ok(await team.admin.get(C))) == ["乙"]

    async def test_of_two_saves_at_once_exactly_one_wins(self, team: Team) -> None:
        ok(await put(team.admin, document(), 0))
        first, second = await asyncio.gather(
            put(team.admin, document(side=[page("a", "甲")]), 1),
            put(team.admin, document(side=[page("b", "乙")]), 1),
        )
        assert sorted([code(first), code(second)]) == [100001, 100023]
        winner = first if code(first) == 100001 else second
        assert ok(await team.admin.get(f"{C}/config")) == winner["data"]

    async def test_two_first_saves_at_once_make_one_row(self, app: FastAPI, team: Team) -> None:
        first, second = await asyncio.gather(
            put(team.admin, document(side=[page("a", "甲")]), 0),
            put(team.admin, document(side=[page("b", "乙")]), 0),
        )
        assert sorted([code(first), code(second)]) == [100001, 100023]
        assert [r[1] for r in await stored(app)] == [1]


class TestRights:
    async def test_without_P90000_the_configuration_is_neither_read_nor_written(self, app: FastAPI, team: Team) -> None:
        ok(await put(team.admin, document(side=[page("a", "甲")]), 0))
        plain = await team.without()
        before = await stored(app)
        assert code(await plain.get(f"{C}/config")) == 100015
        assert code(await plain.put(C, {"version": 1, "document": document()})) == 100015
        assert await stored(app) == before
        # Every signed-in user reads the menus shown to them.
        assert names(ok(await plain.get(C))) == ["甲"]

    async def test_a_role_holding_P90000_edits_the_configuration(self, team: Team) -> None:
        editor = await viewer(team, "cpage", ["P90000"])
        saved = ok(await put(editor, document(side=[page("a", "甲")]), 0))
        assert saved["version"] == 1

    async def test_anonymous(self, new_api: Any) -> None:
        anonymous: Api = new_api()
        assert code(await anonymous.get(C)) == 100009
        assert code(await anonymous.put(C, {"version": 0, "document": document()})) == 100009

    async def test_another_tenants_configuration_is_never_read_nor_written(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        ok(await put(team.admin, document(side=[page("a", "alicepage")]), 0))
        ours = await stored(app)
        assert ok(await other_tenant.get(C))["custom_page_json"] is None
        assert ok(await other_tenant.get(f"{C}/config"))["document"] is None
        # Its own save, even naming our version, makes its own row and leaves ours as it was.
        ok(await other_tenant.put(C, {"version": 0, "document": document(side=[page("m", "mallorypage")])}))
        assert code(await other_tenant.put(C, {"version": 1, "document": document()})) == 100001
        assert [r for r in await stored(app) if r[0] == ours[0][0]] == ours
        assert "alicepage" not in str(await other_tenant.get(C))
        assert "mallorypage" not in str(await team.admin.get(C))
