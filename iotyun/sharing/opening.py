"""Opening a share link without logging in (/yun/shared/module): the link is checked (118301 unknown, 118305
disabled, 118304 expired, 118303 at its access limit for an open), then the creator's rights are built afresh
(118302 when the creator is locked or gone, or no longer reads a device of the link) and the telemetry, alarm and
control services are called as the creator, narrowed by the link: its devices only, writes only for a control
link. Only an open counts a use; a device's screen, a write and the socket do not."""

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import service as alarm_service
from iotyun.auth import service as auth_service
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SHARE_LINK_ALARMS_SHOWN
from iotyun.core.pagination import PageParams
from iotyun.core.permissions import Perm
from iotyun.core.ratelimit import Limiters
from iotyun.core.tenancy import bind_tenant
from iotyun.dashboards import repository as dashboard_repo
from iotyun.dashboards import sectors as sector_service
from iotyun.dashboards import service as dashboard_service
from iotyun.dashboards.document import DashboardDocument, DashboardToggleCard
from iotyun.dashboards.exposure import Exposure, exposure
from iotyun.dashboards.schemas import DashboardOut
from iotyun.devices import hooks as device_hooks
from iotyun.devices import service as device_service
from iotyun.resources import service as resource_service
from iotyun.sharing import repository as repo
from iotyun.sharing import rules
from iotyun.sharing.models import LINK_CONFIGURATION, LINK_DASHBOARD, LINK_SECTOR, PERMISSION_CONTROL, ShareLink
from iotyun.sharing.schemas import (
    SharedCameraOut,
    SharedDashboardOut,
    SharedDeviceOut,
    SharedDeviceScreenOut,
    SharedLinkOut,
    SharedModuleOut,
    SharedSectorOut,
    SharedUserOut,
    SharedWriteIn,
)
from iotyun.telemetry.public import (
    Telemetry,
    WriteIn,
    WriteOut,
    device_screens,
    device_write_config,
    live_values,
    user_can_write,
    write_value,
)
from iotyun.templates import service as template_service


async def checked_link(session: AsyncSession, token: str, *, counting: bool) -> ShareLink:
    """The link of `token` if it may be used now (the 1183xx of why not otherwise); binds the session to its
    tenant."""
    link = await repo.link_by_token(session, token) if token else None
    code = rules.refusal(link, counting=counting)
    if code is not None or link is None:
        raise AppError(code or ErrorCode.SHARE_LINK_INVALID)
    bind_tenant(session, link.tenant_id)
    return link


async def creator(session: AsyncSession, link: ShareLink, client_ip: str = "") -> Actor:
    """The creator's actor, read afresh: 118302 when they are locked or gone, or cannot read a device screen."""
    actor = await auth_service.actor_for_user(session, link.user_id, client_ip=client_ip)
    if actor is None or not actor.can(Perm.HOME):
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS)
    return actor


async def visible_ids(session: AsyncSession, link: ShareLink, actor: Actor) -> list[int]:
    """The link's devices its creator still reads, in the link's order."""
    ids = await repo.device_ids(session, link.id)
    readable = await repo.readable_ids(session, actor, ids)
    return [i for i in ids if i in readable]


def throttle(limiters: Limiters, client_ip: str) -> None:
    """Every anonymous call of a link counts against its address's budget (100008 past it)."""
    if limiters.share_by_address.take(client_ip):
        raise AppError(ErrorCode.TOO_MANY_REQUESTS)


@dataclass(frozen=True)
class Visitor:
    """Who reads a link's page without login: the link's token, the abuse windows the call counts against and the
    caller's address (sharing/dependencies.py `SharedVisitor` hands it to every shared read)."""

    token: str
    limiters: Limiters
    ip: str


async def open_link(session: AsyncSession, visitor: Visitor) -> SharedModuleOut:
    """Check the link, count one use (never past its limit, however many open at once) and answer what the shared
    page shows: the link, the creator as the page acts, and the devices with their states."""
    throttle(visitor.limiters, visitor.ip)
    link = await checked_link(session, visitor.token, counting=True)
    if link.link_type != LINK_CONFIGURATION:
        raise AppError(ErrorCode.SHARE_LINK_INVALID)
    actor = await creator(session, link, visitor.ip)
    ids = await visible_ids(session, link, actor)
    if not ids:
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS)
    if not await repo.count_use(session, link.id):
        raise AppError(ErrorCode.SHARE_LINK_ACCESS_LIMIT)
    permissions, device_permissions = rules.granted(link, actor, user_can_write(actor))
    rows = (await repo.devices_of(session, [link.id])).get(link.id, [])
    devices = [
        SharedDeviceOut(id=d.id, name=d.alias or d.sn, sn=d.sn, dev_state=g.dev_state or 2)
        for d, g in rows
        if d.id in ids
    ]
    return SharedModuleOut(
        link=_link_out(link),
        share_user=SharedUserOut(
            user_name=actor.user_name, permissions=permissions, device_permissions=device_permissions
        ),
        devices=devices,
    )


