"""Virtual devices over HTTP: list, read, create, edit, delete, repair and batch (SPEC §3, §4)."""

from typing import Any

from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.templates.factories import make_template, share_template

PATH = "/yun/dev/fictitious"


async def make(api: Api, name: str = "pump", **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.post(PATH, {"name": name, **body}))
    return data


async def listed(api: Api, **params: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(await api.get(PATH, params=params))
    return data


class TestAccess:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(PATH)) == 100009
        assert code(await api.post(PATH, {"name": "x"})) == 100009
        assert code(await api.post("/yun/batch/dev/fictitious", {"device_ids": [1]})) == 100009

    async def test_without_P32000(self, site: Site) -> None:
        bob = await site.user("bob", ["P30000"])
        assert code(await bob.get(PATH)) == 100015
        assert code(await bob.get(f"{PATH}/1")) == 100015
        assert code(await bob.post(PATH, {"name": "x"})) == 100015
        assert code(await bob.put(PATH, {"id": 1})) == 100015
        assert code(await bob.call("DELETE", PATH, params={"id": 1})) == 100015
        assert code(await bob.post(f"{PATH}/repair", {"id": 1})) == 100015
        assert code(await bob.post("/yun/batch/dev/fictitious", {"device_ids": [1]})) == 100015
        assert code(await bob.call("DELETE", "/yun/batch/dev/fictitious", json={"ids": [1]})) == 100015

    async def test_other_tenant_sees_nothing(self, site: Site, other_tenant: Api) -> None:
        vd = await make(site.admin, device_id=await site.device())
        assert (await listed(other_tenant))["total"] == 0
        assert code(await other_tenant.get(f"{PATH}/{vd['id']}")) == 118801
        assert code(await other_tenant.put(PATH, {"id": vd["id"], "name": "x"})) == 118801
        assert code(await other_tenant.call("DELETE", PATH, params={"id": vd["id"]})) == 118801
        assert code(await other_tenant.post(f"{PATH}/repair", {"id": vd["id"]})) == 118801
        assert code(await other_tenant.call("DELETE", "/yun/batch/dev/fictitious", json={"ids": [vd["id"]]})) == 118801
        assert (await listed(site.admin))["total"] == 1

    async def test_users_see_their_own_and_the_administrator_all(self, site: Site) -> None:
        bob = await site.user("bob", ["P32000"])
        carl = await site.user("carl", ["P32000"])
        mine = await make(bob, "bobs")
        await make(carl, "carls")
        assert [v["name"] for v in (await listed(bob))["items"]] == ["bobs"]
        assert code(await carl.get(f"{PATH}/{mine['id']}")) == 118801
        assert code(await carl.call("DELETE", PATH, params={"id": mine["id"]})) == 118801
        assert sorted(v["name"] for v in (await listed(site.admin))["items"]) == ["bobs", "carls"]
        assert ok(await site.admin.get(f"{PATH}/{mine['id']}"))["name"] == "bobs"


