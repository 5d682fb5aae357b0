"""Publishing, copying and deleting templates, the middleware overview, the home summary and the configuration a
gateway fetches by SN (docs/api-templates.md, docs/device-protocol.md)."""

import json
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.devices.models import Gateway
from iotyun.templates.models import DataSource, DataSourceGroup, TemplateBinding, TemplatePublication
from tests.conftest import Api, code
from tests.devices.factories import SECRET, register
from tests.team.factories import Team
from tests.templates.factories import make_template, ok, template_logs


async def bind_rows(app: FastAPI, team: Team, template_id: int, *device_ids: int) -> None:
    """Bindings written directly (the binding endpoints have their own tests)."""
    async with app.state.db.sessionmaker() as s:
        for device_id in device_ids:
            s.add(
                TemplateBinding(
                    tenant_id=team.admin.tenant_id,
                    device_id=device_id,
                    template_id=template_id,
                    bound_by=team.admin.user_id,
                )
            )
        await s.commit()


async def add_source(app: FastAPI, template_id: int, name: str, data_type: str = "float32", **kw: Any) -> None:
    async with app.state.db.sessionmaker() as s:
        group = (await s.scalars(select(DataSourceGroup).where(DataSourceGroup.template_id == template_id))).first()
        assert group is not None
        s.add(
            DataSource(
                tenant_id=group.tenant_id,
                template_id=template_id,
                group_id=group.id,
                name=name,
                data_type=data_type,
                area=kw.pop("area", "holding"),
                address=kw.pop("address", 0),
                **kw,
            )
        )
        await s.commit()


async def config(api: Api, sn: str, secret: str = SECRET) -> dict[str, Any]:
    return await api.get("/dev/config", params={"sn_code": sn}, headers={"X-Device-Secret": secret})


