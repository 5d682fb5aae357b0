"""Binding SELECTs: the caller's own registered devices with their gateway, device group and template binding.
Every query opts out of the tenant criteria because a device may be bound to a template of another tenant (a
received one); the device side is narrowed to the caller's own devices by devices.scope.manageable_condition."""

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device, DeviceGroup, Gateway
from iotyun.templates.models import Template, TemplateBinding

_ALL = {ALL_TENANTS: True}


@dataclass(frozen=True, slots=True)
class DeviceRow:
    device: Device
    gateway: Gateway
    group_name: str | None
    template_id: int | None
    template_name: str | None


def _own_devices(actor: Actor) -> Select[Device, Gateway, str, int, str]:
    return (
        select(Device, Gateway, DeviceGroup.name, TemplateBinding.template_id, Template.name)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .outerjoin(DeviceGroup, DeviceGroup.id == Device.group_id)
        .outerjoin(TemplateBinding, TemplateBinding.device_id == Device.id)
        .outerjoin(Template, Template.id == TemplateBinding.template_id)
        .where(scope.manageable_condition(actor), Device.registered.is_(True))
        .execution_options(**_ALL)
    )


def _row(row: Any) -> DeviceRow:
    return DeviceRow(row[0], row[1], row[2], row[3], row[4])


async def devices_page(
    session: AsyncSession,
    actor: Actor,
    template_id: int,
    params: PageParams,
    *,
    q: str | None,
    bound: bool | None,
) -> tuple[list[DeviceRow], int]:
    """A page of the caller's registered devices; `bound` narrows to those bound (or not) to `template_id`."""
    stmt = _own_devices(actor)
    if q:
        like = like_pattern(q.lower())
        stmt = stmt.where(
            or_(
                func.lower(Device.sn).like(like, escape=LIKE_ESCAPE),
                func.lower(Device.alias).like(like, escape=LIKE_ESCAPE),
            )
        )
    if bound is True:
        stmt = stmt.where(TemplateBinding.template_id == template_id)
    elif bound is False:
        stmt = stmt.where(or_(TemplateBinding.template_id.is_(None), TemplateBinding.template_id != template_id))
    total = int((await session.execute(stmt.with_only_columns(func.count(Device.id)))).scalar_one())
    page = stmt.order_by(Device.sn, Device.id).limit(params.page_size).offset((params.page - 1) * params.page_size)
    return [_row(r) for r in (await session.execute(page)).all()], total


async def own_devices(session: AsyncSession, actor: Actor, device_ids: Collection[int]) -> list[DeviceRow]:
    """The caller's registered devices among `device_ids`."""
    stmt = _own_devices(actor).where(Device.id.in_(list(device_ids)))
    return [_row(r) for r in (await session.execute(stmt)).all()]


async def bindings(session: AsyncSession, template_id: int, device_ids: Collection[int]) -> list[TemplateBinding]:
    """The bindings of `device_ids` to `template_id`."""
    stmt = (
        select(TemplateBinding)
        .where(TemplateBinding.template_id == template_id, TemplateBinding.device_id.in_(list(device_ids)))
        .execution_options(**_ALL)
    )
    return list((await session.execute(stmt)).scalars().all())
