"""The monitor area's rules (docs/api-monitor.md): a viewer watches a monitoring table when they read a device bound to
its template (or hold the template itself); its rows are those devices only, by name, with the latest value of
each column from this process's live cache and the highest open alarm level of each cell. Anything else answers
115501, as a table of another tenant does. Each user's monitor setting chooses among the tables they watch; the
tenant's groups of tables show each viewer the tables of them that they watch."""

import time
from datetime import datetime

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MONITOR_GROUPS_MAX, MONITOR_ROWS_MAX
from iotyun.monitor import repository as repo
from iotyun.monitor.models import MonitorGroup, MonitorSetting
from iotyun.monitor.schemas import (
    ColumnSource,
    MonitorGroupIn,
    MonitorGroupOut,
    MonitorGroupUpdateIn,
    MonitorRow,
    MonitorSettingDocument,
    MonitorSettingOut,
    MonitorTableLive,
    WatchedTable,
)
from iotyun.telemetry.public import Telemetry
from iotyun.templates import access
from iotyun.templates.models import MonitorTable
from iotyun.templates.monitor_tables import service as tables


async def watched(session: AsyncSession, actor: Actor) -> list[WatchedTable]:
    return [
        WatchedTable(**tables.summary(t).model_dump(), template_name=name, devices=n)
        for t, name, n in await repo.watched(session, actor)
    ]


async def _watched_by_id(session: AsyncSession, actor: Actor) -> dict[int, WatchedTable]:
    return {t.id: t for t in await watched(session, actor)}


def _refuse_unwatched(ids: list[int], watchable: set[int] | dict[int, WatchedTable], field: str) -> None:
    """115501 naming the first id the caller may not watch (another tenant's, deleted, no device read): the same
    answer as opening it."""
    for i, table_id in enumerate(ids):
        if table_id not in watchable:
            raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field=f"{field}.{i}")


async def live(session: AsyncSession, actor: Actor, telemetry: Telemetry, table_id: int) -> MonitorTableLive:
    table = await tables.find(session, table_id)
    if table is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="id")
    devices, total = await repo.bound_readable(session, actor, table.template_id, MONITOR_ROWS_MAX)
    if total == 0 and await access.held(session, actor, table.template_id) is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="id")
    return await _answer(session, telemetry, table, devices, total)


async def device_live(
    session: AsyncSession, actor: Actor, telemetry: Telemetry, table_id: int, device_id: int
) -> MonitorTableLive:
    """One device's row of a table: the device must be registered, bound to the table's template and read by the
    viewer; anything else answers 115501, as an unknown table does (nothing tells which part is missing)."""
    table = await tables.find(session, table_id)
    device = None if table is None else await repo.readable_bound_device(session, actor, table.template_id, device_id)
    if table is None or device is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="table_id")
    return await _answer(session, telemetry, table, [device], 1)


async def _answer(
    session: AsyncSession,
    telemetry: Telemetry,
    table: MonitorTable,
    devices: list[tuple[int, str, str, int, datetime | None]],
    total: int,
) -> MonitorTableLive:
    design = tables.design_of(table)
    found = await tables.column_sources(session, table)
    ids = [c.source_id for c in design.columns]
    levels = await repo.open_alarm_levels(session, [d[0] for d in devices], list(found))
    rows = []
    for device_id, sn, alias, state, reported in devices:
        latest = telemetry.cache.get(device_id)
        rows.append(
            MonitorRow(
                device_id=device_id,
                sn_code=sn,
                dev_alias=alias,
                dev_state=state,
                report_time=epoch_ms(reported),
                cells=[latest.get(i) if i in found else None for i in ids],
                alarms=[levels.get((device_id, i), 0) for i in ids],
            )
        )
    return MonitorTableLive(
        id=table.id,
        name=table.name,
        description=table.description,
        revision=table.revision,
        template_id=table.template_id,
        template_name=await repo.template_name(session, table.template_id),
        design=design,
        sources=[
            None
            if (ds := found.get(i)) is None
            else ColumnSource(
                id=ds.id, name=ds.name, unit=ds.unit, decimals=ds.decimals, data_type=ds.data_type, rw=ds.rw
            )
            for i in ids
        ],
        rows=rows,
        total=total,
        offline_timeout_ms=round(telemetry.settings.offline_after_seconds * 1000),
        now=int(time.time() * 1000),
    )


# --- the monitor setting --------------------------------------------------------------------------------------------


def _stored(row: MonitorSetting | None) -> MonitorSettingDocument:
    """The stored document as a model; one no longer valid (a field renamed since) reads as the defaults, never as a
    refusal, as a table's design does."""
    if row is None:
        return MonitorSettingDocument()
    try:
        return MonitorSettingDocument.model_validate(row.document or {})
    except ValidationError:
        return MonitorSettingDocument()


