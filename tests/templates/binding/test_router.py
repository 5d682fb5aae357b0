"""Binding templates to devices over HTTP: the device list with compatibility, bind and unbind
(docs/api-templates.md "Binding")."""

from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.devices.models import DeviceLog, Gateway
from iotyun.templates.models import DataSource, DataSourceGroup, TemplateBinding
from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team
from tests.templates.factories import bind, make_template, ok, share_template, template_logs

TEMPLATE_PERMS = ["P10000", "P30000", "P31000", "P41000", "P42000"]


async def unbind(api: Api, template_id: int, *device_ids: int) -> dict[str, Any]:
    return await api.call(
        "DELETE", "/yun/module/bind", json={"template_id": template_id, "device_ids": list(device_ids)}
    )


async def listing(api: Api, template_id: int, **params: Any) -> dict[str, Any]:
    return await api.get("/yun/module/bind", params={"template_id": template_id, **params})


async def set_gateway(app: FastAPI, sn: str, **values: Any) -> None:
    async with app.state.db.sessionmaker() as s:
        await s.execute(update(Gateway).where(Gateway.sn == sn).values(**values))
        await s.commit()


async def add_data_source(app: FastAPI, template_id: int, name: str, data_type: str) -> None:
    """A data source row in the template's default group (the data source endpoints are another package's)."""
    async with app.state.db.sessionmaker() as s:
        group = (
            await s.scalars(
                select(DataSourceGroup).where(
                    DataSourceGroup.template_id == template_id, DataSourceGroup.is_default.is_(True)
                )
            )
        ).one()
        s.add(
            DataSource(
                tenant_id=group.tenant_id,
                template_id=template_id,
                group_id=group.id,
                name=name,
                data_type=data_type,
                area="holding",
                address=0,
            )
        )
        await s.commit()


async def bindings(app: FastAPI) -> list[tuple[int, int]]:
    async with app.state.db.sessionmaker() as s:
        rows = (await s.scalars(select(TemplateBinding).order_by(TemplateBinding.device_id))).all()
        return [(b.device_id, b.template_id) for b in rows]


async def device_logs(app: FastAPI, action: str) -> list[DeviceLog]:
    async with app.state.db.sessionmaker() as s:
        return list((await s.scalars(select(DeviceLog).where(DeviceLog.action == action))).all())


async def designer(team: Team, name: str, phone: str) -> Api:
    """A user of the team whose role holds the template and binding pages (and registers devices)."""
    if "binders" not in team.roles:
        await team.role("binders", TEMPLATE_PERMS)
    await team.user(name, "binders", phone=phone)
    return await team.login(name)