def _link_out(link: ShareLink) -> SharedLinkOut:
    return SharedLinkOut(
        link_type=link.link_type, permission=link.permission, expire_at=epoch_ms(link.expire_at), note=link.note
    )


async def link_dashboards(session: AsyncSession, link: ShareLink) -> list[int]:
    """The dashboards a dashboard or sector link opens: its dashboard, or its sector's in order."""
    if link.link_type == LINK_DASHBOARD and link.dashboard_id is not None:
        return [link.dashboard_id]
    if link.link_type == LINK_SECTOR and link.sector_id is not None:
        return (await dashboard_repo.sector_dashboard_ids(session, [link.sector_id]))[link.sector_id]
    raise AppError(ErrorCode.SHARE_LINK_INVALID)


async def dashboard_link(
    session: AsyncSession, token: str, client_ip: str = "", *, counting: bool, dashboard_id: int | None = None
) -> tuple[ShareLink, Actor, int]:
    """A usable dashboard or sector link, its creator, and the dashboard asked for: a dashboard link's own (when
    `dashboard_id` is left out or names it), or one of a sector link's (named). A configuration link's token is
    118301, as an unknown one; a dashboard the link does not open 118302 on `id`."""
    link = await checked_link(session, token, counting=counting)
    ids = await link_dashboards(session, link)
    actor = await creator(session, link, client_ip)
    if dashboard_id is None and link.link_type == LINK_DASHBOARD:
        dashboard_id = ids[0]
    if dashboard_id is None or dashboard_id not in ids:
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS, field="id")
    return link, actor, dashboard_id


def _shared_user(link: ShareLink, actor: Actor) -> SharedUserOut:
    permissions, _ = rules.granted(link, actor, False)
    return SharedUserOut(user_name=actor.user_name, permissions=permissions, device_permissions=[])


async def open_dashboard(
    session: AsyncSession, visitor: Visitor, dashboard_id: int | None = None
) -> SharedDashboardOut:
    """A dashboard link's dashboard (counting one use), or one of a sector link's dashboards (counting none: the
    sector's open counted), as the creator sees it now (118302 when they no longer see it)."""
    throttle(visitor.limiters, visitor.ip)
    link = await checked_link(session, visitor.token, counting=False)
    counting = link.link_type == LINK_DASHBOARD
    link, actor, shown = await dashboard_link(
        session, visitor.token, visitor.ip, counting=counting, dashboard_id=dashboard_id
    )
    dashboard = await shared_dashboard(session, actor, shown)
    if counting and not await repo.count_use(session, link.id):
        raise AppError(ErrorCode.SHARE_LINK_ACCESS_LIMIT)
    return SharedDashboardOut(
        link=_link_out(link),
        share_user=_shared_user(link, actor),
        dashboard=dashboard,
        device_id=link.choice_device_id,
        group_id=link.choice_group_id,
    )


async def open_sector(session: AsyncSession, visitor: Visitor) -> SharedSectorOut:
    """Check a sector link, count one use and answer the sector with its dashboards as the creator sees them."""
    throttle(visitor.limiters, visitor.ip)
    link = await checked_link(session, visitor.token, counting=True)
    if link.link_type != LINK_SECTOR or link.sector_id is None:
        raise AppError(ErrorCode.SHARE_LINK_INVALID)
    actor = await creator(session, link, visitor.ip)
    sector = await sector_service.get(session, actor, link.sector_id)
    if not any(d.available for d in sector.dashboards):
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS)
    if not await repo.count_use(session, link.id):
        raise AppError(ErrorCode.SHARE_LINK_ACCESS_LIMIT)
    return SharedSectorOut(
        link=_link_out(link),
        share_user=_shared_user(link, actor),
        sector=sector,
        device_id=link.choice_device_id,
        group_id=link.choice_group_id,
    )