async def setting(session: AsyncSession, actor: Actor) -> MonitorSettingOut:
    """The caller's setting as it reads now: tables no longer watched are left out (none left: every table again)."""
    row = await repo.setting(session, actor.user_id)
    doc = _stored(row)
    watchable = await _watched_by_id(session, actor)
    ids = [i for i in doc.table_ids if i in watchable]
    default = doc.default_table_id
    if default is not None and (default not in watchable or (ids and default not in ids)):
        default = None
    return MonitorSettingOut(
        **doc.model_dump(exclude={"table_ids", "default_table_id"}),
        table_ids=ids,
        default_table_id=default,
        saved=row is not None,
        updated_at=None if row is None else epoch_ms(row.updated_at),
    )


async def save_setting(session: AsyncSession, actor: Actor, body: MonitorSettingDocument) -> MonitorSettingOut:
    """Tables the caller may not watch are refused (115501, the first named) and nothing is saved."""
    watchable = await _watched_by_id(session, actor)
    _refuse_unwatched(body.table_ids, watchable, "table_ids")
    if body.default_table_id is not None and body.default_table_id not in watchable:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="default_table_id")
    row = await repo.setting(session, actor.user_id)
    if row is None:
        row = MonitorSetting(tenant_id=actor.tenant_id, user_id=actor.user_id)
        session.add(row)
    row.document = body.model_dump(mode="json")
    await session.flush()
    await session.refresh(row)
    return await setting(session, actor)


# --- groups of tables -----------------------------------------------------------------------------------------------


def _group_out(g: MonitorGroup, watchable: dict[int, WatchedTable], existing: set[int]) -> MonitorGroupOut:
    ids = list(g.table_ids or [])
    return MonitorGroupOut(
        id=g.id,
        name=g.name,
        position=g.position,
        tables=[watchable[i] for i in ids if i in watchable],
        hidden=sum(1 for i in ids if i not in watchable and i in existing),
        updated_at=epoch_ms(g.updated_at) or 0,
    )


async def _outs(session: AsyncSession, actor: Actor, groups: list[MonitorGroup]) -> list[MonitorGroupOut]:
    watchable = await _watched_by_id(session, actor)
    ids = {i for g in groups for i in (g.table_ids or []) if i not in watchable}
    existing = await repo.existing_tables(session, ids)
    return [_group_out(g, watchable, existing) for g in groups]


async def list_groups(session: AsyncSession, actor: Actor) -> list[MonitorGroupOut]:
    return await _outs(session, actor, await repo.groups(session, actor.tenant_id))


async def _group(session: AsyncSession, actor: Actor, group_id: int) -> MonitorGroup:
    g = await repo.group(session, actor.tenant_id, group_id)
    if g is None:
        raise AppError(ErrorCode.MONITOR_GROUP_NOT_FOUND, field="id")
    return g


async def get_group(session: AsyncSession, actor: Actor, group_id: int) -> MonitorGroupOut:
    return (await _outs(session, actor, [await _group(session, actor, group_id)]))[0]


async def create_group(session: AsyncSession, actor: Actor, body: MonitorGroupIn) -> MonitorGroupOut:
    if await repo.group_count(session, actor.tenant_id) >= MONITOR_GROUPS_MAX:
        raise AppError(ErrorCode.MONITOR_GROUP_LIMIT, limit=MONITOR_GROUPS_MAX)
    if await repo.group_name_taken(session, actor.tenant_id, body.name):
        raise AppError(ErrorCode.MONITOR_GROUP_NAME_EXISTS, field="name")
    _refuse_unwatched(body.table_ids, await _watched_by_id(session, actor), "table_ids")
    g = MonitorGroup(
        tenant_id=actor.tenant_id,
        name=body.name,
        position=await repo.last_group_position(session, actor.tenant_id) + 1,
        table_ids=list(body.table_ids),
    )
    session.add(g)
    await session.flush()
    await session.refresh(g)
    return await get_group(session, actor, g.id)


async def update_group(session: AsyncSession, actor: Actor, body: MonitorGroupUpdateIn) -> MonitorGroupOut:
    """A rename and a new choice of tables. The caller chooses among the tables they watch; the group's tables they
    do not watch (another user's devices) stay in it, after the chosen ones, as they cannot have meant to drop
    what they cannot see."""
    g = await _group(session, actor, body.id)
    if body.name is not None and body.name != g.name:
        if await repo.group_name_taken(session, actor.tenant_id, body.name, exclude=g.id):
            raise AppError(ErrorCode.MONITOR_GROUP_NAME_EXISTS, field="name")
        g.name = body.name
    if body.table_ids is not None:
        watchable = await _watched_by_id(session, actor)
        _refuse_unwatched(body.table_ids, watchable, "table_ids")
        current = list(g.table_ids or [])
        unseen = [i for i in current if i not in watchable]
        existing = await repo.existing_tables(session, set(unseen))
        kept = [i for i in unseen if i in existing and i not in body.table_ids]
        g.table_ids = [*body.table_ids, *kept]
    await session.flush()
    await session.refresh(g)
    return await get_group(session, actor, g.id)


async def delete_group(session: AsyncSession, actor: Actor, group_id: int) -> None:
    await session.delete(await _group(session, actor, group_id))
    await session.flush()
