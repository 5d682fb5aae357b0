"""Handing a template over to another account (docs/api-templates.md "Library and groups": transfer)."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.templates.models import DataSource, DataSourceGroup, Template, TemplatePublication, TemplateScreen
from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team
from tests.templates.factories import bind, make_template, ok, share_template, template_logs
from tests.templates.library.helpers import add_data_source, shares, template_user


async def transfer(api: Api, template_id: int, account: str) -> dict[str, Any]:
    return await api.post("/yun/module/transfer", {"template_id": template_id, "account": account})


async def owner_and_tenants(app: FastAPI, template_id: int) -> tuple[int, int, int | None, set[int]]:
    """The template's owner, tenant and tile group, and the tenants of everything it holds."""
    async with app.state.db.sessionmaker() as s:
        t = (await s.scalars(select(Template).where(Template.id == template_id))).one()
        tenants: set[int] = set()
        for model in (TemplateScreen, DataSourceGroup, DataSource, TemplatePublication):
            stmt = select(model.tenant_id).where(model.template_id == template_id)
            tenants |= set((await s.scalars(stmt)).all())
        return t.owner_id, t.tenant_id, t.group_id, tenants


class TestTransfer:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await transfer(api, 1, "x")) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await transfer(nobody, 1, "x")) == 100015

    async def test_rules(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        for account in ("alice", "13800000001", "ghost", "", "  "):
            resp = await transfer(team.admin, template["id"], account)
            assert code(resp) == 115022 and resp["meta"]["field"] == "account", (account, resp)
        assert code(await transfer(team.admin, 999999, "mallory")) == 115001
        assert code(await transfer(other_tenant, template["id"], "mallory")) == 115001
        # A receiver of a share does not own it.
        ok(await share_template(team.admin, template["id"], "mallory", ["copy", "bind"]))
        assert code(await transfer(other_tenant, template["id"], "mallory")) == 115015
        # The receiver already owns a template of that name.
        await make_template(other_tenant, template["name"])
        assert code(await transfer(team.admin, template["id"], "mallory")) == 115006
        assert (await owner_and_tenants(app, template["id"]))[0] == team.admin.user_id
        assert await template_logs(app, template["id"]) == ["create", "share"]

    async def test_bound_or_published_refused(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        device = await register(team.admin, "IOT1")
        ok(await bind(team.admin, template["id"], device["id"]))
        assert code(await transfer(team.admin, template["id"], "mallory")) == 115022
        ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
        await team.admin.call(
            "DELETE", "/yun/module/bind", json={"template_id": template["id"], "device_ids": [device["id"]]}
        )
        assert code(await transfer(team.admin, template["id"], "mallory")) == 115017
        ok(await team.admin.call("DELETE", "/yun/module/publish", params={"id": template["id"]}))
        ok(await transfer(team.admin, template["id"], "mallory"))
        assert (await owner_and_tenants(app, template["id"]))[:2] == (other_tenant.user_id, other_tenant.tenant_id)
        # The receiver's inbox hears of the hand-over.
        kinds = [m["text_key"] for m in ok(await other_tenant.get("/yun/messageCenter/receive"))["items"]]
        assert kinds == ["messages.handover.template"]

    async def test_moves_across_tenants(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        await template_user(team, "bob", "13700000001")
        group = ok(await team.admin.post("/yun/module/group", {"name": "泵房"}))
        template = await make_template(team.admin, data_version="2.0", group_id=group["id"])
        device = await register(team.admin, "IOT1")
        await add_data_source(app, template["id"], "压力", device_id=device["id"])
        ok(await team.admin.post("/yun/module/view", {"template_id": template["id"], "kind": "web", "name": "详情"}))
        ok(await share_template(team.admin, template["id"], "bob", ["copy"]))
        ok(await share_template(team.admin, template["id"], "mallory", ["copy"]))
        ok(await transfer(team.admin, template["id"], "13900000009"))
        owner, tenant, group_id, tenants = await owner_and_tenants(app, template["id"])
        assert (owner, tenant, group_id, tenants) == (
            other_tenant.user_id,
            other_tenant.tenant_id,
            None,
            {other_tenant.tenant_id},
        )
        # The data source's own device stays with the old tenant.
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(DataSource.device_id))).all() == [None]
        assert await shares(app) == []
        assert ok(await team.admin.get("/yun/module"))["total"] == 0
        (moved,) = ok(await other_tenant.get("/yun/module"))["items"]
        assert (moved["id"], moved["relation"], moved["owner_name"], moved["group_id"]) == (
            template["id"],
            "owner",
            "mallory",
            None,
        )
        assert (moved["web_screens"], moved["data_source_count"]) == (2, 1)
        assert ok(await team.admin.get("/yun/module/group"))[0]["count"] == 0
        assert await template_logs(app, template["id"]) == ["create", "screen_create", "share", "share", "transfer"]
        # The new owner works on it; the old one no longer sees it.
        ok(await other_tenant.put("/yun/module", {"id": template["id"], "name": "接手的"}))
        mid = ok(await other_tenant.get("/yun/module/middleware", params={"id": template["id"]}))
        assert [g["name"] for g in mid["groups"]] == ["默认分组"]
        assert code(await team.admin.get("/yun/module/middleware", params={"id": template["id"]})) == 115001

    async def test_within_the_tenant_keeps_devices(self, app: FastAPI, team: Team) -> None:
        bob = await template_user(team, "bob", "13700000001")
        template = await make_template(team.admin, data_version="2.0")
        device = await register(team.admin, "IOT1")
        await add_data_source(app, template["id"], "压力", device_id=device["id"])
        ok(await transfer(team.admin, template["id"], "bob"))
        assert (await owner_and_tenants(app, template["id"]))[:2] == (bob.user_id, team.admin.tenant_id)
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(DataSource.device_id))).all() == [device["id"]]
        assert [t["name"] for t in ok(await bob.get("/yun/module"))["items"]] == [template["name"]]
