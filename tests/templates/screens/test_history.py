"""A screen's drafts and versions: the designer's autosave and named snapshots with restore (issue 15 point 2;
docs/api-templates.md "Drafts and versions")."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import update

from iotyun.templates.models import ScreenVersion
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.datasources.factories import add
from tests.templates.factories import make_template, ok, share_template, template_logs
from tests.templates.library.helpers import template_user
from tests.templates.screens.helpers import DESIGN, DRAFT, VERSION, design, doc, element, main_screen, save


async def versions(api: Api, screen_id: int) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = ok(await api.get(VERSION, params={"id": screen_id}))
    return data


class TestDrafts:
    async def test_keeps_unsaved_work_until_the_design_is_saved(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        assert ok(await team.admin.get(DRAFT, params={"id": main["id"]})) is None
        # Not validated beyond shape and size: a half-made element is kept as it is.
        work = {"schema_version": 1, "elements": [{"id": "e1", "type": "hologram", "half": True}]}
        kept = ok(await team.admin.put(DRAFT, {"id": main["id"], "revision": 1, "document": work}))
        read = ok(await team.admin.get(DRAFT, params={"id": main["id"]}))
        assert (read["document"], read["revision"], read["updated_at"]) == (work, 1, kept["updated_at"])
        # Written again, it replaces the one draft of this user and screen.
        ok(await team.admin.put(DRAFT, {"id": main["id"], "revision": 1, "document": doc(element())}))
        assert ok(await team.admin.get(DRAFT, params={"id": main["id"]}))["document"] == doc(element())
        ok(await save(team.admin, main["id"], doc(element())))
        assert ok(await team.admin.get(DRAFT, params={"id": main["id"]})) is None

    async def test_one_per_user_and_hidden_once_someone_saves_after_it(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        erin = await template_user(team, "erin", "13700000021")
        ok(await share_template(team.admin, t["id"], "erin", ["design"]))
        ok(await team.admin.put(DRAFT, {"id": main["id"], "revision": 1, "document": doc(element(id="own"))}))
        assert ok(await erin.get(DRAFT, params={"id": main["id"]})) is None
        ok(await erin.put(DRAFT, {"id": main["id"], "revision": 1, "document": doc(element(id="erin"))}))
        ok(await save(team.admin, main["id"], doc()))
        # Erin's draft is older than the design saved since: not offered.
        assert ok(await erin.get(DRAFT, params={"id": main["id"]})) is None
        ok(await erin.put(DRAFT, {"id": main["id"], "revision": 2, "document": doc(element(id="later"))}))
        assert ok(await erin.get(DRAFT, params={"id": main["id"]}))["revision"] == 2
        ok(await erin.call("DELETE", DRAFT, params={"id": main["id"]}))
        assert ok(await erin.get(DRAFT, params={"id": main["id"]})) is None

    async def test_shape_and_size_rules(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        for bad in ([1], "x", None):
            assert code(await team.admin.put(DRAFT, {"id": main["id"], "revision": 1, "document": bad})) == 115207
        huge = {"id": main["id"], "revision": 1, "document": {"blob": "x" * (2 * 1024 * 1024)}}
        assert code(await team.admin.put(DRAFT, huge)) == 115208

    async def test_other_tenant_a_viewer_and_a_lesser_role(self, team: Team, other_tenant: Api) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        body = {"id": main["id"], "revision": 1, "document": doc()}
        assert code(await other_tenant.put(DRAFT, body)) == 115201
        assert code(await other_tenant.get(DRAFT, params={"id": main["id"]})) == 115201
        viewer = await template_user(team, "vic", "13700000022")
        ok(await share_template(team.admin, t["id"], "vic", ["view"]))
        assert code(await viewer.put(DRAFT, body)) == 115019
        nobody = await team.without()
        assert code(await nobody.put(DRAFT, body)) == 100015


class TestVersions:
    async def test_snapshot_list_restore_and_undo_the_restore(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        ok(await save(team.admin, main["id"], doc(element(id="first"))))
        named = ok(await team.admin.post(VERSION, {"id": main["id"], "name": "初版"}))
        assert (named["name"], named["revision"], named["element_count"]) == ("初版", 2, 1)
        ok(await save(team.admin, main["id"], doc(element(id="second"), element(id="third"))))
        ok(await team.admin.post(VERSION, {"id": main["id"], "name": "第二版"}))
        assert [v["name"] for v in await versions(team.admin, main["id"])] == ["第二版", "初版"]
        looked = ok(await team.admin.get(f"{VERSION}/design", params={"id": named["id"]}))
        assert ([e["id"] for e in looked["document"]["elements"]], looked["name"]) == (["first"], "初版")
        restored = ok(await team.admin.post(f"{VERSION}/restore", {"id": named["id"]}))
        assert [e["id"] for e in restored["document"]["elements"]] == ["first"]
        assert restored["revision"] == 4
        # The design the restore replaced is kept as an automatic version: the restore itself can be undone.
        listed = await versions(team.admin, main["id"])
        assert [(v["name"], v["revision"], v["element_count"]) for v in listed] == [
            (None, 3, 2),
            ("第二版", 3, 2),
            ("初版", 2, 1),
        ]
        undone = ok(await team.admin.post(f"{VERSION}/restore", {"id": listed[0]["id"]}))
        assert [e["id"] for e in undone["document"]["elements"]] == ["second", "third"]
        assert "screen_restore" in await template_logs(app, t["id"])
        # An editor still on revision 3 is told that the design changed under it.
        assert code(await team.admin.put(DESIGN, {"id": main["id"], "revision": 3, "document": doc()})) == 115020

    async def test_delete_and_name_rules(self, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        assert code(await team.admin.post(VERSION, {"id": main["id"], "name": ""})) == 115216
        resp = await team.admin.post(VERSION, {"id": main["id"], "name": "名" * 33})
        assert code(resp) == 115216 and "32" in resp["meta"]["detail"]
        version = ok(await team.admin.post(VERSION, {"id": main["id"], "name": "v1"}))
        ok(await team.admin.call("DELETE", VERSION, params={"id": version["id"]}))
        assert await versions(team.admin, main["id"]) == []
        assert code(await team.admin.call("DELETE", VERSION, params={"id": version["id"]})) == 115217
        assert code(await team.admin.post(f"{VERSION}/restore", {"id": version["id"]})) == 115217

    async def test_keeps_at_most_50_automatic_ones_giving_way_first(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        first = ok(await team.admin.post(VERSION, {"id": main["id"], "name": "v0"}))
        for i in range(1, 50):
            ok(await team.admin.post(VERSION, {"id": main["id"], "name": f"v{i}"}))
        resp = await team.admin.post(VERSION, {"id": main["id"], "name": "v50"})
        assert code(resp) == 115218 and "50" in resp["meta"]["detail"]
        # Two of them automatic: the older one gives way to a new named version.
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(ScreenVersion).where(ScreenVersion.name.in_(["v1", "v2"])).values(name=None))
            await s.commit()
        ok(await team.admin.post(VERSION, {"id": main["id"], "name": "v50"}))
        listed = await versions(team.admin, main["id"])
        assert len(listed) == 50
        assert sum(v["name"] is None for v in listed) == 1
        assert first["id"] in [v["id"] for v in listed]

    async def test_restore_holds_the_version_to_the_template_as_it_is(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        source = await add(team.admin, t["id"])
        ok(await save(team.admin, main["id"], doc(element(bindings={"value": {"data_source_id": source["id"]}}))))
        version = ok(await team.admin.post(VERSION, {"id": main["id"], "name": "绑定"}))
        ok(
            await team.admin.call(
                "DELETE", "/yun/module/dataSource", json={"template_id": t["id"], "ids": [source["id"]]}
            )
        )
        ok(await save(team.admin, main["id"], doc()))
        assert code(await team.admin.post(f"{VERSION}/restore", {"id": version["id"]})) == 115209
        assert (await design(team.admin, main["id"]))["document"]["elements"] == []

    async def test_other_tenant_a_viewer_and_a_lesser_role(self, team: Team, other_tenant: Api) -> None:
        t = await make_template(team.admin)
        main = await main_screen(team.admin, t["id"])
        version = ok(await team.admin.post(VERSION, {"id": main["id"], "name": "v1"}))
        assert code(await other_tenant.get(VERSION, params={"id": main["id"]})) == 115201
        assert code(await other_tenant.post(VERSION, {"id": main["id"], "name": "x"})) == 115201
        assert code(await other_tenant.post(f"{VERSION}/restore", {"id": version["id"]})) == 115217
        assert code(await other_tenant.get(f"{VERSION}/design", params={"id": version["id"]})) == 115217
        assert code(await other_tenant.call("DELETE", VERSION, params={"id": version["id"]})) == 115217
        viewer = await template_user(team, "walt", "13700000023")
        ok(await share_template(team.admin, t["id"], "walt", ["view"]))
        assert [v["id"] for v in await versions(viewer, main["id"])] == [version["id"]]
        assert ok(await viewer.get(f"{VERSION}/design", params={"id": version["id"]}))["id"] == version["id"]
        assert code(await viewer.post(VERSION, {"id": main["id"], "name": "x"})) == 115019
        assert code(await viewer.post(f"{VERSION}/restore", {"id": version["id"]})) == 115019
        assert code(await viewer.call("DELETE", VERSION, params={"id": version["id"]})) == 115019
        nobody = await team.without()
        assert code(await nobody.get(VERSION, params={"id": main["id"]})) == 100015
        assert len(await versions(team.admin, main["id"])) == 1