async def shared_dashboard(session: AsyncSession, actor: Actor, dashboard_id: int) -> DashboardOut:
    """A dashboard a link opens, as its creator sees it now (118302 when they no longer do)."""
    dashboard = await dashboard_service.as_shared(session, actor, dashboard_id)
    if dashboard is None:
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS)
    return dashboard


async def toggled_documents(
    session: AsyncSession, actor: Actor, document: DashboardDocument
) -> list[DashboardDocument]:
    """The documents of the dashboards the toggle cards switch to, those the creator sees (one level: a toggled
    dashboard's own toggles are not followed)."""
    wanted = sorted(
        {i for c in document.cards_and_tabs() if isinstance(c, DashboardToggleCard) for i in c.settings.dashboard_ids}
    )
    found = [await dashboard_service.as_shared(session, actor, i) for i in wanted]
    return [d.document for d in found if d is not None]


async def exposure_of(session: AsyncSession, actor: Actor, document: DashboardDocument) -> Exposure:
    """What the dashboard shows, with the dashboards its toggle cards switch to."""
    out = exposure(document)
    for other in await toggled_documents(session, actor, document):
        out.merge(exposure(other))
    return out


async def dashboard_devices(
    session: AsyncSession, link: ShareLink, actor: Actor, dashboard_ids: list[int] | None = None
) -> set[int]:
    """The devices a dashboard or sector link shows (its socket follows only these): the devices its dashboards'
    cards name and its starting device, and the devices of the groups its cards list (every device its creator reads
    when a card lists them all), each one its creator still reads. `dashboard_ids`: only these of its dashboards."""
    found = await link_exposure(session, link, actor, dashboard_ids)
    return await exposed_devices(session, link, actor, found)


async def link_exposure(
    session: AsyncSession, link: ShareLink, actor: Actor, dashboard_ids: list[int] | None = None
) -> Exposure:
    """What a dashboard or sector link's dashboards (those its creator still sees; 118302 when none) show, with the
    dashboards their toggle cards switch to. `dashboard_ids`: only these of its dashboards."""
    found = Exposure()
    shown = 0
    for dashboard_id in dashboard_ids if dashboard_ids is not None else await link_dashboards(session, link):
        dashboard = await dashboard_service.as_shared(session, actor, dashboard_id)
        if dashboard is not None:
            shown += 1
            found.merge(await exposure_of(session, actor, dashboard.document))
    if not shown:
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS)
    return found


async def exposed_devices(session: AsyncSession, link: ShareLink, actor: Actor, found: Exposure) -> set[int]:
    """The devices `found` shows, with the link's starting device, that the creator still reads."""
    if found.every_device:
        return await repo.readable_ids(session, actor, None)
    named = set(found.devices) | ({link.choice_device_id} if link.choice_device_id is not None else set())
    ids = await repo.readable_ids(session, actor, sorted(named)) if named else set()
    return ids | await repo.readable_in_groups(session, actor, sorted(found.groups))


async def _device_of(session: AsyncSession, link: ShareLink, actor: Actor, device_id: int) -> int:
    """`device_id` if the link shows it: one of a configuration link's devices, or a device a dashboard link's
    dashboard shows, that the creator still reads (118302 otherwise)."""
    allowed = (
        await dashboard_devices(session, link, actor)
        if link.link_type in (LINK_DASHBOARD, LINK_SECTOR)
        else set(await visible_ids(session, link, actor))
    )
    if device_id not in allowed:
        raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS, field="device_id")
    return device_id


async def device_screen(
    session: AsyncSession, telemetry: Telemetry, visitor: Visitor, device_id: int
) -> SharedDeviceScreenOut:
    """One device's shared screen in one call, as the creator sees it, writing off for a read-only link."""
    throttle(visitor.limiters, visitor.ip)
    link = await checked_link(session, visitor.token, counting=False)
    actor = await creator(session, link, visitor.ip)
    await _device_of(session, link, actor, device_id)
    screens = await device_screens(session, actor, device_id)
    live = await live_values(session, actor, telemetry, device_id)
    write_config = await device_write_config(session, actor, device_id)
    if link.permission != PERMISSION_CONTROL:
        live = live.model_copy(update={"can_write": False})
        write_config = write_config.model_copy(update={"user_can_write": False})
    alarms = []
    if actor.can(Perm.REAL_TIME_FAULT):
        page = PageParams(page=1, page_size=SHARE_LINK_ALARMS_SHOWN)
        found = await alarm_service.realtime(session, actor, page, device_id=device_id, level=None, keyword=None)
        alarms = found.items
    return SharedDeviceScreenOut(screens=screens, live=live, write_config=write_config, alarms=alarms)


