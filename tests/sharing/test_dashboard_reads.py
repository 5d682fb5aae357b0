"""What a shared dashboard's page reads without login (issue 31 point 5; docs/api-sharing.md "Dashboard links"):
each widget's data as the creator reads it, only what the dashboard's cards show — other groups, devices, reports,
places and dashboards answer 118302 — and the link's own rules on every read."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.devices.factories import Site, ok
from tests.sharing.test_dashboard_links import dashboard, dashboard_link, set_link

R = "/yun/shared/dashboard"
ONLINE_REPORT = {
    "title": "在线设备数", "chart_type": 1, "table_kind": 8,
    "dimension_field_id": [{"id": 64, "field_name": "在线状态"}],
    "aggregate_filed_id": {"id": 66, "field_name": "设备数"}, "aggregation": "count",
}  # fmt: skip


def doc(*cards: dict[str, Any]) -> dict[str, Any]:
    layout = [{"i": c["id"], "x": 0, "y": 4 * n, "w": 8, "h": 4} for n, c in enumerate(cards)]
    return {"cards": list(cards), "layouts": {"desktop": layout}}


async def shared(site: Site, *cards: dict[str, Any], **link: Any) -> tuple[dict[str, Any], str]:
    d = await dashboard(site.admin)
    ok(await site.admin.post("/yun/dashboard/save", {"id": d["id"], "version": 1, "document": doc(*cards)}))
    made = await dashboard_link(site.admin, d["id"], **link)
    return made, str(made["token"])


async def setup(site: Site) -> dict[str, int]:
    groups = {n: ok(await site.admin.post("/yun/dev/group", {"name": n}))["id"] for n in ("g1", "g2")}
    devices = {"a": await site.device(alias="泵A"), "b": await site.device(alias="泵B"), "c": await site.device()}
    await site.set_device(devices["a"], group_id=groups["g1"])
    await site.set_device(devices["b"], group_id=groups["g2"])
    return {**groups, **devices}


class TestTreesAndMaps:
    async def test_a_tree_of_one_group(self, site: Site, new_api: Any) -> None:
        ids = await setup(site)
        _, token = await shared(site, {"id": "t", "type": "deviceTree", "settings": {"group_id": ids["g1"]}})
        anonymous = new_api()
        assert [g["name"] for g in ok(await anonymous.get(f"{R}/groups", params={"token": token}))] == ["g1"]
        listed = ok(await anonymous.get(f"{R}/devices", params={"token": token, "group_id": ids["g1"]}))
        assert [(d["id"], d["name"]) for d in listed] == [(ids["a"], "泵A")]
        assert set(listed[0]) == {"id", "name", "sn", "dev_state", "group_id"}
        for params in ({"group_id": ids["g2"]}, {}):
            resp = await anonymous.get(f"{R}/devices", params={"token": token, **params})
            assert code(resp) == 118302, params
        assert code(await anonymous.get(f"{R}/map", params={"token": token})) == 118302
        assert code(await anonymous.get(f"{R}/net", params={"token": token})) == 118302

    async def test_a_group_tree_offers_every_group(self, site: Site, new_api: Any) -> None:
        ids = await setup(site)
        cards = (
            {"id": "g", "type": "groupTree"},
            {"id": "m", "type": "map", "link": "group", "settings": {"group_id": ids["g1"]}},
            {"id": "n", "type": "netMonitor"},
        )
        _, token = await shared(site, *cards)
        anonymous = new_api()
        names = {g["name"] for g in ok(await anonymous.get(f"{R}/groups", params={"token": token}))}
        assert {"g1", "g2"} <= names
        ok(await anonymous.get(f"{R}/map", params={"token": token, "group_id": ids["g2"]}))
        counts = ok(await anonymous.get(f"{R}/net", params={"token": token}))
        assert counts["total"] == 3 and counts["total"] == counts["online"] + counts["offline"] + counts["unregistered"]
        assert ok(await anonymous.get(f"{R}/net", params={"token": token, "group_id": ids["g1"]}))["total"] == 1


class TestAlarmsReportsWeather:
    async def test_alarms_only_of_shown_devices(self, site: Site, new_api: Any) -> None:
        ids = await setup(site)
        _, token = await shared(site, {"id": "f", "type": "fault", "settings": {"device_id": ids["a"]}})
        anonymous = new_api()
        assert ok(await anonymous.get(f"{R}/alarms", params={"token": token, "device_id": ids["a"]})) == []
        assert code(await anonymous.get(f"{R}/alarms", params={"token": token, "device_id": ids["b"]})) == 118302
        assert code(await anonymous.get(f"{R}/alarms", params={"token": token})) == 118302

    async def test_reports_of_report_cards_only(self, site: Site, new_api: Any) -> None:
        named = ok(await site.admin.post("/yun/report/basic", ONLINE_REPORT))["id"]
        other = ok(await site.admin.post("/yun/report/basic", {**ONLINE_REPORT, "title": "其他"}))["id"]
        _, token = await shared(site, {"id": "r", "type": "report", "settings": {"report_id": named}})
        anonymous = new_api()
        got = ok(await anonymous.get(f"{R}/report", params={"token": token, "id": named, "tz": "Asia/Shanghai"}))
        assert got["report"]["title"] == "在线设备数" and "categories" in got["statistic"]
        assert code(await anonymous.get(f"{R}/report", params={"token": token, "id": other})) == 118302

    async def test_weather_where_a_card_looks(self, app: FastAPI, site: Site, new_api: Any) -> None:
        app.state.settings.weather_provider = "local"
        _, token = await shared(site, {"id": "w", "type": "weather", "settings": {"lat": 31.2, "lon": 121.5}})
        anonymous = new_api()
        got = ok(await anonymous.get(f"{R}/weather", params={"token": token, "lat": 31.2, "lon": 121.5}))
        assert got["now"]["provider"] == "local" and len(got["daily"]["days"]) == 3
        assert code(await anonymous.get(f"{R}/weather", params={"token": token, "lat": 0, "lon": 0})) == 118302


class TestToggleAndRules:
    async def test_toggled_dashboards_and_what_they_show(self, site: Site, new_api: Any) -> None:
        ids = await setup(site)
        other = await dashboard(site.admin, "other")
        tree = {"id": "t", "type": "deviceTree", "settings": {"group_id": ids["g2"]}}
        ok(await site.admin.post("/yun/dashboard/save", {"id": other["id"], "version": 1, "document": doc(tree)}))
        hidden = await dashboard(site.admin, "hidden")
        toggle = {"id": "x", "type": "dashboardToggle", "settings": {"dashboard_ids": [other["id"]]}}
        _, token = await shared(site, toggle)
        anonymous = new_api()
        assert ok(await anonymous.get(f"{R}/other", params={"token": token, "id": other["id"]}))["name"] == "other"
        assert code(await anonymous.get(f"{R}/other", params={"token": token, "id": hidden["id"]})) == 118302
        listed = ok(await anonymous.get(f"{R}/devices", params={"token": token, "group_id": ids["g2"]}))
        assert [d["id"] for d in listed] == [ids["b"]]

    async def test_every_read_follows_the_links_rules(
        self, app: FastAPI, site: Site, new_api: Any, other_tenant: Api
    ) -> None:
        ids = await setup(site)
        link, token = await shared(site, {"id": "t", "type": "deviceTree", "settings": {"group_id": ids["g1"]}})
        anonymous = new_api()
        await set_link(app, link["id"], use_state=0)
        assert code(await anonymous.get(f"{R}/groups", params={"token": token})) == 118305
        await set_link(app, link["id"], use_state=1)
        # A configuration link's token reads nothing here.
        device = await site.device()
        config = ok(
            await site.admin.post("/yun/components/share", {"link_type": 1, "permission": 1, "device_ids": [device]})
        )
        assert code(await anonymous.get(f"{R}/groups", params={"token": config["token"]})) == 118301
        # Reading does not count a use.
        for _ in range(3):
            ok(await anonymous.get(f"{R}/groups", params={"token": token}))
        listed = ok(await site.admin.get("/yun/components/share"))["items"]
        assert next(x for x in listed if x["id"] == link["id"])["use_count"] == 0
