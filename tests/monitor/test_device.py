"""One device's row of a monitoring table over HTTP (issue 35, /monitor/middlewaresDevice/id=/module=;
docs/api-monitor.md): the table's design and sources with that device's row alone; a device the viewer does not read,
one not bound to the table's template, and an unknown table answer 115501 alike."""

from fastapi import FastAPI

from iotyun.telemetry.public import telemetry_of
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.monitor.factories import VIEWER, open_alarm, plant

DEVICE = "/yun/monitor/device"


async def test_a_device_s_row_with_its_values_and_alarms(site: Site, app: FastAPI) -> None:
    p = await plant(site)
    device = p.devices[1]
    telemetry_of(app).cache.update(device, [{"id": p.sources[0], "v": 21.5, "ts": 1_700_000_000_000, "q": 0}])
    await open_alarm(app, site, device, p.sources[1], 4, recovered=False)
    got = ok(await site.admin.get(DEVICE, params={"table_id": p.table["id"], "device_id": device}))
    assert got["id"] == p.table["id"] and got["template_name"] == "泵站" and got["total"] == 1
    assert [s["name"] for s in got["sources"]] == ["温度", "压力"]
    (row,) = got["rows"]
    assert row["device_id"] == device and row["dev_alias"] == "一号泵"
    assert row["cells"] == [[21.5, 1_700_000_000_000, 0], None] and row["alarms"] == [0, 4]


async def test_what_is_not_the_viewer_s_is_not_found(site: Site, other_tenant: Api) -> None:
    p = await plant(site)
    stranger = await site.device(alias="散户")
    viewer = await site.user("viewer", VIEWER)
    params = {"table_id": p.table["id"], "device_id": p.devices[0]}
    assert code(await viewer.get(DEVICE, params=params)) == 115501
    assert code(await other_tenant.get(DEVICE, params=params)) == 115501
    # Not bound to the table's template; an unknown table.
    assert code(await site.admin.get(DEVICE, params={**params, "device_id": stranger})) == 115501
    assert code(await site.admin.get(DEVICE, params={**params, "table_id": 999999})) == 115501
    # Shared with the viewer: that device's row, and no other.
    await site.grant(p.devices[0], viewer)
    assert ok(await viewer.get(DEVICE, params=params))["rows"][0]["device_id"] == p.devices[0]
    assert code(await viewer.get(DEVICE, params={**params, "device_id": p.devices[1]})) == 115501
    plain = await site.user("plain", ["P10000", "P110000", "P112000"])
    assert code(await plain.get(DEVICE, params=params)) == 100015
