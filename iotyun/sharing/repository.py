"""Share-link SELECTs (and the one counting UPDATE). Management reads the caller's tenant's links; a link's devices
may belong to another tenant (a device shared with the creator), so the device joins opt out of the tenant criteria
after the link itself was found under them. A token is unique across tenants: its lookup runs before a tenant is
known, like a login name's."""

from typing import Any, cast

from sqlalchemy import CursorResult, Select, delete, exists, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import security
from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device, Gateway
from iotyun.devices.repository import in_group
from iotyun.sharing.models import ShareLink, ShareLinkDevice
from iotyun.telemetry.public import readable_device_ids


def _managed(actor: Actor) -> Select[Any]:
    """The links `actor` manages: their own, or every link of the tenant for its administrator."""
    stmt = select(ShareLink).where(ShareLink.tenant_id == actor.tenant_id)
    return stmt if actor.is_admin else stmt.where(ShareLink.user_id == actor.user_id)


async def managed_link(session: AsyncSession, actor: Actor, link_id: int) -> ShareLink | None:
    link: ShareLink | None = (
        await session.execute(_managed(actor).where(ShareLink.id == link_id))
    ).scalar_one_or_none()
    return link


async def listing(session: AsyncSession, actor: Actor, keyword: str | None, use_state: int | None) -> Select[Any]:
    """The caller's links, newest first; `keyword` matches the note or the alias or SN of a device of the link the
    caller reads (a gone device's name is not searched: the search would tell it)."""
    stmt = _managed(actor)
    if use_state is not None:
        stmt = stmt.where(ShareLink.use_state == use_state)
    if keyword:
        pattern = like_pattern(keyword)
        device_named = exists().where(
            ShareLinkDevice.link_id == ShareLink.id,
            Device.id == ShareLinkDevice.device_id,
            Device.registered.is_(True),
            await scope.visible_condition(session, actor),
            or_(Device.alias.ilike(pattern, escape=LIKE_ESCAPE), Device.sn.ilike(pattern, escape=LIKE_ESCAPE)),
        )
        stmt = stmt.where(or_(ShareLink.note.ilike(pattern, escape=LIKE_ESCAPE), device_named))
    return stmt.order_by(ShareLink.id.desc())


async def devices_of(session: AsyncSession, link_ids: list[int]) -> dict[int, list[tuple[Device, Gateway]]]:
    """Link id → its devices with their gateways, in the link's order (the links were found under the tenant)."""
    if not link_ids:
        return {}
    stmt = (
        select(ShareLinkDevice.link_id, Device, Gateway)
        .join(Device, Device.id == ShareLinkDevice.device_id)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(ShareLinkDevice.link_id.in_(link_ids))
        .order_by(ShareLinkDevice.link_id, ShareLinkDevice.sort, ShareLinkDevice.id)
        .execution_options(**{ALL_TENANTS: True})
    )
    found: dict[int, list[tuple[Device, Gateway]]] = {}
    for link_id, device, gateway in (await session.execute(stmt)).all():
        found.setdefault(int(link_id), []).append((device, gateway))
    return found


async def device_ids(session: AsyncSession, link_id: int) -> list[int]:
    stmt = (
        select(ShareLinkDevice.device_id)
        .where(ShareLinkDevice.link_id == link_id)
        .order_by(ShareLinkDevice.sort, ShareLinkDevice.id)
    )
    return [int(i) for i in (await session.execute(stmt)).scalars()]


async def readable_ids(session: AsyncSession, actor: Actor, ids: list[int] | None) -> set[int]:
    """The registered devices among `ids` (all when None) that `actor` reads."""
    return await readable_device_ids(session, actor, ids)


async def link_by_token(session: AsyncSession, token: str) -> ShareLink | None:
    """The link of `token`, found by the token's hash (the only form stored)."""
    stmt = (
        select(ShareLink).where(ShareLink.token_hash == security.digest(token)).execution_options(**{ALL_TENANTS: True})
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def count_use(session: AsyncSession, link_id: int) -> bool:
    """Count one open unless the link is at its limit, in one statement, so concurrent opens never pass it."""
    stmt: Any = (
        update(ShareLink)
        .where(
            ShareLink.id == link_id,
            or_(ShareLink.access_limit.is_(None), ShareLink.use_count < ShareLink.access_limit),
        )
        .values(use_count=ShareLink.use_count + 1)
        .execution_options(synchronize_session=False)
    )
    result = cast(CursorResult[Any], await session.execute(stmt))
    return bool(result.rowcount)


async def replace_devices(session: AsyncSession, link: ShareLink, ids: list[int]) -> None:
    """The link's devices become `ids` in that order (the caller has checked them)."""
    await session.execute(delete(ShareLinkDevice).where(ShareLinkDevice.link_id == link.id))
    session.add_all(
        ShareLinkDevice(tenant_id=link.tenant_id, link_id=link.id, device_id=device_id, sort=position)
        for position, device_id in enumerate(ids)
    )
    await session.flush()


async def readable_in_groups(session: AsyncSession, actor: Actor, group_ids: list[int]) -> set[int]:
    """The devices `actor` reads in any of `group_ids` (as each group shows them to the actor), in one SELECT."""
    if not group_ids:
        return set()
    stmt = (await scope.readable(session, actor, Device.id)).where(or_(*(in_group(actor, g) for g in group_ids)))
    return {int(i) for i in (await session.execute(stmt)).scalars()}