async def write(
    session: AsyncSession, telemetry: Telemetry, limiters: Limiters, client_ip: str, body: SharedWriteIn
) -> WriteOut:
    """A control link's write, as its creator, through every rule of a console write (user and device write
    rights, online, range, control password); logged as through the link. A read-only link gets 110513."""
    throttle(limiters, client_ip)
    link = await checked_link(session, body.token, counting=False)
    actor = await creator(session, link, client_ip)
    await _device_of(session, link, actor, body.device_id)
    if link.permission != PERMISSION_CONTROL:
        raise AppError(ErrorCode.NO_WRITE_PERMISSION)
    request = WriteIn(
        device_id=body.device_id,
        data_source_id=body.data_source_id,
        value=body.value,
        password=body.password,
        password_mode=body.password_mode,
    )
    return await write_value(session, actor, telemetry, request, via={"via": "share_link", "link_id": link.id})


async def camera_address(
    session: AsyncSession, state: object, visitor: Visitor, device_id: int, source: str, slot: int
) -> SharedCameraOut:
    """What a camera of a device the link shows plays, as the link's creator would: the device's own video address
    (`source` device) or the live address of its template's camera slot `slot` (through the creator's video cloud
    account). 118302 for a device the link does not show; "" when the device has no such camera."""
    throttle(visitor.limiters, visitor.ip)
    link = await checked_link(session, visitor.token, counting=False)
    actor = await creator(session, link, visitor.ip)
    if link.link_type in (LINK_DASHBOARD, LINK_SECTOR):
        # The devices the dashboards show, and those only a camera card names (whose values the link never reads).
        exposed = await link_exposure(session, link, actor)
        allowed = await exposed_devices(session, link, actor, exposed)
        if device_id not in allowed and device_id not in await repo.readable_ids(
            session, actor, sorted(exposed.cameras)
        ):
            raise AppError(ErrorCode.SHARE_LINK_NO_ACCESS, field="device_id")
    else:
        await _device_of(session, link, actor, device_id)
    if source == "device":
        # Checked when it was saved (devices/service.py: no local file, loopback or link-local host), as the
        # console's device detail hands it out.
        return SharedCameraOut(url=(await device_service.get_device(session, actor, device_id)).video_url)
    # The binding alone names the template whose slots play: its published screens are not read for this.
    template_id = await template_service.bound_template_id(session, device_id)
    if template_id is None:
        return SharedCameraOut(url="")
    return SharedCameraOut(url=await device_hooks.camera_slot_address.ask(session, actor, state, template_id, slot))


async def shows_model(session: AsyncSession, link: ShareLink, actor: Actor, model_id: int) -> bool:
    """Whether the link's page shows the gallery model `model_id`: a 3D model card of a dashboard or sector link's
    dashboards, or a 3D model element of a published screen of a device the link shows (a configuration link's
    devices, a dashboard or sector link's), as the creator reads them. The devices' templates are found in one read
    and each template's publication read once, however many devices share it (a model's .gltf, buffers and textures
    are a request each)."""
    if link.link_type in (LINK_DASHBOARD, LINK_SECTOR):
        exposed = await link_exposure(session, link, actor)
        if model_id in exposed.models:
            return True
        devices = await exposed_devices(session, link, actor, exposed)
    else:
        devices = set(await visible_ids(session, link, actor))
    return model_id in await template_service.published_model_ids(session, sorted(devices))


async def model_file(
    session: AsyncSession, root: Path, limiters: Limiters, client_ip: str, token: str, model_id: int, file_name: str
) -> tuple[Path, str]:
    """A file (the .gltf, a buffer, a texture) of a gallery model that the link's page shows, without login; any
    other model, or a file the model lacks, answers 114501 as a missing one. Counts no use."""
    throttle(limiters, client_ip)
    link = await checked_link(session, token, counting=False)
    actor = await creator(session, link, client_ip)
    if not await shows_model(session, link, actor, model_id):
        raise AppError(ErrorCode.MODEL_NOT_FOUND)
    return await resource_service.shared_model_file(root, session, link.tenant_id, model_id, file_name)
