"""The demo's reports and usage history (iotyun/demo/reports.py) as the console then sees them: the report group
with its four reports, each with a statistic; 30 days of card usage; 30 days of online time with a few outages."""

import time

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.auth.models import User
from iotyun.demo import devices as device_demo
from iotyun.demo import reports as report_demo
from iotyun.demo import templates as template_demo
from iotyun.devices.models import DeviceLog, FlowSample
from iotyun.reports.models import Report
from tests.devices.factories import ok
from tests.team.factories import Team

DAY = 86_400_000


async def test_demo_reports_and_usage(app: FastAPI, team: Team) -> None:
    tenant_id = team.admin.tenant_id or 0
    async with app.state.db.sessionmaker() as s:
        admin = (await s.execute(select(User).where(User.id == team.admin.user_id))).scalar_one()
        users = {"admin": admin}
        await device_demo.seed(s, tenant_id, users)
        await template_demo.seed(s, tenant_id, users)
        await report_demo.seed(s, tenant_id, users)
        await s.commit()
        counted = [
            (await s.execute(select(func.count()).select_from(table))).scalar_one()
            for table in (Report, FlowSample, DeviceLog)
        ]
        await report_demo.seed(s, tenant_id, users)  # seeded once
        await s.commit()
        again = [
            (await s.execute(select(func.count()).select_from(table))).scalar_one()
            for table in (Report, FlowSample, DeviceLog)
        ]
    assert counted == again
    a = team.admin
    (group,) = ok(await a.get("/yun/report/group"))
    assert (group["name"], group["count"]) == ("运行报表", 4)
    reports = ok(await a.get("/yun/report/basic", params={"group_id": group["id"]}))["items"]
    assert sorted(r["chart_type"] for r in reports) == [1, 3, 4, 6]
    for r in reports:
        data = ok(await a.get("/yun/report/statistic", params={"id": r["id"], "tz": "Asia/Shanghai"}))
        # Values and alarms come from `serve --demo`'s simulated gateways; the devices are there already.
        assert data["categories"] or r["table_kind"] != 8, r["title"]
        ok(await a.get("/yun/report/table/data", params={"id": r["id"], "tz": "Asia/Shanghai"}))
    now = int(time.time() * 1000)
    cards = ok(await a.get("/yun/flow/analysis"))
    assert cards["summary"]["cards"] == 2
    month = {"start": now - 30 * DAY, "end": now, "tz": "Asia/Shanghai"}
    for card in cards["items"]:
        detail = ok(await a.get("/yun/flow/detail", params={**month, "device_id": card["device_id"]}))
        assert len(detail["categories"]) == 31 and all(u >= 0 for u in detail["used"])
        assert sum(detail["used"]) > 0 and detail["used_total"][-1] == card["used_mb"]
    online = ok(await a.get("/yun/online/analysis", params={**month, "page_size": 50}))
    ratios = [i["ratio"] for i in online["items"]]
    assert all(0 <= r <= 1 for r in ratios) and any(0.5 < r < 1 for r in ratios)
    assert max(i["sessions"] for i in online["items"]) >= 3
    first = online["items"][0]
    detail = ok(await a.get("/yun/online/detail", params={**month, "device_id": first["device_id"]}))
    assert sum(detail["online_ms"]) == first["online_ms"] and detail["periods"]
