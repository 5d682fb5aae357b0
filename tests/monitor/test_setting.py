"""Each user's monitor setting over HTTP (issue 35; docs/api-monitor.md "The monitor setting"): which tables the area
shows and in what order, the refresh, the table opened first, the density and out-of-date rows. Only tables the
user watches may be chosen (115501, nothing saved); unknown values answer 100004 naming the field."""

from typing import Any

from sqlalchemy import update

from iotyun.monitor.models import MonitorSetting
from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.monitor.factories import SETTER, VIEWER, plant

SETTING = "/yun/monitor/setting"


def field(body: dict[str, Any]) -> Any:
    return body["meta"].get("field")


async def test_nothing_saved_reads_as_the_defaults(site: Site) -> None:
    got = ok(await site.admin.get(SETTING))
    assert got == {
        "schema_version": 1,
        "table_ids": [],
        "refresh_s": 0,
        "default_table_id": None,
        "density": "normal",
        "show_stale": True,
        "saved": False,
        "updated_at": None,
    }


async def test_a_setting_is_saved_per_user_and_read_back(site: Site) -> None:
    first = await plant(site)
    second = await plant(site, "风机", "风机组")
    body = {
        "table_ids": [second.table["id"], first.table["id"]],
        "refresh_s": 10,
        "default_table_id": first.table["id"],
        "density": "compact",
        "show_stale": False,
    }
    saved = ok(await site.admin.put(SETTING, body))
    assert saved["saved"] is True and saved["updated_at"] > 0
    assert {k: saved[k] for k in body} == body
    assert ok(await site.admin.get(SETTING)) == saved
    # Another user of the tenant keeps their own (the defaults).
    setter = await site.user("setter", SETTER)
    assert ok(await setter.get(SETTING))["saved"] is False
    # A second save replaces the first.
    again = ok(await site.admin.put(SETTING, {"table_ids": [first.table["id"]]}))
    assert again["table_ids"] == [first.table["id"]] and again["refresh_s"] == 0 and again["density"] == "normal"


async def test_tables_the_user_may_not_watch_are_refused_and_nothing_changes(site: Site, other_tenant: Api) -> None:
    p = await plant(site)
    setter = await site.user("setter", SETTER)
    # The setter reads none of the devices: the table is not theirs to choose.
    resp = await setter.put(SETTING, {"table_ids": [p.table["id"]]})
    assert code(resp) == 115501 and field(resp) == "table_ids.0"
    assert code(await setter.put(SETTING, {"default_table_id": p.table["id"]})) == 115501
    assert ok(await setter.get(SETTING))["saved"] is False
    # Another tenant, and an unknown id, alike.
    assert code(await other_tenant.put(SETTING, {"table_ids": [p.table["id"]]})) == 115501
    resp = await site.admin.put(SETTING, {"table_ids": [p.table["id"], 999999]})
    assert code(resp) == 115501 and field(resp) == "table_ids.1"
    assert ok(await site.admin.get(SETTING))["saved"] is False
    # Once a device is shared with them, they may.
    await site.grant(p.devices[0], setter)
    assert ok(await setter.put(SETTING, {"table_ids": [p.table["id"]]}))["table_ids"] == [p.table["id"]]


async def test_unknown_values_name_their_field(site: Site) -> None:
    p = await plant(site)
    t = p.table["id"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"refresh_s": 7}, "refresh_s"),
        ({"density": "tiny"}, "density"),
        ({"show_stale": "yes"}, "show_stale"),
        ({"show_stale": 1}, "show_stale"),
        ({"schema_version": 2}, "schema_version"),
        ({"colour": "red"}, "colour"),
        ({"table_ids": [t, t]}, "table_ids.1"),
        ({"table_ids": list(range(1, 102))}, "table_ids"),
        ({"table_ids": [t], "default_table_id": 999999}, "default_table_id"),
    ]
    for body, named in cases:
        resp = await site.admin.put(SETTING, body)
        assert (code(resp), field(resp)) == (100004, named), body
    assert ok(await site.admin.get(SETTING))["saved"] is False


async def test_tables_no_longer_watched_drop_out_of_the_setting(site: Site) -> None:
    first = await plant(site)
    second = await plant(site, "风机", "风机组")
    ids = [first.table["id"], second.table["id"]]
    ok(await site.admin.put(SETTING, {"table_ids": ids, "default_table_id": second.table["id"]}))
    ok(await site.admin.call("DELETE", "/yun/module/middleware/table", params={"id": second.table["id"]}))
    got = ok(await site.admin.get(SETTING))
    assert got["table_ids"] == [first.table["id"]] and got["default_table_id"] is None


async def test_rights(site: Site) -> None:
    viewer = await site.user("viewer", VIEWER)
    plain = await site.user("plain", ["P10000"])
    only_setting = await site.user("onlyset", ["P10000", "P110000", "P112000"])
    assert ok(await viewer.get(SETTING))["saved"] is False
    assert code(await viewer.put(SETTING, {})) == 100015
    assert code(await plain.get(SETTING)) == 100015
    assert code(await plain.put(SETTING, {})) == 100015
    # The setting page reads what it sets.
    assert ok(await only_setting.get(SETTING))["saved"] is False
    assert ok(await only_setting.get("/yun/monitor/tables")) == []
    assert ok(await only_setting.put(SETTING, {"refresh_s": 30}))["refresh_s"] == 30


async def test_a_stored_document_no_longer_valid_reads_as_the_defaults(site: Site) -> None:
    ok(await site.admin.put(SETTING, {"refresh_s": 60}))
    async with site.app.state.db.sessionmaker() as s:
        await s.execute(update(MonitorSetting).values(document={"schema_version": 1, "refresh_s": 7, "old": 1}))
        await s.commit()
    got = ok(await site.admin.get(SETTING))
    assert got["saved"] is True and got["refresh_s"] == 0 and got["table_ids"] == []