class TestCreate:
    async def test_one_point_zero(self, site: Site) -> None:
        device = await site.device(alias="boiler", firmware_version="2.1.0")
        vd = await make(
            site.admin,
            device_id=device,
            address="1 Road",
            province_code="110000",
            city_code="110100",
            area_code="110105",
            contact_name="Li",
            contact_phone="13800000000",
            permissions=["history", "view", "view"],
        )
        assert vd["version"] == "1.0" and vd["sn_code"].startswith("SN") and vd["device_alias"] == "boiler"
        assert vd["firmware_version"] == "2.1.0" == vd["device_firmware_version"]
        assert (vd["binding_state"], vd["abnormal_reason"]) == ("normal", None)
        assert vd["area_name"] == "北京市 朝阳区" and vd["permissions"] == ["view", "history"]
        assert vd["group_name"] == "默认分组" and vd["members"] == [] and vd["template_name"] is None
        assert ok(await site.admin.get(f"{PATH}/{vd['id']}")) == vd

    async def test_two_point_zero(self, site: Site) -> None:
        a, b = await site.device(alias="a"), await site.device(alias="b")
        vd = await make(site.admin, version="2.0", member_ids=[a, b, a])
        assert [(m["device_id"], m["alias"]) for m in vd["members"]] == [(a, "a"), (b, "b")]
        assert vd["binding_state"] == "normal" and vd["device_id"] is None and vd["sn_code"] == ""

    async def test_without_device_is_abnormal(self, site: Site) -> None:
        vd = await make(site.admin)
        assert (vd["binding_state"], vd["abnormal_reason"], vd["sn_code"]) == ("abnormal", "sn_empty", "")

    async def test_rules(self, site: Site, other_tenant: Api) -> None:
        device = await site.device()
        await make(site.admin, "pump")
        cases: list[tuple[dict[str, Any], int, str | None]] = [
            ({"name": "pump"}, 118808, "name"),
            ({"name": ""}, 118809, "name"),
            ({"name": "x" * 33}, 118809, "name"),
            ({"name": "v", "device_id": 999999}, 118804, "device_id"),
            ({"name": "v", "device_id": await site.device(owner=other_tenant)}, 118804, "device_id"),
            ({"name": "v", "gps_device_id": device}, 118805, "gps_device_id"),
            ({"name": "v", "gps_device_id": 999999}, 118804, "gps_device_id"),
            ({"name": "v", "version": "3.0"}, 118806, "version"),
            ({"name": "v", "version": "1.0", "member_ids": [device]}, 118806, "member_ids"),
            ({"name": "v", "version": "2.0", "device_id": device, "member_ids": [device]}, 118806, "device_id"),
            ({"name": "v", "version": "2.0"}, 118811, "member_ids"),
            ({"name": "v", "version": "2.0", "member_ids": [999999]}, 118804, "member_ids"),
            ({"name": "v", "permissions": ["view", "delete"]}, 100004, "permissions"),
            ({"name": "v", "group_id": 999999}, 112005, "group_id"),
            ({"name": "v", "address": "a" * 201}, 110558, "address"),
            ({"name": "v", "contact_name": "c" * 33}, 110559, "contact_name"),
            ({"name": "v", "contact_phone": "12345"}, 110560, "contact_phone"),
            ({"name": "v", "province_code": "999999"}, 111001, "province_code"),
            ({"name": "v", "province_code": "120000", "city_code": "110100"}, 111001, "city_code"),
            ({"name": "v", "area_code": "110105"}, 111001, "area_code"),
            ({"name": "v", "template_id": 1}, 115001, "template_id"),
        ]
        for body, expected, field in cases:
            answer = await site.admin.post(PATH, body)
            assert (code(answer), answer["meta"]["field"]) == (expected, field), body
        assert (await listed(site.admin))["total"] == 1

    async def test_gps_device_needs_gps_or_a_position(self, site: Site) -> None:
        with_gps, located = await site.device(), await site.device(latitude=31.2, longitude=121.5)
        await site.set_gateway(with_gps, has_gps=True)
        assert (await make(site.admin, "a", gps_device_id=with_gps))["gps_sn_code"] != ""
        assert (await make(site.admin, "b", gps_device_id=located))["gps_device_id"] == located

    async def test_binds_shared_device_but_not_unreadable_ones(self, site: Site) -> None:
        bob = await site.user("bob", ["P32000"])
        shared, hidden = await site.device(), await site.device()
        await site.grant(shared, bob)
        assert (await make(bob, "s", device_id=shared))["binding_state"] == "normal"
        assert code(await bob.post(PATH, {"name": "h", "device_id": hidden})) == 118804
        assert code(await bob.post(PATH, {"name": "h", "version": "2.0", "member_ids": [hidden]})) == 118804
        assert code(await bob.post(PATH, {"name": "h", "gps_device_id": hidden})) == 118804

    async def test_binds_device_shared_from_another_tenant(self, site: Site, other_tenant: Api) -> None:
        foreign = await site.device(owner=other_tenant, alias="far")
        await site.grant(foreign, site.admin)
        vd = await make(site.admin, device_id=foreign)
        assert (vd["binding_state"], vd["device_alias"]) == ("normal", "far")