class TestPublish:
    async def test_unbound_cannot_publish(self, team: Team) -> None:
        t = await make_template(team.admin)
        assert code(await team.admin.post("/yun/module/publish", {"id": t["id"]})) == 115007
        assert ok(await team.admin.get(f"/yun/module/{t['id']}"))["published"] is False

    async def test_publish_edit_republish(self, app: FastAPI, team: Team, new_api: Callable[[], Api]) -> None:
        api = new_api()
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL01")
        await bind_rows(app, team, t["id"], dev["id"])
        await add_source(app, t["id"], "出水压力", unit="MPa", rw="rw", min_value=0, max_value=1.6)
        published = ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert published["published"] is True and published["changed_since_publish"] is False
        first = published["published_version"]
        got = ok(await config(api, "IOTTPL01"))
        assert got["version"] == first and [d["name"] for d in got["data_sources"]] == ["出水压力"]
        assert got["data_sources"][0]["unit"] == "MPa" and got["data_sources"][0]["max_value"] == 1.6
        # An edit does not reach the running device until the template is published again.
        await add_source(app, t["id"], "流量", address=10)
        edited = ok(await team.admin.put("/yun/module", {"id": t["id"], "name": "水泵站二期"}))
        assert edited["changed_since_publish"] is True
        assert [d["name"] for d in ok(await config(api, "IOTTPL01"))["data_sources"]] == ["出水压力"]
        again = ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert again["published_version"] > first and again["changed_since_publish"] is False
        assert {d["name"] for d in ok(await config(api, "IOTTPL01"))["data_sources"]} == {"出水压力", "流量"}
        async with app.state.db.sessionmaker() as s:
            versions = (await s.scalars(select(TemplatePublication.version))).all()
        assert sorted(versions) == [first, again["published_version"]]
        assert await template_logs(app, t["id"]) == ["create", "publish", "update", "publish"]

    async def test_first_publish_is_v1(self, app: FastAPI, team: Team) -> None:
        """Users count publications, not edits: three edits before the first publish still make it v1; publishing
        an unchanged template again keeps v1, and the next publish after an edit is v2."""
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL09")
        await bind_rows(app, team, t["id"], dev["id"])
        for name in ("一期", "二期", "三期"):
            ok(await team.admin.put("/yun/module", {"id": t["id"], "name": f"水泵站{name}"}))
        assert ok(await team.admin.get(f"/yun/module/{t['id']}"))["published_release"] is None
        first = ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert first["published_release"] == 1 and first["published_version"] == first["version"] > 1
        assert ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))["published_release"] == 1
        ok(await team.admin.put("/yun/module", {"id": t["id"], "name": "水泵站四期"}))
        assert ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))["published_release"] == 2
        overview = ok(await team.admin.get("/yun/module/middleware", params={"id": t["id"]}))
        assert overview["publication"]["release"] == 2
        publishes = [h["detail"] for h in overview["history"] if h["action"] == "publish"]
        assert sorted(d["release"] for d in publishes) == [1, 1, 2]

    async def test_unpublish(self, app: FastAPI, team: Team, new_api: Callable[[], Api]) -> None:
        api = new_api()
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL02")
        await bind_rows(app, team, t["id"], dev["id"])
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert ok(await team.admin.call("DELETE", "/yun/module/publish", params={"id": t["id"]}))["published"] is False
        assert code(await config(api, "IOTTPL02")) == 115018
        assert code(await team.admin.call("DELETE", "/yun/module/publish", params={"id": t["id"]})) == 115018

    async def test_other_tenant_cannot_publish(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        t = await make_template(team.admin)
        assert code(await other_tenant.post("/yun/module/publish", {"id": t["id"]})) == 115001


class TestDeviceConfig:
    async def test_gateway_authenticates_by_sn_and_secret(
        self, app: FastAPI, team: Team, new_api: Callable[[], Api]
    ) -> None:
        api = new_api()
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL03")
        await bind_rows(app, team, t["id"], dev["id"])
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert code(await config(api, "IOTTPL03", "wrong-secret")) == 110506
        assert code(await config(api, "NOSUCHSN", SECRET)) == 110506
        assert code(await config(api, "IOTTPL03", "")) == 110506
        assert ok(await config(api, "IOTTPL03"))["sn_code"] == "IOTTPL03"

    async def test_unbound_device(self, team: Team, new_api: Callable[[], Api]) -> None:
        api = new_api()
        await register(team.admin, "IOTTPL04")
        assert code(await config(api, "IOTTPL04")) == 115018

    async def test_two_point_zero_names_the_reading_device(
        self, app: FastAPI, team: Team, new_api: Callable[[], Api]
    ) -> None:
        api = new_api()
        t = await make_template(team.admin, data_version="2.0")
        a = await register(team.admin, "IOTTPL05")
        b = await register(team.admin, "IOTTPL06")
        await bind_rows(app, team, t["id"], a["id"])
        await add_source(app, t["id"], "远端温度", device_id=b["id"])
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        got = ok(await config(api, "IOTTPL05"))
        assert got["data_version"] == "2.0" and got["data_sources"][0]["device_sn"] == "IOTTPL06"

    async def test_the_document_keeps_its_wire_form(self, app: FastAPI, team: Team, new_api: Callable[[], Api]) -> None:
        """Every kind of data source, with every key in its place and numbers as they were stored (an integer
        threshold stays an integer): the document a running gateway parses (docs/device-protocol.md)."""
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL11")
        await bind_rows(app, team, t["id"], dev["id"])
        for name, data_type, kw in WIRE_SOURCES:
            await add_source(app, t["id"], name, data_type, **kw)
        published = ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        got = ok(await config(new_api(), "IOTTPL11"))
        group = got["groups"][0]["id"]
        ids = {d["name"]: d["id"] for d in got["data_sources"]}
        want = {
            "sn_code": "IOTTPL11",
            "template_id": t["id"],
            "version": published["published_version"],
            "published_at": got["published_at"],
            "data_version": "1.0",
            "groups": [{"id": group, "name": "默认分组"}],
            "data_sources": [
                {**WIRE_DEFAULTS, "id": ids[name], "name": name, "group_id": group, "data_type": data_type, **kw}
                for name, data_type, kw in WIRE_SOURCES
            ],
        }
        assert isinstance(got["published_at"], int) and got["published_at"] > 0
        assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False)

    async def test_the_openapi_document_types_it(self, app: FastAPI) -> None:
        """`/dev/config` answers the gateway-configuration schema, every key it sends marked as present."""
        spec = app.openapi()
        answer = spec["paths"]["/api/dev/config"]["get"]["responses"]["200"]["content"]["application/json"]
        schemas = spec["components"]["schemas"]
        envelope = schemas[answer["schema"]["$ref"].rsplit("/", 1)[1]]
        assert {"$ref": "#/components/schemas/GatewayConfig"} in envelope["properties"]["data"]["anyOf"]
        document = schemas["GatewayConfig"]
        assert document["required"] == list(WIRE_TOP)
        assert document["properties"]["data_sources"]["items"] == {"$ref": "#/components/schemas/DataSourceConfig"}
        assert schemas["DataSourceConfig"]["required"] == list(WIRE_DEFAULTS)
        assert schemas["FaultConfig"]["required"] == list(_COMPARE)
        assert schemas["GroupConfig"]["required"] == ["id", "name"]


