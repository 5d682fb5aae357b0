"""Sharing templates and the library over HTTP (docs/api-templates.md "Library and groups"; SPEC §3 permission
items)."""

from typing import Any

from fastapi import FastAPI

from iotyun.core.limits import QUOTA_DEFAULTS
from tests.conftest import Api, code
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, share_template, template_logs
from tests.templates.library.helpers import shares, template_user


async def share(api: Api, template_ids: list[int], accounts: list[str], permissions: list[str]) -> dict[str, Any]:
    body = {"template_ids": template_ids, "accounts": accounts, "permissions": permissions}
    return await api.post("/yun/module/share", body)


async def received(api: Api) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = ok(await api.get("/yun/module", params={"relation": "received"}))["items"]
    return items


class TestShare:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await share(api, [1], ["x"], [])) == 100009
        assert code(await api.get("/yun/module/share", params={"template_id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await share(nobody, [1], ["x"], [])) == 100015
        assert code(await nobody.get("/yun/module/share", params={"template_id": 1})) == 100015
        assert code(await nobody.call("DELETE", "/yun/module/share/received", params={"template_id": 1})) == 100015

    async def test_shares_across_tenants(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin, description="二次供水")
        ok(await share_template(team.admin, template["id"], "mallory", ["copy", "bind"]))
        listed = ok(await team.admin.get("/yun/module/share", params={"template_id": template["id"]}))
        (item,) = listed["items"]
        assert (item["user_id"], item["user_name"], item["permissions"]) == (
            other_tenant.user_id,
            "mallory",
            ["view", "copy", "bind"],
        )
        assert (
            item["tenant_name"]
            and item["created_at"] > 0
            and listed["remaining"] == QUOTA_DEFAULTS["template_share"] - 1
        )
        (seen,) = await received(other_tenant)
        assert (seen["id"], seen["relation"], seen["owner_name"]) == (template["id"], "share", "alice")
        assert seen["permissions"] == ["view", "copy", "bind"]
        assert ok(await other_tenant.get("/yun/module"))["total"] == 0  # own only by default
        assert await template_logs(app, template["id"]) == ["create", "share"]
        (note,) = ok(await other_tenant.get("/yun/messageCenter/receive"))["items"]
        assert (note["kind"], note["text_key"], note["link_type"], note["link_id"]) == (
            "share",
            "messages.share.template",
            "template",
            template["id"],
        )

    async def test_sharing_again_updates_items(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        ok(await share(team.admin, [template["id"]], ["mallory"], ["copy", "publish"]))
        ok(await share(team.admin, [template["id"]], ["13900000009"], ["design"]))
        assert await shares(app) == [(template["id"], other_tenant.user_id, ["view", "design"])]
        (seen,) = await received(other_tenant)
        assert seen["permissions"] == ["view", "design"]

    async def test_several_templates_and_accounts(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        await template_user(team, "bob", "13700000001")
        a = await make_template(team.admin, "a")
        b = await make_template(team.admin, "b")
        ok(await share(team.admin, [a["id"], b["id"]], ["mallory", "bob", "mallory"], ["view"]))
        assert len(await shares(app)) == 4
        assert {t["name"] for t in await received(other_tenant)} == {"a", "b"}

    async def test_rules(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        mine = await make_template(team.admin)
        theirs = await make_template(other_tenant, "别人的")
        assert code(await share(team.admin, [mine["id"]], ["alice"], [])) == 115301
        assert code(await share(team.admin, [mine["id"]], ["13800000001"], [])) == 115301
        resp = await share(team.admin, [mine["id"]], ["mallory", "ghost"], [])
        assert code(resp) == 115302 and resp["meta"]["field"] == "accounts", resp
        assert code(await share(team.admin, [mine["id"]], ["mallory"], ["view", "fly"])) == 115014
        assert code(await share(team.admin, [mine["id"]], ["mallory"], ["view"] * 16)) == 115014
        assert code(await share(team.admin, [mine["id"], theirs["id"]], ["mallory"], [])) == 115001
        assert code(await share(team.admin, [999999], ["mallory"], [])) == 115001
        assert await shares(app) == []
        # A receiver holds the template but may not pass it on.
        ok(await share(team.admin, [mine["id"]], ["mallory"], ["copy", "bind", "design"]))
        assert code(await share(other_tenant, [mine["id"]], ["alice"], [])) == 115015
        assert code(await other_tenant.get("/yun/module/share", params={"template_id": mine["id"]})) == 115015
        assert len(await shares(app)) == 1

    async def test_quota_counts_receivers_per_template(self, app: FastAPI, team: Team) -> None:
        bob = await template_user(team, "bob", "13700000001")
        await team.user("carl")
        await team.user("dave")
        resp = await team.admin.put(f"/yun/userInfo/{bob.user_id}/quota", {"template_share": 1})
        assert resp["meta"]["success"] == 1, resp
        a = await make_template(bob, "a")
        b = await make_template(bob, "b")
        ok(await share(bob, [a["id"]], ["carl"], []))
        assert ok(await bob.get("/yun/module/share", params={"template_id": a["id"]}))["remaining"] == 0
        assert ok(await bob.get("/yun/module/share", params={"template_id": b["id"]}))["remaining"] == 1
        assert code(await share(bob, [a["id"]], ["dave"], [])) == 100019
        assert code(await share(bob, [b["id"], a["id"]], ["dave"], [])) == 100019
        assert len(await shares(app)) == 1
        # Sharing again with the same receiver is no new receiver.
        ok(await share(bob, [a["id"]], ["carl"], ["copy"]))
        ok(await share(bob, [b["id"]], ["dave"], []))
        assert len(await shares(app)) == 2

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        await share_template(team.admin, template["id"], "alice", [])
        params = {"template_id": template["id"]}
        assert code(await other_tenant.get("/yun/module/share", params=params)) == 115001
        params_user = {**params, "user_id": other_tenant.user_id or 0}
        assert code(await other_tenant.call("DELETE", "/yun/module/share", params=params_user)) == 115001
        assert code(await other_tenant.call("DELETE", "/yun/module/share/received", params=params)) == 115304
        assert await received(other_tenant) == []


class TestCancelShare:
    async def test_owner_cancels(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        ok(await share_template(team.admin, template["id"], "mallory", ["copy"]))
        params = {"template_id": template["id"], "user_id": other_tenant.user_id or 0}
        ok(await team.admin.call("DELETE", "/yun/module/share", params=params))
        resp = await team.admin.call("DELETE", "/yun/module/share", params=params)
        assert code(resp) == 115304 and resp["meta"]["field"] == "user_id", resp
        assert await received(other_tenant) == []
        assert code(await other_tenant.get("/yun/module/middleware", params={"id": template["id"]})) == 115001
        assert await template_logs(app, template["id"]) == ["create", "share", "unshare"]

    async def test_receiver_leaves(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        ok(await share_template(team.admin, template["id"], "mallory", ["copy"]))
        params = {"template_id": template["id"]}
        # The owner holds no share of their own template.
        assert code(await team.admin.call("DELETE", "/yun/module/share/received", params=params)) == 115304
        ok(await other_tenant.call("DELETE", "/yun/module/share/received", params=params))
        assert code(await other_tenant.call("DELETE", "/yun/module/share/received", params=params)) == 115304
        assert await shares(app) == [] and await received(other_tenant) == []
        assert ok(await team.admin.get("/yun/module/share", params=params))["items"] == []
        assert await template_logs(app, template["id"]) == ["create", "share", "unshare"]


class TestLibrary:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/module/library")) == 100009

    async def test_without_P44000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.get("/yun/module/library")) == 100015

    async def test_shared_and_received(self, team: Team, other_tenant: Api) -> None:
        bob = await template_user(team, "bob", "13700000001")
        a = await make_template(team.admin, "水泵站", description="二次供水")
        b = await make_template(team.admin, "锅炉房")
        await make_template(team.admin, "未共享")
        ok(await share_template(team.admin, a["id"], "mallory", ["copy"]))
        ok(await share_template(team.admin, a["id"], "bob", []))
        ok(await share_template(team.admin, b["id"], "bob", ["bind"]))
        shared = ok(await team.admin.get("/yun/module/library", params={"relation": "shared"}))
        assert shared["total"] == 2
        assert [(t["name"], t["receiver_count"], t["relation"]) for t in shared["items"]] == [
            ("锅炉房", 1, "owner"),
            ("水泵站", 2, "owner"),
        ]
        assert ok(await team.admin.get("/yun/module/library"))["total"] == 2  # shared is the default
        found = ok(await team.admin.get("/yun/module/library", params={"relation": "shared", "q": "供水"}))
        assert [t["name"] for t in found["items"]] == ["水泵站"]
        assert ok(await team.admin.get("/yun/module/library", params={"relation": "received"}))["total"] == 0
        got = ok(await bob.get("/yun/module/library", params={"relation": "received"}))
        assert [(t["name"], t["owner_name"], t["permissions"]) for t in got["items"]] == [
            ("锅炉房", "alice", ["view", "bind"]),
            ("水泵站", "alice", ["view"]),
        ]
        assert all(t["shared_at"] > 0 for t in got["items"])
        page = ok(await bob.get("/yun/module/library", params={"relation": "received", "page_size": 1, "page": 2}))
        assert page["total"] == 2 and [t["name"] for t in page["items"]] == ["水泵站"]
        theirs = ok(await other_tenant.get("/yun/module/library", params={"relation": "received"}))
        assert [t["name"] for t in theirs["items"]] == ["水泵站"]
        assert ok(await other_tenant.get("/yun/module/library", params={"relation": "shared"}))["total"] == 0

    async def test_bad_relation(self, team: Team) -> None:
        assert code(await team.admin.get("/yun/module/library", params={"relation": "all"})) == 100004
