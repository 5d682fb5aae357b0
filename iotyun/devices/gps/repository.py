"""GPS SELECTs: readable devices with a position, and a device's track thinned in SQL to a bounded number of points.
A track of a device shared from another tenant lives in that tenant's rows, so the track query opts out of the
session's tenant criteria and names the device's tenant itself (the device was checked readable first)."""

import math
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import repository as devices_repo
from iotyun.devices import scope
from iotyun.devices.models import Device, DeviceGrant, Gateway, GpsPoint


async def located(
    session: AsyncSession, actor: Actor, group_id: int | None, dev_state: int | None
) -> list[tuple[Device, Gateway]]:
    stmt: Any = await scope.readable(session, actor, Device, Gateway)
    stmt = stmt.join_from(Device, Gateway, Gateway.id == Device.gateway_id).where(
        Device.latitude.is_not(None), Device.longitude.is_not(None)
    )
    if group_id is not None:
        # The devices shown in the group to the caller (a receiver's filed shares included, docs/api-devices.md).
        stmt = stmt.where(devices_repo.in_group(actor, group_id))
    if dev_state is not None:
        stmt = stmt.where(Device.registered.is_(True), Gateway.dev_state == dev_state)
    stmt = stmt.order_by(Device.id)
    return [(d, g) for d, g in (await session.execute(stmt)).all()]


async def gateway_of(session: AsyncSession, device: Device) -> Gateway:
    return (await session.execute(select(Gateway).where(Gateway.id == device.gateway_id))).scalar_one()


async def track(
    session: AsyncSession, device: Device, start: datetime, end: datetime, max_points: int
) -> list[tuple[datetime, float, float, float | None]]:
    """Points in [start, end] by time; beyond `max_points`, every n-th point plus the last one."""
    where = (
        GpsPoint.tenant_id == device.tenant_id,
        GpsPoint.device_id == device.id,
        GpsPoint.time >= start,
        GpsPoint.time <= end,
    )
    options = {ALL_TENANTS: True}
    total = (
        await session.execute(select(func.count(GpsPoint.id)).where(*where).execution_options(**options))
    ).scalar_one()
    columns = (GpsPoint.time, GpsPoint.latitude, GpsPoint.longitude, GpsPoint.speed)
    if total <= max_points:
        stmt = select(*columns).where(*where).order_by(GpsPoint.time, GpsPoint.id)
        rows = (await session.execute(stmt.execution_options(**options))).all()
        return [(t, lat, lng, speed) for t, lat, lng, speed in rows]
    # Keep the first point, every step-th after it, and the last: at most max_points.
    step = math.ceil((total - 1) / (max_points - 2))
    rn = func.row_number().over(order_by=(GpsPoint.time, GpsPoint.id)).label("rn")
    sub = select(*columns, rn).where(*where).subquery()
    thinned = (
        select(sub.c.time, sub.c.latitude, sub.c.longitude, sub.c.speed)
        .where(or_((sub.c.rn - 1) % step == 0, sub.c.rn == total))
        .order_by(sub.c.rn)
    )
    rows = (await session.execute(thinned.execution_options(**options))).all()
    return [(t, lat, lng, speed) for t, lat, lng, speed in rows]


async def can_write_grant(session: AsyncSession, device_id: int, user_id: int) -> bool:
    stmt = select(DeviceGrant.id).where(
        DeviceGrant.device_id == device_id, DeviceGrant.user_id == user_id, DeviceGrant.can_write.is_(True)
    )
    return (await session.execute(stmt.limit(1))).first() is not None