# The document's keys in wire order.
WIRE_TOP = ("sn_code", "template_id", "version", "published_at", "data_version", "groups", "data_sources")
# The data-source keys in wire order, with the values a row takes by default.
WIRE_DEFAULTS: dict[str, Any] = {
    "id": 0,
    "name": "",
    "group_id": 0,
    "data_type": "",
    "area": "holding",
    "address": 0,
    "bit_index": None,
    "byte_order": "big",
    "word_order": "big",
    "string_length": None,
    "rw": "r",
    "scale": 1.0,
    "offset": 0.0,
    "unit": "",
    "decimals": 2,
    "min_value": None,
    "max_value": None,
    "history": "off",
    "history_interval_s": None,
    "aggregate": "avg",
    "faults": [],
    "device_sn": None,
}
_COMPARE = {
    "kind": "compare",
    "op": "gt",
    "threshold": 80,
    "bit_index": None,
    "alarm_name": "高",
    "level": 2,
    "info": "",
}
_LOW = {
    "kind": "compare",
    "op": "le",
    "threshold": 0.5,
    "bit_index": None,
    "alarm_name": "低",
    "level": 1,
    "info": "查",
}
_BIT = {"kind": "bit", "op": None, "threshold": None, "bit_index": 3, "alarm_name": "故障", "level": 3, "info": ""}
# One data source of every data type and area, with the settings that apply to it (sorted by id, as published).
WIRE_SOURCES: list[tuple[str, str, dict[str, Any]]] = [
    ("线圈", "bit", {"area": "coil", "address": 1, "rw": "rw", "decimals": 0}),
    ("离散", "bit", {"area": "discrete", "address": 2, "decimals": 0, "faults": [_BIT]}),
    ("位", "bit", {"address": 3, "bit_index": 5, "rw": "rw", "decimals": 0, "history": "change"}),
    ("电流", "int16", {"area": "input", "address": 4, "scale": 0.1, "offset": -5.0, "unit": "A", "decimals": 1}),
    ("计数", "uint16", {"address": 5, "decimals": 0, "aggregate": "max"}),
    ("能耗", "int32", {"address": 6, "word_order": "little", "history": "interval", "history_interval_s": 60}),
    ("累计", "uint32", {"address": 8, "byte_order": "little", "aggregate": "sum"}),
    ("压力", "float32", {"address": 10, "rw": "rw", "min_value": 0.0, "max_value": 1.6, "faults": [_COMPARE, _LOW]}),
    ("产量", "float64", {"area": "input", "address": 12, "unit": "t"}),
    ("型号", "string", {"address": 20, "string_length": 10}),
]


