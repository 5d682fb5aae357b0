"""HTTP routes of share links (docs/api-sharing.md): the creator's management (/yun/components/share, P82000) and
the anonymous opening of a link (/yun/shared/module). The live channel is sharing/ws.py."""

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import FileResponse

from iotyun.alarms.schemas import AlarmOut
from iotyun.auth.dependencies import Anonymous, Public
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import TEMPLATE_CAMERAS_MAX
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, LimitersDep, SettingsDep
from iotyun.dashboards.schemas import DashboardOut, NetOut
from iotyun.devices.gps.schemas import MapOut
from iotyun.devices.groups.schemas import DeviceGroupOut
from iotyun.resources.dependencies import GalleryRoot
from iotyun.sharing import dashboard_reads, opening, service
from iotyun.sharing.dependencies import SharedVisitor, ShareLinkAdmin
from iotyun.sharing.schemas import (
    SharedCameraOut,
    SharedDashboardOut,
    SharedDeviceScreenOut,
    SharedModuleOut,
    SharedReportOut,
    SharedSectorOut,
    SharedTreeDeviceOut,
    SharedWeatherOut,
    SharedWriteIn,
    ShareLinkIn,
    ShareLinkOut,
    ShareLinkResetIn,
    ShareLinkUpdateIn,
    Token,
)
from iotyun.telemetry.public import ConfigsDep, TelemetryDep, WriteOut

router = APIRouter(tags=["sharing"])

Keyword = Annotated[str | None, Query(max_length=64)]


@router.get("/yun/components/share")
@read_only
async def list_links(
    actor: ShareLinkAdmin,
    session: SessionDep,
    page: PageDep,
    keyword: Keyword = None,
    use_state: Annotated[int | None, Query(ge=0, le=1)] = None,
) -> Envelope[Page[ShareLinkOut]]:
    return ok(await service.list_links(session, actor, page, keyword=keyword, use_state=use_state))