class TestUpdate:
    async def test_partial_update_keeps_the_rest(self, site: Site) -> None:
        device = await site.device()
        vd = await make(site.admin, device_id=device, address="a", permissions=["view", "write"])
        data = ok(await site.admin.put(PATH, {"id": vd["id"], "name": "renamed", "contact_phone": ""}))
        assert (data["name"], data["address"], data["device_id"]) == ("renamed", "a", device)
        assert data["permissions"] == ["view", "write"]

    async def test_rules(self, site: Site) -> None:
        await make(site.admin, "other")
        vd = await make(site.admin, device_id=await site.device())
        assert code(await site.admin.put(PATH, {"id": vd["id"], "name": "other"})) == 118808
        assert code(await site.admin.put(PATH, {"id": vd["id"], "name": "x" * 33})) == 118809
        assert code(await site.admin.put(PATH, {"id": vd["id"], "device_id": 999999})) == 118804
        assert code(await site.admin.put(PATH, {"id": vd["id"], "version": "2.0"})) == 118811
        assert code(await site.admin.put(PATH, {"id": vd["id"], "version": "9"})) == 118806
        assert code(await site.admin.put(PATH, {"id": 999999, "name": "x"})) == 118801
        assert ok(await site.admin.get(f"{PATH}/{vd['id']}")) == vd

    async def test_unbind_and_switch_version(self, site: Site) -> None:
        a, b = await site.device(), await site.device()
        vd = await make(site.admin, device_id=a)
        data = ok(await site.admin.put(PATH, {"id": vd["id"], "device_id": None}))
        assert (data["device_id"], data["abnormal_reason"]) == (None, "sn_empty")
        data = ok(await site.admin.put(PATH, {"id": vd["id"], "version": "2.0", "member_ids": [a, b]}))
        assert data["version"] == "2.0" and [m["device_id"] for m in data["members"]] == [a, b]
        data = ok(await site.admin.put(PATH, {"id": vd["id"], "member_ids": [b]}))
        assert [m["device_id"] for m in data["members"]] == [b]
        data = ok(await site.admin.put(PATH, {"id": vd["id"], "version": "1.0", "device_id": b}))
        assert (data["version"], data["members"], data["binding_state"]) == ("1.0", [], "normal")


