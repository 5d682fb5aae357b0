"""Alarm endpoints: /rAlarmDev (real-time), /rAlarmDev/count, /rAlarmDev/confirmation, /rAlarmDev/shelve, /hAlarmDev
(history)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.alarms import service
from iotyun.alarms.dependencies import AlarmReader
from iotyun.alarms.schemas import AlarmCountOut, AlarmOut, ConfirmIn, ShelveIn, UnshelveIn
from iotyun.core.db import from_epoch_ms
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import ALARM_LEVEL_MAX, ALARM_LEVEL_MIN
from iotyun.core.pagination import Page, PageDep
from iotyun.core.timezones import offset_minutes, zone_or_default

router = APIRouter(tags=["alarms"])

Level = Annotated[int | None, Query(ge=ALARM_LEVEL_MIN, le=ALARM_LEVEL_MAX)]
Keyword = Annotated[str | None, Query(max_length=64)]


@router.get("/rAlarmDev", response_model_by_alias=True)
@read_only
async def realtime_alarms(
    actor: AlarmReader,
    session: SessionDep,
    page: PageDep,
    device_id: int | None = None,
    group_id: int | None = None,
    level: Level = None,
    keyword: Keyword = None,
    shelved: bool = False,
) -> Envelope[Page[AlarmOut]]:
    """Unconfirmed alarms, newest first; `group_id` narrows them to the devices the caller sees in that device group;
    shelved ones only with `shelved=true` (and then only those)."""
    return ok(
        await service.realtime(
            session,
            actor,
            page,
            shelved=shelved,
            device_id=device_id,
            group_id=group_id,
            level=level,
            keyword=keyword,
        )
    )


@router.get("/rAlarmDev/count")
@read_only
async def alarm_counts(
    actor: AlarmReader, session: SessionDep, tz: Annotated[int | None, Query(ge=-840, le=840)] = None
) -> Envelope[AlarmCountOut]:
    # Without `tz`, "today" is the caller's effective zone's (docs/api-system.md "Time zones").
    minutes = tz if tz is not None else offset_minutes(zone_or_default(actor.time_zone))
    return ok(await service.counts(session, actor, minutes))


@router.post("/rAlarmDev/confirmation", response_model_by_alias=True)
async def confirm_alarms(actor: AlarmReader, session: SessionDep, body: ConfirmIn) -> Envelope[list[AlarmOut]]:
    return ok(await service.confirm(session, actor, body.ids, body.note.strip()))


@router.post("/rAlarmDev/shelve", response_model_by_alias=True)
async def shelve_alarms(actor: AlarmReader, session: SessionDep, body: ShelveIn) -> Envelope[list[AlarmOut]]:
    return ok(await service.shelve(session, actor, body.ids, body.minutes, body.reason))


@router.delete("/rAlarmDev/shelve", response_model_by_alias=True)
async def unshelve_alarms(actor: AlarmReader, session: SessionDep, body: UnshelveIn) -> Envelope[list[AlarmOut]]:
    return ok(await service.unshelve(session, actor, body.ids))


@router.get("/hAlarmDev", response_model_by_alias=True)
@read_only
async def history_alarms(
    actor: AlarmReader,
    session: SessionDep,
    page: PageDep,
    device_id: int | None = None,
    level: Level = None,
    alarm_type: Annotated[int | None, Query(ge=1, le=3)] = None,
    keyword: Keyword = None,
    start: Annotated[int | None, Query(ge=0)] = None,
    end: Annotated[int | None, Query(ge=0)] = None,
) -> Envelope[Page[AlarmOut]]:
    return ok(
        await service.history(
            session,
            actor,
            page,
            device_id=device_id,
            level=level,
            alarm_type=alarm_type,
            keyword=keyword,
            start=from_epoch_ms(start),
            end=from_epoch_ms(end),
        )
    )
