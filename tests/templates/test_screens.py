"""Screens of a template: add, rename, main, reorder, delete, and their design documents (docs/api-templates.md)."""

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, template_logs


async def screens(api: Api, template_id: int, kind: str | None = None) -> list[dict[str, object]]:
    params: dict[str, object] = {"template_id": template_id}
    if kind:
        params["kind"] = kind
    data: list[dict[str, object]] = ok(await api.get("/yun/module/view", params=params))
    return data


class TestScreens:
    async def test_add_rename_main_order_delete(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        second = ok(await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "web", "name": "泵房"}))
        third = ok(await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "web", "name": "配电"}))
        assert (second["is_main"], second["sort"], third["sort"]) == (False, 1, 2)
        renamed = ok(await team.admin.put("/yun/module/view", {"id": second["id"], "name": "泵房一"}))
        assert renamed["name"] == "泵房一"
        ok(await team.admin.put("/yun/module/view", {"id": third["id"], "is_main": True}))
        listed = await screens(team.admin, t["id"], "web")
        assert [(s["name"], s["is_main"]) for s in listed] == [("主画面", False), ("泵房一", False), ("配电", True)]
        order = [third["id"], main["id"], second["id"]]
        body = {"template_id": t["id"], "kind": "web", "ids": order}
        assert [s["id"] for s in ok(await team.admin.put("/yun/module/view/order", body))] == order
        assert code(await team.admin.call("DELETE", "/yun/module/view", params={"id": third["id"]})) == 115012
        assert code(await team.admin.call("DELETE", "/yun/module/view", params={"id": main["id"]})) == 100001
        assert [s["id"] for s in await screens(team.admin, t["id"], "web")] == [third["id"], second["id"]]
        assert ok(await team.admin.get(f"/yun/module/{t['id']}"))["version"] > t["version"]
        assert "screen_delete" in await template_logs(app, t["id"])

    async def test_rules(self, team: Team) -> None:
        t = await make_template(team.admin)
        web = {"template_id": t["id"], "kind": "web"}
        assert code(await team.admin.post("/yun/module/view", {**web, "name": ""})) == 115202
        assert code(await team.admin.post("/yun/module/view", {**web, "name": "名" * 33})) == 115203
        assert code(await team.admin.post("/yun/module/view", {**web, "name": "主画面"})) == 115204
        # The same name in the other kind is fine.
        ok(await team.admin.post("/yun/module/view", {**web, "kind": "mobile", "name": "泵房"}))
        main = (await screens(team.admin, t["id"], "web"))[0]
        assert code(await team.admin.put("/yun/module/view", {"id": main["id"], "is_main": False})) == 115011
        bad_order = {**web, "ids": [main["id"], main["id"]]}
        assert code(await team.admin.put("/yun/module/view/order", bad_order)) == 115210
        assert code(await team.admin.put("/yun/module/view/order", {**web, "ids": []})) == 115210

    async def test_screen_limit(self, team: Team) -> None:
        t = await make_template(team.admin)
        for i in range(49):
            ok(await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "mobile", "name": f"s{i}"}))
        resp = await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "mobile", "name": "x"})
        assert code(resp) == 115205

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"]))[0]
        assert code(await other_tenant.get("/yun/module/view", params={"template_id": t["id"]})) == 115001
        assert code(await other_tenant.get("/yun/module/view/design", params={"id": main["id"]})) == 115201
        assert code(await other_tenant.put("/yun/module/view", {"id": main["id"], "name": "x"})) == 115201


class TestDesignDocument:
    async def test_saves_and_reads(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        document = {"elements": [{"type": "text", "x": 10, "y": 20, "text": "出水压力"}], "background": {}}
        saved = ok(await team.admin.put("/yun/module/view/design", {"id": main["id"], "document": document}))
        assert saved["document"] == document and saved["schema_version"] == 1
        assert ok(await team.admin.get("/yun/module/view/design", params={"id": main["id"]}))["document"] == document

    async def test_rejects_non_objects_and_too_large(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        for bad in ([1, 2], "x", None):
            resp = await team.admin.put("/yun/module/view/design", {"id": main["id"], "document": bad})
            assert code(resp) == 115207, bad
        huge = {"blob": "x" * (2 * 1024 * 1024 + 1)}
        assert code(await team.admin.put("/yun/module/view/design", {"id": main["id"], "document": huge})) == 115208
        assert ok(await team.admin.get("/yun/module/view/design", params={"id": main["id"]}))["document"] == {}

    async def test_without_P41000_or_P41600(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get("/yun/module/view/design", params={"id": 1})) == 100015
