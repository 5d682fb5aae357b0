"""Alarm rules: what the lists show, confirmation (SPEC §4: not confirmed → confirmed, with time and account), and
the SPEC §9 storage limit per device owner."""

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import hooks
from iotyun.alarms import repository as repo
from iotyun.alarms.models import CONFIRMED, Alarm
from iotyun.alarms.schemas import AlarmCountOut, AlarmOut
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import ALARM_STORAGE_TRIM
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.team import service as team_service


def to_out(alarm: Alarm) -> AlarmOut:
    return AlarmOut(
        id=alarm.id,
        device_id=alarm.device_id,
        sn_code=alarm.sn,
        dev_alias=alarm.dev_alias,
        data_source_id=alarm.data_source_id,
        data_source_name=alarm.data_source_name,
        alarm_name=alarm.alarm_name,
        alarm_level=alarm.alarm_level,
        alarm_type=alarm.alarm_type,
        alarm_info=alarm.alarm_info,
        value=alarm.value,
        alarm_time=epoch_ms(alarm.alarm_time) or 0,
        recover_time=epoch_ms(alarm.recover_time),
        confirm_time=epoch_ms(alarm.confirm_time),
        confirm_user_name=alarm.confirm_user_name,
        alarm_note=alarm.alarm_note,
    )


async def realtime(session: AsyncSession, actor: Actor, page: PageParams, **filters: Any) -> Page[AlarmOut]:
    """Unconfirmed alarms of the caller's devices, newest first."""
    stmt = await repo.listing(session, actor, unconfirmed=True, alarm_type=None, start=None, end=None, **filters)
    rows, total = await paginate(session, stmt, page)
    return Page(items=[to_out(a) for a in rows], total=total, page=page.page, page_size=page.page_size)


async def history(session: AsyncSession, actor: Actor, page: PageParams, **filters: Any) -> Page[AlarmOut]:
    """Every alarm of the caller's devices in a time range."""
    start, end = filters.get("start"), filters.get("end")
    if start is not None and end is not None and end < start:
        raise AppError(ErrorCode.PARAM_INVALID, field="end")
    stmt = await repo.listing(session, actor, unconfirmed=False, **filters)
    rows, total = await paginate(session, stmt, page)
    return Page(items=[to_out(a) for a in rows], total=total, page=page.page, page_size=page.page_size)


async def counts(session: AsyncSession, actor: Actor, tz_minutes: int) -> AlarmCountOut:
    """The bell's unconfirmed count and how many alarms started since the viewer's local midnight."""
    offset = timedelta(minutes=tz_minutes)
    local = datetime.now(UTC) + offset
    since = local.replace(hour=0, minute=0, second=0, microsecond=0) - offset
    unconfirmed, today = await repo.counts(session, actor, since)
    return AlarmCountOut(unconfirmed=unconfirmed, today=today)


async def confirm(session: AsyncSession, actor: Actor, ids: list[int], note: str) -> list[AlarmOut]:
    """Confirm alarms of the caller's devices: all of them or none (110576 unknown, 110577 already confirmed)."""
    wanted = sorted(set(ids))
    alarms = await repo.by_ids(session, actor, wanted)
    if len(alarms) != len(wanted):
        raise AppError(ErrorCode.ALARM_NOT_FOUND, field="ids")
    if any(a.alarm_type == CONFIRMED for a in alarms):
        raise AppError(ErrorCode.ALARM_ALREADY_CONFIRMED, field="ids")
    now = utcnow()
    for alarm in alarms:
        alarm.alarm_type = CONFIRMED
        alarm.confirm_time = now
        alarm.confirm_user_id = actor.user_id
        alarm.confirm_user_name = actor.user_name
        alarm.alarm_note = note or None
    await session.flush()
    await hooks.alarm_changed.call(session, list(alarms), hooks.CONFIRMED_EVENT)
    return [to_out(a) for a in sorted(alarms, key=lambda a: a.id)]


async def trim_storage(session: AsyncSession, owner_id: int) -> int:
    """SPEC §9: beyond the owner's alarm_storage quota, delete their oldest 200 alarms (repeatedly)."""
    limit = await team_service.quota_limit(session, owner_id, "alarm_storage")
    removed = 0
    count = await repo.count_of_owner(session, owner_id)
    while count > limit:
        ids = await repo.oldest_ids_of_owner(session, owner_id, ALARM_STORAGE_TRIM)
        if not ids:
            break
        await session.execute(delete(Alarm).where(Alarm.id.in_(ids)).execution_options(**{ALL_TENANTS: True}))
        removed += len(ids)
        count -= len(ids)
    return removed
