"""Demo monitoring data for `iotyun seed --demo`: virtual devices, thumbnail groups and GPS tracks of the demo devices,
so the virtual-device list, the equipment overview and the map have something to show on first start."""

import math
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import utcnow
from iotyun.devices.groups import service as group_service
from iotyun.devices.models import (
    Device,
    Gateway,
    GpsPoint,
    ThumbnailGroup,
    ThumbnailItem,
    VirtualDevice,
    VirtualDeviceMember,
)
from iotyun.devices.virtual.schemas import DEFAULT_PERMISSIONS

TRACK_POINTS = 200
# Where a tracked demo device drives when it has no position yet (Shanghai, Pudong).
TRACK_ORIGIN = (31.2304, 121.4737)


async def _devices(session: AsyncSession, tenant_id: int) -> list[tuple[Device, Gateway]]:
    stmt = (
        select(Device, Gateway)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.tenant_id == tenant_id, Device.registered.is_(True))
        .order_by(Device.id)
    )
    return [(d, g) for d, g in (await session.execute(stmt)).all()]


async def _track(session: AsyncSession, tenant_id: int, device: Device, gateway: Gateway, turn: float) -> None:
    """About a day of fixes along a loop around the device's site; the last one becomes its position."""
    lat0, lng0 = (device.latitude, device.longitude) if device.latitude is not None else TRACK_ORIGIN
    lng0 = lng0 if lng0 is not None else TRACK_ORIGIN[1]
    now = utcnow()
    step = timedelta(days=1) / TRACK_POINTS
    lat = lng = 0.0
    for i in range(TRACK_POINTS):
        angle = 2 * math.pi * i / TRACK_POINTS + turn
        lat = lat0 + 0.03 * math.sin(angle) + 0.004 * math.sin(5 * angle)
        lng = lng0 + 0.045 * math.cos(angle)
        speed = round(25 + 20 * abs(math.sin(3 * angle)), 1)
        session.add(
            GpsPoint(
                tenant_id=tenant_id,
                device_id=device.id,
                time=now - step * (TRACK_POINTS - 1 - i),
                latitude=round(lat, 6),
                longitude=round(lng, 6),
                speed=speed,
            )
        )
    device.latitude, device.longitude, device.located_at = round(lat, 6), round(lng, 6), now
    gateway.has_gps = True


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Runs after iotyun.devices.demo.seed; does nothing without demo devices or an administrator."""
    admin = users.get("admin")
    devices = await _devices(session, tenant_id)
    if admin is None or not devices:
        return
    existing = select(VirtualDevice.id).where(VirtualDevice.tenant_id == tenant_id).limit(1)
    if (await session.execute(existing)).first() is not None:
        return

    tracked = devices[-2:] if len(devices) > 2 else devices[:1]
    for turn, (device, gateway) in enumerate(tracked):
        await _track(session, tenant_id, device, gateway, turn * math.pi)

    group = await group_service.ensure_default_group(session, tenant_id)

    def virtual(name: str, version: str = "1.0", **fields: object) -> VirtualDevice:
        vd = VirtualDevice(
            tenant_id=tenant_id,
            owner_id=admin.id,
            name=name,
            group_id=group.id,
            version=version,
            permissions=[*DEFAULT_PERMISSIONS, "history"],
            **fields,
        )
        session.add(vd)
        return vd

    def pick(i: int) -> tuple[Device, Gateway]:
        return devices[i % len(devices)]

    normal, normal_gw = pick(0)
    virtual("锅炉房监控", device_id=normal.id, firmware_version=normal_gw.firmware_version, address=normal.address)
    differs, differs_gw = pick(1)
    # Recorded against an older firmware than the gateway now runs: shows as abnormal, repairable.
    old = "0.9.0" if differs_gw.firmware_version != "0.9.0" else "0.8.0"
    virtual("空压机站", device_id=differs.id, firmware_version=old, address=differs.address)
    combined = virtual("水处理车间", version="2.0")
    vehicle = tracked[0][0]
    bound, bound_gw = pick(3)
    virtual(
        "物流车队",
        device_id=bound.id,
        gps_device_id=vehicle.id,
        firmware_version=bound_gw.firmware_version,
        address=bound.address,
    )
    await session.flush()
    for member, _ in {pick(2)[0].id: pick(2), pick(4)[0].id: pick(4)}.values():
        session.add(VirtualDeviceMember(tenant_id=tenant_id, virtual_device_id=combined.id, device_id=member.id))

    for position, (name, chosen) in enumerate((("车间总览", devices[:6]), ("重点设备", devices[6:9] or devices[:3]))):
        thumbnails = ThumbnailGroup(tenant_id=tenant_id, owner_id=admin.id, name=name, position=position)
        session.add(thumbnails)
        await session.flush()
        for index, (device, _) in enumerate(chosen):
            session.add(ThumbnailItem(tenant_id=tenant_id, group_id=thumbnails.id, device_id=device.id, position=index))
    await session.flush()
