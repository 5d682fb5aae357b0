"""Demo dashboards for `iotyun seed --demo` (issue 31 point 7): "厂区总览", a 1920×1080 wall screen in the tech theme
with 12 live cards of 11 widget types — the title, the time, the weather, the group and device trees that re-point
the screen, the pressure trend, the fault list and the map, the compressor's screen, two report charts, the network
monitor and a container of two more reports — and "移动看板", the same plant on a phone. Both sit in the group
"厂区", and the business sector "生产运营" presents them in turn. The layouts are on the 24-column grid of 36 rows
(the desktop canvas) and the phone's 2 columns. Idempotent: nothing happens once the tenant has a dashboard."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.dashboards.document import DashboardDocument
from iotyun.dashboards.models import Dashboard, DashboardGroup, Sector, SectorDashboard
from iotyun.devices.models import Device, DeviceGroup
from iotyun.reports.models import Report

GROUP = "厂区"
OVERVIEW = "厂区总览"
MOBILE = "移动看板"
SECTOR = "生产运营"
# The weather card's place: the demo plant in Zhangjiang, Shanghai (demo/devices.py).
PLANT = {"city": "上海", "lat": 31.2035, "lon": 121.5914, "days": 3}


def _card(card_id: str, kind: str, title: str, settings: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"id": card_id, "type": kind, "title": title, "settings": settings, **extra}


def _at(card_id: str, x: int, y: int, w: int, h: int) -> dict[str, int | str]:
    return {"i": card_id, "x": x, "y": y, "w": w, "h": h}


def overview(reports: dict[str, int], device: int | None, group: int | None) -> dict[str, Any]:
    line, bars = reports.get("1号空压机排气压力（24 小时）"), reports.get("空压机排气温度（7 天）")
    pie, online = reports.get("告警级别分布"), reports.get("在线设备数")
    cards = [
        _card("weather", "weather", "天气", PLANT, show_title=False),
        _card("title", "text", "", {"text": "智慧厂区运行总览", "font_size": 44, "bold": True}, show_title=False),
        _card("clock", "time", "", {"format": "datetime", "font_size": 28}, show_title=False),
        _card("groups", "groupTree", "设备分组", {}),
        _card("devices", "deviceTree", "设备", {}),
        _card("screen", "configuration", "设备画面", {"device_id": device}, link="device"),
        # The pressure trend follows the device tree: one card for every compressor (the same template).
        _card("pressure", "report", "排气压力", {"report_id": line}, link="device"),
        _card("temperature", "report", "排气温度", {"report_id": bars}),
        _card("network", "netMonitor", "设备网络", {"group_id": None}, link="group"),
        _card("faults", "fault", "实时故障", {"group_id": group, "limit": 8}, link="device"),
        _card("map", "map", "设备分布", {"group_id": None}, link="group"),
        _card(
            "more",
            "container",
            "运行统计",
            {
                "interval_s": 15,
                "tabs": [
                    {"title": "告警级别", "card": _card("alarms", "report", "", {"report_id": pie}, show_title=False)},
                    {
                        "title": "在线设备",
                        "card": _card("online", "report", "", {"report_id": online}, show_title=False),
                    },
                ],
            },
        ),
    ]
    desktop = [
        _at("weather", 0, 0, 6, 5),
        _at("title", 6, 0, 12, 5),
        _at("clock", 18, 0, 6, 5),
        _at("groups", 0, 5, 5, 10),
        _at("devices", 0, 15, 5, 21),
        _at("screen", 5, 5, 13, 17),
        _at("pressure", 5, 22, 7, 14),
        _at("temperature", 12, 22, 6, 14),
        _at("network", 18, 5, 6, 6),
        _at("faults", 18, 11, 6, 8),
        _at("map", 18, 19, 6, 9),
        _at("more", 18, 28, 6, 8),
    ]
    return DashboardDocument.model_validate({"cards": cards, "layouts": {"desktop": desktop}}).model_dump(mode="json")


def phone(reports: dict[str, int], device: int | None) -> dict[str, Any]:
    cards = [
        _card("network", "netMonitor", "设备网络", {}),
        _card("online", "report", "在线设备", {"report_id": reports.get("在线设备数")}),
        _card("faults", "fault", "实时故障", {"limit": 5}),
        _card("screen", "configuration", "1号空压机", {"device_id": device}),
        _card("pressure", "report", "排气压力", {"report_id": reports.get("1号空压机排气压力（24 小时）")}),
    ]
    # On a portrait screen (1080 × 1920) the cards fill the whole canvas: the counts, the faults beside the screen,
    # the trend across the bottom.
    desktop = [_at("network", 0, 0, 12, 7), _at("online", 12, 0, 12, 7), _at("faults", 0, 7, 12, 14)]
    desktop += [_at("screen", 12, 7, 12, 14), _at("pressure", 0, 21, 24, 15)]
    mobile = [_at("network", 0, 0, 2, 5), _at("online", 0, 5, 2, 5), _at("faults", 0, 10, 2, 8)]
    mobile += [_at("screen", 0, 18, 2, 10), _at("pressure", 0, 28, 2, 8)]
    body = {"cards": cards, "layouts": {"desktop": desktop, "mobile": mobile}}
    return DashboardDocument.model_validate(body).model_dump(mode="json")


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Runs after the demo devices, templates and reports."""
    admin = users.get("admin")
    if admin is None:
        return
    if (await session.execute(select(Dashboard.id).where(Dashboard.tenant_id == tenant_id).limit(1))).first():
        return
    reports = {
        r.title: r.id for r in (await session.scalars(select(Report).where(Report.tenant_id == tenant_id))).all()
    }
    devices = {d.alias: d.id for d in (await session.scalars(select(Device).where(Device.tenant_id == tenant_id)))}
    groups = {
        g.name: g.id for g in (await session.scalars(select(DeviceGroup).where(DeviceGroup.tenant_id == tenant_id)))
    }
    device, group = devices.get("1号空压机"), groups.get("生产车间")
    folder = DashboardGroup(tenant_id=tenant_id, name=GROUP, position=1)
    session.add(folder)
    await session.flush()
    made = [
        Dashboard(
            tenant_id=tenant_id, owner_id=admin.id, group_id=folder.id, name=OVERVIEW, width=1920, height=1080,
            theme="tech", chart_theme="blueTech", position=1, document=overview(reports, device, group), version=1,
        ),
        Dashboard(
            tenant_id=tenant_id, owner_id=admin.id, group_id=folder.id, name=MOBILE, width=1080, height=1920,
            theme="starryBlue", chart_theme="greenTech", mobile=True, position=2, document=phone(reports, device),
            version=1,
        ),
    ]  # fmt: skip
    session.add_all(made)
    sector = Sector(
        tenant_id=tenant_id, name=SECTOR, description="空压站、配电房与冷链的运行看板，轮播展示。", interval=30
    )
    session.add(sector)
    await session.flush()
    session.add_all(
        SectorDashboard(tenant_id=tenant_id, sector_id=sector.id, dashboard_id=d.id, position=n)
        for n, d in enumerate(made)
    )
    await session.flush()
