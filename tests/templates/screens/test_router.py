"""Screens of a template over HTTP: add, rename, main, reorder, delete, and their design documents, checked on save
and on publish (docs/api-templates.md)."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import delete, update

from iotyun.templates.models import DataSource, TemplateScreen
from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team
from tests.templates.datasources.factories import add
from tests.templates.factories import make_template, ok, template_logs
from tests.templates.test_publish import bind_rows

DESIGN = "/yun/module/view/design"


def element(**fields: Any) -> dict[str, Any]:
    return {"id": "e1", "type": "value", "placement": {"x": 10, "y": 20, "w": 80, "h": 40}, **fields}


def doc(*elements: dict[str, Any]) -> dict[str, Any]:
    return {"schema_version": 1, "elements": list(elements)}


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
    async def test_saves_and_reads(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        source = await add(team.admin, t["id"])
        document = doc(element(bindings={"value": {"data_source_id": source["id"]}}))
        saved = ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": document}))
        assert saved["schema_version"] == 1
        assert saved["document"]["elements"][0]["bindings"] == {"value": {"data_source_id": source["id"]}}
        read = ok(await team.admin.get(DESIGN, params={"id": main["id"]}))
        assert read["document"] == saved["document"]
        assert (
            ok(
                await team.admin.put(
                    DESIGN, {"id": main["id"], "revision": saved["revision"], "document": read["document"]}
                )
            )["document"]
            == (saved["document"])
        )
        assert "screen_design" in await template_logs(app, t["id"])

    async def test_refuses_rules_with_their_codes(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        cases = [
            (element(states={"items": [{"text": "一"}]}), 110518),
            (element(flicker={"flickerType": "text", "flickerFrequency": 1001}), 115213),
            (element(type="hologram"), 115212),
        ]
        for bad, expected in cases:
            assert (
                code(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc(bad)})) == expected
            ), bad
        newer = {"schema_version": 2}
        assert code(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": newer})) == 115211

    async def test_keeps_attached_pipes_and_refuses_a_pipe_attached_to_what_is_not_there(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        pump = element(id="pump", type="symbol", settings={"symbol": "pump_centrifugal"})
        attach = {"start": {"element": "pump", "port": "outlet"}, "end": None}
        pipe = element(id="p1", type="pipe", settings={"points": [[0, 50], [100, 50]]}, attach=attach)
        saved = ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc(pump, pipe)}))
        assert saved["document"]["elements"][1]["attach"] == attach
        read = ok(await team.admin.get(DESIGN, params={"id": main["id"]}))
        assert read["document"]["elements"][1]["attach"] == attach
        # The pump deleted and the pipe still attached to it: refused, and the stored design stays.
        body = {"id": main["id"], "revision": saved["revision"], "document": doc(pipe)}
        resp = await team.admin.put(DESIGN, body)
        assert (code(resp), resp["meta"]["field"]) == (115225, "document.elements.0.attach.start")
        itself = element(id="p1", type="pipe", attach={"start": {"element": "p1", "port": "end"}})
        body = {"id": main["id"], "revision": saved["revision"], "document": doc(itself)}
        assert code(await team.admin.put(DESIGN, body)) == 115226
        assert ok(await team.admin.get(DESIGN, params={"id": main["id"]}))["revision"] == saved["revision"]

    async def test_refuses_a_data_source_or_screen_of_another_template(self, team: Team) -> None:
        t = await make_template(team.admin)
        other = await make_template(team.admin, "另一个模板")
        main = (await screens(team.admin, t["id"], "web"))[0]
        foreign_source = await add(team.admin, other["id"])
        foreign_screen = (await screens(team.admin, other["id"], "web"))[0]
        bound = doc(element(bindings={"value": {"data_source_id": foreign_source["id"]}}))
        resp = await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": bound})
        assert code(resp) == 115209 and resp["meta"]["field"] == "document.elements.0"
        written = doc(element(actions=[{"type": "write_value", "data_source_id": foreign_source["id"], "value": 1}]))
        assert code(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": written})) == 115209
        jump = doc(element(actions=[{"type": "open_popup", "screen_id": foreign_screen["id"]}]))
        assert code(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": jump})) == 115214
        assert ok(await team.admin.get(DESIGN, params={"id": main["id"]}))["document"]["elements"] == []

    async def test_upgrades_an_older_stored_document_on_read(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        legacy = {"elements": [{"type": "text", "x": 10, "y": 20, "text": "出水压力"}], "background": {}}
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(TemplateScreen).where(TemplateScreen.id == main["id"]).values(document=legacy))
            await s.commit()
        read = ok(await team.admin.get(DESIGN, params={"id": main["id"]}))["document"]
        assert read["schema_version"] == 1
        assert [(e["id"], e["type"], e["settings"]) for e in read["elements"]] == [("e1", "text", {"text": "出水压力"})]
        assert read["elements"][0]["placement"]["x"] == 10

    async def test_rejects_non_objects_and_too_large(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        for bad in ([1, 2], "x", None):
            resp = await team.admin.put("/yun/module/view/design", {"id": main["id"], "revision": 1, "document": bad})
            assert code(resp) == 115207, bad
        huge = {"blob": "x" * (2 * 1024 * 1024 + 1)}
        assert (
            code(await team.admin.put("/yun/module/view/design", {"id": main["id"], "revision": 1, "document": huge}))
            == 115208
        )
        assert (
            ok(await team.admin.get("/yun/module/view/design", params={"id": main["id"]}))["document"]["elements"] == []
        )

    async def test_without_P41000_or_P41600(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get("/yun/module/view/design", params={"id": 1})) == 100015


class TestPublishChecksDocuments:
    async def test_refuses_a_binding_whose_data_source_is_gone(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        device = await register(team.admin, "SDOC0001")
        await bind_rows(app, team, t["id"], device["id"])
        main = (await screens(team.admin, t["id"], "web"))[0]
        source = await add(team.admin, t["id"])
        document = doc(element(bindings={"value": {"data_source_id": source["id"]}}))
        ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": document}))
        published = ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert published["published_release"] == 1
        async with app.state.db.sessionmaker() as s:
            await s.execute(delete(DataSource).where(DataSource.id == source["id"]))
            await s.commit()
        resp = await team.admin.post("/yun/module/publish", {"id": t["id"]})
        assert code(resp) == 115209 and resp["meta"]["field"] == "document.elements.0"
        assert "主画面" in resp["meta"]["detail"]

    async def test_copy_binds_its_own_data_sources(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        second = ok(await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "web", "name": "泵房"}))
        source = await add(team.admin, t["id"])
        actions = [{"type": "jump_screen", "screen_id": second["id"]}]
        document = doc(element(bindings={"value": {"data_source_id": source["id"]}}, actions=actions))
        ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": document}))
        copied = ok(await team.admin.post("/yun/module/copy", {"id": t["id"]}))
        copied_screens = await screens(team.admin, copied["id"], "web")
        read = ok(await team.admin.get(DESIGN, params={"id": copied_screens[0]["id"]}))["document"]["elements"][0]
        copied_sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": copied["id"]}))
        assert read["bindings"]["value"]["data_source_id"] == copied_sources["items"][0]["id"] != source["id"]
        assert read["actions"][0]["screen_id"] == copied_screens[1]["id"]


def animated(*animations: dict[str, Any]) -> dict[str, Any]:
    return doc(element(animations=list(animations)))


class TestAnimations:
    """Animation by value (docs/designer-animation.md): kinds, sources and expressions checked on save."""

    async def test_saves_every_kind_and_reads_it_back(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        speed, level = await add(team.admin, t["id"]), await add(team.admin, t["id"], name="液位")
        inputs = {"s": {"data_source_id": speed["id"]}, "lv": {"data_source_id": level["id"]}}
        kinds = [
            {"type": "spin", "data_source_id": speed["id"], "speed": 0.5},
            {"type": "rotate", "expression": "clamp(s, 0, 90) * 2", "inputs": inputs, "to_angle": 180},
            {"type": "move", "data_source_id": level["id"], "points": [[0, 0], [50, 0], [50, 80]]},
            {"type": "scale", "expression": "max(s, lv) / 2", "inputs": inputs, "from_scale": 0.5},
            {"type": "fill", "data_source_id": level["id"], "direction": "right", "max": 3.5},
            {"type": "visible", "expression": "s > 10 and not (lv < 1 or lv >= 9)", "inputs": inputs, "invert": True},
            {"type": "opacity", "expression": "if(s % 2 == 0, 1, 0.3)", "inputs": inputs},
        ]
        ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": animated(*kinds)}))
        read = ok(await team.admin.get(DESIGN, params={"id": main["id"]}))["document"]["elements"][0]["animations"]
        assert [a["type"] for a in read] == ["spin", "rotate", "move", "scale", "fill", "visible", "opacity"]
        assert read[1]["inputs"] == inputs and read[1]["expression"] == "clamp(s, 0, 90) * 2"
        assert read[2]["points"] == [[0, 0], [50, 0], [50, 80]] and read[4]["direction"] == "right"
        assert read[0]["expression"] is None and read[3]["min"] == 0 and read[3]["max"] == 100

    async def test_refuses_bad_expressions_with_their_codes_and_fields(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = (await screens(team.admin, t["id"], "web"))[0]
        source = await add(team.admin, t["id"])
        inputs = {"a": {"data_source_id": source["id"]}}
        cases = [
            ("", 115219),
            ("a +", 115219),
            ("a < 1 < 2", 115219),
            ("a.constructor", 115219),
            ("'a'", 115219),
            ("eval(a)", 115220),
            ("Function(a)", 115220),
            ("b * 2", 115221),
            ("constructor", 115221),
            ("__proto__ + a", 115221),
            ("this", 115221),
            ("a" + " + a" * 60, 115222),
            ("(" * 13 + "a" + ")" * 13, 115222),
            ("-" * 13 + "a", 115222),
        ]
        for text, expected in cases:
            bad = animated({"type": "rotate", "expression": text, "inputs": inputs})
            resp = await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": bad})
            assert code(resp) == expected, text
            assert resp["meta"]["field"] == "document.elements.0.animations.0.expression", text
        deep_enough = animated({"type": "rotate", "expression": "(" * 12 + "a" + ")" * 12, "inputs": inputs})
        ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": deep_enough}))

    async def test_refuses_sources_not_of_the_template_and_bad_settings(self, team: Team) -> None:
        t = await make_template(team.admin)
        other = await make_template(team.admin, "另一个模板")
        main = (await screens(team.admin, t["id"], "web"))[0]
        own, foreign = await add(team.admin, t["id"]), await add(team.admin, other["id"])
        put = {"id": main["id"], "revision": 1}
        direct = animated(
            {"type": "spin", "data_source_id": own["id"]}, {"type": "spin", "data_source_id": foreign["id"]}
        )
        resp = await team.admin.put(DESIGN, {**put, "document": direct})
        assert code(resp) == 115223 and resp["meta"]["field"] == "document.elements.0.animations.1.data_source_id"
        inputs = {"a": {"data_source_id": own["id"]}, "b": {"data_source_id": foreign["id"]}}
        resp = await team.admin.put(
            DESIGN, {**put, "document": animated({"type": "visible", "expression": "a", "inputs": inputs})}
        )
        assert code(resp) == 115223 and resp["meta"]["field"] == "document.elements.0.animations.0.inputs.b"
        for bad, field in [
            ({"type": "spin"}, "document.elements.0.animations.0"),
            ({"type": "spin", "data_source_id": own["id"], "expression": "1"}, "document.elements.0.animations.0"),
            ({"type": "fill", "data_source_id": own["id"], "min": 5, "max": 5}, "document.elements.0.animations.0.max"),
        ]:
            resp = await team.admin.put(DESIGN, {**put, "document": animated(bad)})
            assert code(resp) == 115224 and resp["meta"]["field"] == field, bad
        for bad in [
            {"type": "wobble", "data_source_id": own["id"]},
            {"type": "move", "data_source_id": own["id"], "points": [[0, 0]]},
            {"type": "opacity", "data_source_id": own["id"], "to_opacity": 2},
            {"type": "spin", "data_source_id": own["id"], "speed": 0},
        ]:
            assert code(await team.admin.put(DESIGN, {**put, "document": animated(bad)})) == 115207, bad
        many = animated(*[{"type": "spin", "data_source_id": own["id"]}] * 9)
        assert code(await team.admin.put(DESIGN, {**put, "document": many})) == 115207
        assert ok(await team.admin.get(DESIGN, params={"id": main["id"]}))["document"]["elements"] == []

    async def test_copy_and_publish_follow_the_animations_data_sources(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        device = await register(team.admin, "SANI0001")
        await bind_rows(app, team, t["id"], device["id"])
        main = (await screens(team.admin, t["id"], "web"))[0]
        source = await add(team.admin, t["id"])
        inputs = {"a": {"data_source_id": source["id"]}}
        kinds = [
            {"type": "spin", "data_source_id": source["id"]},
            {"type": "fill", "expression": "a", "inputs": inputs},
        ]
        ok(await team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": animated(*kinds)}))
        copied = ok(await team.admin.post("/yun/module/copy", {"id": t["id"]}))
        read = ok(
            await team.admin.get(DESIGN, params={"id": (await screens(team.admin, copied["id"], "web"))[0]["id"]})
        )
        copied_source = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": copied["id"]}))[
            "items"
        ][0]
        animations = read["document"]["elements"][0]["animations"]
        assert animations[0]["data_source_id"] == animations[1]["inputs"]["a"]["data_source_id"] == copied_source["id"]
        async with app.state.db.sessionmaker() as s:
            await s.execute(delete(DataSource).where(DataSource.id == source["id"]))
            await s.commit()
        resp = await team.admin.post("/yun/module/publish", {"id": t["id"]})
        assert code(resp) == 115223 and resp["meta"]["field"] == "document.elements.0.animations.0.data_source_id"