@router.post("/yun/components/share")
async def create_link(body: ShareLinkIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/components/share")
async def update_link(body: ShareLinkUpdateIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.update(session, actor, body))


@router.post("/yun/components/share/reset")
async def reset_link(body: ShareLinkResetIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.reset(session, actor, body.id))


@router.delete("/yun/components/share")
async def delete_link(
    link_id: Annotated[int, Query(alias="id")], actor: ShareLinkAdmin, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, link_id)
    return ok()


@router.get("/yun/shared/module")
async def open_link(visitor: SharedVisitor, session: SessionDep) -> Envelope[SharedModuleOut]:
    return ok(await opening.open_link(session, visitor))


@router.get("/yun/shared/dashboard")
async def open_dashboard(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard_id: Annotated[int | None, Query(alias="id", ge=1, le=2**63 - 1)] = None,
) -> Envelope[SharedDashboardOut]:
    """Open a dashboard link without login (counts one use): the dashboard as its creator sees it now; with a sector
    link's token, `id` one of its dashboards (counts none)."""
    return ok(await opening.open_dashboard(session, visitor, dashboard_id))


@router.get("/yun/shared/sector")
async def open_sector(visitor: SharedVisitor, session: SessionDep) -> Envelope[SharedSectorOut]:
    """Open a sector link without login (counts one use): the sector and its dashboards as the creator sees them."""
    return ok(await opening.open_sector(session, visitor))


Lat = Annotated[float, Query(ge=-90, le=90)]
Lon = Annotated[float, Query(ge=-180, le=180)]
GroupQuery = Annotated[int | None, Query(ge=1, le=2**63 - 1)]
# A sector link's reads name the dashboard they are for (one of the sector's); a dashboard link's need not.
ShownQuery = Annotated[int | None, Query(alias="dashboard", ge=1, le=2**63 - 1)]


@router.get("/yun/shared/dashboard/groups")
@read_only
async def shared_groups(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard: ShownQuery = None,
) -> Envelope[list[DeviceGroupOut]]:
    return ok(await dashboard_reads.groups(session, visitor, dashboard))


@router.get("/yun/shared/dashboard/devices")
@read_only
async def shared_tree_devices(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard: ShownQuery = None,
    group_id: GroupQuery = None,
    q: Annotated[str | None, Query(max_length=64)] = None,
) -> Envelope[list[SharedTreeDeviceOut]]:
    return ok(await dashboard_reads.devices(session, visitor, dashboard, group_id, q))


@router.get("/yun/shared/dashboard/map")
@read_only
async def shared_map(
    visitor: SharedVisitor,
    session: SessionDep,
    settings: SettingsDep,
    dashboard: ShownQuery = None,
    group_id: GroupQuery = None,
) -> Envelope[MapOut]:
    return ok(await dashboard_reads.device_map(session, settings, visitor, dashboard, group_id))


@router.get("/yun/shared/dashboard/net")
@read_only
async def shared_net(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard: ShownQuery = None,
    group_id: GroupQuery = None,
) -> Envelope[NetOut]:
    return ok(await dashboard_reads.net(session, visitor, dashboard, group_id))


@router.get("/yun/shared/dashboard/alarms")
@read_only
async def shared_alarms(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard: ShownQuery = None,
    device_id: GroupQuery = None,
    group_id: GroupQuery = None,
    limit: Annotated[int, Query(ge=1, le=50)] = 10,
) -> Envelope[list[AlarmOut]]:
    return ok(await dashboard_reads.alarms(session, visitor, dashboard, device_id, group_id, limit))


@router.get("/yun/shared/dashboard/report")
@read_only
async def shared_report(
    visitor: SharedVisitor,
    session: SessionDep,
    configs: ConfigsDep,
    report_id: Annotated[int, Query(alias="id", ge=1, le=2**63 - 1)],
    dashboard: ShownQuery = None,
    tz: Annotated[str, Query(max_length=64)] = "UTC",
    device: GroupQuery = None,
) -> Envelope[SharedReportOut]:
    return ok(await dashboard_reads.report(session, configs, visitor, dashboard, report_id, tz, device))


@router.get("/yun/shared/dashboard/weather")
@read_only
async def shared_weather(
    visitor: SharedVisitor,
    session: SessionDep,
    settings: SettingsDep,
    lat: Lat,
    lon: Lon,
    dashboard: ShownQuery = None,
    days: Annotated[int, Query(ge=1, le=7)] = 3,
) -> Envelope[SharedWeatherOut]:
    return ok(await dashboard_reads.weather_at(session, settings, visitor, dashboard, lat, lon, days))


@router.get("/yun/shared/dashboard/other")
@read_only
async def shared_toggled(
    visitor: SharedVisitor,
    session: SessionDep,
    dashboard_id: Annotated[int, Query(alias="id", ge=1, le=2**63 - 1)],
    dashboard: ShownQuery = None,
) -> Envelope[DashboardOut]:
    """A dashboard a toggle card of the shared dashboard switches to."""
    return ok(await dashboard_reads.toggled(session, visitor, dashboard, dashboard_id))


@router.get("/yun/shared/module/device")
@read_only
async def shared_device(
    visitor: SharedVisitor,
    session: SessionDep,
    telemetry: TelemetryDep,
    device_id: int,
) -> Envelope[SharedDeviceScreenOut]:
    return ok(await opening.device_screen(session, telemetry, visitor, device_id))


@router.get("/yun/shared/camera")
@read_only
async def shared_camera(
    visitor: SharedVisitor,
    session: SessionDep,
    request: Request,
    device_id: Annotated[int, Query(ge=1, le=2**63 - 1)],
    source: Literal["slot", "device"] = "slot",
    slot: Annotated[int, Query(ge=0, lt=TEMPLATE_CAMERAS_MAX)] = 0,
) -> Envelope[SharedCameraOut]:
    """What a camera element or card of the link's page plays for a device the link shows (docs/api-sharing.md
    "Cameras")."""
    return ok(await opening.camera_address(session, request.app.state, visitor, device_id, source, slot))


@router.post("/yun/shared/module/write")
async def shared_write(
    _: Public, session: SessionDep, telemetry: TelemetryDep, limiters: LimitersDep, ip: ClientIp, body: SharedWriteIn
) -> Envelope[WriteOut]:
    return ok(await opening.write(session, telemetry, limiters, ip, body))


@router.get("/yun/shared/model/{token}/{model_id}/{file_name}", response_model=None)
@read_only
async def shared_model_file(
    token: Annotated[Token, Path()],
    model_id: Annotated[int, Path(ge=1, le=2**63 - 1)],
    file_name: str,
    _: Anonymous,
    session: SessionDep,
    root: GalleryRoot,
    limiters: LimitersDep,
    ip: ClientIp,
) -> FileResponse:
    # Unsigned and without a session, the token in the path: a glTF loader asks for the .gltf, then for the buffers
    # and textures it names beside it, with no headers of its own (docs/api-sharing.md "3D models").
    path, content_type = await opening.model_file(session, root, limiters, ip, token, model_id, file_name)
    return FileResponse(
        path,
        media_type=content_type,
        headers={"Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff"},
    )
