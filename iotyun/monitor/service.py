"""The monitor area's rules (docs/api-monitor.md): a viewer watches a monitoring table when they read a device bound to
its template (or hold the template itself); its rows are those devices only, by name, with the latest value of
each column from this process's live cache and the highest open alarm level of each cell. Anything else answers
115501, as a table of another tenant does."""

import time

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MONITOR_ROWS_MAX
from iotyun.monitor import repository as repo
from iotyun.monitor.schemas import ColumnSource, MonitorRow, MonitorTableLive, WatchedTable
from iotyun.telemetry.public import Telemetry
from iotyun.templates import access
from iotyun.templates.monitor_tables import service as tables


async def watched(session: AsyncSession, actor: Actor) -> list[WatchedTable]:
    return [
        WatchedTable(**tables.summary(t).model_dump(), template_name=name, devices=n)
        for t, name, n in await repo.watched(session, actor)
    ]


async def live(session: AsyncSession, actor: Actor, telemetry: Telemetry, table_id: int) -> MonitorTableLive:
    table = await tables.find(session, table_id)
    if table is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="id")
    devices, total = await repo.bound_readable(session, actor, table.template_id, MONITOR_ROWS_MAX)
    if total == 0 and await access.held(session, actor, table.template_id) is None:
        raise AppError(ErrorCode.MIDDLEWARE_NOT_FOUND, field="id")
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
