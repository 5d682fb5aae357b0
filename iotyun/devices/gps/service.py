"""GPS rules: the map shows readable devices that have a position; a position is reported by the owner or a user
granted writes, moves the device only when it is newer than the last fix, and always extends the track; a track is
read over at most 31 days and thinned to a bounded number of points."""

from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import GPS_HISTORY_MAX_DAYS, GPS_HISTORY_MAX_POINTS
from iotyun.devices import devlog, scope
from iotyun.devices.gps import hooks
from iotyun.devices.gps import repository as repo
from iotyun.devices.gps.schemas import GpsHistoryOut, GpsIn, GpsPositionOut, MapItem, MapOut, MapTiles, TrackPoint
from iotyun.devices.models import Device, GpsPoint


def _dt(ms: int) -> datetime:
    value = from_epoch_ms(ms)
    assert value is not None
    return value


async def device_map(
    session: AsyncSession, settings: Settings, actor: Actor, group_id: int | None, dev_state: int | None
) -> MapOut:
    """Tile settings, the map theme (the tenant's brand's, else the platform's) and the readable devices that have a
    position."""
    items = [
        MapItem(
            id=d.id,
            sn_code=d.sn,
            alias=d.alias,
            dev_state=g.dev_state if d.registered else None,
            registered=d.registered,
            latitude=d.latitude if d.latitude is not None else 0.0,
            longitude=d.longitude if d.longitude is not None else 0.0,
            address=d.address,
            located_at=epoch_ms(d.located_at),
        )
        for d, g in await repo.located(session, actor, group_id, dev_state)
    ]
    tiles = MapTiles(
        url=settings.map_tile_url or None,
        attribution=settings.map_tile_attribution,
        subdomains=settings.map_tile_subdomains,
        max_zoom=settings.map_max_zoom,
    )
    chosen = [theme for theme in await hooks.tenant_map_theme.call(session, actor.tenant_id) if theme]
    return MapOut(tiles=tiles, theme=chosen[0] if chosen else settings.map_theme, items=items)


async def _readable(session: AsyncSession, actor: Actor, device_id: int) -> Device:
    device = await scope.readable_device(session, actor, device_id)
    if device is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    return device


async def report(session: AsyncSession, actor: Actor, body: GpsIn) -> GpsPositionOut:
    """Record a fix for a device the caller owns or may write to."""
    device = await _readable(session, actor, body.device_id)
    if not device.registered:
        raise AppError(ErrorCode.DEVICE_NOT_REGISTERED, field="device_id")
    owner = device.tenant_id == actor.tenant_id and device.owner_id == actor.user_id
    if not owner and not await repo.can_write_grant(session, device.id, actor.user_id):
        raise AppError(ErrorCode.NO_WRITE_PERMISSION, field="device_id")
    at = _dt(body.time) if body.time is not None else utcnow()
    session.add(
        GpsPoint(
            tenant_id=device.tenant_id,
            device_id=device.id,
            time=at,
            latitude=body.latitude,
            longitude=body.longitude,
            speed=body.speed,
        )
    )
    if device.located_at is None or as_utc(device.located_at) <= at:
        device.latitude, device.longitude, device.located_at = body.latitude, body.longitude, at
    detail = {"latitude": body.latitude, "longitude": body.longitude, "time": epoch_ms(at)}
    await devlog.write_log(session, device.tenant_id, device, "position", actor, detail)
    return _position(device)


def _position(device: Device) -> GpsPositionOut:
    return GpsPositionOut(
        device_id=device.id,
        latitude=device.latitude,
        longitude=device.longitude,
        located_at=epoch_ms(device.located_at),
    )


async def position(session: AsyncSession, actor: Actor, device_id: int) -> GpsPositionOut:
    """A readable device's last position; 110556 when it has none."""
    device = await _readable(session, actor, device_id)
    if device.latitude is None or device.longitude is None:
        raise AppError(ErrorCode.GPS_NO_DATA)
    return _position(device)


async def history(session: AsyncSession, actor: Actor, device_id: int, start: int, end: int) -> GpsHistoryOut:
    """A readable device's track between two epoch-ms instants (at most 31 days, at most 5000 points)."""
    if end < start or end - start > GPS_HISTORY_MAX_DAYS * timedelta(days=1) // timedelta(milliseconds=1):
        raise AppError(ErrorCode.GPS_RANGE_TOO_LONG, field="end")
    device = await _readable(session, actor, device_id)
    rows = await repo.track(session, device, _dt(start), _dt(end), GPS_HISTORY_MAX_POINTS)
    points = [
        TrackPoint(time=epoch_ms(t) or 0, latitude=lat, longitude=lng, speed=speed) for t, lat, lng, speed in rows
    ]
    return GpsHistoryOut(points=points)
