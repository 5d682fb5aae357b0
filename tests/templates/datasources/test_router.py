"""Data sources and their groups over HTTP: list, create, edit, delete, every rule with its code, shares and
data version 2.0 devices (docs/api-templates.md "Data sources")."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.devices.factories import register
from tests.team.factories import Team
from tests.templates.datasources.factories import (
    GROUPS,
    PATH,
    add,
    add_group,
    body,
    counts,
    groups,
    listed,
    share_row,
    template_user,
    version,
)
from tests.templates.factories import make_template, ok, template_logs

FAULT = {"kind": "compare", "op": "gt", "threshold": 80, "alarm_name": "高温", "level": 2, "info": "检查冷却"}
BIT_FAULT = {"kind": "bit", "bit_index": 3, "alarm_name": "急停", "level": 5}

# (fields over a valid int16 holding register, code, field)
REFUSED: list[tuple[dict[str, Any], int, str]] = [
    ({"name": ""}, 115402, "name"),
    ({"name": "   "}, 115402, "name"),
    ({"name": "x" * 33}, 115403, "name"),
    ({"data_type": "int8"}, 115405, "data_type"),
    ({"byte_order": "middle"}, 115405, "byte_order"),
    ({"word_order": "middle"}, 115405, "word_order"),
    ({"data_type": "string"}, 115405, "string_length"),
    ({"data_type": "string", "string_length": 0}, 115405, "string_length"),
    ({"data_type": "string", "string_length": 129}, 115405, "string_length"),
    ({"area": "memory"}, 115406, "area"),
    ({"address": -1}, 115406, "address"),
    ({"address": 65536}, 115406, "address"),
    ({"data_type": "int32", "address": 65535}, 115406, "address"),
    ({"data_type": "float64", "address": 65533}, 115406, "address"),
    ({"data_type": "string", "string_length": 5, "address": 65534}, 115406, "address"),
    ({"area": "coil"}, 115406, "area"),
    ({"data_type": "float32", "area": "discrete"}, 115406, "area"),
    ({"data_type": "bit", "area": "holding"}, 115406, "bit_index"),
    ({"data_type": "bit", "area": "input", "bit_index": 16}, 115406, "bit_index"),
    ({"data_type": "bit", "area": "holding", "bit_index": -1}, 115406, "bit_index"),
    ({"area": "input", "rw": "rw"}, 115406, "rw"),
    ({"data_type": "bit", "area": "discrete", "rw": "rw"}, 115406, "rw"),
    ({"rw": "w"}, 115406, "rw"),
    ({"min_value": 0}, 115407, "max_value"),
    ({"max_value": 10}, 115407, "min_value"),
    ({"min_value": 10, "max_value": 9.5}, 115407, "min_value"),
    ({"history": "daily"}, 115408, "history"),
    ({"history": "interval"}, 115408, "history_interval_s"),
    ({"history": "interval", "history_interval_s": 0}, 115408, "history_interval_s"),
    ({"history": "interval", "history_interval_s": 86401}, 115408, "history_interval_s"),
    ({"aggregate": "median"}, 115408, "aggregate"),
    ({"faults": [FAULT] * 11}, 115409, "faults"),
    ({"faults": "high"}, 115409, "faults"),
    ({"faults": [1]}, 115409, "faults"),
    ({"faults": [{**FAULT, "kind": "range"}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "op": "between"}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "threshold": None}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "threshold": "80"}]}, 115409, "faults"),
    ({"faults": [{**BIT_FAULT, "bit_index": None}]}, 115409, "faults"),
    ({"faults": [{**BIT_FAULT, "bit_index": 64}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "alarm_name": ""}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "alarm_name": "a" * 33}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "info": "i" * 201}]}, 115409, "faults"),
    ({"faults": [{**FAULT, "level": 0}]}, 115410, "faults"),
    ({"faults": [{**FAULT, "level": 6}]}, 115410, "faults"),
    ({"faults": [{**FAULT, "level": None}]}, 115410, "faults"),
    ({"faults": [FAULT, {**BIT_FAULT, "level": 9}]}, 115410, "faults"),
    ({"scale": 0}, 100004, "scale"),
    ({"unit": "u" * 17}, 100004, "unit"),
    ({"decimals": 7}, 100004, "decimals"),
    ({"decimals": -1}, 100004, "decimals"),
]

# Accepted at the limits: (fields, what the answer shows)
ACCEPTED: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"name": " " + "名" * 32 + " "}, {"name": "名" * 32}),
    ({"address": 65535}, {"address": 65535}),
    ({"data_type": "float64", "address": 65532, "area": "input"}, {"data_type": "float64", "address": 65532}),
    ({"data_type": "string", "string_length": 128, "address": 65472}, {"string_length": 128}),
    ({"data_type": "string", "string_length": 1, "address": 65535}, {"string_length": 1}),
    ({"data_type": "bit", "area": "holding", "bit_index": 15, "rw": "rw"}, {"bit_index": 15, "rw": "rw"}),
    ({"data_type": "bit", "area": "coil", "rw": "rw"}, {"bit_index": None, "area": "coil"}),
    ({"data_type": "bit", "area": "discrete"}, {"area": "discrete", "rw": "r"}),
    ({"min_value": 5, "max_value": 5}, {"min_value": 5.0, "max_value": 5.0}),
    ({"history": "interval", "history_interval_s": 86400}, {"history_interval_s": 86400}),
    ({"history": "interval", "history_interval_s": 1, "aggregate": "count"}, {"history_interval_s": 1}),
    ({"unit": "u" * 16, "decimals": 6, "scale": -0.5, "offset": 3}, {"scale": -0.5, "offset": 3.0}),
    ({"decimals": 0}, {"decimals": 0}),
    ({"faults": [FAULT] * 10}, {}),
    ({"faults": [{**FAULT, "alarm_name": "a" * 32, "info": "i" * 200, "level": 1}]}, {}),
    ({"faults": [{**BIT_FAULT, "bit_index": 63}]}, {}),
    # Settings that do not apply are stored empty.
    ({"bit_index": 3, "string_length": 8, "history_interval_s": 60}, {"bit_index": None, "string_length": None}),
    ({"history": "change", "history_interval_s": 60}, {"history_interval_s": None}),
]


class TestListDataSources:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(PATH, params={"template_id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await nobody.get(PATH, params={"template_id": template["id"]})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        await add(team.admin, template["id"])
        assert code(await other_tenant.get(PATH, params={"template_id": template["id"]})) == 115001
        theirs = await make_template(other_tenant)
        assert (await listed(other_tenant, theirs["id"]))["total"] == 0

    async def test_orders_by_group_then_sort_and_filters(self, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        line = await add_group(team.admin, tid, "line")
        await add(team.admin, tid, "b-line", group_id=line["id"], sort=0)
        await add(team.admin, tid, "压力", data_type="float32", sort=5)
        await add(team.admin, tid, "a-line", group_id=line["id"], sort=1, data_type="float32")
        await add(team.admin, tid, "温度", sort=2)
        data = await listed(team.admin, tid)
        assert [d["name"] for d in data["items"]] == ["温度", "压力", "b-line", "a-line"]
        assert data["total"] == 4 and data["page"] == 1
        assert [d["group_name"] for d in data["items"]] == ["默认分组", "默认分组", "line", "line"]
        assert [d["name"] for d in (await listed(team.admin, tid, group_id=line["id"]))["items"]] == [
            "b-line",
            "a-line",
        ]
        assert [d["name"] for d in (await listed(team.admin, tid, data_type="float32"))["items"]] == ["压力", "a-line"]
        assert [d["name"] for d in (await listed(team.admin, tid, q="LINE"))["items"]] == ["b-line", "a-line"]
        page = await listed(team.admin, tid, page=2, page_size=3)
        assert [d["name"] for d in page["items"]] == ["a-line"] and page["total"] == 4

    async def test_received_template_of_another_tenant(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        theirs = await make_template(other_tenant)
        await add(other_tenant, theirs["id"], "压力")
        await share_row(app, theirs["id"], team.admin.user_id or 0, ["view"])
        data = await listed(team.admin, theirs["id"])
        assert [d["name"] for d in data["items"]] == ["压力"]
        assert [g["name"] for g in await groups(team.admin, theirs["id"])] == ["默认分组"]


class TestCreateDataSource:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post(PATH, body(1))) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await nobody.post(PATH, body(template["id"]))) == 100015

    async def test_other_tenant_sees_nothing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        assert code(await other_tenant.post(PATH, body(template["id"]))) == 115001
        assert (await counts(app))[0] == 0

    async def test_creates_in_the_default_group_and_counts_a_change(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        before = await version(app, template["id"])
        data = await add(team.admin, template["id"], "温度", unit="℃", faults=[FAULT, BIT_FAULT])
        assert data["group_name"] == "默认分组" and data["template_id"] == template["id"]
        assert (data["byte_order"], data["word_order"], data["rw"], data["scale"], data["offset"]) == (
            "big",
            "big",
            "r",
            1.0,
            0.0,
        )
        assert (data["history"], data["aggregate"], data["decimals"], data["device_id"], data["device_sn"]) == (
            "off",
            "avg",
            2,
            None,
            None,
        )
        assert data["faults"] == [
            {**FAULT, "bit_index": None},
            {**BIT_FAULT, "op": None, "threshold": None, "info": ""},
        ]
        assert isinstance(data["created_at"], int) and data["sort"] == 0
        assert (await add(team.admin, template["id"], "压力"))["sort"] == 1
        assert await version(app, template["id"]) == before + 2
        assert (await template_logs(app, template["id"]))[-2:] == ["data_source_create", "data_source_create"]

    async def test_refuses_each_rule_and_changes_nothing(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        before = await version(app, template["id"])
        for fields, expected, field in REFUSED:
            resp = await team.admin.post(PATH, body(template["id"], **fields))
            assert (code(resp), resp["meta"]["field"]) == (expected, field), (fields, resp)
        assert (await counts(app))[0] == 0
        assert await version(app, template["id"]) == before

    async def test_accepts_at_the_limits(self, team: Team) -> None:
        template = await make_template(team.admin)
        for n, (fields, shown) in enumerate(ACCEPTED):
            resp = await team.admin.post(PATH, body(template["id"], **{"name": f"v{n}", **fields}))
            assert resp["meta"]["success"] == 1, (fields, resp)
            assert {k: resp["data"][k] for k in shown} == shown, (fields, resp["data"])

    async def test_names_unique_in_a_template(self, team: Team) -> None:
        first = await make_template(team.admin, "a")
        second = await make_template(team.admin, "b")
        await add(team.admin, first["id"], "温度")
        resp = await team.admin.post(PATH, body(first["id"], " 温度 "))
        assert code(resp) == 115404 and resp["meta"]["field"] == "name"
        assert (await add(team.admin, second["id"], "温度"))["name"] == "温度"

    async def test_group_of_another_template(self, team: Team) -> None:
        first = await make_template(team.admin, "a")
        second = await make_template(team.admin, "b")
        other_group = await add_group(team.admin, second["id"], "line")
        resp = await team.admin.post(PATH, body(first["id"], group_id=other_group["id"]))
        assert code(resp) == 100004 and resp["meta"]["field"] == "group_id"
        resp = await team.admin.post(PATH, body(first["id"], group_id=999999))
        assert code(resp) == 100004 and resp["meta"]["field"] == "group_id"

    async def test_device_only_in_data_version_2(self, team: Team, other_tenant: Api) -> None:
        mine = await register(team.admin, "DS0001")
        theirs = await register(other_tenant, "DS0002")
        v1 = await make_template(team.admin, "v1")
        v2 = await make_template(team.admin, "v2", data_version="2.0")
        resp = await team.admin.post(PATH, body(v1["id"], device_id=mine["id"]))
        assert code(resp) == 100004 and resp["meta"]["field"] == "device_id"
        resp = await team.admin.post(PATH, body(v2["id"], device_id=theirs["id"]))
        assert code(resp) == 100004 and resp["meta"]["field"] == "device_id"
        assert code(await team.admin.post(PATH, body(v2["id"], device_id=999999))) == 100004
        data = await add(team.admin, v2["id"], device_id=mine["id"])
        assert (data["device_id"], data["device_sn"]) == (mine["id"], "DS0001")
        assert (await add(team.admin, v2["id"], "bound one"))["device_id"] is None


class TestShares:
    async def test_receiver_without_the_data_source_item(self, app: FastAPI, team: Team) -> None:
        carol = await template_user(team, "carol", "13700000003")
        template = await make_template(team.admin)
        tid = template["id"]
        existing = await add(team.admin, tid, "温度")
        default = (await groups(team.admin, tid))[0]
        await share_row(app, tid, carol.user_id or 0, ["view", "copy"])
        assert (await listed(carol, tid))["total"] == 1
        assert code(await carol.post(PATH, body(tid, "压力"))) == 115019
        assert code(await carol.put(PATH, {**body(tid, "x"), "id": existing["id"]})) == 115019
        assert code(await carol.call("DELETE", PATH, json={"template_id": tid, "ids": [existing["id"]]})) == 115019
        assert code(await carol.post(GROUPS, {"template_id": tid, "name": "line"})) == 115019
        assert code(await carol.put(GROUPS, {"id": default["id"], "name": "x"})) == 115019
        assert code(await carol.call("DELETE", GROUPS, params={"id": default["id"]})) == 115019
        assert await counts(app) == (1, 1)
        assert [d["name"] for d in (await listed(team.admin, tid))["items"]] == ["温度"]

    async def test_receiver_with_the_item_edits_across_tenants(
        self, app: FastAPI, team: Team, other_tenant: Api
    ) -> None:
        theirs = await make_template(other_tenant)
        await share_row(app, theirs["id"], team.admin.user_id or 0, ["data_source"])
        group = await add_group(team.admin, theirs["id"], "line")
        data = await add(team.admin, theirs["id"], "压力", group_id=group["id"])
        data = ok(await team.admin.put(PATH, {**body(theirs["id"], "压力2"), "id": data["id"]}))
        assert data["group_name"] == "line"
        assert [d["name"] for d in (await listed(other_tenant, theirs["id"]))["items"]] == ["压力2"]

    async def test_a_device_set_by_the_owner_stays_when_the_receiver_edits(self, app: FastAPI, team: Team) -> None:
        carol = await template_user(team, "carol", "13700000003")
        device = await register(team.admin, "DS0001")
        template = await make_template(team.admin, "v2", data_version="2.0")
        data = await add(team.admin, template["id"], "压力", device_id=device["id"])
        await share_row(app, template["id"], carol.user_id or 0, ["data_source"])
        same_device = body(template["id"], "压力", unit="MPa", device_id=device["id"])
        edited = ok(await carol.put(PATH, {**same_device, "id": data["id"]}))
        assert (edited["unit"], edited["device_sn"]) == ("MPa", "DS0001")
        # Carol does not read the device: she cannot name it anew.
        resp = await carol.post(PATH, body(template["id"], "流量", device_id=device["id"]))
        assert code(resp) == 100004 and resp["meta"]["field"] == "device_id"


class TestUpdateDataSource:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.put(PATH, {**body(1), "id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        data = await add(team.admin, template["id"])
        nobody = await team.without()
        assert code(await nobody.put(PATH, {**body(template["id"]), "id": data["id"]})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        data = await add(team.admin, template["id"])
        resp = await other_tenant.put(PATH, {**body(template["id"], "x"), "id": data["id"]})
        assert code(resp) == 115401 and resp["meta"]["field"] == "id"
        assert code(await team.admin.put(PATH, {**body(template["id"]), "id": 999999})) == 115401
        assert (await listed(team.admin, template["id"]))["items"][0]["name"] == "温度"

    async def test_replaces_settings_keeping_group_and_sort(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        line = await add_group(team.admin, tid, "line")
        data = await add(team.admin, tid, "温度", group_id=line["id"], faults=[FAULT], unit="℃")
        before = await version(app, tid)
        new = {"data_type": "float32", "area": "input", "address": 10, "history": "change", "word_order": "little"}
        edited = ok(await team.admin.put(PATH, {**body(tid, "温度", **new), "id": data["id"]}))
        assert {k: edited[k] for k in new} == new
        assert (edited["group_id"], edited["sort"], edited["faults"], edited["unit"]) == (line["id"], 0, [], "")
        assert await version(app, tid) == before + 1
        assert (await template_logs(app, tid))[-1] == "data_source_update"
        default = (await groups(team.admin, tid))[0]
        moved = ok(await team.admin.put(PATH, {**body(tid), "id": data["id"], "group_id": default["id"], "sort": 7}))
        assert (moved["group_name"], moved["sort"]) == ("默认分组", 7)

    async def test_rules_change_nothing(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        await add(team.admin, tid, "压力")
        data = await add(team.admin, tid, "温度")
        before = await version(app, tid)
        resp = await team.admin.put(PATH, {**body(tid, "压力"), "id": data["id"]})
        assert code(resp) == 115404 and resp["meta"]["field"] == "name"
        for fields, expected, field in REFUSED:
            resp = await team.admin.put(PATH, {**body(tid, **{"name": "温度", **fields}), "id": data["id"]})
            assert (code(resp), resp["meta"]["field"]) == (expected, field), (fields, resp)
        assert await version(app, tid) == before
        assert [(d["name"], d["data_type"]) for d in (await listed(team.admin, tid))["items"]] == [
            ("压力", "int16"),
            ("温度", "int16"),
        ]


class TestDeleteDataSources:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.call("DELETE", PATH, json={"template_id": 1, "ids": [1]})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.call("DELETE", PATH, json={"template_id": 1, "ids": [1]})) == 100015

    async def test_other_tenant_sees_nothing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        data = await add(team.admin, template["id"])
        resp = await other_tenant.call("DELETE", PATH, json={"template_id": template["id"], "ids": [data["id"]]})
        assert code(resp) == 115001
        assert (await counts(app))[0] == 1

    async def test_all_or_nothing(self, app: FastAPI, team: Team) -> None:
        first = await make_template(team.admin, "a")
        second = await make_template(team.admin, "b")
        a = await add(team.admin, first["id"], "a")
        b = await add(team.admin, first["id"], "b")
        c = await add(team.admin, second["id"], "c")
        before = await version(app, first["id"])
        resp = await team.admin.call("DELETE", PATH, json={"template_id": first["id"], "ids": [a["id"], c["id"]]})
        assert code(resp) == 115401 and resp["meta"]["field"] == "ids"
        assert code(await team.admin.call("DELETE", PATH, json={"template_id": first["id"], "ids": []})) == 100004
        assert (await counts(app))[0] == 3 and await version(app, first["id"]) == before
        ok(await team.admin.call("DELETE", PATH, json={"template_id": first["id"], "ids": [a["id"], b["id"], a["id"]]}))
        assert (await listed(team.admin, first["id"]))["total"] == 0
        assert (await listed(team.admin, second["id"]))["total"] == 1
        assert await version(app, first["id"]) == before + 1
        assert (await template_logs(app, first["id"]))[-1] == "data_source_delete"


class TestListGroups:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get(GROUPS, params={"template_id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await nobody.get(GROUPS, params={"template_id": template["id"]})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        assert code(await other_tenant.get(GROUPS, params={"template_id": template["id"]})) == 115001

    async def test_default_first_with_counts(self, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        line = await add_group(team.admin, tid, "line")
        await add_group(team.admin, tid, "press")
        await add(team.admin, tid, "a", group_id=line["id"])
        await add(team.admin, tid, "b", group_id=line["id"])
        await add(team.admin, tid, "c")
        listed_groups = await groups(team.admin, tid)
        assert [(g["name"], g["is_default"], g["count"], g["sort"]) for g in listed_groups] == [
            ("默认分组", True, 1, 0),
            ("line", False, 2, 1),
            ("press", False, 0, 2),
        ]
        assert {g["template_id"] for g in listed_groups} == {tid}


class TestCreateGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.post(GROUPS, {"template_id": 1, "name": "x"})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        template = await make_template(team.admin)
        nobody = await team.without()
        assert code(await nobody.post(GROUPS, {"template_id": template["id"], "name": "x"})) == 100015

    async def test_other_tenant_sees_nothing(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        assert code(await other_tenant.post(GROUPS, {"template_id": template["id"], "name": "x"})) == 115001
        assert (await counts(app))[1] == 1

    async def test_rules(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        other = await make_template(team.admin, "other")
        tid = template["id"]
        before = await version(app, tid)
        for name, expected in (
            ("默认分组", 115404),
            ("Default", 115404),
            ("", 115402),
            ("  ", 115402),
            ("x" * 33, 115403),
        ):
            resp = await team.admin.post(GROUPS, {"template_id": tid, "name": name})
            assert (code(resp), resp["meta"]["field"]) == (expected, "name"), (name, resp)
        assert await version(app, tid) == before
        data = await add_group(team.admin, tid, " " + "组" * 32 + " ")
        assert (data["name"], data["count"], data["is_default"]) == ("组" * 32, 0, False)
        assert code(await team.admin.post(GROUPS, {"template_id": tid, "name": "组" * 32})) == 115404
        assert (await add_group(team.admin, other["id"], "组" * 32))["template_id"] == other["id"]
        assert await version(app, tid) == before + 1
        assert (await template_logs(app, tid))[-1] == "data_source_group_create"


class TestUpdateGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.put(GROUPS, {"id": 1, "name": "x"})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.put(GROUPS, {"id": 1, "name": "x"})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        line = await add_group(team.admin, template["id"], "line")
        resp = await other_tenant.put(GROUPS, {"id": line["id"], "name": "x"})
        assert code(resp) == 115401 and resp["meta"]["field"] == "id"
        assert [g["name"] for g in await groups(team.admin, template["id"])] == ["默认分组", "line"]

    async def test_renames(self, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        line = await add_group(team.admin, tid, "line")
        await add(team.admin, tid, "a", group_id=line["id"])
        assert code(await team.admin.put(GROUPS, {"id": line["id"], "name": "默认分组"})) == 115404
        assert code(await team.admin.put(GROUPS, {"id": line["id"], "name": ""})) == 115402
        assert code(await team.admin.put(GROUPS, {"id": 999999, "name": "x"})) == 115401
        data = ok(await team.admin.put(GROUPS, {"id": line["id"], "name": "line"}))
        assert (data["name"], data["count"]) == ("line", 1)
        default = (await groups(team.admin, tid))[0]
        data = ok(await team.admin.put(GROUPS, {"id": default["id"], "name": "总厂"}))
        assert (data["name"], data["is_default"]) == ("总厂", True)
        assert (await listed(team.admin, tid))["items"][0]["group_name"] == "line"


class TestDeleteGroup:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.call("DELETE", GROUPS, params={"id": 1})) == 100009

    async def test_without_P41000(self, team: Team) -> None:
        nobody = await team.without()
        assert code(await nobody.call("DELETE", GROUPS, params={"id": 1})) == 100015

    async def test_other_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        template = await make_template(team.admin)
        line = await add_group(team.admin, template["id"], "line")
        assert code(await other_tenant.call("DELETE", GROUPS, params={"id": line["id"]})) == 115401
        assert len(await groups(team.admin, template["id"])) == 2

    async def test_default_and_used_groups_stay(self, app: FastAPI, team: Team) -> None:
        template = await make_template(team.admin)
        tid = template["id"]
        default = (await groups(team.admin, tid))[0]
        line = await add_group(team.admin, tid, "line")
        press = await add_group(team.admin, tid, "press")
        await add(team.admin, tid, "a", group_id=line["id"])
        before = await version(app, tid)
        assert code(await team.admin.call("DELETE", GROUPS, params={"id": default["id"]})) == 115413
        assert code(await team.admin.call("DELETE", GROUPS, params={"id": line["id"]})) == 115413
        assert code(await team.admin.call("DELETE", GROUPS, params={"id": 999999})) == 115401
        assert await version(app, tid) == before
        ok(await team.admin.call("DELETE", GROUPS, params={"id": press["id"]}))
        assert [g["name"] for g in await groups(team.admin, tid)] == ["默认分组", "line"]
        assert await version(app, tid) == before + 1
        assert (await template_logs(app, tid))[-1] == "data_source_group_delete"
