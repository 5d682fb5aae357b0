"""What the monitor tests build: a template with two data sources, a monitoring table of it and three devices bound
to it (one online), and alarms of a device's data source."""

from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

from iotyun.alarms.models import Alarm
from iotyun.core.db import utcnow
from tests.devices.factories import Site, ok
from tests.templates.datasources.factories import add
from tests.templates.factories import bind, make_template

TABLES = "/yun/monitor/tables"
TABLE = "/yun/monitor/table"
VIEWER = ["P10000", "P110000", "P111000"]
SETTER = ["P10000", "P110000", "P111000", "P112000"]


@dataclass
class Plant:
    template: dict[str, Any]
    sources: list[int]
    table: dict[str, Any]
    devices: list[int]


async def plant(site: Site, name: str = "泵站", table_name: str = "泵组") -> Plant:
    admin = site.admin
    template = await make_template(admin, name)
    sources = [(await add(admin, template["id"], source, address=i))["id"] for i, source in enumerate(("温度", "压力"))]
    # Named so that the rows' order (by alias) is not the order of creation.
    devices = [await site.device(alias=alias) for alias in ("二号泵", "一号泵", "三号泵")]
    ok(await bind(admin, template["id"], *devices))
    table = ok(await admin.post("/yun/module/middleware/table", {"template_id": template["id"], "name": table_name}))
    await site.online(devices[1])
    return Plant(template, sources, table, devices)


async def open_alarm(app: FastAPI, site: Site, device_id: int, source_id: int, level: int, recovered: bool) -> None:
    async with app.state.db.sessionmaker() as s:
        s.add(
            Alarm(
                tenant_id=site.admin.tenant_id,
                device_id=device_id,
                owner_id=site.admin.user_id,
                sn="SN",
                data_source_id=source_id,
                fault_key=f"f{source_id}{level}",
                alarm_name="高",
                alarm_level=level,
                recover_time=utcnow() if recovered else None,
            )
        )
        await s.commit()
