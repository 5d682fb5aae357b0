"""SELECTs of the monitor area. Rows are the devices the viewer reads (devices.scope, which opts out of the tenant
criteria for devices shared from another tenant); a shared device's binding, template, tables and alarms are its
owner's tenant's rows, so those joins and reads opt out too, always narrowed to devices the viewer reads."""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import Alarm
from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device, Gateway
from iotyun.monitor.models import MonitorGroup, MonitorSetting
from iotyun.templates.models import MonitorTable, Template, TemplateBinding

_ALL = {ALL_TENANTS: True}


async def watched(session: AsyncSession, actor: Actor) -> list[tuple[MonitorTable, str, int]]:
    """(table, template name, devices the viewer reads bound to it) of every table whose template is bound to a
    device the viewer reads, by template name then the tables' order."""
    readable = await scope.readable(session, actor, TemplateBinding.template_id, func.count(Device.id).label("n"))
    bound = (
        readable.select_from(Device)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(Device.registered.is_(True))
        .group_by(TemplateBinding.template_id)
        .subquery()
    )
    stmt = (
        select(MonitorTable, Template.name, bound.c.n)
        .join(bound, bound.c.template_id == MonitorTable.template_id)
        .join(Template, Template.id == MonitorTable.template_id)
        .order_by(Template.name, Template.id, MonitorTable.sort, MonitorTable.id)
        .execution_options(**_ALL)
    )
    return [(t, str(name), int(n)) for t, name, n in (await session.execute(stmt)).all()]


async def bound_readable(
    session: AsyncSession, actor: Actor, template_id: int, limit: int
) -> tuple[list[tuple[int, str, str, int, datetime | None]], int]:
    """(device id, SN, alias, state, report time) of the first `limit` registered devices bound to the template that
    the viewer reads, by alias then SN, and how many there are."""
    columns: tuple[Any, ...] = (Device.id, Device.sn, Device.alias, Gateway.dev_state, Gateway.report_time)
    stmt = await scope.readable(session, actor, *columns)
    stmt = (
        stmt.select_from(Device)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(TemplateBinding.template_id == template_id, Device.registered.is_(True))
    )
    total = int((await session.execute(stmt.with_only_columns(func.count(Device.id)))).scalar_one())
    rows = (await session.execute(stmt.order_by(Device.alias, Device.sn, Device.id).limit(limit))).all()
    return [(int(i), str(sn), str(alias), int(state), at) for i, sn, alias, state, at in rows], total


async def open_alarm_levels(
    session: AsyncSession, device_ids: Collection[int], source_ids: Collection[int]
) -> dict[tuple[int, int], int]:
    """(device, data source) → the highest level of its alarms not recovered yet; the caller has checked that it
    reads the devices."""
    if not device_ids or not source_ids:
        return {}
    stmt = (
        select(Alarm.device_id, Alarm.data_source_id, func.max(Alarm.alarm_level))
        .where(
            and_(
                Alarm.device_id.in_(list(device_ids)),
                Alarm.data_source_id.in_(list(source_ids)),
                Alarm.recover_time.is_(None),
            )
        )
        .group_by(Alarm.device_id, Alarm.data_source_id)
        .execution_options(**_ALL)
    )
    return {(int(d), int(s)): int(level) for d, s, level in (await session.execute(stmt)).all()}


async def template_name(session: AsyncSession, template_id: int) -> str:
    stmt = select(Template.name).where(Template.id == template_id).execution_options(**_ALL)
    return str((await session.execute(stmt)).scalar_one_or_none() or "")


async def readable_bound_device(
    session: AsyncSession, actor: Actor, template_id: int, device_id: int
) -> tuple[int, str, str, int, datetime | None] | None:
    """(device id, SN, alias, state, report time) of the device when it is registered, bound to the template and read
    by the viewer; else None."""
    columns: tuple[Any, ...] = (Device.id, Device.sn, Device.alias, Gateway.dev_state, Gateway.report_time)
    stmt = await scope.readable(session, actor, *columns)
    stmt = (
        stmt.select_from(Device)
        .join(TemplateBinding, TemplateBinding.device_id == Device.id)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.id == device_id, TemplateBinding.template_id == template_id, Device.registered.is_(True))
    )
    row = (await session.execute(stmt.limit(1))).first()
    if row is None:
        return None
    i, sn, alias, state, at = row
    return int(i), str(sn), str(alias), int(state), at


# --- the monitor setting --------------------------------------------------------------------------------------------


async def setting(session: AsyncSession, user_id: int) -> MonitorSetting | None:
    stmt = select(MonitorSetting).where(MonitorSetting.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


# --- groups ---------------------------------------------------------------------------------------------------------


async def groups(session: AsyncSession, tenant_id: int) -> list[MonitorGroup]:
    stmt = (
        select(MonitorGroup).where(MonitorGroup.tenant_id == tenant_id).order_by(MonitorGroup.position, MonitorGroup.id)
    )
    return list((await session.execute(stmt)).scalars())


async def group(session: AsyncSession, tenant_id: int, group_id: int) -> MonitorGroup | None:
    stmt = select(MonitorGroup).where(MonitorGroup.tenant_id == tenant_id, MonitorGroup.id == group_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def group_count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count(MonitorGroup.id)).where(MonitorGroup.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def last_group_position(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.max(MonitorGroup.position)).where(MonitorGroup.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one() or 0)


async def group_name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(MonitorGroup.id).where(MonitorGroup.tenant_id == tenant_id, MonitorGroup.name == name)
    if exclude is not None:
        stmt = stmt.where(MonitorGroup.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def existing_tables(session: AsyncSession, ids: Collection[int]) -> set[int]:
    """Which of these monitoring tables still exist, whoever's they are (a group keeps the ids of tables its viewer
    does not watch; only how many is told)."""
    if not ids:
        return set()
    stmt = select(MonitorTable.id).where(MonitorTable.id.in_(list(ids))).execution_options(**_ALL)
    return {int(i) for i in (await session.execute(stmt)).scalars()}
