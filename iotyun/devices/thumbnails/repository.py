"""Thumbnail SELECTs: the caller's own groups, and their items joined to the devices the caller may still read."""

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.devices import scope
from iotyun.devices.models import Device, Gateway, ThumbnailGroup, ThumbnailItem


async def groups(session: AsyncSession, actor: Actor) -> list[ThumbnailGroup]:
    stmt = (
        select(ThumbnailGroup)
        .where(ThumbnailGroup.tenant_id == actor.tenant_id, ThumbnailGroup.owner_id == actor.user_id)
        .order_by(ThumbnailGroup.position, ThumbnailGroup.id)
    )
    return list((await session.execute(stmt)).scalars())


async def group(session: AsyncSession, actor: Actor, group_id: int) -> ThumbnailGroup | None:
    stmt = select(ThumbnailGroup).where(
        ThumbnailGroup.tenant_id == actor.tenant_id,
        ThumbnailGroup.owner_id == actor.user_id,
        ThumbnailGroup.id == group_id,
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def count_and_last_position(session: AsyncSession, actor: Actor) -> tuple[int, int]:
    stmt = select(func.count(ThumbnailGroup.id), func.max(ThumbnailGroup.position)).where(
        ThumbnailGroup.tenant_id == actor.tenant_id, ThumbnailGroup.owner_id == actor.user_id
    )
    count, last = (await session.execute(stmt)).one()
    return int(count), int(last) if last is not None else -1


async def name_taken(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> bool:
    stmt = select(ThumbnailGroup.id).where(
        ThumbnailGroup.tenant_id == actor.tenant_id,
        ThumbnailGroup.owner_id == actor.user_id,
        ThumbnailGroup.name == name,
    )
    if exclude is not None:
        stmt = stmt.where(ThumbnailGroup.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def visible_items(session: AsyncSession, actor: Actor, group_ids: list[int]) -> list[tuple[int, Device, Gateway]]:
    """(group id, device, gateway) of the groups' items whose device the caller still reads, in item order."""
    if not group_ids:
        return []
    stmt: Any = await scope.readable(session, actor, ThumbnailItem.group_id, Device, Gateway)
    stmt = (
        stmt.join_from(ThumbnailItem, Device, ThumbnailItem.device_id == Device.id)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(ThumbnailItem.tenant_id == actor.tenant_id, ThumbnailItem.group_id.in_(group_ids))
        .order_by(ThumbnailItem.group_id, ThumbnailItem.position, ThumbnailItem.id)
    )
    return [(int(gid), d, g) for gid, d, g in (await session.execute(stmt)).all()]


async def readable_ids(session: AsyncSession, actor: Actor, device_ids: list[int]) -> set[int]:
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.id.in_(device_ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def items(session: AsyncSession, group_id: int) -> list[ThumbnailItem]:
    stmt = select(ThumbnailItem).where(ThumbnailItem.group_id == group_id)
    return list((await session.execute(stmt)).scalars())


async def item_ids(session: AsyncSession, actor: Actor, group_ids: list[int]) -> list[tuple[int, int]]:
    """(group id, device id) of every item of the groups, in item order, whether the caller still reads it or not."""
    if not group_ids:
        return []
    stmt = (
        select(ThumbnailItem.group_id, ThumbnailItem.device_id)
        .where(ThumbnailItem.tenant_id == actor.tenant_id, ThumbnailItem.group_id.in_(group_ids))
        .order_by(ThumbnailItem.group_id, ThumbnailItem.position, ThumbnailItem.id)
    )
    return [(int(g), int(d)) for g, d in (await session.execute(stmt)).all()]