class TestBindList:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await listing(api, 1)) == 100009

    async def test_without_P42000(self, team: Team) -> None:
        await team.role("templatesonly", ["P10000", "P41000"])
        await team.user("tom", "templatesonly")
        tom = await team.login("tom")
        template = await make_template(tom)
        assert code(await listing(tom, template["id"])) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        await register(team.admin, "IOT1")
        assert code(await listing(other_tenant, template["id"])) == 115001
        theirs = await make_template(other_tenant)
        assert ok(await listing(other_tenant, theirs["id"]))["total"] == 0

    async def test_lists_own_registered_devices_with_compatibility(self, app: FastAPI, team: Team) -> None:
        bob = await designer(team, "bob", "13700000001")
        template = await make_template(team.admin)
        await add_data_source(app, template["id"], "压力", "float32")
        await add_data_source(app, template["id"], "型号", "string")
        await add_data_source(app, template["id"], "产量", "float64")
        old = await register(team.admin, "IOT1", alias="老网关")
        await register(team.admin, "IOT2")
        gone = await register(team.admin, "IOT3")
        await team.admin.call("DELETE", "/dev/register", params={"id": gone["id"]})
        await register(bob, "IOT4")  # bob's: the administrator reads it but does not own it
        await set_gateway(app, "IOT1", firmware_version="1.9.3", vpn_state=True)
        await set_gateway(app, "IOT2", firmware_version="")
        page = ok(await listing(team.admin, template["id"]))
        assert page["total"] == 2
        first, second = page["items"]
        assert first["device"] == {
            "id": old["id"],
            "sn_code": "IOT1",
            "alias": "老网关",
            "dev_state": first["device"]["dev_state"],
            "firmware_version": "1.9.3",
            "vpn_state": True,
            "group_name": "默认分组",
        }
        assert (first["supported"], first["missing_types"]) == (False, ["float64", "string"])
        assert (first["bound_template_id"], first["bound_template_name"]) == (None, None)
        # No firmware reported yet: everything is supported until the gateway reports a version.
        assert (second["device"]["sn_code"], second["supported"], second["missing_types"]) == ("IOT2", True, [])
        await set_gateway(app, "IOT2", firmware_version="2.0.0")
        assert ok(await listing(team.admin, template["id"]))["items"][1]["supported"] is True

    async def test_filters_and_pages(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        other = await make_template(team.admin, "锅炉房")
        devices = [await register(team.admin, f"IOT{i}", alias=f"泵{i}") for i in range(1, 6)]
        ok(await bind(team.admin, template["id"], devices[0]["id"], devices[1]["id"]))
        ok(await bind(team.admin, other["id"], devices[2]["id"]))
        bound = ok(await listing(team.admin, template["id"], bound=True))
        assert [r["device"]["sn_code"] for r in bound["items"]] == ["IOT1", "IOT2"]
        assert {r["bound_template_name"] for r in bound["items"]} == {"水泵站"}
        free = ok(await listing(team.admin, template["id"], bound=False))
        assert [(r["device"]["sn_code"], r["bound_template_id"]) for r in free["items"]] == [
            ("IOT3", other["id"]),
            ("IOT4", None),
            ("IOT5", None),
        ]
        assert [r["device"]["sn_code"] for r in ok(await listing(team.admin, template["id"], q="iot4"))["items"]] == [
            "IOT4"
        ]
        assert ok(await listing(team.admin, template["id"], q="泵5"))["items"][0]["device"]["sn_code"] == "IOT5"
        paged = ok(await listing(team.admin, template["id"], page=2, page_size=2))
        assert paged["total"] == 5 and [r["device"]["sn_code"] for r in paged["items"]] == ["IOT3", "IOT4"]


class TestBind:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await bind(api, 1, 1)) == 100009

    async def test_without_P42000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await bind(nobody, 1, 1)) == 100015
        assert code(await unbind(nobody, 1, 1)) == 100015

    async def test_binds_and_logs(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        assert ok(await bind(team.admin, template["id"], a["id"], b["id"])) is None
        assert await bindings(app) == [(a["id"], template["id"]), (b["id"], template["id"])]
        listed = ok(await team.admin.get("/yun/module"))["items"]
        assert listed[0]["bound_count"] == 2
        # Binding again to the same template changes nothing and logs nothing.
        ok(await bind(team.admin, template["id"], a["id"]))
        assert await template_logs(app, template["id"]) == ["create", "bind"]
        entries = await device_logs(app, "template_bind")
        assert sorted(e.sn for e in entries) == ["IOT1", "IOT2"]
        assert entries[0].detail == {"template_id": template["id"], "template_name": "水泵站"}
        # Binding is not a content change.
        assert listed[0]["version"] == template["version"]

    async def test_only_own_registered_devices(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        bob = await designer(team, "bob", "13700000001")
        template = await make_template(team.admin)
        mine = await register(team.admin, "IOT1")
        bobs = await register(bob, "IOT2")
        gone = await register(team.admin, "IOT3")
        await team.admin.call("DELETE", "/dev/register", params={"id": gone["id"]})
        theirs = await register(other_tenant, "IOT4")
        for device in (bobs, gone, theirs):
            resp = await bind(team.admin, template["id"], mine["id"], device["id"])
            assert code(resp) == 110511 and resp["meta"]["field"] == "device_ids", resp
        assert code(await bind(team.admin, template["id"], 999999)) == 110511
        assert await bindings(app) == []

    async def test_vpn_device_refused(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        await set_gateway(app, "IOT2", vpn_state=True)
        assert code(await bind(team.admin, template["id"], a["id"], b["id"])) == 115008
        assert await bindings(app) == []
        assert await device_logs(app, "template_bind") == []

    async def test_bound_to_another_template(self, app: FastAPI, team: Team) -> None:
        first = await make_template(team.admin)
        second = await make_template(team.admin, "锅炉房")
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        ok(await bind(team.admin, first["id"], a["id"]))
        assert code(await bind(team.admin, second["id"], b["id"], a["id"])) == 115009
        assert await bindings(app) == [(a["id"], first["id"])]
        ok(await unbind(team.admin, first["id"], a["id"]))
        ok(await bind(team.admin, second["id"], b["id"], a["id"]))
        assert await bindings(app) == [(a["id"], second["id"]), (b["id"], second["id"])]

    async def test_unknown_template(self, team: Team) -> None:
        device = await register(team.admin, "IOT1")
        assert code(await bind(team.admin, 999999, device["id"])) == 115001
        assert code(await team.admin.post("/yun/module/bind", {"template_id": 1, "device_ids": []})) == 100004

    async def test_other_tenant_sees_nothing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        theirs = await register(other_tenant, "IOT9")
        assert code(await bind(other_tenant, template["id"], theirs["id"])) == 115001
        assert code(await unbind(other_tenant, template["id"], theirs["id"])) == 115001
        assert await bindings(app) == []

    async def test_received_template_needs_bind_item(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        await add_data_source(app, template["id"], "产量", "float64")
        theirs = await register(other_tenant, "IOT9")
        await set_gateway(app, "IOT9", firmware_version="1.0.0")
        ok(await share_template(team.admin, template["id"], "mallory", ["view"]))
        assert code(await listing(other_tenant, template["id"])) == 115019
        assert code(await bind(other_tenant, template["id"], theirs["id"])) == 115019
        ok(await share_template(team.admin, template["id"], "mallory", ["bind"]))
        (row,) = ok(await listing(other_tenant, template["id"]))["items"]
        assert (row["device"]["sn_code"], row["supported"], row["missing_types"]) == ("IOT9", False, ["float64"])
        ok(await bind(other_tenant, template["id"], theirs["id"]))
        assert await bindings(app) == [(theirs["id"], template["id"])]
        (entry,) = await device_logs(app, "template_bind")
        assert entry.tenant_id == other_tenant.tenant_id and entry.user_name == "mallory"
        # The owner does not manage the receiver's device, but sees it bound to the template.
        assert code(await unbind(team.admin, template["id"], theirs["id"])) == 110511
        mid = ok(await team.admin.get("/yun/module/middleware", params={"id": template["id"]}))
        assert [d["sn_code"] for d in mid["devices"]] == ["IOT9"]
        (row,) = ok(await listing(other_tenant, template["id"], bound=True))["items"]
        assert row["bound_template_name"] == "水泵站"


class TestUnbind:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await unbind(api, 1, 1)) == 100009

    async def test_unbinds_and_publication_stays(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        a = await register(team.admin, "IOT1")
        b = await register(team.admin, "IOT2")
        ok(await bind(team.admin, template["id"], a["id"], b["id"]))
        ok(await team.admin.post("/yun/module/publish", {"id": template["id"]}))
        ok(await unbind(team.admin, template["id"], a["id"], b["id"]))
        assert await bindings(app) == []
        (listed,) = ok(await team.admin.get("/yun/module"))["items"]
        assert (listed["published"], listed["bound_count"]) == (True, 0)
        config = await team.admin.get(
            "/dev/config", params={"sn_code": "IOT1"}, headers={"X-Device-Secret": "secret123"}
        )
        assert code(config) == 115018
        assert await template_logs(app, template["id"]) == ["create", "bind", "publish", "unbind"]
        assert sorted(e.sn for e in await device_logs(app, "template_unbind")) == ["IOT1", "IOT2"]
        # Devices not bound to the template are left alone.
        ok(await unbind(team.admin, template["id"], a["id"]))
        assert await template_logs(app, template["id"]) == ["create", "bind", "publish", "unbind"]

    async def test_rules(self, app: FastAPI, team: Team) -> None:
        bob = await designer(team, "bob", "13700000001")
        template = await make_template(team.admin)
        other = await make_template(team.admin, "锅炉房")
        mine = await register(team.admin, "IOT1")
        bobs = await register(bob, "IOT2")
        ok(await bind(team.admin, template["id"], mine["id"]))
        assert code(await unbind(team.admin, template["id"], mine["id"], bobs["id"])) == 110511
        # Unbinding from another template leaves the binding.
        ok(await unbind(team.admin, other["id"], mine["id"]))
        assert await bindings(app) == [(mine["id"], template["id"])]
