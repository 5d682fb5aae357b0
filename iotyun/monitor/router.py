"""HTTP routes of the monitor area (docs/api-monitor.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.monitor import service
from iotyun.monitor.dependencies import MonitorViewer
from iotyun.monitor.schemas import MonitorTableLive, WatchedTable
from iotyun.telemetry.public import TelemetryDep

router = APIRouter(tags=["monitor"])


@router.get("/yun/monitor/tables")
async def watched_tables(actor: MonitorViewer, session: SessionDep) -> Envelope[list[WatchedTable]]:
    return ok(await service.watched(session, actor))


@router.get("/yun/monitor/table")
async def table_live(
    table_id: Annotated[int, Query(alias="id")], actor: MonitorViewer, session: SessionDep, telemetry: TelemetryDep
) -> Envelope[MonitorTableLive]:
    return ok(await service.live(session, actor, telemetry, table_id))
