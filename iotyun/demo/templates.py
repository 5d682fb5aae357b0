"""Demo templates for `iotyun seed --demo`: one published template per kind of demo gateway, bound to every demo
gateway that `iotyun serve --demo` keeps online (so each streams live values, history and alarms), and an unpublished
draft bound to the offline pump station."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.texts import phrase
from iotyun.demo import models as model_demo
from iotyun.demo import screens as demo_screens
from iotyun.devices.models import Device, VirtualDevice
from iotyun.resources.models3d import LEVEL_HEIGHT
from iotyun.templates import changes
from iotyun.templates.models import (
    DataSource,
    DataSourceGroup,
    MonitorTable,
    Template,
    TemplateBinding,
    TemplateLog,
    TemplateScreen,
)
from iotyun.templates.monitor_tables.schemas import MonitorTableDesign
from iotyun.templates.screens.document import ScreenDocument
from iotyun.templates.service import snapshot

# name, group, data type, area, address, rw, unit, decimals, min, max, history, faults
_Source = tuple[str, str, str, str, int, str, str, int, float | None, float | None, str, list[dict[str, Any]]]


def _compare(op: str, threshold: float, name: str, level: int, info: str) -> dict[str, Any]:
    """An alarm condition as the data-source API stores it (every key; iotyun.templates.datasources.schemas)."""
    return {"kind": "compare", "op": op, "threshold": threshold, "bit_index": None, "alarm_name": name,
            "level": level, "info": info}  # fmt: skip


def _bit(index: int, name: str, level: int, info: str) -> dict[str, Any]:
    return {"kind": "bit", "op": None, "threshold": None, "bit_index": index, "alarm_name": name, "level": level,
            "info": info}  # fmt: skip


_COMPRESSOR: list[_Source] = [
    ("排气压力", "运行", "float32", "holding", 0, "r", "MPa", 2, None, None, "interval",
     [_compare("gt", 1.0, "排气压力过高", 2, "检查排气阀与负载")]),
    ("设定压力", "运行", "float32", "holding", 2, "rw", "MPa", 2, 0.4, 1.0, "change", []),
    ("排气温度", "运行", "float32", "input", 0, "r", "℃", 1, None, None, "interval",
     [_compare("ge", 95, "排气温度过高", 3, "检查冷却系统")]),
    ("电机电流", "电气", "int16", "input", 2, "r", "A", 0, None, None, "interval", []),
    ("运行小时", "电气", "uint32", "holding", 10, "r", "h", 0, None, None, "change", []),
    ("运行状态", "状态", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
    ("故障字", "状态", "uint16", "holding", 20, "r", "", 0, None, None, "change",
     [_bit(0, "电机过载", 4, "热继电器动作"), _bit(1, "相序错误", 5, "检查供电相序")]),
]  # fmt: skip
_POWER: list[_Source] = [
    ("A相电压", "电压", "float32", "input", 0, "r", "V", 1, 215.0, 232.0, "interval",
     [_compare("gt", 235, "A相过压", 3, "检查进线电压")]),
    ("B相电压", "电压", "float32", "input", 2, "r", "V", 1, 215.0, 232.0, "interval", []),
    ("有功功率", "功率", "float32", "input", 10, "r", "kW", 2, 40.0, 260.0, "interval",
     [_compare("gt", 280, "负载过高", 2, "检查用电负载")]),
    ("功率因数", "功率", "float32", "input", 12, "r", "", 2, 0.86, 0.99, "interval", []),
    ("合闸", "控制", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
]  # fmt: skip
_SOLAR: list[_Source] = [
    ("直流电压", "直流侧", "float32", "input", 0, "r", "V", 1, 520.0, 680.0, "interval", []),
    ("交流功率", "交流侧", "float32", "input", 2, "r", "kW", 2, 5.0, 48.0, "interval", []),
    ("日发电量", "交流侧", "uint32", "input", 4, "r", "kWh", 0, None, None, "change", []),
    ("模块温度", "状态", "float32", "input", 6, "r", "℃", 1, None, None, "interval",
     [_compare("ge", 75, "逆变器过温", 3, "检查散热风扇")]),
    ("并网", "状态", "bit", "discrete", 0, "r", "", 0, None, None, "change", []),
]  # fmt: skip
_COLD: list[_Source] = [
    ("库温", "温度", "float32", "input", 0, "r", "℃", 1, None, None, "interval",
     [_compare("gt", -12, "库温过高", 2, "检查库门与制冷机组")]),
    ("设定温度", "温度", "float32", "holding", 0, "rw", "℃", 1, -25.0, -15.0, "change", []),
    ("湿度", "温度", "float32", "input", 2, "r", "%RH", 0, 70.0, 90.0, "interval", []),
    ("压缩机运行", "状态", "bit", "discrete", 0, "r", "", 0, None, None, "change", []),
    ("库门", "状态", "bit", "discrete", 1, "r", "", 0, None, None, "change", []),
]  # fmt: skip
_BOILER: list[_Source] = [
    ("蒸汽压力", "运行", "float32", "input", 0, "r", "MPa", 2, None, None, "interval",
     [_compare("gt", 1.25, "蒸汽压力过高", 4, "检查安全阀与负荷")]),
    ("出水温度", "运行", "float32", "input", 2, "r", "℃", 1, 70.0, 90.0, "interval", []),
    ("液位", "运行", "float32", "input", 4, "r", "mm", 0, None, None, "interval",
     [_compare("lt", 200, "液位过低", 5, "立即检查给水泵")]),
    ("燃烧器", "控制", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
]  # fmt: skip
_SEWAGE: list[_Source] = [
    ("进水流量", "水量", "float32", "input", 0, "r", "m³/h", 1, 80.0, 160.0, "interval", []),
    ("出水 COD", "水质", "float32", "input", 2, "r", "mg/L", 1, None, None, "interval",
     [_compare("gt", 50, "COD 超标", 3, "检查曝气与加药")]),
    ("pH", "水质", "float32", "input", 4, "r", "", 2, 6.6, 8.2, "interval", []),
    ("溶解氧", "水质", "float32", "input", 6, "r", "mg/L", 2, 2.0, 4.0, "interval", []),
    ("曝气风机", "控制", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
]  # fmt: skip
_PUMP: list[_Source] = [
    ("出口压力", "默认分组", "float32", "input", 0, "r", "MPa", 2, 0.2, 0.6, "interval", []),
    ("流量", "默认分组", "float32", "input", 2, "r", "m³/h", 1, 20.0, 80.0, "interval", []),
    ("启停", "默认分组", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
]  # fmt: skip

# name, description, data sources, bound demo gateways (their SNs), published
_TEMPLATES: list[tuple[str, str, list[_Source], tuple[str, ...], bool]] = [
    (
        "空压机监控",
        "螺杆空压机的压力、温度、电流与故障字",
        _COMPRESSOR,
        ("IOT0000001", "IOT0000002", "IOT0000003"),
        True,
    ),
    ("配电监控", "配电柜电压、功率与合闸", _POWER, ("IOT0000004",), True),
    ("光伏逆变器监控", "直流电压、交流功率、发电量与温度", _SOLAR, ("IOT0000006",), True),
    ("冷库温控", "库温、湿度与制冷机组状态", _COLD, ("IOT0000007",), True),
    ("锅炉监控", "蒸汽压力、出水温度与液位", _BOILER, ("IOT0000009",), True),
    ("污水处理监控", "进水流量与出水水质", _SEWAGE, ("IOT0000011",), True),
    ("水泵站监控", "泵站压力与流量（草稿，未发布）", _PUMP, ("IOT0000010",), False),
]


# The plant drawn above the figures of the templates without a screen of their own, in the order of the flow.
_MACHINES: dict[str, list[str]] = {
    "配电监控": ["transformer", "breaker", "motor_control_panel"],
    "光伏逆变器监控": ["generator", "breaker", "transformer"],
    "污水处理监控": ["pump_centrifugal", "basin_open", "blower", "filter"],
    "水泵站监控": ["tank_vertical", "pump_centrifugal", "valve_check", "meter_flow"],
}


def screen_documents(
    name: str, sources: list[_Source], ids: dict[str, int]
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The main web screen of a demo template (and its mobile one, or None for the empty default) drawn for its
    data sources, bound by `ids` (name → data-source id): the compressor, the boiler and the cold store have their
    own; the others a panel of their figures."""
    units = {s[0]: s[6] for s in sources}
    places = {s[0]: s[7] for s in sources}
    if sources is _COMPRESSOR:
        return demo_screens.compressor_web(ids, units, places), demo_screens.compressor_mobile(ids, units, places)
    if sources is _BOILER:
        return demo_screens.boiler_web(ids, units, places), None
    if sources is _COLD:
        return demo_screens.cold_store_web(ids, units, places), None
    cells = [(s[0], s[2], s[5], s[6], s[7]) for s in sources]
    return demo_screens.generic_web(name, ids, cells, _MACHINES.get(name)), None


