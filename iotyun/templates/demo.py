"""Demo templates for `iotyun seed --demo`: a published compressor template bound to two demo gateways (what the
simulated gateways of `iotyun serve --demo` will run) and an unpublished power-room template."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import utcnow
from iotyun.devices.models import Device
from iotyun.templates.models import (
    DataSource,
    DataSourceGroup,
    Template,
    TemplateBinding,
    TemplateLog,
    TemplatePublication,
    TemplateScreen,
)
from iotyun.templates.service import DEFAULT_DATA_SOURCE_GROUP, MAIN_SCREEN_NAME, snapshot

# name, group, data type, area, address, rw, unit, decimals, min, max, history, faults
_Source = tuple[str, str, str, str, int, str, str, int, float | None, float | None, str, list[dict[str, Any]]]

_COMPRESSOR: list[_Source] = [
    (
        "排气压力",
        "运行",
        "float32",
        "holding",
        0,
        "r",
        "MPa",
        2,
        None,
        None,
        "interval",
        [
            {
                "kind": "compare",
                "op": "gt",
                "threshold": 1.0,
                "alarm_name": "排气压力过高",
                "level": 2,
                "info": "检查排气阀与负载",
            }
        ],
    ),
    ("设定压力", "运行", "float32", "holding", 2, "rw", "MPa", 2, 0.4, 1.0, "change", []),
    (
        "排气温度",
        "运行",
        "float32",
        "input",
        0,
        "r",
        "℃",
        1,
        None,
        None,
        "interval",
        [
            {
                "kind": "compare",
                "op": "ge",
                "threshold": 95,
                "alarm_name": "排气温度过高",
                "level": 3,
                "info": "检查冷却系统",
            }
        ],
    ),
    ("电机电流", "电气", "int16", "input", 2, "r", "A", 0, None, None, "interval", []),
    ("运行小时", "电气", "uint32", "holding", 10, "r", "h", 0, None, None, "change", []),
    ("运行状态", "状态", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
    (
        "故障字",
        "状态",
        "uint16",
        "holding",
        20,
        "r",
        "",
        0,
        None,
        None,
        "change",
        [
            {"kind": "bit", "bit_index": 0, "alarm_name": "电机过载", "level": 4, "info": "热继电器动作"},
            {"kind": "bit", "bit_index": 1, "alarm_name": "相序错误", "level": 5, "info": "检查供电相序"},
        ],
    ),
]
_POWER: list[_Source] = [
    ("A相电压", "默认分组", "float32", "input", 0, "r", "V", 1, None, None, "interval", []),
    ("有功功率", "默认分组", "float32", "input", 10, "r", "kW", 2, None, None, "interval", []),
    ("合闸", "默认分组", "bit", "coil", 0, "rw", "", 0, None, None, "change", []),
]

_SCREEN = {
    "elements": [
        {"type": "text", "x": 40, "y": 30, "w": 400, "h": 40, "text": "空压机运行监控"},
        {"type": "value", "x": 40, "y": 100, "w": 220, "h": 60, "data_source": "排气压力"},
        {"type": "value", "x": 280, "y": 100, "w": 220, "h": 60, "data_source": "排气温度"},
        {"type": "switch", "x": 520, "y": 100, "w": 120, "h": 60, "data_source": "运行状态"},
    ],
    "background": {"color": "#0b1a2e"},
}


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
            name=MAIN_SCREEN_NAME,
            is_main=True,
            document=_SCREEN if kind == "web" and sources is _COMPRESSOR else {},
        )
        for kind in ("web", "mobile")
    ]
    session.add_all(screens)
    groups: dict[str, DataSourceGroup] = {}
    for group_name in [DEFAULT_DATA_SOURCE_GROUP, *dict.fromkeys(s[1] for s in sources)]:
        if group_name not in groups:
            group = DataSourceGroup(
                tenant_id=tenant_id,
                template_id=template.id,
                name=group_name,
                is_default=group_name == DEFAULT_DATA_SOURCE_GROUP,
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


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """The demo templates: the compressor one bound to the two compressors' neighbours and published."""
    admin = users.get("admin") or next(iter(users.values()))
    compressor, sources, groups, screens = await _template(
        session, tenant_id, admin, "空压机监控", "螺杆空压机的压力、温度、电流与故障字", _COMPRESSOR
    )
    await _template(session, tenant_id, admin, "配电监控", "配电柜电压与功率（未发布）", _POWER)
    # 1号空压机 and 冷却塔 (2号空压机 runs over VPN, which cannot bind a template).
    devices = (
        await session.scalars(
            select(Device).where(Device.tenant_id == tenant_id, Device.sn.in_(["IOT0000001", "IOT0000003"]))
        )
    ).all()
    for device in devices:
        session.add(
            TemplateBinding(tenant_id=tenant_id, device_id=device.id, template_id=compressor.id, bound_by=admin.id)
        )
    if devices:
        frozen = snapshot(compressor, groups, sources, screens, {})
        session.add(
            TemplatePublication(
                tenant_id=tenant_id,
                template_id=compressor.id,
                version=compressor.version,
                snapshot=frozen,
                published_by=admin.id,
            )
        )
        compressor.published = True
        compressor.published_version = compressor.version
        compressor.published_at = utcnow()
        session.add(
            TemplateLog(
                tenant_id=tenant_id,
                template_id=compressor.id,
                action="publish",
                user_id=admin.id,
                user_name=admin.user_name,
                detail={"version": compressor.version},
            )
        )
    await session.flush()
