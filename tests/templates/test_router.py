"""Templates over HTTP: list, create, edit, copy, delete, publish, the middleware overview and the home summary
(docs/api-templates.md)."""

from fastapi import FastAPI

from iotyun.core.texts import phrase
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, template_logs


class TestCreateTemplate:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post("/yun/module", {"name": "x"})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.post("/yun/module", {"name": "x"})) == 100015

    async def test_creates_with_main_screens_and_default_group(self, app: FastAPI, team: Team) -> None:
        data = await make_template(team.admin, "水泵站", description="二次供水")
        assert data["name"] == "水泵站" and data["width"] == 1120 and data["height"] == 630
        assert data["mobile_width"] == 750 and data["mobile_height"] == 1334
        assert data["web_screens"] == 1 and data["mobile_screens"] == 1 and data["data_source_count"] == 0
        assert data["relation"] == "owner" and data["published"] is False and data["source"] == "create"
        mid = ok(await team.admin.get("/yun/module/middleware", params={"id": data["id"]}))
        assert [(s["kind"], s["is_main"]) for s in mid["screens"]] == [("web", True), ("mobile", True)]
        assert [(g["name"], g["is_default"]) for g in mid["groups"]] == [("默认分组", True)]
        assert await template_logs(app, data["id"]) == ["create"]

    async def test_names_what_it_starts_with_in_the_callers_language(self, team: Team) -> None:
        team.admin.lang = "en"
        data = await make_template(team.admin, "pump")
        mid = ok(await team.admin.get("/yun/module/middleware", params={"id": data["id"]}))
        assert {s["name"] for s in mid["screens"]} == {phrase("name.main_screen", "en")} == {"Main screen"}
        assert [(g["name"], g["is_default"]) for g in mid["groups"]] == [("Default", True)]

    async def test_name_rules(self, team: Team) -> None:
        for name, expected in (("", 115003), ("  ", 115003), ("名" * 33, 115004)):
            assert code(await team.admin.post("/yun/module", {"name": name})) == expected, name
        assert code(await team.admin.post("/yun/module", {"name": "a", "description": "x" * 201})) == 115005
        await make_template(team.admin, "名" * 32)
        assert code(await team.admin.post("/yun/module", {"name": "名" * 32})) == 115006

    async def test_size_rules(self, team: Team) -> None:
        for field, value in (("width", 199), ("height", 4321), ("mobile_width", 2161), ("mobile_height", 100)):
            resp = await team.admin.post("/yun/module", {"name": "t", field: value})
            assert code(resp) == 115013 and resp["meta"]["field"] == field, resp
        data = await make_template(team.admin, "custom", width=1920, height=1080, mobile_width=480, mobile_height=800)
        assert (data["width"], data["height"], data["mobile_width"], data["mobile_height"]) == (1920, 1080, 480, 800)

    async def test_quota(self, team: Team) -> None:
        designers = await team.role("designers", ["P41000"])
        tom = await team.user("tom", role="user", role_id=designers)
        assert code(await team.admin.put(f"/yun/userInfo/{tom['id']}/quota", {"template_create": 1})) == 100001
        as_tom = await team.login("tom")
        await make_template(as_tom, "a")
        assert code(await as_tom.post("/yun/module", {"name": "b"})) == 100019
        assert ok(await as_tom.get("/yun/module"))["total"] == 1

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        data = await make_template(team.admin)
        assert (await other_tenant.get("/yun/module"))["data"]["total"] == 0
        assert code(await other_tenant.get(f"/yun/module/{data['id']}")) == 115001
        assert code(await other_tenant.get("/yun/module/middleware", params={"id": data["id"]})) == 115001
        assert code(await other_tenant.put("/yun/module", {"id": data["id"], "name": "x"})) == 115001
        assert code(await other_tenant.call("DELETE", "/yun/module", params={"id": data["id"]})) == 115001


class TestListTemplates:
    async def test_search_filter_sort_page(self, team: Team) -> None:
        await make_template(team.admin, "水泵站", description="二次供水")
        await make_template(team.admin, "空压机", type="nonstandard")
        await make_template(team.admin, "冷库")
        page = ok(await team.admin.get("/yun/module", params={"q": "供水"}))
        assert [t["name"] for t in page["items"]] == ["水泵站"]
        page = ok(await team.admin.get("/yun/module", params={"type": "nonstandard"}))
        assert [t["name"] for t in page["items"]] == ["空压机"]
        page = ok(await team.admin.get("/yun/module", params={"sort": "name", "order": "asc", "page_size": 2}))
        assert page["total"] == 3 and len(page["items"]) == 2
        assert ok(await team.admin.get("/yun/module", params={"published": "true"}))["total"] == 0
        assert ok(await team.admin.get("/yun/module", params={"relation": "received"}))["total"] == 0


class TestEditTemplate:
    async def test_edits_and_bumps_version(self, app: FastAPI, team: Team) -> None:
        data = await make_template(team.admin)
        body = {**_editable(data), "name": "水泵站二期", "description": "改", "width": 1280, "height": 720}
        edited = ok(await team.admin.put("/yun/module", body))
        assert edited["name"] == "水泵站二期" and edited["width"] == 1280 and edited["version"] == data["version"] + 1
        assert await template_logs(app, data["id"]) == ["create", "update"]

    async def test_duplicate_name_changes_nothing(self, team: Team) -> None:
        a = await make_template(team.admin, "A")
        await make_template(team.admin, "B")
        assert code(await team.admin.put("/yun/module", {**_editable(a), "name": "B"})) == 115006
        assert ok(await team.admin.get(f"/yun/module/{a['id']}"))["name"] == "A"


def _editable(data: dict[str, object]) -> dict[str, object]:
    keys = ("id", "name", "description", "type", "soft_type", "data_version", "width", "height")
    return {k: data[k] for k in (*keys, "mobile_width", "mobile_height", "group_id")}
