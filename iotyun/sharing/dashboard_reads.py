"""What a dashboard link's page reads without login (/share-db; issue 31 point 5; docs/api-sharing.md "Dashboard
links"): each widget's data as the link's creator reads it now, narrowed to what the dashboard shows — the devices
and groups its cards list (`opening.dashboard_devices`), the reports its report cards name (drawn for a shown device
where the card follows the device tree), the weather where its weather cards look, the dashboards its toggle cards
switch to. Nothing is written; nothing counts a use. Anything else answers 118302, as a device the link does not
show."""

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import service as alarm_service
from iotyun.alarms.schemas import AlarmOut
from iotyun.core.config import Settings
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import PageParams
from iotyun.core.permissions import Perm
from iotyun.dashboards import net as dashboard_net
from iotyun.dashboards import service as dashboard_service
from iotyun.dashboards import weather
from iotyun.dashboards.document import (
    DashboardDocument,
    DashboardToggleCard,
    DeviceTreeCard,
    GroupTreeCard,
    MapCard,
    NetMonitorCard,
    ReportCard,
    WeatherCard,
)
from iotyun.dashboards.exposure import Exposure, exposure
from iotyun.dashboards.schemas import DashboardOut, NetOut
from iotyun.devices import service as device_service
from iotyun.devices.gps import service as gps_service
from iotyun.devices.gps.schemas import MapOut
from iotyun.devices.groups import service as device_group_service
from iotyun.devices.groups.schemas import DeviceGroupOut
from iotyun.devices.repository import DeviceFilter
from iotyun.reports import service as report_service
from iotyun.reports import statistic
from iotyun.sharing import opening
from iotyun.sharing.models import ShareLink
from iotyun.sharing.opening import Visitor
from iotyun.sharing.schemas import SharedReportOut, SharedTreeDeviceOut, SharedWeatherOut
from iotyun.telemetry.public import ConfigCache

# A tree lists at most this many devices (the console's device tree asks for as many).
TREE_DEVICES_MAX = 200


@dataclass
class Opened:
    link: ShareLink
    creator: Actor
    dashboard: DashboardOut
    documents: list[DashboardDocument]
    exposure: Exposure
    devices: set[int]


async def _opened(session: AsyncSession, visitor: Visitor, dashboard_id: int | None) -> Opened:
    """The link, its creator and the dashboard read for (a sector link names one of its dashboards)."""
    opening.throttle(visitor.limiters, visitor.ip)
    link, actor, shown = await opening.dashboard_link(
        session, visitor.token, visitor.ip, counting=False, dashboard_id=dashboard_id
    )
    dashboard = await opening.shared_dashboard(session, actor, shown)
    # The toggled dashboards are read once and their exposure derived from them (not read again per step).
    toggled = await opening.toggled_documents(session, actor, dashboard.document)
    documents = [dashboard.document, *toggled]
    found = exposure(dashboard.document)
    for other in toggled:
        found.merge(exposure(other))
    devices = await opening.exposed_devices(session, link, actor, found)
    return Opened(link, actor, dashboard, documents, found, devices)


def _cards(o: Opened) -> list[object]:
    return [c for d in o.documents for c in d.cards_and_tabs()]


def _refuse(field: str) -> AppError:
    return AppError(ErrorCode.SHARE_LINK_NO_ACCESS, field=field)


def _group_allowed(o: Opened, group_id: int | None) -> None:
    """A group the dashboard lists (any, when a card lists every device or a group tree offers them)."""
    if group_id is None:
        if not o.exposure.every_device:
            raise _refuse("group_id")
    elif not (o.exposure.every_device or o.exposure.group_tree or group_id in o.exposure.groups):
        raise _refuse("group_id")


async def groups(session: AsyncSession, visitor: Visitor, dashboard_id: int | None) -> list[DeviceGroupOut]:
    """The device groups of the dashboard's trees: every group of the creator's for a group tree or a card listing
    every device, else those its cards list."""
    o = await _opened(session, visitor, dashboard_id)
    if not any(isinstance(c, DeviceTreeCard | GroupTreeCard | MapCard) for c in _cards(o)):
        raise _refuse("token")
    found = await device_group_service.list_groups(session, o.creator)
    if not (o.exposure.group_tree or o.exposure.every_device):
        found = [g for g in found if g.id in o.exposure.groups]
    return [g.model_copy(update={"editable": False}) for g in found]