async def _template(
    session: AsyncSession, tenant_id: int, owner: User, name: str, description: str, sources: list[_Source]
) -> tuple[Template, list[DataSource], list[DataSourceGroup], list[TemplateScreen]]:
    template = Template(tenant_id=tenant_id, owner_id=owner.id, name=name, description=description)
    session.add(template)
    await session.flush()
    screens = [
        TemplateScreen(
            tenant_id=tenant_id,
            template_id=template.id,
            kind=kind,
            name=phrase("name.main_screen"),
            is_main=True,
            document=ScreenDocument().model_dump(mode="json"),
        )
        for kind in ("web", "mobile")
    ]
    session.add_all(screens)
    groups: dict[str, DataSourceGroup] = {}
    default_name = phrase("name.default_group")
    for group_name in [default_name, *dict.fromkeys(s[1] for s in sources)]:
        if group_name not in groups:
            group = DataSourceGroup(
                tenant_id=tenant_id,
                template_id=template.id,
                name=group_name,
                is_default=group_name == default_name,
                sort=len(groups),
            )
            session.add(group)
            groups[group_name] = group
    await session.flush()
    rows = []
    for i, (ds_name, group_name, data_type, area, address, rw, unit, decimals, low, high, history, faults) in enumerate(
        sources
    ):
        rows.append(
            DataSource(
                tenant_id=tenant_id,
                template_id=template.id,
                group_id=groups[group_name].id,
                name=ds_name,
                data_type=data_type,
                area=area,
                address=address,
                rw=rw,
                unit=unit,
                decimals=decimals,
                min_value=low,
                max_value=high,
                history=history,
                history_interval_s=60 if history == "interval" else None,
                faults=faults,
                sort=i,
            )
        )
    session.add_all(rows)
    await session.flush()
    web, mobile = screen_documents(name, sources, {r.name: r.id for r in rows})
    screens[0].document = web
    if mobile is not None:
        screens[1].document = mobile
    session.add(
        TemplateLog(
            tenant_id=tenant_id,
            template_id=template.id,
            action="create",
            user_id=owner.id,
            user_name=owner.user_name,
            detail={"name": name},
        )
    )
    await session.flush()
    return template, rows, list(groups.values()), screens


