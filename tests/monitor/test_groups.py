"""Groups of monitoring tables over HTTP (issue 35, /monitor/middlewaresGrouping/id=; docs/api-monitor.md "Groups"):
named per tenant (1-32 characters, unique: 115508-115510, at most MONITOR_GROUPS_MAX: 115511), their tables chosen
among those the editor watches (115501) and ordered; each viewer sees the tables of a group they watch; another
tenant's group and an unknown id answer 115507."""

from typing import Any

from iotyun.core.limits import MONITOR_GROUPS_MAX
from iotyun.monitor.models import MonitorGroup
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.monitor.factories import SETTER, VIEWER, plant

GROUP = "/yun/monitor/group"
GROUPS = "/yun/monitor/groups"


def names(tables: list[dict[str, Any]]) -> list[str]:
    return [t["name"] for t in tables]


async def test_create_rename_order_and_delete(site: Site) -> None:
    first = await plant(site)
    second = await plant(site, "风机", "风机组")
    made = ok(await site.admin.post(GROUP, {"name": " 一车间 ", "table_ids": [second.table["id"], first.table["id"]]}))
    assert made["name"] == "一车间" and names(made["tables"]) == ["风机组", "泵组"] and made["hidden"] == 0
    assert made["tables"][0]["template_name"] == "风机" and made["tables"][0]["devices"] == 3
    other = ok(await site.admin.post(GROUP, {"name": "二车间"}))
    assert other["tables"] == [] and other["position"] > made["position"]
    assert [g["name"] for g in ok(await site.admin.get(GROUPS))] == ["一车间", "二车间"]
    renamed = ok(await site.admin.put(GROUP, {"id": made["id"], "name": "总装"}))
    assert renamed["name"] == "总装" and names(renamed["tables"]) == ["风机组", "泵组"]
    reordered = ok(await site.admin.put(GROUP, {"id": made["id"], "table_ids": [first.table["id"]]}))
    assert reordered["name"] == "总装" and names(reordered["tables"]) == ["泵组"]
    assert ok(await site.admin.get(GROUP, params={"id": made["id"]})) == reordered
    ok(await site.admin.call("DELETE", GROUP, params={"id": made["id"]}))
    assert code(await site.admin.get(GROUP, params={"id": made["id"]})) == 115507
    assert [g["name"] for g in ok(await site.admin.get(GROUPS))] == ["二车间"]


async def test_name_rules(site: Site) -> None:
    ok(await site.admin.post(GROUP, {"name": "一车间"}))
    b = ok(await site.admin.post(GROUP, {"name": "二车间"}))
    for body, expected in (
        ({"name": "  "}, 115508),
        ({"name": "x" * 33}, 115509),
        ({"name": "一车间"}, 115510),
    ):
        resp = await site.admin.post(GROUP, body)
        assert code(resp) == expected and resp["meta"].get("field") == "name", (body, resp)
    assert code(await site.admin.put(GROUP, {"id": b["id"], "name": "一车间"})) == 115510
    assert code(await site.admin.put(GROUP, {"id": b["id"], "name": ""})) == 115508
    # Its own name again is no clash; 32 characters is allowed.
    assert ok(await site.admin.put(GROUP, {"id": b["id"], "name": "二车间"}))["name"] == "二车间"
    assert ok(await site.admin.post(GROUP, {"name": "y" * 32}))["name"] == "y" * 32


async def test_the_group_limit(site: Site) -> None:
    async with site.app.state.db.sessionmaker() as s:
        s.add_all(
            MonitorGroup(tenant_id=site.admin.tenant_id, name=f"g{i}", position=i, table_ids=[])
            for i in range(MONITOR_GROUPS_MAX)
        )
        await s.commit()
    assert code(await site.admin.post(GROUP, {"name": "one more"})) == 115511


