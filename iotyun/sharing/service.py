"""Managing share links (P82000): a user links 1-20 devices they read, read-only or with control (control needs
their own write right), or one dashboard they see (read-only, with the device and group its trees start on), with an
optional expiry, access limit and note. Only the creator, or the tenant's
administrator, lists and manages a link; another's link answers 118301 as a missing one. Disabling, editing or
deleting a link announces an access change (core.access `links`), so its open sockets re-check at once."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import service as auth_service
from iotyun.core import security
from iotyun.core.access import changed
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SHARE_LINK_DEVICES_MIN
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.dashboards import repository as dashboard_repo
from iotyun.devices.groups import repository as device_group_repo
from iotyun.devices.models import Device, Gateway
from iotyun.sharing import repository as repo
from iotyun.sharing import rules
from iotyun.sharing.models import LINK_CONFIGURATION, LINK_DASHBOARD, LINK_SECTOR, PERMISSION_CONTROL, ShareLink
from iotyun.sharing.schemas import ShareDashboardOut, ShareDeviceOut, ShareLinkIn, ShareLinkOut, ShareLinkUpdateIn
from iotyun.telemetry.public import user_can_write


def device_out(device: Device, available: bool = True) -> ShareDeviceOut:
    """A link's device as its list shows it: a gone one (`available` false) with nothing of the device but its id."""
    if not available:
        return ShareDeviceOut(id=device.id, name="", sn="", available=False)
    return ShareDeviceOut(id=device.id, name=device.alias or device.sn, sn=device.sn)


def _out(
    link: ShareLink,
    devices: list[tuple[Device, Gateway]],
    readable: set[int],
    dashboards: dict[int, str],
    sectors: dict[int, str],
    token: str | None = None,
) -> ShareLinkOut:
    dashboard = sector = None
    if link.dashboard_id is not None:
        name = dashboards.get(link.dashboard_id)
        dashboard = ShareDashboardOut(id=link.dashboard_id, name=name or "", available=name is not None)
    if link.sector_id is not None:
        name = sectors.get(link.sector_id)
        sector = ShareDashboardOut(id=link.sector_id, name=name or "", available=name is not None)
    return ShareLinkOut(
        id=link.id,
        link_type=link.link_type,
        permission=link.permission,
        dashboard=dashboard,
        sector=sector,
        device_id=link.choice_device_id,
        group_id=link.choice_group_id,
        devices=[device_out(d, d.id in readable) for d, _ in devices],
        expire_at=epoch_ms(link.expire_at),
        access_limit=link.access_limit,
        use_count=link.use_count,
        note=link.note,
        use_state=link.use_state,
        state=rules.state(link),
        token=token,
        created_at=epoch_ms(link.created_at) or 0,
    )


async def _available(
    session: AsyncSession, actor: Actor, links: list[ShareLink], devices: dict[int, list[tuple[Device, Gateway]]]
) -> dict[int, set[int]]:
    """Link id → the ids of its devices still shown: read by the caller and by the link's creator (whose rights the
    link carries). Any other is gone: a share withdrawn, a distribution cancelled or taken back, a transfer."""
    ids = sorted({d.id for found in devices.values() for d, _ in found})
    if not ids:
        return {}
    mine = await repo.readable_ids(session, actor, ids)
    by_creator: dict[int, set[int]] = {actor.user_id: mine}
    shown: dict[int, set[int]] = {}
    for link in links:
        if link.user_id not in by_creator:
            creator = await auth_service.actor_for_user(session, link.user_id)
            by_creator[link.user_id] = set() if creator is None else await repo.readable_ids(session, creator, ids)
        shown[link.id] = mine & by_creator[link.user_id]
    return shown


async def _dashboards(session: AsyncSession, actor: Actor, links: list[ShareLink]) -> dict[int, str]:
    """Dashboard id → name, for the links' dashboards the caller sees (another is shown gone, without its name)."""
    ids = {link.dashboard_id for link in links if link.dashboard_id is not None}
    if not ids:
        return {}
    seen = await dashboard_repo.visible_ids(session, await dashboard_repo.viewer(session, actor), ids)
    return {i: d.name for i, d in seen.items()}


