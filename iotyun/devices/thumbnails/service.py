"""Thumbnail rules: each user keeps their own groups (at most 50, names unique per user) of at most 30 devices they
can read; a device the user can no longer read is shown gone (nothing of it but its id) and keeps its place."""

from sqlalchemy import delete as sql_delete
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import THUMBNAIL_GROUPS_MAX
from iotyun.devices.models import Device, Gateway, ThumbnailGroup, ThumbnailItem
from iotyun.devices.thumbnails import repository as repo
from iotyun.devices.thumbnails.schemas import (
    ThumbnailGroupIn,
    ThumbnailGroupOut,
    ThumbnailGroupUpdateIn,
    ThumbnailItemOut,
)


def _item(device: Device, gateway: Gateway) -> ThumbnailItemOut:
    live = device.registered
    return ThumbnailItemOut(
        device_id=device.id,
        sn_code=device.sn,
        alias=device.alias,
        dev_state=gateway.dev_state if live else None,
        registered=device.registered,
        report_time=epoch_ms(gateway.report_time) if live else None,
        dev_model=gateway.model,
        address=device.address,
    )


def _gone(device_id: int) -> ThumbnailItemOut:
    """A thumbnail whose device the caller no longer reads: nothing of the device shows."""
    return ThumbnailItemOut(
        device_id=device_id,
        sn_code="",
        alias="",
        dev_state=None,
        registered=False,
        report_time=None,
        dev_model="",
        address="",
        available=False,
    )


async def _outs(session: AsyncSession, actor: Actor, groups: list[ThumbnailGroup]) -> list[ThumbnailGroupOut]:
    group_ids = [g.id for g in groups]
    visible = {(gid, d.id): (d, gw) for gid, d, gw in await repo.visible_items(session, actor, group_ids)}
    by_group: dict[int, list[ThumbnailItemOut]] = {}
    for group_id, device_id in await repo.item_ids(session, actor, group_ids):
        row = visible.get((group_id, device_id))
        by_group.setdefault(group_id, []).append(_item(*row) if row else _gone(device_id))
    return [
        ThumbnailGroupOut(id=g.id, name=g.name, notes=g.notes, position=g.position, items=by_group.get(g.id, []))
        for g in groups
    ]


async def list_groups(session: AsyncSession, actor: Actor) -> list[ThumbnailGroupOut]:
    """The caller's thumbnail groups in order, each with the devices it shows."""
    return await _outs(session, actor, await repo.groups(session, actor))


async def create(session: AsyncSession, actor: Actor, body: ThumbnailGroupIn) -> ThumbnailGroupOut:
    """A new, empty thumbnail group at the end of the caller's list."""
    count, last = await repo.count_and_last_position(session, actor)
    if count >= THUMBNAIL_GROUPS_MAX:
        raise AppError(ErrorCode.THUMBNAIL_GROUP_LIMIT)
    if await repo.name_taken(session, actor, body.name):
        raise AppError(ErrorCode.THUMBNAIL_GROUP_NAME_EXISTS, field="name")
    group = ThumbnailGroup(
        tenant_id=actor.tenant_id, owner_id=actor.user_id, name=body.name, notes=body.notes, position=last + 1
    )
    session.add(group)
    await session.flush()
    return ThumbnailGroupOut(id=group.id, name=group.name, notes=group.notes, position=group.position, items=[])


async def _group(session: AsyncSession, actor: Actor, group_id: int) -> ThumbnailGroup:
    group = await repo.group(session, actor, group_id)
    if group is None:
        raise AppError(ErrorCode.THUMBNAIL_GROUP_NOT_FOUND, field="id")
    return group


async def update(session: AsyncSession, actor: Actor, body: ThumbnailGroupUpdateIn) -> ThumbnailGroupOut:
    """Rename a group, change its notes, or replace its devices (in the given order)."""
    group = await _group(session, actor, body.id)
    if body.name is not None and await repo.name_taken(session, actor, body.name, exclude=group.id):
        raise AppError(ErrorCode.THUMBNAIL_GROUP_NAME_EXISTS, field="name")
    if body.device_ids is not None:
        readable = await repo.readable_ids(session, actor, body.device_ids) if body.device_ids else set()
        # A gone device the group already holds may stay in its place (the console saves the group as shown).
        readable |= {d for _, d in await repo.item_ids(session, actor, [group.id])}
        if any(i not in readable for i in body.device_ids):
            raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
        await session.execute(sql_delete(ThumbnailItem).where(ThumbnailItem.group_id == group.id))
        for position, device_id in enumerate(body.device_ids):
            session.add(
                ThumbnailItem(tenant_id=actor.tenant_id, group_id=group.id, device_id=device_id, position=position)
            )
    if body.name is not None:
        group.name = body.name
    if body.notes is not None:
        group.notes = body.notes
    await session.flush()
    return (await _outs(session, actor, [group]))[0]


async def delete(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete one of the caller's thumbnail groups with its thumbnails."""
    group = await _group(session, actor, group_id)
    await session.delete(group)
    await session.flush()