class TestBindingState:
    async def test_states_and_filters(self, site: Site) -> None:
        ok_dev, changed, gone = await site.device(), await site.device(), await site.device()
        member = await site.device()
        normal = await make(site.admin, "normal", device_id=ok_dev)
        differs = await make(site.admin, "differs", device_id=changed)
        empty = await make(site.admin, "empty", device_id=gone)
        v2 = await make(site.admin, "v2", version="2.0", member_ids=[member])
        await site.set_gateway(changed, firmware_version="9.9.9")
        await site.set_device(gone, registered=False)
        states = {v["name"]: (v["binding_state"], v["abnormal_reason"]) for v in (await listed(site.admin))["items"]}
        assert states == {
            "normal": ("normal", None),
            "differs": ("abnormal", "version_differs"),
            "empty": ("abnormal", "sn_empty"),
            "v2": ("normal", None),
        }
        data = ok(await site.admin.get(f"{PATH}/{empty['id']}"))
        assert (data["sn_code"], data["device_id"]) == ("", gone)
        assert {v["id"] for v in (await listed(site.admin, binding_state="normal"))["items"]} == {
            normal["id"],
            v2["id"],
        }
        abnormal = await listed(site.admin, binding_state="abnormal")
        assert abnormal["total"] == 2 and {v["id"] for v in abnormal["items"]} == {differs["id"], empty["id"]}
        assert [v["id"] for v in (await listed(site.admin, version="2.0"))["items"]] == [v2["id"]]
        await site.set_device(member, registered=False)
        assert ok(await site.admin.get(f"{PATH}/{v2['id']}"))["abnormal_reason"] == "sn_empty"

    async def test_revoked_share_turns_abnormal(self, site: Site, other_tenant: Api) -> None:
        from sqlalchemy import delete

        from iotyun.devices.models import DeviceGrant

        foreign = await site.device(owner=other_tenant)
        await site.grant(foreign, site.admin)
        vd = await make(site.admin, device_id=foreign)
        async with site.app.state.db.sessionmaker() as s:
            await s.execute(delete(DeviceGrant))
            await s.commit()
        data = ok(await site.admin.get(f"{PATH}/{vd['id']}"))
        assert (data["abnormal_reason"], data["sn_code"], data["device_alias"]) == ("sn_empty", "", "")
        assert (await listed(site.admin, binding_state="abnormal"))["total"] == 1

    async def test_list_filters_and_paging(self, site: Site) -> None:
        line = ok(await site.admin.post("/yun/dev/group", {"name": "line"}))["id"]
        for i in range(3):
            await make(site.admin, f"Pump{i}", group_id=line)
        await make(site.admin, "fan", address="PUMP house")
        page = await listed(site.admin, q="pump", page_size=2)
        assert page["total"] == 4 and len(page["items"]) == 2
        assert (await listed(site.admin, group_id=line))["total"] == 3
        assert code(await site.admin.get(PATH, params={"binding_state": "odd"})) == 100004


class TestRepair:
    async def test_repairs_version_differs(self, site: Site) -> None:
        device = await site.device(firmware_version="1.0.0")
        vd = await make(site.admin, device_id=device)
        await site.set_gateway(device, firmware_version="1.1.0")
        data = ok(await site.admin.post(f"{PATH}/repair", {"id": vd["id"]}))
        assert (data["firmware_version"], data["binding_state"]) == ("1.1.0", "normal")
        assert ok(await site.admin.get(f"{PATH}/{vd['id']}"))["binding_state"] == "normal"
        # Repairing a normal binding changes nothing.
        assert ok(await site.admin.post(f"{PATH}/repair", {"id": vd["id"]}))["firmware_version"] == "1.1.0"

    async def test_rules(self, site: Site) -> None:
        empty = await make(site.admin, "empty")
        v2 = await make(site.admin, "v2", version="2.0", member_ids=[await site.device()])
        assert code(await site.admin.post(f"{PATH}/repair", {"id": empty["id"]})) == 118802
        assert code(await site.admin.post(f"{PATH}/repair", {"id": v2["id"]})) == 118803
        assert code(await site.admin.post(f"{PATH}/repair", {"id": 999999})) == 118801


class TestDelete:
    async def test_deletes(self, site: Site) -> None:
        vd = await make(site.admin, version="2.0", member_ids=[await site.device()])
        ok(await site.admin.call("DELETE", PATH, params={"id": vd["id"]}))
        assert (await listed(site.admin))["total"] == 0
        assert code(await site.admin.call("DELETE", PATH, params={"id": vd["id"]})) == 118801


