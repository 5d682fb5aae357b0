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
from iotyun.core import access
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import ALARM_STORAGE_TRIM
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.permissions import DEVICE_ALARM_CONFIRM
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.team import quotas as team_quotas
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
        **_shelf(alarm),
    )


def shelved(alarm: Alarm, now: datetime | None = None) -> bool:
    return alarm.shelved_until is not None and alarm.shelved_until > (now or utcnow())


def _shelf(alarm: Alarm) -> dict[str, Any]:
    if not shelved(alarm):
        return {"shelved_until": None, "shelved_by": None, "shelve_reason": None}
    return {
        "shelved_until": epoch_ms(alarm.shelved_until),
        "shelved_by": alarm.shelved_by_name,
        "shelve_reason": alarm.shelve_reason,
    }


async def realtime(
    session: AsyncSession, actor: Actor, page: PageParams, *, shelved: bool = False, **filters: Any
) -> Page[AlarmOut]:
    """Unconfirmed alarms of the caller's devices, newest first: those not shelved now, or (`shelved`) those that
    are."""
    stmt = await repo.listing(
        session, actor, unconfirmed=True, alarm_type=None, start=None, end=None, shelved=shelved, **filters
    )
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
    actor.need_device(DEVICE_ALARM_CONFIRM)
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
    return _pushed(session, alarms)


async def shelve(session: AsyncSession, actor: Actor, ids: list[int], minutes: int, reason: str) -> list[AlarmOut]:
    """Silence unconfirmed alarms of the caller's devices for `minutes` (all or none: 110576 unknown, 110577 already
    confirmed); shelving again sets a new end. Kept in the user log."""
    actor.need_device(DEVICE_ALARM_CONFIRM)
    reason = reason.strip()
    if not reason:
        raise AppError(ErrorCode.PARAM_INVALID, field="reason")
    alarms = await _mine(session, actor, ids)
    until = utcnow() + timedelta(minutes=minutes)
    for alarm in alarms:
        alarm.shelved_until, alarm.shelved_by_name, alarm.shelve_reason = until, actor.user_name, reason
    await session.flush()
    detail = {"ids": sorted(a.id for a in alarms), "minutes": minutes, "reason": reason}
    await team_service.write_log(session, actor, "alarm_shelve", _target(alarms), detail)
    return _pushed(session, alarms)


async def unshelve(session: AsyncSession, actor: Actor, ids: list[int]) -> list[AlarmOut]:
    """End the shelving of alarms now (an alarm not shelved stays as it is)."""
    actor.need_device(DEVICE_ALARM_CONFIRM)
    alarms = await _mine(session, actor, ids)
    now = utcnow()
    ended = [a for a in alarms if shelved(a, now)]
    for alarm in ended:
        alarm.shelved_until = now
    await session.flush()
    if ended:
        detail = {"ids": sorted(a.id for a in ended)}
        await team_service.write_log(session, actor, "alarm_unshelve", _target(ended), detail)
    return _pushed(session, alarms)


def _pushed(session: AsyncSession, alarms: list[Alarm]) -> list[AlarmOut]:
    """The alarms as answered, each also pushed live (an `alarm` frame) once the request commits."""
    outs = [to_out(a) for a in sorted(alarms, key=lambda a: a.id)]
    for out in outs:
        access.push_after_commit(session, {"type": "alarm", "alarm": out.model_dump(mode="json", by_alias=True)})
    return outs


async def _mine(session: AsyncSession, actor: Actor, ids: list[int]) -> list[Alarm]:
    wanted = sorted(set(ids))
    alarms = await repo.by_ids(session, actor, wanted)
    if len(alarms) != len(wanted):
        raise AppError(ErrorCode.ALARM_NOT_FOUND, field="ids")
    if any(a.alarm_type == CONFIRMED for a in alarms):
        raise AppError(ErrorCode.ALARM_ALREADY_CONFIRMED, field="ids")
    return alarms


def _target(alarms: list[Alarm]) -> str:
    first = alarms[0]
    more = f" +{len(alarms) - 1}" if len(alarms) > 1 else ""
    return f"{first.dev_alias or first.sn} {first.alarm_name}{more}"[:120]


async def trim_storage(session: AsyncSession, owner_id: int) -> int:
    """SPEC §9: beyond the owner's alarm_storage quota, delete their oldest 200 alarms (repeatedly)."""
    limit = await team_quotas.quota_limit(session, owner_id, "alarm_storage")
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
