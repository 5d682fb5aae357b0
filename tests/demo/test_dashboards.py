"""The demo's dashboards (iotyun/demo/dashboards.py, issue 31 point 7) as the console then sees them: the wall screen
of 12 cards of 11 widget types whose reports, device and group are the demo's own, the phone dashboard with its own
layout, and the sector presenting both; seeded once."""

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.auth.models import User
from iotyun.dashboards.models import Dashboard
from iotyun.demo import dashboards as dashboard_demo
from iotyun.demo import devices as device_demo
from iotyun.demo import reports as report_demo
from iotyun.demo import templates as template_demo
from tests.devices.factories import ok
from tests.team.factories import Team


async def test_demo_dashboards(app: FastAPI, team: Team) -> None:
    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        for part in (device_demo, template_demo, report_demo, dashboard_demo):
            await part.seed(s, tenant_id, users)
        await s.commit()
        await dashboard_demo.seed(s, tenant_id, users)  # seeded once
        await s.commit()
        assert (await s.execute(select(func.count()).select_from(Dashboard))).scalar_one() == 2
    a = team.admin
    (group,) = ok(await a.get("/yun/dashboard/group"))
    assert (group["name"], group["dashboard_count"]) == ("厂区", 2)
    wall, mobile = ok(await a.get("/yun/dashboard"))
    assert (wall["name"], wall["width"], wall["height"], wall["theme"]) == ("厂区总览", 1920, 1080, "tech")
    doc = ok(await a.get("/yun/dashboard/detail", params={"id": wall["id"]}))["document"]
    cards = doc["cards"]
    inner = [t["card"] for c in cards if c["type"] == "container" for t in c["settings"]["tabs"]]
    assert len(cards) >= 12 and len({c["type"] for c in cards}) >= 8
    reports = {r["id"] for r in ok(await a.get("/yun/report/basic", params={"page_size": 50}))["items"]}
    for c in [*cards, *inner]:
        if c["type"] == "report":
            assert c["settings"]["report_id"] in reports, c
    assert {c["link"] for c in cards} >= {"device", "group"}
    # The pressure trend (history data) follows the device tree with the screen.
    linked = {c["id"]: c for c in cards if c["link"] == "device"}
    assert {"screen", "pressure"} <= set(linked)
    trend = ok(await a.get("/yun/report/info", params={"id": linked["pressure"]["settings"]["report_id"]}))
    assert trend["table_kind"] == 6
    assert all(p["y"] >= 0 and p["y"] + p["h"] <= 36 for p in doc["layouts"]["desktop"])
    assert mobile["mobile"] is True
    phone = ok(await a.get("/yun/dashboard/detail", params={"id": mobile["id"]}))["document"]
    assert len(phone["layouts"]["mobile"]) == len(phone["cards"])
    (sector,) = ok(await a.get("/yun/sector"))
    assert [d["name"] for d in sector["dashboards"]] == ["厂区总览", "移动看板"]
