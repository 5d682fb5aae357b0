"""The demo templates (iotyun/demo/templates.py) as the console and a demo gateway then see them."""

from collections.abc import Callable

from fastapi import FastAPI
from sqlalchemy import select

from iotyun.auth.models import User
from iotyun.demo import devices as device_demo
from iotyun.demo import monitoring as device_monitoring_demo
from iotyun.demo import templates as template_demo
from tests.conftest import Api
from tests.team.factories import Team
from tests.templates.factories import ok


async def test_every_live_demo_gateway_runs_a_published_template(
    app: FastAPI, team: Team, new_api: Callable[[], Api]
) -> None:
    """Each gateway the demo shows online (and `serve --demo` simulates) gets its configuration: none loops on
    115018, and the offline pump station keeps an unpublished draft."""
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        await device_demo.seed(s, team.admin.tenant_id or 0, users)
        await template_demo.seed(s, team.admin.tenant_id or 0, users)
        await s.commit()
    listed = {t["name"]: t for t in ok(await team.admin.get("/yun/module"))["items"]}
    assert len(listed) == 7
    compressor = listed["空压机监控"]
    assert (compressor["published"], compressor["bound_count"], compressor["data_source_count"]) == (True, 3, 7)
    assert listed["水泵站监控"]["published"] is False
    assert all(t["published"] for name, t in listed.items() if name != "水泵站监控")
    gateway = new_api()
    secret = {"X-Device-Secret": device_demo.DEMO_SECRET}
    for sn in device_demo.live_sns():
        got = ok(await gateway.get("/dev/config", params={"sn_code": sn}, headers=secret))
        assert got["data_sources"], sn
    got = ok(await gateway.get("/dev/config", params={"sn_code": "IOT0000001"}, headers=secret))
    assert len(got["data_sources"]) == 7 and {g["name"] for g in got["groups"]} >= {"运行", "电气", "状态"}
    mid = ok(await team.admin.get("/yun/module/middleware", params={"id": compressor["id"]}))
    assert [h["action"] for h in mid["history"]] == ["publish", "create"]
    assert mid["publication"]["version"] == 1  # the first publish is v1
    # Its web screen is a screen document bound to its own data sources: publishing it again passes the checks.
    web = ok(await team.admin.get("/yun/module/view", params={"template_id": compressor["id"], "kind": "web"}))[0]
    design = ok(await team.admin.get("/yun/module/view/design", params={"id": web["id"]}))["document"]
    sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": compressor["id"]}))["items"]
    names = {ds["id"]: ds["name"] for ds in sources}
    bound = {names[b["data_source_id"]] for e in design["elements"] for b in e["bindings"].values()}
    assert bound == {"排气压力", "排气温度", "电机电流", "运行小时", "运行状态", "设定压力"}
    # The browser test of the preview (web/e2e/designer-preview.spec.ts) reads 排气压力 on element e2.
    by_id = {e["id"]: e for e in design["elements"]}
    assert names[by_id["e2"]["bindings"]["value"]["data_source_id"]] == "排气压力"
    assert {e["type"] for e in design["elements"]} >= {
        "symbol",
        "pipe",
        "gauge",
        "chart",
        "alarm_list",
        "switch",
        "input",
    }
    # Its mobile screen is drawn for a phone (750 wide) with the same figures, the switch and the setpoint.
    mobile = ok(await team.admin.get("/yun/module/view", params={"template_id": compressor["id"], "kind": "mobile"}))
    main = next(screen for screen in mobile if screen["is_main"])
    drawn = ok(await team.admin.get("/yun/module/view/design", params={"id": main["id"]}))["document"]
    assert drawn["canvas"]["width"] == 750
    assert all(e["placement"]["x"] + e["placement"]["w"] <= 750 for e in drawn["elements"])
    assert all(e["placement"]["y"] + e["placement"]["h"] <= drawn["canvas"]["height"] for e in drawn["elements"])
    mobile_bound = {names[b["data_source_id"]] for e in drawn["elements"] for b in e["bindings"].values()}
    assert mobile_bound == bound
    by_id = {e["id"]: e for e in drawn["elements"]}
    assert names[by_id["e2"]["bindings"]["value"]["data_source_id"]] == "排气压力"
    assert ok(await team.admin.post("/yun/module/publish", {"id": compressor["id"]}))["published_release"] == 1
    # The data-source tab of every demo template reads (its alarm conditions carry every key), and each template's
    # main web screen is drawn, bound to its own data sources only.
    for template in listed.values():
        sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": template["id"]}))
        assert sources["total"] > 0
        own = {ds["id"] for ds in sources["items"]}
        screens = ok(await team.admin.get("/yun/module/view", params={"template_id": template["id"], "kind": "web"}))
        main = next(screen for screen in screens if screen["is_main"])
        drawn = ok(await team.admin.get("/yun/module/view/design", params={"id": main["id"]}))["document"]
        bound_ids = {b["data_source_id"] for e in drawn["elements"] for b in e["bindings"].values()}
        assert drawn["elements"] and bound_ids and bound_ids <= own, template["name"]


async def test_demo_virtual_devices_take_their_devices_templates(app: FastAPI, team: Team) -> None:
    """A demo virtual device bound to one real device shows that device's template; the 2.0 one has none."""
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        tenant_id = team.admin.tenant_id or 0
        await device_demo.seed(s, tenant_id, users)
        await device_monitoring_demo.seed(s, tenant_id, users)
        await template_demo.seed(s, tenant_id, users)
        await s.commit()
    items = ok(await team.admin.get("/yun/dev/fictitious"))["items"]
    templates = {v["name"]: v["template_name"] for v in items}
    assert templates == {
        "锅炉房监控": "空压机监控",
        "空压机站": "空压机监控",
        "物流车队": "配电监控",
        "水处理车间": None,
    }


async def test_every_bound_demo_template_has_a_monitoring_table(app: FastAPI, team: Team) -> None:
    """Issue 35: a newcomer finds a monitoring table per bound demo template, its columns the template's data sources
    and each alarm threshold a colour band; a demo seeded before them gets them once."""
    tenant = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        await device_demo.seed(s, tenant, {"admin": admin})
        await template_demo.seed(s, tenant, {"admin": admin})
        await template_demo.add_monitor_tables(s, tenant)  # nothing more: each already has one
        await s.commit()
    listed = {t["name"]: t for t in ok(await team.admin.get("/yun/module"))["items"]}
    compressor = listed["空压机监控"]
    tables = ok(await team.admin.get("/yun/module/middleware/tables", params={"template_id": compressor["id"]}))
    assert [t["name"] for t in tables] == [template_demo.MONITOR_TABLE_NAME]
    table = ok(await team.admin.get("/yun/module/middleware/table", params={"id": tables[0]["id"]}))
    sources = ok(await team.admin.get("/yun/module/dataSource", params={"template_id": compressor["id"]}))["items"]
    assert {c["source_id"] for c in table["design"]["columns"]} == {ds["id"] for ds in sources}
    pressure = next(ds["id"] for ds in sources if ds["name"] == "排气压力")
    column = next(c for c in table["design"]["columns"] if c["source_id"] == pressure)
    assert column["group"] == "运行" and column["bands"][0]["min"] == 1.0
    watched = ok(await team.admin.get("/yun/monitor/tables"))
    bound = [t for t in listed.values() if t["bound_count"]]
    assert len(watched) == len(bound)