async def test_tables_are_chosen_among_those_watched(site: Site, other_tenant: Api) -> None:
    p = await plant(site)
    setter = await site.user("setter", SETTER)
    resp = await setter.post(GROUP, {"name": "A", "table_ids": [p.table["id"]]})
    assert code(resp) == 115501 and resp["meta"].get("field") == "table_ids.0"
    assert ok(await site.admin.get(GROUPS)) == []
    assert code(await site.admin.post(GROUP, {"name": "A", "table_ids": [999999]})) == 115501
    assert code(await other_tenant.post(GROUP, {"name": "A", "table_ids": [p.table["id"]]})) == 115501
    for body in ({"name": "A", "table_ids": [p.table["id"], p.table["id"]]}, {"name": "A", "table_ids": [1] * 51}):
        assert code(await site.admin.post(GROUP, body)) == 100004
    made = ok(await site.admin.post(GROUP, {"name": "A"}))
    assert code(await setter.put(GROUP, {"id": made["id"], "table_ids": [p.table["id"]]})) == 115501
    assert ok(await site.admin.get(GROUP, params={"id": made["id"]}))["tables"] == []


async def test_each_viewer_sees_the_tables_they_watch_and_hidden_ones_stay(site: Site) -> None:
    first = await plant(site)
    second = await plant(site, "风机", "风机组")
    made = ok(await site.admin.post(GROUP, {"name": "A", "table_ids": [first.table["id"], second.table["id"]]}))
    setter = await site.user("setter", SETTER)
    await site.grant(second.devices[0], setter)
    seen = ok(await setter.get(GROUP, params={"id": made["id"]}))
    assert names(seen["tables"]) == ["风机组"] and seen["hidden"] == 1 and seen["tables"][0]["devices"] == 1
    # The setter orders what they see; the table they do not see stays, after.
    ok(await setter.put(GROUP, {"id": made["id"], "table_ids": [second.table["id"]], "name": "B"}))
    assert names(ok(await site.admin.get(GROUP, params={"id": made["id"]}))["tables"]) == ["风机组", "泵组"]
    # The administrator, who sees both, drops one.
    ok(await site.admin.put(GROUP, {"id": made["id"], "table_ids": [first.table["id"]]}))
    assert names(ok(await site.admin.get(GROUP, params={"id": made["id"]}))["tables"]) == ["泵组"]
    # A table deleted since is left out and not counted.
    ok(await site.admin.call("DELETE", "/yun/module/middleware/table", params={"id": first.table["id"]}))
    gone = ok(await site.admin.get(GROUP, params={"id": made["id"]}))
    assert gone["tables"] == [] and gone["hidden"] == 0


async def test_another_tenant_neither_sees_nor_changes_a_group(site: Site, other_tenant: Api) -> None:
    p = await plant(site)
    made = ok(await site.admin.post(GROUP, {"name": "firstgrp", "table_ids": [p.table["id"]]}))
    assert ok(await other_tenant.get(GROUPS)) == []
    assert code(await other_tenant.get(GROUP, params={"id": made["id"]})) == 115507
    assert code(await other_tenant.put(GROUP, {"id": made["id"], "name": "x"})) == 115507
    assert code(await other_tenant.call("DELETE", GROUP, params={"id": made["id"]})) == 115507
    # The same name is free in another tenant.
    assert ok(await other_tenant.post(GROUP, {"name": "firstgrp"}))["name"] == "firstgrp"
    assert ok(await site.admin.get(GROUP, params={"id": made["id"]}))["name"] == "firstgrp"


async def test_rights(site: Site) -> None:
    made = ok(await site.admin.post(GROUP, {"name": "A"}))
    viewer = await site.user("viewer", VIEWER)
    plain = await site.user("plain", ["P10000"])
    assert [g["name"] for g in ok(await viewer.get(GROUPS))] == ["A"]
    assert ok(await viewer.get(GROUP, params={"id": made["id"]}))["name"] == "A"
    assert code(await viewer.post(GROUP, {"name": "B"})) == 100015
    assert code(await viewer.put(GROUP, {"id": made["id"], "name": "B"})) == 100015
    assert code(await viewer.call("DELETE", GROUP, params={"id": made["id"]})) == 100015
    assert code(await plain.get(GROUPS)) == 100015
    assert code(await plain.get(GROUP, params={"id": made["id"]})) == 100015
