"""Demo monitoring data for `iotyun seed --demo`: virtual devices, thumbnail groups and GPS tracks of the demo devices,
so the virtual-device list, the equipment overview and the map have something to show on first start."""

import math
from datetime import datetime, timedelta

from sqlalchemy import func, select
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


TRACK_STEP = timedelta(days=1) / TRACK_POINTS


def _offset(device: Device, at: datetime) -> tuple[float, float]:
    """Where a tracked demo device is at `at`, from its site: one loop a day (two devices drive it half a day apart),
    so a track goes on seamlessly whenever it is extended."""
    angle = 2 * math.pi * ((at.timestamp() % 86_400) / 86_400) + math.pi * (device.id % 2)
    return 0.03 * math.sin(angle) + 0.004 * math.sin(5 * angle), 0.045 * math.cos(angle)


def _add_fixes(session: AsyncSession, device: Device, site: tuple[float, float], start: datetime, end: datetime) -> int:
    """Fixes every TRACK_STEP from `start` to `end`; the last one becomes the device's position."""
    added = 0
    at = start
    while at <= end:
        d_lat, d_lng = _offset(device, at)
        speed = round(25 + 20 * abs(math.sin(3 * math.atan2(d_lat, d_lng))), 1)
        lat, lng = round(site[0] + d_lat, 6), round(site[1] + d_lng, 6)
        session.add(
            GpsPoint(tenant_id=device.tenant_id, device_id=device.id, time=at, latitude=lat, longitude=lng, speed=speed)
        )
        device.latitude, device.longitude, device.located_at = lat, lng, at
        added += 1
        at += TRACK_STEP
    return added


def _track(session: AsyncSession, device: Device, gateway: Gateway) -> None:
    """A day of fixes along a loop around the device's site, up to now."""
    site = (
        device.latitude if device.latitude is not None else TRACK_ORIGIN[0],
        device.longitude if device.longitude is not None else TRACK_ORIGIN[1],
    )
    end = utcnow()
    _add_fixes(session, device, site, end - TRACK_STEP * (TRACK_POINTS - 1), end)
    gateway.has_gps = True


async def extend_tracks(session: AsyncSession, sns: list[str]) -> int:
    """`serve --demo`: the tracked demo devices among `sns` drive on. Fixes from their last one (at most a week
    back) up to now, so the map's default playback (the last 24 hours) always has a track. The number added."""
    devices = select(Device.id).where(Device.sn.in_(sns), Device.registered.is_(True))
    last = (
        select(GpsPoint.device_id, func.max(GpsPoint.time).label("last"))
        .where(GpsPoint.device_id.in_(devices))
        .group_by(GpsPoint.device_id)
        .subquery()
    )
    stmt = select(Device, last.c.last).join(last, last.c.device_id == Device.id).order_by(Device.id)
    added = 0
    now = utcnow()
    for device, at in (await session.execute(stmt)).all():
        if device.latitude is None or device.longitude is None or now - at < TRACK_STEP:
            continue
        # The site the loop goes round: the last fix less its offset (the fixes follow _offset exactly).
        d_lat, d_lng = _offset(device, at)
        site = (device.latitude - d_lat, device.longitude - d_lng)
        added += _add_fixes(session, device, site, max(at + TRACK_STEP, now - timedelta(days=7)), now)
    await session.flush()
    return added


async def seed(session: AsyncSession, tenant_id: int, users: dict[str, User]) -> None:
    """Runs after iotyun.demo.devices.seed; does nothing without demo devices or an administrator."""
    admin = users.get("admin")
    devices = await _devices(session, tenant_id)
    if admin is None or not devices:
        return
    existing = select(VirtualDevice.id).where(VirtualDevice.tenant_id == tenant_id).limit(1)
    if (await session.execute(existing)).first() is not None:
        return

    # The devices whose gateways report GPS (the GW300s of the demo); elsewhere the last two.
    tracked = [(d, g) for d, g in devices if g.has_gps] or (devices[-2:] if len(devices) > 2 else devices[:1])
    for device, gateway in tracked:
        _track(session, device, gateway)

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