async def _model_screen(
    session: AsyncSession, tenant_id: int, admin: User, template: Template, sources: list[DataSource]
) -> TemplateScreen | None:
    """The boiler's second web screen, its 3D view of the demo's gallery models (demo/screens.py
    `boiler_models_web`); none when the models are not in the gallery (they are seeded first)."""
    models = await model_demo.demo_models(session, tenant_id, admin)
    if models is None:
        return None
    screen = TemplateScreen(
        tenant_id=tenant_id,
        template_id=template.id,
        kind="web",
        name=demo_screens.MODEL_SCREEN_NAME,
        is_main=False,
        sort=1,
        document=demo_screens.boiler_models_web({r.name: r.id for r in sources}, models, LEVEL_HEIGHT),
    )
    session.add(screen)
    await session.flush()
    return screen


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """The demo templates, each bound to its demo gateways; published ones carry their first publication (v1). The
    boiler gets a 3D view of the gallery's demo models when they are there."""
    admin = users.get("admin") or next(iter(users.values()))
    for name, description, data_sources, sns, published in _TEMPLATES:
        template, sources, groups, screens = await _template(session, tenant_id, admin, name, description, data_sources)
        if data_sources is _BOILER:
            extra = await _model_screen(session, tenant_id, admin, template, sources)
            if extra is not None:
                screens.append(extra)
        devices = (await session.scalars(select(Device).where(Device.tenant_id == tenant_id, Device.sn.in_(sns)))).all()
        for device in devices:
            session.add(
                TemplateBinding(tenant_id=tenant_id, device_id=device.id, template_id=template.id, bound_by=admin.id)
            )
        if devices:
            await _monitor_table(session, template, sources)
        if not devices or not published:
            continue
        release = await changes.freeze(session, template, snapshot(template, groups, sources, screens, {}), admin.id)
        session.add(
            TemplateLog(
                tenant_id=tenant_id,
                template_id=template.id,
                action="publish",
                user_id=admin.id,
                user_name=admin.user_name,
                detail={"version": template.version, "release": release},
            )
        )
    await session.flush()
    await _virtual_templates(session, tenant_id)