class TestBatch:
    async def test_creates_one_per_device_with_free_names(self, site: Site) -> None:
        a = await site.device(alias="pump")
        b = await site.device(alias="pump")
        c = await site.device()
        await make(site.admin, "pump")
        data = ok(await site.admin.post("/yun/batch/dev/fictitious", {"device_ids": [a, b, c]}))
        assert [v["name"] for v in data][:2] == ["pump (2)", "pump (3)"]
        assert data[2]["name"].startswith("SN") and all(v["binding_state"] == "normal" for v in data)
        v2 = ok(await site.admin.post("/yun/batch/dev/fictitious", {"device_ids": [a], "version": "2.0"}))
        assert v2[0]["version"] == "2.0" and [m["device_id"] for m in v2[0]["members"]] == [a]

    async def test_long_alias_keeps_the_suffix(self, site: Site) -> None:
        alias = "a" * 32
        await make(site.admin, alias)
        data = ok(await site.admin.post("/yun/batch/dev/fictitious", {"device_ids": [await site.device(alias=alias)]}))
        assert data[0]["name"] == "a" * 28 + " (2)"

    async def test_all_or_nothing(self, site: Site, other_tenant: Api) -> None:
        mine, foreign = await site.device(), await site.device(owner=other_tenant)
        body = await site.admin.post("/yun/batch/dev/fictitious", {"device_ids": [mine, foreign]})
        assert (code(body), body["meta"]["field"]) == (118804, "device_ids")
        assert (
            code(await site.admin.post("/yun/batch/dev/fictitious", {"device_ids": [mine], "group_id": 999999}))
            == 112005
        )
        assert (await listed(site.admin))["total"] == 0

    async def test_batch_delete(self, site: Site) -> None:
        bob = await site.user("bob", ["P32000"])
        a, b = await make(site.admin, "a"), await make(site.admin, "b")
        theirs = await make(bob, "c")
        assert (
            code(await bob.call("DELETE", "/yun/batch/dev/fictitious", json={"ids": [theirs["id"], a["id"]]})) == 118801
        )
        assert (await listed(site.admin))["total"] == 3
        ok(await site.admin.call("DELETE", "/yun/batch/dev/fictitious", json={"ids": [a["id"], b["id"]]}))
        assert [v["name"] for v in (await listed(site.admin))["items"]] == ["c"]


class TestTemplate:
    """A virtual device binds a real template the caller reads (SPEC §3): their own or one shared with them."""

    async def test_binds_own_template_and_shows_its_name(self, site: Site) -> None:
        template = await make_template(site.admin, "空压机")
        vd = await make(site.admin, "pump", template_id=template["id"])
        assert (vd["template_id"], vd["template_name"]) == (template["id"], "空压机")
        assert (await listed(site.admin))["items"][0]["template_name"] == "空压机"
        cleared = ok(await site.admin.put(PATH, {"id": vd["id"], "template_id": None}))
        assert (cleared["template_id"], cleared["template_name"]) == (None, None)

    async def test_refuses_a_template_it_does_not_read(self, site: Site, other_tenant: Api) -> None:
        bob = await site.user("bob", ["P32000", "P40000", "P41000"])
        foreign = await make_template(other_tenant, "别家的")
        colleagues = await make_template(bob, "同事的")
        for template_id in (foreign["id"], colleagues["id"], 999999):
            answer = await site.admin.post(PATH, {"name": "v", "template_id": template_id})
            assert (code(answer), answer["meta"]["field"]) == (115001, "template_id")
        vd = await make(site.admin, "v")
        answer = await site.admin.put(PATH, {"id": vd["id"], "template_id": foreign["id"]})
        assert code(answer) == 115001
        assert ok(await site.admin.get(f"{PATH}/{vd['id']}"))["template_id"] is None

    async def test_binds_a_template_shared_with_the_caller(self, site: Site, other_tenant: Api) -> None:
        template = await make_template(other_tenant, "共享模板")
        shared = await share_template(other_tenant, template["id"], "alice", ["view"])  # the site's administrator
        assert shared["meta"]["success"] == 1, shared
        vd = await make(site.admin, "v", template_id=template["id"])
        assert vd["template_name"] == "共享模板"

    async def test_deleting_the_template_unbinds_it(self, site: Site) -> None:
        template = await make_template(site.admin, "临时")
        vd = await make(site.admin, "v", template_id=template["id"])
        deleted = await site.admin.call("DELETE", "/yun/module", params={"id": template["id"]})
        assert deleted["meta"]["success"] == 1, deleted
        got = ok(await site.admin.get(f"{PATH}/{vd['id']}"))
        assert (got["template_id"], got["template_name"]) == (None, None)
