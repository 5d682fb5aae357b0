"""The SELECTs devices/scope.py decides device visibility with: grant subqueries, whether a user holds a grant, the
device SELECT a visibility condition narrows, and one device through such a SELECT. It imports nothing of
devices/repository.py or scope.py (both build on it), so the rules stay in scope.py without an import cycle."""

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.devices.models import Device, DeviceGrant


def granted_ids(user_id: int, kind: str) -> Select[int]:
    """The ids of the devices granted to `user_id` as `kind` (share or distribution), for an IN subquery."""
    return select(DeviceGrant.device_id).where(DeviceGrant.user_id == user_id, DeviceGrant.kind == kind)


async def holds_grant(session: AsyncSession, user_id: int, kind: str) -> bool:
    stmt = select(DeviceGrant.id).where(DeviceGrant.user_id == user_id, DeviceGrant.kind == kind).limit(1)
    return (await session.execute(stmt)).first() is not None


def devices(*columns: Any) -> Select[Any]:
    """SELECT of devices (or of `columns` over the device table), before any visibility condition."""
    stmt = select(*columns) if columns else select(Device)
    return stmt if columns else stmt.select_from(Device)


async def one_device(session: AsyncSession, devices_stmt: Select[Any], device_id: int) -> Device | None:
    """The device `device_id` if `devices_stmt` (a SELECT of devices under a visibility condition) holds it."""
    row: Device | None = (await session.execute(devices_stmt.where(Device.id == device_id))).scalar_one_or_none()
    return row