async def _outs(session: AsyncSession, actor: Actor, links: list[ShareLink]) -> list[ShareLinkOut]:
    devices = await repo.devices_of(session, [link.id for link in links])
    shown = await _available(session, actor, links, devices)
    dashboards = await _dashboards(session, actor, links)
    sectors = (
        {s.id: s.name for s in await dashboard_repo.sectors(session, actor.tenant_id)}
        if any(link.sector_id is not None for link in links)
        else {}
    )
    return [_out(link, devices.get(link.id, []), shown.get(link.id, set()), dashboards, sectors) for link in links]


async def _one_out(session: AsyncSession, actor: Actor, link: ShareLink, token: str | None = None) -> ShareLinkOut:
    # The one answer that may hold the token (created or reset).
    return (await _outs(session, actor, [link]))[0].model_copy(update={"token": token})


async def list_links(
    session: AsyncSession, actor: Actor, page: PageParams, *, keyword: str | None, use_state: int | None
) -> Page[ShareLinkOut]:
    rows: list[ShareLink]
    rows, total = await paginate(session, await repo.listing(session, actor, keyword, use_state), page)
    return Page(items=await _outs(session, actor, rows), total=total, page=page.page, page_size=page.page_size)


async def _check_devices(
    session: AsyncSession, actor: Actor, device_ids: list[int], kept: list[int] | None = None
) -> None:
    """Every device must be one the caller reads (110506 otherwise, as for a missing one); on an edit, a device the
    link already holds may stay even when gone (the console sends back the list as it shows it)."""
    readable = await repo.readable_ids(session, actor, device_ids) | set(kept or [])
    if any(i not in readable for i in device_ids):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")


async def _check_permission(session: AsyncSession, actor: Actor, permission: int) -> None:
    """A control link carries its creator's write right: one without it gets 100015."""
    if permission == PERMISSION_CONTROL and not user_can_write(actor):
        raise AppError(ErrorCode.NO_PRIVILEGE, field="permission")


def _future(expire_at: int | None) -> datetime | None:
    """The expiry as a time; one not in the future is 100004 (a link is ended by disabling it)."""
    when = from_epoch_ms(expire_at, "expire_at")
    if when is not None and when <= utcnow():
        raise AppError(ErrorCode.PARAM_INVALID, field="expire_at")
    return when


async def _check_choice(session: AsyncSession, actor: Actor, device_id: int | None, group_id: int | None) -> None:
    """A dashboard link's starting device must be one the caller reads (110506), its group one of the tenant's
    device groups (100005)."""
    if device_id is not None and not await repo.readable_ids(session, actor, [device_id]):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    if group_id is not None and await device_group_repo.group(session, actor.tenant_id, group_id) is None:
        raise AppError(ErrorCode.NOT_FOUND, field="group_id")


async def _check_kind(session: AsyncSession, actor: Actor, body: ShareLinkIn) -> None:
    """A configuration link names 1-20 devices and no dashboard; a dashboard link one dashboard the caller sees
    (118001), no devices, read-only, and optionally where its trees start."""
    if body.link_type == LINK_CONFIGURATION:
        if body.dashboard_id is not None or body.sector_id is not None:
            raise AppError(ErrorCode.PARAM_INVALID, field="dashboard_id" if body.dashboard_id else "sector_id")
        if body.device_id is not None or body.group_id is not None:
            raise AppError(ErrorCode.PARAM_INVALID, field="device_id" if body.device_id else "group_id")
        if len(body.device_ids) < SHARE_LINK_DEVICES_MIN:
            raise AppError(ErrorCode.PARAM_INVALID, field="device_ids")
        await _check_devices(session, actor, body.device_ids)
        await _check_permission(session, actor, body.permission)
        return
    if body.device_ids:
        raise AppError(ErrorCode.PARAM_INVALID, field="device_ids")
    if body.permission == PERMISSION_CONTROL:
        raise AppError(ErrorCode.PARAM_INVALID, field="permission")
    if body.link_type == LINK_SECTOR:
        if body.dashboard_id is not None:
            raise AppError(ErrorCode.PARAM_INVALID, field="dashboard_id")
        if body.sector_id is None or await dashboard_repo.sector(session, actor.tenant_id, body.sector_id) is None:
            raise AppError(ErrorCode.NOT_FOUND, field="sector_id")
    else:
        if body.sector_id is not None:
            raise AppError(ErrorCode.PARAM_INVALID, field="sector_id")
        viewer = await dashboard_repo.viewer(session, actor)
        if body.dashboard_id is None or await dashboard_repo.dashboard(session, viewer, body.dashboard_id) is None:
            raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="dashboard_id")
    await _check_choice(session, actor, body.device_id, body.group_id)


