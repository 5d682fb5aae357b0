"""Virtual-device SELECTs: the caller's rows (all of the tenant's for an administrator) and the facts of the devices
they are bound to. A bound device may be a share from another tenant, so those lookups opt out of the session's
tenant criteria and state the condition themselves: a bound device counts while it is registered and either in the
virtual device's tenant or shared with its owner."""

from typing import Any

from sqlalchemy import ColumnElement, Select, and_, exists, func, not_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import (
    GRANT_SHARE,
    Device,
    DeviceGrant,
    Gateway,
    VirtualDevice,
    VirtualDeviceMember,
)


def _bound_visible(device: Any) -> ColumnElement[bool]:
    shared_with_owner = exists().where(
        DeviceGrant.device_id == device.id,
        DeviceGrant.user_id == VirtualDevice.owner_id,
        DeviceGrant.kind == GRANT_SHARE,
    )
    return and_(device.registered.is_(True), or_(device.tenant_id == VirtualDevice.tenant_id, shared_with_owner))


def normal_condition() -> ColumnElement[bool]:
    """SQL twin of service.binding(): 1.0 bound to a visible device with the recorded firmware; 2.0 whose members
    are all visible."""
    d, g = aliased(Device), aliased(Gateway)
    bound_ok = exists(
        select(d.id)
        .join(g, g.id == d.gateway_id)
        .where(d.id == VirtualDevice.device_id, _bound_visible(d), g.firmware_version == VirtualDevice.firmware_version)
    )
    m1 = aliased(VirtualDeviceMember)
    m2, d2 = aliased(VirtualDeviceMember), aliased(Device)
    has_members = exists(select(m1.id).where(m1.virtual_device_id == VirtualDevice.id))
    hidden_member = exists(
        select(m2.id)
        .join(d2, d2.id == m2.device_id)
        .where(m2.virtual_device_id == VirtualDevice.id, not_(_bound_visible(d2)))
    )
    return or_(
        and_(VirtualDevice.version == "1.0", bound_ok),
        and_(VirtualDevice.version == "2.0", has_members, not_(hidden_member)),
    )


def owned(actor: Actor) -> Select[VirtualDevice]:
    stmt = select(VirtualDevice).where(VirtualDevice.tenant_id == actor.tenant_id)
    if not actor.is_admin:
        stmt = stmt.where(VirtualDevice.owner_id == actor.user_id)
    return stmt.execution_options(**{ALL_TENANTS: True})


async def page(
    session: AsyncSession, stmt: Select[VirtualDevice], page_no: int, page_size: int
) -> tuple[list[VirtualDevice], int]:
    count = select(func.count()).select_from(stmt.order_by(None).subquery())
    total = (await session.execute(count.execution_options(**{ALL_TENANTS: True}))).scalar_one()
    rows = (await session.execute(stmt.limit(page_size).offset((page_no - 1) * page_size))).scalars()
    return list(rows), int(total)


async def one(session: AsyncSession, actor: Actor, virtual_id: int) -> VirtualDevice | None:
    return (await session.execute(owned(actor).where(VirtualDevice.id == virtual_id))).scalar_one_or_none()


async def many(session: AsyncSession, actor: Actor, ids: list[int]) -> list[VirtualDevice]:
    return list((await session.execute(owned(actor).where(VirtualDevice.id.in_(ids)))).scalars())


async def name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> bool:
    stmt = select(VirtualDevice.id).where(VirtualDevice.tenant_id == tenant_id, VirtualDevice.name == name)
    if exclude is not None:
        stmt = stmt.where(VirtualDevice.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def tenant_count(session: AsyncSession, tenant_id: int) -> int:
    """The tenant's virtual devices (account cancellation waits for none)."""
    stmt = select(func.count(VirtualDevice.id)).where(VirtualDevice.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def names(session: AsyncSession, tenant_id: int) -> set[str]:
    stmt = select(VirtualDevice.name).where(VirtualDevice.tenant_id == tenant_id)
    return set((await session.execute(stmt)).scalars())


async def members(session: AsyncSession, virtual_ids: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    if not virtual_ids:
        return out
    stmt = (
        select(VirtualDeviceMember.virtual_device_id, VirtualDeviceMember.device_id)
        .where(VirtualDeviceMember.virtual_device_id.in_(virtual_ids))
        .order_by(VirtualDeviceMember.id)
    )
    for vid, did in (await session.execute(stmt)).all():
        out.setdefault(int(vid), []).append(int(did))
    return out


async def member_rows(session: AsyncSession, virtual_id: int) -> list[VirtualDeviceMember]:
    stmt = select(VirtualDeviceMember).where(VirtualDeviceMember.virtual_device_id == virtual_id)
    return list((await session.execute(stmt)).scalars())


async def bound_devices(session: AsyncSession, device_ids: set[int]) -> dict[int, tuple[Device, Gateway]]:
    """Bound devices with their gateways, by id (ids come from the caller's own virtual devices)."""
    if not device_ids:
        return {}
    stmt = (
        select(Device, Gateway)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.id.in_(device_ids))
        .execution_options(**{ALL_TENANTS: True})
    )
    return {d.id: (d, g) for d, g in (await session.execute(stmt)).all()}


async def shares(session: AsyncSession, device_ids: set[int]) -> set[tuple[int, int]]:
    """(device_id, user_id) pairs of share grants on these devices."""
    if not device_ids:
        return set()
    stmt = select(DeviceGrant.device_id, DeviceGrant.user_id).where(
        DeviceGrant.device_id.in_(device_ids), DeviceGrant.kind == GRANT_SHARE
    )
    return {(int(d), int(u)) for d, u in (await session.execute(stmt)).all()}


async def gateway_of(session: AsyncSession, device: Device) -> Gateway:
    stmt = select(Gateway).where(Gateway.id == device.gateway_id)
    return (await session.execute(stmt)).scalar_one()
