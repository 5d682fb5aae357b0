"""Alarm queries, scoped to the devices the caller reads (devices/scope.py decides which)."""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import CONFIRMED, Alarm
from iotyun.core.db import utcnow
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.devices.repository import in_group

_ALL = {ALL_TENANTS: True}


async def visible(session: AsyncSession, actor: Actor) -> Select[Any]:
    """The alarms of every device `actor` reads. Alarms carry the owner's tenant: a shared device's alarms live in
    another tenant, so the device visibility decides, not the session's tenant."""
    devices = await scope.readable(session, actor, Device.id)
    return select(Alarm).where(Alarm.device_id.in_(devices.scalar_subquery())).execution_options(**_ALL)


def _filtered(
    stmt: Select[Any],
    actor: Actor,
    *,
    device_id: int | None,
    group_id: int | None = None,
    device_ids: Collection[int] | None = None,
    level: int | None,
    alarm_type: int | None,
    keyword: str | None,
    start: datetime | None,
    end: datetime | None,
) -> Select[Any]:
    if device_id is not None:
        stmt = stmt.where(Alarm.device_id == device_id)
    if group_id is not None:
        # The devices the caller sees in that group (a share filed in it included), as the device list's filter.
        stmt = stmt.where(Alarm.device_id.in_(select(Device.id).where(in_group(actor, group_id)).scalar_subquery()))
    if device_ids is not None:
        stmt = stmt.where(Alarm.device_id.in_(sorted(device_ids)))
    if level is not None:
        stmt = stmt.where(Alarm.alarm_level == level)
    if alarm_type is not None:
        stmt = stmt.where(Alarm.alarm_type == alarm_type)
    if keyword:
        like = like_pattern(keyword)
        stmt = stmt.where(
            or_(
                Alarm.sn.ilike(like, escape=LIKE_ESCAPE),
                Alarm.dev_alias.ilike(like, escape=LIKE_ESCAPE),
                Alarm.alarm_name.ilike(like, escape=LIKE_ESCAPE),
            )
        )
    if start is not None:
        stmt = stmt.where(Alarm.alarm_time >= start)
    if end is not None:
        stmt = stmt.where(Alarm.alarm_time <= end)
    return stmt


def not_shelved(now: datetime) -> ColumnElement[bool]:
    return or_(Alarm.shelved_until.is_(None), Alarm.shelved_until <= now)


async def listing(
    session: AsyncSession, actor: Actor, *, unconfirmed: bool, shelved: bool | None = None, **filters: Any
) -> Select[Any]:
    """With `unconfirmed`, the alarms not confirmed; `shelved` True only those shelved now, False those not (None:
    either)."""
    stmt = _filtered(await visible(session, actor), actor, **filters)
    if unconfirmed:
        stmt = stmt.where(Alarm.alarm_type != CONFIRMED)
    if shelved is not None:
        now = utcnow()
        stmt = stmt.where(Alarm.shelved_until > now if shelved else not_shelved(now))
    return stmt.order_by(Alarm.alarm_time.desc(), Alarm.id.desc())


async def counts(session: AsyncSession, actor: Actor, since: datetime) -> tuple[int, int]:
    """Unconfirmed alarms not shelved now (the bell), and alarms since `since`."""
    base = (
        (await visible(session, actor)).where(or_(Alarm.alarm_type != CONFIRMED, Alarm.alarm_time >= since)).subquery()
    )
    now = utcnow()
    unconfirmed = (
        select(func.count())
        .select_from(base)
        .where(base.c.alarm_type != CONFIRMED, or_(base.c.shelved_until.is_(None), base.c.shelved_until <= now))
    )
    today = select(func.count()).select_from(base).where(base.c.alarm_time >= since)
    return int((await session.execute(unconfirmed)).scalar_one()), int((await session.execute(today)).scalar_one())


async def by_ids(session: AsyncSession, actor: Actor, ids: list[int]) -> list[Alarm]:
    stmt = (await visible(session, actor)).where(Alarm.id.in_(ids))
    return list((await session.scalars(stmt)).all())


async def count_of_owner(session: AsyncSession, owner_id: int) -> int:
    stmt = select(func.count()).select_from(Alarm).where(Alarm.owner_id == owner_id).execution_options(**_ALL)
    return int((await session.execute(stmt)).scalar_one())


async def oldest_ids_of_owner(session: AsyncSession, owner_id: int, n: int) -> list[int]:
    stmt = (
        select(Alarm.id)
        .where(Alarm.owner_id == owner_id)
        .order_by(Alarm.alarm_time, Alarm.id)
        .limit(n)
        .execution_options(**_ALL)
    )
    return [int(i) for i in (await session.scalars(stmt)).all()]


async def open_faults(session: AsyncSession) -> set[tuple[int, str]]:
    """(device, fault key) of every alarm not recovered yet, in every tenant (the alarm engine's start)."""
    stmt = select(Alarm.device_id, Alarm.fault_key).where(Alarm.recover_time.is_(None))
    return {(int(d), str(k)) for d, k in (await session.execute(stmt)).all()}


async def open_alarms(session: AsyncSession, device_id: int, fault_key: str) -> list[Alarm]:
    """The device's alarms of one fault not recovered yet, newest first."""
    stmt = (
        select(Alarm)
        .where(Alarm.device_id == device_id, Alarm.fault_key == fault_key, Alarm.recover_time.is_(None))
        .order_by(Alarm.alarm_time.desc())
    )
    return list((await session.scalars(stmt)).all())


async def alarm_owner_ids(session: AsyncSession) -> list[int]:
    """Every user who owns alarms, in every tenant (the storage limits' sweep)."""
    stmt = select(Alarm.owner_id).group_by(Alarm.owner_id)
    return [int(o) for o in (await session.scalars(stmt)).all()]
