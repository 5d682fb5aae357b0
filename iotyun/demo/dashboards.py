"""Demo dashboards for `iotyun seed --demo` (issue 31 point 7): "厂区总览", a 1920×1080 wall screen in the tech theme
with 12 live cards of 11 widget types — the title, the time, the weather, the group and device trees that re-point
the screen, the pressure trend, the fault list and the map, the compressor's screen, two report charts, the network
monitor and a container of two more reports — "移动看板", the same plant on a phone, and "锅炉房 3D", the boiler
house's 3D models and cameras (issue 38). They sit in the group "厂区"; the business sector "生产运营" presents the
first two in turn. The layouts are on the 24-column grid of 36 rows
(the desktop canvas) and the phone's 2 columns. Idempotent: nothing happens once the tenant has a dashboard."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.dashboards.document import DashboardDocument
from iotyun.dashboards.models import Dashboard, DashboardGroup, Sector, SectorDashboard
from iotyun.demo import models as model_demo
from iotyun.demo.screens import RUNNING
from iotyun.devices.models import Device, DeviceGroup
from iotyun.reports.models import Report
from iotyun.resources.models3d import LEVEL_HEIGHT
from iotyun.templates.models import DataSource, TemplateBinding

GROUP = "厂区"
OVERVIEW = "厂区总览"
MOBILE = "移动看板"
SECTOR = "生产运营"
BOILER_3D = "锅炉房 3D"
BOILER = "锅炉房"
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


def boiler_3d(device: int, sources: dict[str, int], models: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """The boiler house in 3D (issue 38): the draft fan turning while the burner fires (燃烧器 × 120 rpm), the feed
    pump skid in the burner's state colour, the feed-water tank filled to 液位 (0–800 mm), and the house's two
    cameras (the boiler template's camera slots), around the title and the time."""

    def model(name: str, **settings: Any) -> dict[str, Any]:
        model_id, url = models[name]
        return {"model_id": model_id, "model_url": url, "meshes": [], "drives": [], "spins": [], **settings}

    def bound(**keys: str) -> dict[str, dict[str, int]]:
        return {key: {"data_source_id": sources[name]} for key, name in keys.items()}

    fan = model("风机", spins=[{"key": "spin_1", "node": "blades", "axis": "z", "factor": 120}])
    level = {"key": "drive_1", "node": "level", "kind": "scale_y", "min": 0, "max": 800}
    tank = model("储罐", drives=[{**level, "from_value": 0, "to_value": LEVEL_HEIGHT}])
    pump = model("泵组", meshes=["motor", "pump"])
    cards = [
        _card("title", "text", "", {"text": "锅炉房 3D 监控", "font_size": 40, "bold": True}, show_title=False),
        _card("clock", "time", "", {"format": "datetime", "font_size": 26}, show_title=False),
        _card("fan", "model3d", "鼓风机", {"device_id": device, "model": fan, "bindings": bound(spin_1="燃烧器")}),
        _card(
            "pump",
            "model3d",
            "给水泵（随燃烧器）",
            {"device_id": device, "model": pump, "bindings": bound(value="燃烧器"), "states": RUNNING},
        ),
        _card("tank", "model3d", "给水箱液位", {"device_id": device, "model": tank, "bindings": bound(drive_1="液位")}),
        _card("gate", "camera", "锅炉房入口", {"device_id": device, "source": "slot", "slot": 0}),
        _card("burner", "camera", "燃烧器观察口", {"device_id": device, "source": "slot", "slot": 1}),
    ]
    desktop = [_at("title", 0, 0, 18, 4), _at("clock", 18, 0, 6, 4)]
    desktop += [_at("fan", 0, 4, 8, 16), _at("pump", 8, 4, 8, 16), _at("tank", 16, 4, 8, 16)]
    desktop += [_at("gate", 0, 20, 12, 16), _at("burner", 12, 20, 12, 16)]
    mobile = [_at("title", 0, 0, 2, 3), _at("fan", 0, 3, 2, 8), _at("pump", 0, 11, 2, 8), _at("tank", 0, 19, 2, 8)]
    mobile += [_at("gate", 0, 27, 2, 7), _at("burner", 0, 34, 2, 7)]
    body = {"cards": cards, "layouts": {"desktop": desktop, "mobile": mobile}}
    return DashboardDocument.model_validate(body).model_dump(mode="json")


async def seed_boiler_3d(session: AsyncSession, tenant_id: int, admin: User) -> None:
    """The 3D dashboard in the group "厂区" once the boiler, its template and the gallery's demo models are there;
    nothing when one is missing or the dashboard exists (by name)."""
    named = select(Dashboard.id).where(Dashboard.tenant_id == tenant_id, Dashboard.name == BOILER_3D)
    if (await session.execute(named.limit(1))).first():
        return
    device = (
        await session.scalars(select(Device).where(Device.tenant_id == tenant_id, Device.alias == BOILER))
    ).first()
    models = await model_demo.demo_models(session, tenant_id, admin)
    if device is None or models is None:
        return
    binding = (await session.scalars(select(TemplateBinding).where(TemplateBinding.device_id == device.id))).first()
    if binding is None:
        return
    rows = await session.scalars(select(DataSource).where(DataSource.template_id == binding.template_id))
    sources = {r.name: r.id for r in rows}
    if not {"燃烧器", "液位"} <= sources.keys():
        return
    folder = (
        await session.scalars(
            select(DashboardGroup).where(DashboardGroup.tenant_id == tenant_id, DashboardGroup.name == GROUP)
        )
    ).first()
    session.add(
        Dashboard(
            tenant_id=tenant_id, owner_id=admin.id, group_id=folder.id if folder else None, name=BOILER_3D,
            width=1920, height=1080, theme="tech", chart_theme="blueTech", position=3,
            document=boiler_3d(device.id, sources, models), version=1,
        )
    )  # fmt: skip
    await session.flush()


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Runs after the demo devices, templates and reports."""
    admin = users.get("admin")
    if admin is None:
        return
    if (await session.execute(select(Dashboard.id).where(Dashboard.tenant_id == tenant_id).limit(1))).first():
        # A demo seeded before the 3D dashboard existed gets it (idempotent).
        await seed_boiler_3d(session, tenant_id, admin)
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
    await seed_boiler_3d(session, tenant_id, admin)