# A demo template's monitoring table (issue 35): its data sources as columns, each alarm threshold a colour band.
MONITOR_TABLE_NAME = "运行总览"
_ALARM_BAND = {"color": "#cf1322", "background": "#fff1f0"}


def _bands(source: DataSource) -> list[dict[str, Any]]:
    bands: list[dict[str, Any]] = []
    for fault in source.faults or []:
        if fault.get("kind") != "compare" or fault.get("threshold") is None:
            continue
        if fault.get("op") in ("gt", "ge"):
            bands.append({"min": float(fault["threshold"]), "max": None, **_ALARM_BAND})
        elif fault.get("op") in ("lt", "le"):
            bands.append({"min": None, "max": float(fault["threshold"]), **_ALARM_BAND})
    return bands


async def _monitor_table(session: AsyncSession, template: Template, sources: list[DataSource]) -> None:
    groups = {
        g.id: g.name
        for g in await session.scalars(select(DataSourceGroup).where(DataSourceGroup.template_id == template.id))
    }
    columns = [
        {
            "source_id": ds.id,
            "title": "",
            "group": groups.get(ds.group_id, ""),
            "width": 120,
            "decimals": None,
            "unit": None,
            "thousands": False,
            "align": "right",
            "frozen": False,
            "bands": _bands(ds),
        }
        for ds in sources
    ]
    session.add(
        MonitorTable(
            tenant_id=template.tenant_id,
            template_id=template.id,
            name=MONITOR_TABLE_NAME,
            description="",
            sort=0,
            revision=1,
            design=MonitorTableDesign.model_validate({"columns": columns}).model_dump(mode="json"),
        )
    )
    await session.flush()


async def add_monitor_tables(session: AsyncSession, tenant_id: int) -> None:
    """A demo tenant seeded before monitoring tables existed gets one per bound template (idempotent)."""
    templates = (
        await session.scalars(
            select(Template).where(
                Template.tenant_id == tenant_id,
                Template.id.in_(select(TemplateBinding.template_id)),
                ~Template.id.in_(select(MonitorTable.template_id)),
            )
        )
    ).all()
    for template in templates:
        sources = (
            await session.scalars(
                select(DataSource).where(DataSource.template_id == template.id).order_by(DataSource.sort)
            )
        ).all()
        await _monitor_table(session, template, list(sources))


async def _virtual_templates(session: AsyncSession, tenant_id: int) -> None:
    """Each demo virtual device bound to a real device takes that device's template (SPEC §3), as a user would
    bind it; the 2.0 one, reading from several devices, is left without."""
    virtuals = select(VirtualDevice).where(VirtualDevice.tenant_id == tenant_id, VirtualDevice.device_id.is_not(None))
    for vd in (await session.scalars(virtuals)).all():
        binding = select(TemplateBinding.template_id).where(TemplateBinding.device_id == vd.device_id)
        vd.template_id = await session.scalar(binding)
    await session.flush()
