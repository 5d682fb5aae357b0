"""HTTP routes of device GPS: the device map, reporting and reading a position, and the track (docs/api-devices.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import SettingsDep
from iotyun.devices.gps import service
from iotyun.devices.gps.dependencies import GpsUser, MapReader
from iotyun.devices.gps.schemas import GpsHistoryOut, GpsIn, GpsPositionOut, MapOut

router = APIRouter(tags=["devices"])


@router.get("/dev/map")
async def device_map(
    actor: MapReader,
    session: SessionDep,
    settings: SettingsDep,
    group_id: int | None = None,
    dev_state: Annotated[int | None, Query(ge=1, le=2)] = None,
) -> Envelope[MapOut]:
    return ok(await service.device_map(session, settings, actor, group_id, dev_state))


@router.post("/yun/dev/gps")
async def report_position(body: GpsIn, actor: GpsUser, session: SessionDep) -> Envelope[GpsPositionOut]:
    return ok(await service.report(session, actor, body))


@router.get("/yun/dev/gps")
async def get_position(
    device_id: Annotated[int, Query()], actor: GpsUser, session: SessionDep
) -> Envelope[GpsPositionOut]:
    return ok(await service.position(session, actor, device_id))


@router.get("/dev/gps/history")
async def track(
    device_id: Annotated[int, Query()],
    start: Annotated[int, Query(ge=0)],
    end: Annotated[int, Query(ge=0)],
    actor: GpsUser,
    session: SessionDep,
) -> Envelope[GpsHistoryOut]:
    return ok(await service.history(session, actor, device_id, start, end))
