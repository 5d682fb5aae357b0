"""HTTP routes of the monitor area (docs/api-monitor.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.monitor import service
from iotyun.monitor.dependencies import MonitorReader, MonitorSettingEditor, MonitorViewer
from iotyun.monitor.schemas import (
    MonitorGroupIn,
    MonitorGroupOut,
    MonitorGroupUpdateIn,
    MonitorSettingDocument,
    MonitorSettingOut,
    MonitorTableLive,
    WatchedTable,
)
from iotyun.telemetry.public import TelemetryDep

router = APIRouter(tags=["monitor"])


@router.get("/yun/monitor/tables")
async def watched_tables(actor: MonitorReader, session: SessionDep) -> Envelope[list[WatchedTable]]:
    return ok(await service.watched(session, actor))


@router.get("/yun/monitor/table")
async def table_live(
    table_id: Annotated[int, Query(alias="id")], actor: MonitorViewer, session: SessionDep, telemetry: TelemetryDep
) -> Envelope[MonitorTableLive]:
    return ok(await service.live(session, actor, telemetry, table_id))


@router.get("/yun/monitor/device")
async def device_live(
    table_id: int, device_id: int, actor: MonitorViewer, session: SessionDep, telemetry: TelemetryDep
) -> Envelope[MonitorTableLive]:
    return ok(await service.device_live(session, actor, telemetry, table_id, device_id))


@router.get("/yun/monitor/setting")
async def get_setting(actor: MonitorReader, session: SessionDep) -> Envelope[MonitorSettingOut]:
    return ok(await service.setting(session, actor))


@router.put("/yun/monitor/setting")
async def save_setting(
    body: MonitorSettingDocument, actor: MonitorSettingEditor, session: SessionDep
) -> Envelope[MonitorSettingOut]:
    return ok(await service.save_setting(session, actor, body))


@router.get("/yun/monitor/groups")
async def list_groups(actor: MonitorReader, session: SessionDep) -> Envelope[list[MonitorGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.get("/yun/monitor/group")
async def get_group(
    group_id: Annotated[int, Query(alias="id")], actor: MonitorReader, session: SessionDep
) -> Envelope[MonitorGroupOut]:
    return ok(await service.get_group(session, actor, group_id))


@router.post("/yun/monitor/group")
async def create_group(
    body: MonitorGroupIn, actor: MonitorSettingEditor, session: SessionDep
) -> Envelope[MonitorGroupOut]:
    return ok(await service.create_group(session, actor, body))


@router.put("/yun/monitor/group")
async def update_group(
    body: MonitorGroupUpdateIn, actor: MonitorSettingEditor, session: SessionDep
) -> Envelope[MonitorGroupOut]:
    return ok(await service.update_group(session, actor, body))


@router.delete("/yun/monitor/group")
async def delete_group(
    group_id: Annotated[int, Query(alias="id")], actor: MonitorSettingEditor, session: SessionDep
) -> Envelope[None]:
    await service.delete_group(session, actor, group_id)
    return ok()
