"""What a shared dashboard's page reads without login (issue 31 point 5; docs/api-sharing.md "Dashboard links"):
each widget's data as the creator reads it, only what the dashboard's cards show — other groups, devices, reports,
places and dashboards answer 118302 — and the link's own rules on every read. A report card following the device
tree reads its report for a device the dashboard shows (point 4), and only such a card."""

from typing import Any

from fastapi import FastAPI

from tests.conftest import Api, code
from tests.devices.factories import SECRET, Site, ok, register
from tests.sharing.test_dashboard_links import dashboard, dashboard_link, set_link
from tests.telemetry.factories import Plant, make_plant, unique_sn

R = "/yun/shared/dashboard"
ONLINE_REPORT = {
    "title": "在线设备数", "chart_type": 1, "table_kind": 8,
    "dimension_field_id": [{"id": 64, "field_name": "在线状态"}],
    "aggregate_filed_id": {"id": 66, "field_name": "设备数"}, "aggregation": "count",
}  # fmt: skip
TIME = [{"id": 38, "field_name": "时间"}]
BY_DEVICE = [{"id": 39, "field_name": "设备"}]


def doc(*cards: dict[str, Any]) -> dict[str, Any]:
    layout = [{"i": c["id"], "x": 0, "y": 4 * n, "w": 8, "h": 4} for n, c in enumerate(cards)]
    return {"cards": list(cards), "layouts": {"desktop": layout}}


async def shared(site: Site, *cards: dict[str, Any], name: str = "wall", **link: Any) -> tuple[dict[str, Any], str]:
    d = await dashboard(site.admin, name)
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


async def trend(site: Site) -> tuple[Plant, int, int, int]:
    """A pressure trend of 1号空压机 (its series named by the device), its twin 2号空压机 of the same template, both in
    the group g1: the plant, the twin, the report and the group."""
    plant = await make_plant(site.admin)
    twin = (await register(site.admin, unique_sn(), SECRET, alias="2号空压机"))["id"]
    ok(await site.admin.post("/yun/module/bind", {"template_id": plant.template_id, "device_ids": [twin]}))
    ok(await site.admin.post("/yun/module/publish", {"id": plant.template_id}))
    body = {
        "title": "排气压力", "chart_type": 3, "table_kind": 6, "dimension_field_id": TIME, "compare_filed_id": BY_DEVICE,
        "aggregate_filed_id": {"id": 41, "field_name": "值"}, "aggregation": "avg", "time_unit": "hour",
        "device_ids": [plant.device_id], "data_source_ids": [plant.sources["出水压力"]],
    }  # fmt: skip
    report_id = ok(await site.admin.post("/yun/report/basic", body))["id"]
    group = ok(await site.admin.post("/yun/dev/group", {"name": "g1"}))["id"]
    for device in (plant.device_id, twin):
        await site.set_device(device, group_id=group)
    return plant, twin, report_id, group


def series_names(answer: dict[str, Any]) -> list[str]:
    return [s["name"] for s in ok(answer)["statistic"]["series"]]


class TestReportsFollowingTheTree:
    async def test_a_linked_report_is_drawn_for_a_shown_device(
        self, site: Site, new_api: Any, other_tenant: Api
    ) -> None:
        plant, twin, rid, group = await trend(site)
        cards = (
            {"id": "t", "type": "deviceTree", "settings": {"group_id": group}},
            {"id": "r", "type": "report", "link": "device", "settings": {"report_id": rid}},
        )
        _, token = await shared(site, *cards)
        anonymous = new_api()
        params = {"token": token, "id": rid, "tz": "Asia/Shanghai"}
        assert series_names(await anonymous.get(f"{R}/report", params=params)) == ["1号空压机"]
        got = ok(await anonymous.get(f"{R}/report", params={**params, "device": twin}))
        assert got["report"]["title"] == "排气压力" and [s["name"] for s in got["statistic"]["series"]] == ["2号空压机"]
        assert series_names(await anonymous.get(f"{R}/report", params={**params, "device": plant.device_id})) == [
            "1号空压机"
        ]
        # A device the tree does not list (in no group, another tenant's, none at all): 118302.
        outside = await site.device(alias="泵C")
        theirs = (await register(other_tenant, unique_sn(), SECRET))["id"]
        for device in (outside, theirs, twin + 10_000):
            answer = await anonymous.get(f"{R}/report", params={**params, "device": device})
            assert (code(answer), answer["meta"]["field"]) == (118302, "device"), device
        # A listed device of another template: the report's data source is not in its configuration.
        other = await make_plant(site.admin)
        await site.set_device(other.device_id, group_id=group)
        answer = await anonymous.get(f"{R}/report", params={**params, "device": other.device_id})
        assert (code(answer), answer["meta"]["field"]) == (115401, "data_source_ids")
        answer = await anonymous.get(f"{R}/report", params={**params, "device": 0})
        assert (code(answer), answer["meta"]["field"]) == (100004, "device")

    async def test_only_a_card_following_the_device_tree(self, site: Site, new_api: Any) -> None:
        _, twin, rid, _ = await trend(site)
        tree = {"id": "t", "type": "deviceTree"}
        anonymous = new_api()
        params = {"id": rid, "tz": "Asia/Shanghai", "device": twin}
        for link in ("none", "group"):
            card = {"id": "r", "type": "report", "link": link, "settings": {"report_id": rid}}
            _, token = await shared(site, tree, card, name=link)
            answer = await anonymous.get(f"{R}/report", params={**params, "token": token})
            assert (code(answer), answer["meta"]["field"]) == (118302, "device"), link
            assert series_names(await anonymous.get(f"{R}/report", params={"token": token, "id": rid})) == ["1号空压机"]
        # The same report on a card that follows nothing and one in a container's tab that follows the tree.
        tab = {
            "title": "趋势",
            "card": {"id": "in", "type": "report", "link": "device", "settings": {"report_id": rid}},
        }
        cards = (
            tree,
            {"id": "r", "type": "report", "settings": {"report_id": rid}},
            {"id": "c", "type": "container", "settings": {"tabs": [tab]}},
        )
        _, token = await shared(site, *cards, name="tab")
        assert series_names(await anonymous.get(f"{R}/report", params={**params, "token": token})) == ["2号空压机"]

    async def test_the_links_starting_device_and_its_rules(self, app: FastAPI, site: Site, new_api: Any) -> None:
        plant, twin, rid, _ = await trend(site)
        card = {"id": "r", "type": "report", "link": "device", "settings": {"report_id": rid}}
        # No tree: the link's starting device is the one shown, no other.
        link, token = await shared(site, card, device_id=twin)
        anonymous = new_api()
        params = {"token": token, "id": rid, "tz": "Asia/Shanghai"}
        assert series_names(await anonymous.get(f"{R}/report", params={**params, "device": twin})) == ["2号空压机"]
        answer = await anonymous.get(f"{R}/report", params={**params, "device": plant.device_id})
        assert (code(answer), answer["meta"]["field"]) == (118302, "device")
        await set_link(app, link["id"], use_state=0)
        assert code(await anonymous.get(f"{R}/report", params={**params, "device": twin})) == 118305
