"""Screens of a template beyond add and rename: copies, sizes, two editors on one screen and the limits a design is
held to (issue 15 points 1, 2 and 9; docs/api-templates.md "Screens")."""

import asyncio
import json

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.datasources.factories import add
from tests.templates.factories import make_template, ok, share_template, template_logs
from tests.templates.library.helpers import template_user
from tests.templates.screens.helpers import DESIGN, VIEW, design, doc, element, main_screen, save, screens


class TestCopy:
    async def test_copies_kind_size_and_document_under_a_new_name(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        source = await add(team.admin, t["id"])
        mobile = ok(await team.admin.post(VIEW, {"template_id": t["id"], "kind": "mobile", "name": "泵房", **SMALL}))
        document = doc(element(bindings={"value": {"data_source_id": source["id"]}}))
        ok(await save(team.admin, mobile["id"], {**document, "canvas": {"width": 480, "height": 800}}))
        copied = ok(await team.admin.post(f"{VIEW}/copy", {"id": mobile["id"], "name": "泵房二"}))
        assert (copied["kind"], copied["name"], copied["is_main"], copied["sort"]) == ("mobile", "泵房二", False, 2)
        assert (copied["width"], copied["height"], copied["revision"]) == (480, 800, 1)
        assert (await design(team.admin, copied["id"]))["document"] == (await design(team.admin, mobile["id"]))[
            "document"
        ]
        assert "screen_copy" in await template_logs(app, t["id"])

    async def test_name_rules_and_the_screen_limit(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"], "mobile")
        copy = f"{VIEW}/copy"
        assert code(await team.admin.post(copy, {"id": main["id"], "name": " "})) == 115202
        assert code(await team.admin.post(copy, {"id": main["id"], "name": "名" * 33})) == 115203
        assert code(await team.admin.post(copy, {"id": main["id"], "name": main["name"]})) == 115204
        for i in range(48):
            ok(await team.admin.post(VIEW, {"template_id": t["id"], "kind": "mobile", "name": f"s{i}"}))
        ok(await team.admin.post(copy, {"id": main["id"], "name": "第五十"}))
        assert code(await team.admin.post(copy, {"id": main["id"], "name": "第五十一"})) == 115205
        assert len(await screens(team.admin, t["id"], "mobile")) == 50

    async def test_other_tenant_and_a_viewer_cannot_copy(self, team: Team, other_tenant: Api) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        assert code(await other_tenant.post(f"{VIEW}/copy", {"id": main["id"], "name": "x"})) == 115201
        viewer = await template_user(team, "vera", "13700000011")
        ok(await share_template(team.admin, t["id"], "vera", ["view"]))
        assert code(await viewer.post(f"{VIEW}/copy", {"id": main["id"], "name": "x"})) == 115019
        assert len(await screens(team.admin, t["id"], "web")) == 1


SMALL = {"width": 480, "height": 800}


class TestSizes:
    async def test_a_screen_has_the_template_size_until_it_names_its_own(self, team: Team) -> None:
        t = await make_template(team.admin, width=1280, height=720)
        main = await main_screen(team.admin, t["id"])
        assert (main["width"], main["height"]) == (1280, 720)
        mobile = await main_screen(team.admin, t["id"], "mobile")
        assert (mobile["width"], mobile["height"]) == (750, 1334)
        added = ok(await team.admin.post(VIEW, {"template_id": t["id"], "kind": "web", "name": "大屏", **WIDE}))
        assert (added["width"], added["height"]) == (1920, 1080)
        canvas = (await design(team.admin, added["id"]))["document"]["canvas"]
        assert (canvas["width"], canvas["height"]) == (1920, 1080)
        # The template's size changes the screens that name none, not the others.
        body = {**t, "width": 1120, "height": 630}
        ok(await team.admin.put("/yun/module", body))
        sizes = [(s["name"], s["width"], s["height"]) for s in await screens(team.admin, t["id"], "web")]
        assert sizes == [("主画面", 1120, 630), ("大屏", 1920, 1080)]

    async def test_resizing_is_a_new_revision_of_the_document(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        resized = ok(await team.admin.put(VIEW, {"id": main["id"], "width": 1280, "height": 720}))
        assert (resized["width"], resized["height"], resized["revision"]) == (1280, 720, main["revision"] + 1)
        renamed = ok(await team.admin.put(VIEW, {"id": main["id"], "name": "总貌"}))
        assert renamed["revision"] == resized["revision"]

    async def test_refuses_sizes_outside_the_kind_ranges(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        web = {"template_id": t["id"], "kind": "web", "name": "x"}
        cases = [
            ({**web, "width": 199, "height": 630}, "width"),
            ({**web, "width": 1120, "height": 4321}, "height"),
            ({**web, "kind": "mobile", "width": 2161, "height": 800}, "width"),
            ({**web, "width": 1120}, "height"),
        ]
        for body, field in cases:
            resp = await team.admin.post(VIEW, body)
            assert (code(resp), resp["meta"]["field"]) == (115013, field), body
        assert code(await team.admin.put(VIEW, {"id": main["id"], "height": 630})) == 115013
        resp = await save(team.admin, main["id"], doc(canvas={"width": 100, "height": 630}))
        assert (code(resp), resp["meta"]["field"]) == (115013, "document.canvas.width")
        assert len(await screens(team.admin, t["id"])) == 2


WIDE = {"width": 1920, "height": 1080}


class TestTwoEditors:
    async def test_the_later_save_is_refused_and_changes_nothing(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        carol = await template_user(team, "carol", "13700000012")
        ok(await share_template(team.admin, t["id"], "carol", ["design"]))
        # Both open the screen at one revision.
        opened_by_owner = await design(team.admin, main["id"])
        opened_by_carol = await design(carol, main["id"])
        assert opened_by_owner["revision"] == opened_by_carol["revision"] == 1
        first = {"id": main["id"], "revision": 1, "document": doc(element(id="mine"))}
        saved = ok(await team.admin.put(DESIGN, first))
        assert saved["revision"] == 2
        later = {"id": main["id"], "revision": 1, "document": doc(element(id="theirs"))}
        resp = await carol.put(DESIGN, later)
        assert (code(resp), resp["meta"]["field"]) == (115020, "revision")
        kept = await design(carol, main["id"])
        assert ([e["id"] for e in kept["document"]["elements"]], kept["revision"]) == (["mine"], 2)
        assert (await template_logs(app, t["id"])).count("screen_design") == 1
        # Told, carol overwrites knowingly; the owner's next save is the one refused now.
        overwritten = ok(await carol.put(DESIGN, {**later, "overwrite": True}))
        assert ([e["id"] for e in overwritten["document"]["elements"]], overwritten["revision"]) == (["theirs"], 3)
        assert code(await team.admin.put(DESIGN, {**first, "revision": 2})) == 115020

    async def test_one_user_in_two_tabs_is_two_editors(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        await template_user(team, "dora", "13700000013")
        ok(await share_template(team.admin, t["id"], "dora", ["design"]))
        tab1, tab2 = await team.login("dora"), await team.login("dora")
        ok(await tab1.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc(element(id="a"))}))
        assert code(await tab2.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc()})) == 115020

    async def test_two_saves_at_the_same_moment_never_both_pass(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        await template_user(team, "fred", "13700000014")
        ok(await share_template(team.admin, t["id"], "fred", ["design"]))
        fred = await team.login("fred")
        answers = await asyncio.gather(
            team.admin.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc(element(id="owner"))}),
            fred.put(DESIGN, {"id": main["id"], "revision": 1, "document": doc(element(id="fred"))}),
        )
        assert sorted(code(a) for a in answers) == [100001, 115020]
        winner = next(a for a in answers if code(a) == 100001)
        kept = await design(team.admin, main["id"])
        assert (kept["revision"], kept["document"]) == (2, winner["data"]["document"])

    async def test_a_save_must_name_its_revision(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        resp = await team.admin.put(DESIGN, {"id": main["id"], "document": doc()})
        assert (code(resp), resp["meta"]["field"]) == (100004, "revision")


class TestLimits:
    async def test_more_than_1000_elements_has_its_own_code(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        many = [element(id=f"e{i}") for i in range(2000)]
        resp = await save(team.admin, main["id"], doc(*many))
        assert code(resp) == 115215 and "1000" in resp["meta"]["detail"]
        assert (await design(team.admin, main["id"]))["document"]["elements"] == []

    async def test_too_large_names_the_limit_in_mb(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        huge = {"id": main["id"], "revision": 1, "document": doc(element(settings={"text": "x" * (2 * 1024 * 1024)}))}
        resp = await team.admin.put(DESIGN, huge)
        assert code(resp) == 115208 and "2 MB" in resp["meta"]["detail"]
        team.admin.lang = "en"
        assert (await team.admin.put(DESIGN, huge))["meta"]["detail"] == "The screen content is too large (max 2 MB)"

    async def test_a_10_mb_body_is_refused_before_it_is_read(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        body = json.dumps({"id": main["id"], "revision": 1, "document": {"blob": "x" * (10 * 1024 * 1024)}})
        for path in (DESIGN, "/yun/module/view/draft"):
            resp = await team.admin.call("PUT", path, content=body, headers={"Content-Type": "application/json"})
            assert (resp["status"], code(resp)) == (413, 115208), path
            assert "2 MB" in resp["meta"]["detail"]
