"""The SELECTs of traffic and online time, over the devices the caller reads (devices/scope.py). Flow cards, their
samples and the device log of a device shared from another tenant live in its owner's tenant: each statement narrows
to the readable devices itself and opts out of the session's tenant criteria."""

from datetime import datetime
from typing import Any

from sqlalchemy import Select, and_, case, func, literal, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device, DeviceGroup, DeviceLog, FlowCard, FlowSample, Gateway

_ALL = {ALL_TENANTS: True}
ONLINE_ACTIONS = ("online", "offline")


def _name() -> Any:
    return case((Device.alias != "", Device.alias), else_=Device.sn)


async def _readable_ids(session: AsyncSession, actor: Actor) -> Select[Any]:
    return await scope.readable(session, actor, Device.id)


def _search(stmt: Select[Any], keyword: str | None, group_id: int | None, *more: Any) -> Select[Any]:
    if keyword:
        pattern = like_pattern(keyword)
        stmt = stmt.where(or_(*(c.ilike(pattern, escape=LIKE_ESCAPE) for c in (Device.alias, Device.sn, *more))))
    if group_id is not None:
        stmt = stmt.where(Device.group_id == group_id)
    return stmt


# --- traffic -----------------------------------------------------------------------------------------------------

_CARD_COLUMNS = (
    Device.id,
    Device.sn,
    _name().label("name"),
    Device.group_id,
    DeviceGroup.name.label("group_name"),
    FlowCard.iccid,
    FlowCard.package_name,
    FlowCard.total_mb,
    FlowCard.used_mb,
    FlowCard.warning_mb,
    FlowCard.status,
    FlowCard.expiry_date,
)


async def _cards(
    session: AsyncSession, actor: Actor, keyword: str | None, group_id: int | None, status: str | None
) -> Select[Any]:
    stmt = (
        select(*_CARD_COLUMNS)
        .select_from(Device)
        .join(FlowCard, FlowCard.device_id == Device.id)
        .outerjoin(DeviceGroup, DeviceGroup.id == Device.group_id)
        .where(Device.id.in_(await _readable_ids(session, actor)))
        .execution_options(**_ALL)
    )
    stmt = _search(stmt, keyword, group_id, FlowCard.iccid)
    if status:
        stmt = stmt.where(FlowCard.status == status)
    return stmt


async def card_page(
    session: AsyncSession,
    actor: Actor,
    keyword: str | None,
    group_id: int | None,
    status: str | None,
    limit: int,
    offset: int,
) -> tuple[list[Any], tuple[int, int, int, float, float]]:
    """A page of the readable devices' cards (device id order) and the summary over all of them: (cards, warning,
    shutdown, used MB, total MB)."""
    stmt = await _cards(session, actor, keyword, group_id, status)
    rows = list((await session.execute(stmt.order_by(Device.id).limit(limit).offset(offset))).all())
    sub = stmt.subquery()
    summary = select(
        func.count(),
        func.coalesce(
            func.sum(
                case(
                    (and_(sub.c.warning_mb > 0, sub.c.total_mb - sub.c.used_mb <= sub.c.warning_mb), 1),
                    else_=0,
                )
            ),
            0,
        ),
        func.coalesce(func.sum(case((sub.c.status == "shutdown", 1), else_=0)), 0),
        func.coalesce(func.sum(sub.c.used_mb), 0.0),
        func.coalesce(func.sum(sub.c.total_mb), 0.0),
    ).execution_options(**_ALL)
    n, warning, shutdown, used, total = (await session.execute(summary)).one()
    return rows, (int(n), int(warning), int(shutdown), float(used), float(total))


async def card_row(session: AsyncSession, actor: Actor, device_id: int) -> Any | None:
    stmt = await _cards(session, actor, None, None, None)
    return (await session.execute(stmt.where(Device.id == device_id))).first()


async def flow_samples(
    session: AsyncSession, device_id: int, start: datetime, end: datetime
) -> list[tuple[datetime, float, bool]]:
    """The device's samples (time, used MB, renewal) in [start, end] in time order, led by the last one before
    `start` (the baseline)."""
    fs = FlowSample
    before = (
        select(fs.time, fs.used_mb, fs.renewal)
        .where(fs.device_id == device_id, fs.time < start)
        .order_by(fs.time.desc(), fs.id.desc())
        .limit(1)
        .execution_options(**_ALL)
    )
    inside = (
        select(fs.time, fs.used_mb, fs.renewal)
        .where(fs.device_id == device_id, fs.time >= start, fs.time <= end)
        .order_by(fs.time, fs.id)
        .execution_options(**_ALL)
    )
    first = (await session.execute(before)).first()
    rows = [(t, float(v), bool(r)) for t, v, r in (await session.execute(inside)).all()]
    return ([(first[0], float(first[1]), bool(first[2]))] if first else []) + rows


# --- online time -------------------------------------------------------------------------------------------------


async def online_devices(
    session: AsyncSession, actor: Actor, keyword: str | None, group_id: int | None, device_id: int | None = None
) -> list[Any]:
    """(id, sn, name, group id, group name, dev_state) of the readable registered devices, in id order."""
    stmt = (
        select(
            Device.id,
            Device.sn,
            _name().label("name"),
            Device.group_id,
            DeviceGroup.name.label("group_name"),
            Gateway.dev_state,
        )
        .select_from(Device)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .outerjoin(DeviceGroup, DeviceGroup.id == Device.group_id)
        .where(Device.id.in_(await _readable_ids(session, actor)), Device.registered.is_(True))
        .order_by(Device.id)
        .execution_options(**_ALL)
    )
    stmt = _search(stmt, keyword, group_id)
    if device_id is not None:
        stmt = stmt.where(Device.id == device_id)
    return list((await session.execute(stmt)).all())


async def online_events(
    session: AsyncSession, device_ids: Select[Any] | list[int], start: datetime, end: datetime
) -> list[tuple[int, datetime, str]]:
    """One statement: each device's last online/offline record before `start` (its state then) and its records in
    [start, end], as (device id, time, action) in time order per device."""
    dl = DeviceLog
    ids = list(device_ids) if isinstance(device_ids, list) else device_ids
    latest = (
        select(dl.device_id.label("device_id"), func.max(dl.time).label("time"))
        .where(dl.device_id.in_(ids), dl.action.in_(ONLINE_ACTIONS), dl.time < start)
        .group_by(dl.device_id)
        .subquery()
    )
    before = (
        select(dl.device_id, dl.time, dl.action, dl.id, literal(0).label("k"))
        .join(latest, and_(latest.c.device_id == dl.device_id, latest.c.time == dl.time))
        .where(dl.action.in_(ONLINE_ACTIONS))
    )
    inside = select(dl.device_id, dl.time, dl.action, dl.id, literal(1).label("k")).where(
        dl.device_id.in_(ids), dl.action.in_(ONLINE_ACTIONS), dl.time >= start, dl.time <= end
    )
    both = union_all(before, inside).subquery()
    stmt = (
        select(both.c.device_id, both.c.time, both.c.action)
        .order_by(both.c.device_id, both.c.k, both.c.time, both.c.id)
        .execution_options(**_ALL)
    )
    return [(int(d), t, str(a)) for d, t, a in (await session.execute(stmt)).all()]