async def devices(
    session: AsyncSession,
    visitor: Visitor,
    dashboard_id: int | None,
    group_id: int | None,
    q: str | None,
) -> list[SharedTreeDeviceOut]:
    """The devices of a device tree (in `group_id`, matching `q`): id, name, SN, state and group only."""
    o = await _opened(session, visitor, dashboard_id)
    _group_allowed(o, group_id)
    page = PageParams(page=1, page_size=TREE_DEVICES_MAX)
    listed = await device_service.list_devices(
        session, o.creator, page, DeviceFilter(q=q, group_id=group_id, registered=True), "alias", "asc"
    )
    return [
        SharedTreeDeviceOut(
            id=d.id, name=d.alias or d.sn_code, sn=d.sn_code, dev_state=d.dev_state, group_id=d.group_id
        )
        for d in listed.items
        if d.id in o.devices
    ]


async def device_map(
    session: AsyncSession,
    settings: Settings,
    visitor: Visitor,
    dashboard_id: int | None,
    group_id: int | None,
) -> MapOut:
    o = await _opened(session, visitor, dashboard_id)
    if not any(isinstance(c, MapCard) for c in _cards(o)):
        raise _refuse("token")
    _group_allowed(o, group_id)
    found = await gps_service.device_map(session, settings, o.creator, group_id, None)
    return found.model_copy(update={"items": [i for i in found.items if i.id in o.devices]})


async def net(session: AsyncSession, visitor: Visitor, dashboard_id: int | None, group_id: int | None) -> NetOut:
    o = await _opened(session, visitor, dashboard_id)
    if not any(isinstance(c, NetMonitorCard) for c in _cards(o)):
        raise _refuse("token")
    if group_id is not None:
        _group_allowed(o, group_id)
    only = None if o.exposure.every_device else o.devices
    return await dashboard_net.net(session, o.creator, group_id, only)


async def alarms(
    session: AsyncSession,
    visitor: Visitor,
    dashboard_id: int | None,
    device_id: int | None,
    group_id: int | None,
    limit: int,
) -> list[AlarmOut]:
    """Unconfirmed alarms of a device or a group the dashboard shows, newest first (the creator's right to read
    alarms, P73000 or P10000, passes through)."""
    o = await _opened(session, visitor, dashboard_id)
    if not o.creator.can(Perm.REAL_TIME_FAULT, Perm.HOME):
        raise _refuse("token")
    if device_id is not None and device_id not in o.devices:
        raise _refuse("device_id")
    if device_id is None:
        _group_allowed(o, group_id)
    page = PageParams(page=1, page_size=limit)
    found = await alarm_service.realtime(
        session, o.creator, page, device_id=device_id, group_id=group_id, device_ids=o.devices, level=None, keyword=None
    )
    return found.items


async def report(
    session: AsyncSession,
    configs: ConfigCache,
    visitor: Visitor,
    dashboard_id: int | None,
    report_id: int,
    tz: str,
    device: int | None,
) -> SharedReportOut:
    """A report a report card names, with its statistic as the creator sees it; drawn for `device` only where a card
    of the report follows the device tree and the dashboard shows the device (118302 on device otherwise)."""
    o = await _opened(session, visitor, dashboard_id)
    named = {c.settings.report_id for c in _cards(o) if isinstance(c, ReportCard)}
    if report_id not in named:
        raise _refuse("id")
    if device is not None and (report_id not in o.exposure.device_reports or device not in o.devices):
        raise _refuse("device")
    info = await report_service.info(session, o.creator, report_id)
    data = await statistic.statistic(session, o.creator, configs, report_id, None, None, tz, device)
    return SharedReportOut(report=info, statistic=data)


async def weather_at(
    session: AsyncSession,
    settings: Settings,
    visitor: Visitor,
    dashboard_id: int | None,
    lat: float,
    lon: float,
    days: int,
) -> SharedWeatherOut:
    """The weather where a weather card of the dashboard looks."""
    o = await _opened(session, visitor, dashboard_id)
    places = {(round(c.settings.lat, 4), round(c.settings.lon, 4)) for c in _cards(o) if isinstance(c, WeatherCard)}
    if (round(lat, 4), round(lon, 4)) not in places:
        raise _refuse("lat")
    return SharedWeatherOut(
        now=await weather.now(settings, lat, lon), daily=await weather.daily(settings, lat, lon, days)
    )


async def toggled(session: AsyncSession, visitor: Visitor, shown: int | None, dashboard_id: int) -> DashboardOut:
    """A dashboard a toggle card switches to, as the creator sees it."""
    o = await _opened(session, visitor, shown)
    named = {i for c in _cards(o) if isinstance(c, DashboardToggleCard) for i in c.settings.dashboard_ids}
    if dashboard_id not in named:
        raise _refuse("id")
    other = await dashboard_service.as_shared(session, o.creator, dashboard_id)
    if other is None:
        raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="id")
    return other
