"""HTTP routes of dashboards, their groups, business sectors and the weather (docs/api-dashboards.md)."""

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import LoggedIn
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.runtime import SettingsDep
from iotyun.dashboards import net, sectors, service, weather
from iotyun.dashboards.dependencies import DashboardEditor, DashboardMaker, DashboardViewer, SectorAdmin
from iotyun.dashboards.schemas import (
    AudienceOptionOut,
    DashboardCopyIn,
    DashboardGroupIn,
    DashboardGroupOut,
    DashboardGroupUpdateIn,
    DashboardIn,
    DashboardOut,
    DashboardReorderIn,
    DashboardSaveIn,
    DashboardSummaryOut,
    DashboardUpdateIn,
    NetOut,
    SectorIn,
    SectorOut,
    SectorReorderIn,
    SectorUpdateIn,
    WeatherDailyOut,
    WeatherNowOut,
)

router = APIRouter(tags=["dashboards"])
IdQuery = Annotated[int, Query(alias="id", ge=1, le=2**63 - 1)]


@router.get("/yun/dashboard/group")
@read_only
async def list_groups(actor: DashboardViewer, session: SessionDep) -> Envelope[list[DashboardGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.post("/yun/dashboard/group")
async def create_group(
    body: DashboardGroupIn, actor: DashboardMaker, session: SessionDep
) -> Envelope[DashboardGroupOut]:
    return ok(await service.create_group(session, actor, body))


@router.put("/yun/dashboard/group")
async def rename_group(
    body: DashboardGroupUpdateIn, actor: DashboardMaker, session: SessionDep
) -> Envelope[DashboardGroupOut]:
    return ok(await service.rename_group(session, actor, body))


@router.delete("/yun/dashboard/group")
async def delete_group(group_id: IdQuery, actor: DashboardMaker, session: SessionDep) -> Envelope[None]:
    await service.delete_group(session, actor, group_id)
    return ok()


@router.get("/yun/dashboard")
@read_only
async def list_dashboards(
    actor: DashboardViewer,
    session: SessionDep,
    group_id: Annotated[int | None, Query(ge=0, le=2**63 - 1)] = None,
    keyword: Annotated[str, Query(max_length=64)] = "",
    mobile: bool | None = None,
) -> Envelope[list[DashboardSummaryOut]]:
    """The dashboards the caller sees in list order; `group_id` 0 the ungrouped ones, `mobile` true those flagged
    for phones."""
    return ok(await service.list_dashboards(session, actor, group_id, keyword, mobile))


@router.get("/yun/dashboard/detail")
@read_only
async def get_dashboard(
    dashboard_id: IdQuery,
    actor: LoggedIn,
    session: SessionDep,
    purpose: Literal["view", "edit", "fullscreen"] = "view",
) -> Envelope[DashboardOut]:
    """One dashboard the caller sees, for viewing, editing (118005 without the right) or full screen (118006)."""
    return ok(await service.get(session, actor, dashboard_id, purpose))


@router.post("/yun/dashboard")
async def create_dashboard(body: DashboardIn, actor: DashboardMaker, session: SessionDep) -> Envelope[DashboardOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/dashboard")
async def update_dashboard(
    body: DashboardUpdateIn, actor: DashboardEditor, session: SessionDep
) -> Envelope[DashboardOut]:
    return ok(await service.update(session, actor, body))


@router.post("/yun/dashboard/save")
async def save_dashboard(body: DashboardSaveIn, actor: DashboardEditor, session: SessionDep) -> Envelope[DashboardOut]:
    return ok(await service.save(session, actor, body))


@router.delete("/yun/dashboard")
async def delete_dashboard(dashboard_id: IdQuery, actor: DashboardMaker, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, dashboard_id)
    return ok()


@router.post("/yun/dashboard/copy")
async def copy_dashboard(body: DashboardCopyIn, actor: DashboardMaker, session: SessionDep) -> Envelope[DashboardOut]:
    return ok(await service.copy(session, actor, body))


@router.put("/yun/dashboard/reorder")
async def reorder_dashboards(
    body: DashboardReorderIn, actor: DashboardMaker, session: SessionDep
) -> Envelope[list[DashboardSummaryOut]]:
    return ok(await service.reorder(session, actor, body))


@router.get("/yun/dashboard/audience")
@read_only
async def audience_options(
    actor: DashboardEditor,
    session: SessionDep,
    kind: Literal["user", "role", "user_group"],
    keyword: Annotated[str, Query(max_length=32)] = "",
    ids: Annotated[str, Query(max_length=1000)] = "",
) -> Envelope[list[AudienceOptionOut]]:
    """The users, roles or user groups a dashboard may be shown to (id and name), for editors without team rights:
    by keyword, or those named by `ids` (comma-separated, at most 50)."""
    return ok(await service.audience_options(session, actor, kind, keyword, ids))


@router.get("/yun/dashboard/net")
@read_only
async def net_counts(
    actor: DashboardViewer, session: SessionDep, group_id: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None
) -> Envelope[NetOut]:
    """The network monitor's counts over the devices the caller reads (in `group_id` when named)."""
    return ok(await net.net(session, actor, group_id))


@router.get("/yun/sector")
@read_only
async def list_sectors(actor: LoggedIn, session: SessionDep) -> Envelope[list[SectorOut]]:
    """The tenant's sectors in order (/business and /module/business), each with its dashboards."""
    return ok(await sectors.list_sectors(session, actor))


@router.get("/yun/sector/detail")
@read_only
async def get_sector(sector_id: IdQuery, actor: LoggedIn, session: SessionDep) -> Envelope[SectorOut]:
    return ok(await sectors.get(session, actor, sector_id))


@router.post("/yun/sector")
async def create_sector(body: SectorIn, actor: SectorAdmin, session: SessionDep) -> Envelope[SectorOut]:
    return ok(await sectors.create(session, actor, body))


@router.put("/yun/sector")
async def update_sector(body: SectorUpdateIn, actor: SectorAdmin, session: SessionDep) -> Envelope[SectorOut]:
    return ok(await sectors.update(session, actor, body))


@router.delete("/yun/sector")
async def delete_sector(sector_id: IdQuery, actor: SectorAdmin, session: SessionDep) -> Envelope[None]:
    await sectors.delete(session, actor, sector_id)
    return ok()


@router.put("/yun/sector/reorder")
async def reorder_sectors(body: SectorReorderIn, actor: SectorAdmin, session: SessionDep) -> Envelope[list[SectorOut]]:
    return ok(await sectors.reorder(session, actor, body))


Lat = Annotated[float, Query(ge=-90, le=90)]
Lon = Annotated[float, Query(ge=-180, le=180)]


@router.get("/weather/now")
async def weather_now(_: LoggedIn, settings: SettingsDep, lat: Lat, lon: Lon) -> Envelope[WeatherNowOut]:
    """The weather now at (lat, lon) from the configured provider (119002 when none is)."""
    return ok(await weather.now(settings, lat, lon))


@router.get("/weather/daily")
async def weather_daily(
    _: LoggedIn, settings: SettingsDep, lat: Lat, lon: Lon, days: Annotated[int, Query(ge=1, le=7)] = 3
) -> Envelope[WeatherDailyOut]:
    """Today and the next days at (lat, lon), at most 7 (119002 when no provider is configured)."""
    return ok(await weather.daily(settings, lat, lon, days))