class TestCopyAndDelete:
    async def test_copy_takes_screens_and_sources(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        ok(await team.admin.post("/yun/module/view", {"template_id": t["id"], "kind": "web", "name": "泵房"}))
        await add_source(app, t["id"], "出水压力")
        copied = ok(await team.admin.post("/yun/module/copy", {"id": t["id"]}))
        assert copied["name"] == "水泵站 副本" and copied["source"] == "create" and copied["published"] is False
        assert (copied["web_screens"], copied["mobile_screens"], copied["data_source_count"]) == (2, 1, 1)
        again = ok(await team.admin.post("/yun/module/copy", {"id": t["id"]}))
        assert again["name"] == "水泵站 副本 2"
        named = ok(await team.admin.post("/yun/module/copy", {"id": t["id"], "name": "新站"}))
        assert named["name"] == "新站"
        assert code(await team.admin.post("/yun/module/copy", {"id": t["id"], "name": "新站"})) == 115006

    async def test_copy_in_english(self, team: Team) -> None:
        t = await make_template(team.admin, "Pump")
        team.admin.lang = "en"
        assert ok(await team.admin.post("/yun/module/copy", {"id": t["id"]}))["name"] == "Pump copy"

    async def test_delete(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        dev = await register(team.admin, "IOTTPL07")
        await bind_rows(app, team, t["id"], dev["id"])
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        assert code(await team.admin.call("DELETE", "/yun/module", params={"id": t["id"]})) == 115017
        ok(await team.admin.call("DELETE", "/yun/module/publish", params={"id": t["id"]}))
        assert code(await team.admin.call("DELETE", "/yun/module", params={"id": t["id"]})) == 100001
        assert ok(await team.admin.get("/yun/module"))["total"] == 0
        async with app.state.db.sessionmaker() as s:
            assert (await s.scalars(select(TemplateBinding))).all() == []
        # The device is free for another template.
        other = await make_template(team.admin, "B")
        await bind_rows(app, team, other["id"], dev["id"])


class TestMiddlewareAndHome:
    async def test_overview(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin)
        old = await register(team.admin, "IOTTPL08")
        new = await register(team.admin, "IOTTPL09")
        async with app.state.db.sessionmaker() as s:
            await s.execute(update(Gateway).where(Gateway.sn == "IOTTPL08").values(firmware_version="1.5.0"))
            await s.execute(update(Gateway).where(Gateway.sn == "IOTTPL09").values(firmware_version="2.1.0"))
            await s.commit()
        await bind_rows(app, team, t["id"], old["id"], new["id"])
        await add_source(app, t["id"], "压力", "float64")
        await add_source(app, t["id"], "报警", "bit", area="coil", address=1)
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        mid = ok(await team.admin.get("/yun/module/middleware", params={"id": t["id"]}))
        assert mid["data_sources"] == {"total": 2, "by_type": {"bit": 1, "float64": 1}}
        devices = {d["sn_code"]: (d["supported"], d["missing_types"]) for d in mid["devices"]}
        assert devices == {"IOTTPL08": (False, ["float64"]), "IOTTPL09": (True, [])}
        assert mid["publication"]["published_by"] == "alice"
        assert [h["action"] for h in mid["history"]] == ["publish", "create"]
        assert mid["template"]["bound_count"] == 2

    async def test_home_summary(self, app: FastAPI, team: Team) -> None:
        t = await make_template(team.admin, "A")
        await make_template(team.admin, "B")
        dev = await register(team.admin, "IOTTPL10")
        await bind_rows(app, team, t["id"], dev["id"])
        ok(await team.admin.post("/yun/module/publish", {"id": t["id"]}))
        home = ok(await team.admin.get("/yun/homenav/module"))
        assert (home["total"], home["published"]) == (2, 1)
        assert [(i["name"], i["bound_count"]) for i in home["items"]] == [("A", 1), ("B", 0)]
