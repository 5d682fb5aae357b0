"""The monitor area over HTTP (issue 35 point 1; docs/api-monitor.md): the tables a viewer may watch and one table
with its rows now — only devices bound to the table's template that the viewer reads, each cell the latest value of its
column's data source, each alarm mark the highest level not recovered yet; nothing of another tenant's."""

from fastapi import FastAPI

from iotyun.devices.models import DEV_ONLINE
from iotyun.telemetry.public import telemetry_of
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.monitor.factories import TABLE, TABLES, VIEWER, open_alarm, plant
from tests.templates.datasources.factories import add
from tests.templates.factories import make_template


async def test_the_administrator_watches_every_row_with_values_and_alarm_marks(site: Site, app: FastAPI) -> None:
    p = await plant(site)
    second, first, third = p.devices
    telemetry_of(app).cache.update(first, [{"id": p.sources[0], "v": 21.5, "ts": 1_700_000_000_000, "q": 0}])
    telemetry_of(app).cache.update(third, [{"id": p.sources[1], "v": 0.8, "ts": 1_700_000_000_500, "q": 1}])
    await open_alarm(app, site, first, p.sources[1], 3, recovered=False)
    await open_alarm(app, site, first, p.sources[1], 2, recovered=False)
    await open_alarm(app, site, third, p.sources[0], 5, recovered=True)
    watched = ok(await site.admin.get(TABLES))
    assert [(t["id"], t["template_name"], t["devices"], t["columns"]) for t in watched] == [
        (p.table["id"], "泵站", 3, 2)
    ]
    live = ok(await site.admin.get(TABLE, params={"id": p.table["id"]}))
    assert live["total"] == 3 and live["template_name"] == "泵站" and live["offline_timeout_ms"] > 0
    assert [s["name"] for s in live["sources"]] == ["温度", "压力"]
    rows = {r["device_id"]: r for r in live["rows"]}
    assert [r["dev_alias"] for r in live["rows"]] == ["一号泵", "三号泵", "二号泵"]
    assert rows[first]["cells"] == [[21.5, 1_700_000_000_000, 0], None] and rows[first]["dev_state"] == DEV_ONLINE
    assert rows[third]["cells"] == [None, [0.8, 1_700_000_000_500, 1]]
    assert rows[second]["cells"] == [None, None]
    # The highest level not recovered yet; a recovered alarm marks nothing.
    assert rows[first]["alarms"] == [0, 3] and rows[third]["alarms"] == [0, 0]
    del second


async def test_a_user_sees_only_the_rows_of_devices_they_read(site: Site) -> None:
    p = await plant(site)
    viewer = await site.user("watcher", VIEWER)
    assert ok(await viewer.get(TABLES)) == []
    assert code(await viewer.get(TABLE, params={"id": p.table["id"]})) == 115501
    await site.grant(p.devices[2], viewer)
    watched = ok(await viewer.get(TABLES))
    assert [(t["id"], t["devices"]) for t in watched] == [(p.table["id"], 1)]
    live = ok(await viewer.get(TABLE, params={"id": p.table["id"]}))
    assert [r["device_id"] for r in live["rows"]] == [p.devices[2]] and live["total"] == 1


async def test_without_the_monitor_right_nothing_answers(site: Site) -> None:
    p = await plant(site)
    plain = await site.user("plain", ["P10000"])
    await site.grant(p.devices[0], plain)
    assert code(await plain.get(TABLES)) == 100015
    assert code(await plain.get(TABLE, params={"id": p.table["id"]})) == 100015


async def test_the_template_s_holder_opens_a_table_with_no_rows(site: Site) -> None:
    admin = site.admin
    template = await make_template(admin, "空站")
    await add(admin, template["id"], "液位")
    table = ok(await admin.post("/yun/module/middleware/table", {"template_id": template["id"], "name": "空"}))
    live = ok(await admin.get(TABLE, params={"id": table["id"]}))
    assert live["rows"] == [] and live["total"] == 0
    assert ok(await admin.get(TABLES)) == []  # the list holds tables with rows to watch
    assert code(await admin.get(TABLE, params={"id": 999999})) == 115501


async def test_another_tenant_sees_a_shared_device_s_row_and_nothing_else(site: Site, other_tenant: Api) -> None:
    p = await plant(site)
    assert ok(await other_tenant.get(TABLES)) == []
    assert code(await other_tenant.get(TABLE, params={"id": p.table["id"]})) == 115501
    await site.grant(p.devices[0], other_tenant)
    watched = ok(await other_tenant.get(TABLES))
    assert [(t["id"], t["devices"]) for t in watched] == [(p.table["id"], 1)]
    live = ok(await other_tenant.get(TABLE, params={"id": p.table["id"]}))
    assert [r["device_id"] for r in live["rows"]] == [p.devices[0]]
    assert "一号泵" not in str(live) and "三号泵" not in str(live)