async def create(session: AsyncSession, actor: Actor, body: ShareLinkIn) -> ShareLinkOut:
    await _check_kind(session, actor, body)
    expire_at = _future(body.expire_at)
    token = rules.new_token()
    link = ShareLink(
        tenant_id=actor.tenant_id,
        user_id=actor.user_id,
        link_type=body.link_type,
        token_hash=security.digest(token),
        permission=body.permission,
        expire_at=expire_at,
        access_limit=body.access_limit,
        use_count=0,
        note=body.note,
        dashboard_id=body.dashboard_id,
        sector_id=body.sector_id,
        choice_device_id=body.device_id,
        choice_group_id=body.group_id,
    )
    session.add(link)
    await session.flush()
    await repo.replace_devices(session, link, body.device_ids)
    # The one answer that holds the token: the console shows the URL now, the server cannot later.
    return await _one_out(session, actor, link, token)


async def _link(session: AsyncSession, actor: Actor, link_id: int) -> ShareLink:
    link = await repo.managed_link(session, actor, link_id)
    if link is None:
        raise AppError(ErrorCode.SHARE_LINK_INVALID, field="id")
    return link


async def update(session: AsyncSession, actor: Actor, body: ShareLinkUpdateIn) -> ShareLinkOut:
    """Change what a link permits. Fields left out stay; `expire_at`/`access_limit` sent as null clear them. The
    devices and the control right are checked against the caller (the creator or the administrator)."""
    link = await _link(session, actor, body.id)
    sent = body.model_fields_set
    dashboard = link.link_type in (LINK_DASHBOARD, LINK_SECTOR)
    if body.device_ids is not None:
        if dashboard and body.device_ids:
            raise AppError(ErrorCode.PARAM_INVALID, field="device_ids")
        if not dashboard and len(body.device_ids) < SHARE_LINK_DEVICES_MIN:
            raise AppError(ErrorCode.PARAM_INVALID, field="device_ids")
        await _check_devices(session, actor, body.device_ids, await repo.device_ids(session, link.id))
    if ("device_id" in sent or "group_id" in sent) and not dashboard:
        raise AppError(ErrorCode.PARAM_INVALID, field="device_id" if "device_id" in sent else "group_id")
    if dashboard:
        device_id = body.device_id if "device_id" in sent else link.choice_device_id
        group_id = body.group_id if "group_id" in sent else link.choice_group_id
        await _check_choice(
            session,
            actor,
            body.device_id if "device_id" in sent else None,
            body.group_id if "group_id" in sent else None,
        )
        link.choice_device_id, link.choice_group_id = device_id, group_id
    if body.permission is not None:
        if dashboard and body.permission == PERMISSION_CONTROL:
            raise AppError(ErrorCode.PARAM_INVALID, field="permission")
        await _check_permission(session, actor, body.permission)
        link.permission = body.permission
    if "expire_at" in sent:
        link.expire_at = _future(body.expire_at)
    if "access_limit" in sent:
        link.access_limit = body.access_limit
    if body.note is not None:
        link.note = body.note
    if body.use_state is not None:
        link.use_state = body.use_state
    if body.device_ids is not None:
        await repo.replace_devices(session, link, body.device_ids)
    link.updated_at = utcnow()
    await session.flush()
    changed(session, links=[link.id])
    return await _one_out(session, actor, link)


async def reset(session: AsyncSession, actor: Actor, link_id: int) -> ShareLinkOut:
    """A new token for the link (its URL), answered once: the old token stops opening the link at once, and the
    sockets opened with it close (the access notice; they look their token up again and find no link: 118301)."""
    link = await _link(session, actor, link_id)
    token = rules.new_token()
    link.token_hash = security.digest(token)
    link.updated_at = utcnow()
    await session.flush()
    changed(session, links=[link.id])
    return await _one_out(session, actor, link, token)


async def delete(session: AsyncSession, actor: Actor, link_id: int) -> None:
    link = await _link(session, actor, link_id)
    await session.delete(link)
    await session.flush()
    changed(session, links=[link_id])
