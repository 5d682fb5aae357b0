"""Carousel rules: each user keeps their own groups (at most CAROUSEL_GROUPS_MAX, names unique per user) of at most
CAROUSEL_DEVICES_PER_GROUP_MAX devices they can read, shown `interval` seconds each. A group rotates only while it
holds a device (202005): turning rotation on for an empty group, creating a group already rotating, or emptying a
rotating group is refused; a stopped group may be empty. A device the user can no longer read is shown gone
(nothing of it but its id), is not counted in `device_count`, and keeps its place."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import CAROUSEL_GROUPS_MAX
from iotyun.devices.models import CarouselGroup, Device, Gateway
from iotyun.templates.carousel import repository as repo
from iotyun.templates.carousel.schemas import (
    CarouselDeviceOut,
    CarouselDevicesIn,
    CarouselGroupIn,
    CarouselGroupOut,
    CarouselGroupUpdateIn,
)


def _out(group: CarouselGroup, device_count: int) -> CarouselGroupOut:
    return CarouselGroupOut(
        id=group.id,
        name=group.name,
        interval=group.interval,
        rotate=group.rotate,
        position=group.position,
        device_count=device_count,
    )


def _device(device: Device, gateway: Gateway, template_id: int | None, has_main: bool) -> CarouselDeviceOut:
    return CarouselDeviceOut(
        device_id=device.id,
        sn_code=device.sn,
        alias=device.alias,
        dev_state=gateway.dev_state if device.registered else None,
        registered=device.registered,
        template_id=template_id,
        has_main_screen=has_main,
    )


def _gone(device_id: int) -> CarouselDeviceOut:
    """A device the caller no longer reads: nothing of it shows."""
    return CarouselDeviceOut(
        device_id=device_id,
        sn_code="",
        alias="",
        dev_state=None,
        registered=False,
        template_id=None,
        has_main_screen=False,
        available=False,
    )


async def _devices(session: AsyncSession, actor: Actor, group: CarouselGroup) -> list[CarouselDeviceOut]:
    visible = {row[0].id: row for row in await repo.visible_items(session, actor, group.id)}
    return [_device(*visible[i]) if i in visible else _gone(i) for i in await repo.item_ids(session, group.id)]


async def list_groups(session: AsyncSession, actor: Actor) -> list[CarouselGroupOut]:
    """The caller's carousel groups in order, each with how many devices it shows."""
    groups = await repo.groups(session, actor)
    counts = await repo.visible_counts(session, actor, [g.id for g in groups])
    return [_out(g, counts.get(g.id, 0)) for g in groups]


async def create(session: AsyncSession, actor: Actor, body: CarouselGroupIn) -> CarouselGroupOut:
    """A new carousel group at the end of the caller's list, with its devices in order and its rotation: every
    device readable by the caller (a new group has no gone device to keep), or nothing is made."""
    if body.rotate and not body.device_ids:
        raise AppError(ErrorCode.CAROUSEL_GROUP_EMPTY, field="rotate")
    count, last = await repo.count_and_last_position(session, actor)
    if count >= CAROUSEL_GROUPS_MAX:
        raise AppError(ErrorCode.CAROUSEL_GROUP_LIMIT, limit=CAROUSEL_GROUPS_MAX)
    if await repo.name_taken(session, actor, body.name):
        raise AppError(ErrorCode.CAROUSEL_GROUP_NAME_EXISTS, field="name")
    if body.device_ids:
        readable = await repo.readable_ids(session, actor, body.device_ids)
        if any(i not in readable for i in body.device_ids):
            raise AppError(ErrorCode.CAROUSEL_DEVICE_NOT_FOUND, field="device_ids")
    group = CarouselGroup(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=body.name,
        interval=body.interval,
        rotate=body.rotate,
        position=last + 1,
    )
    session.add(group)
    await session.flush()
    if body.device_ids:
        await repo.replace_items(session, group, body.device_ids)
    return _out(group, len(body.device_ids))


async def _group(session: AsyncSession, actor: Actor, group_id: int) -> CarouselGroup:
    group = await repo.group(session, actor, group_id)
    if group is None:
        raise AppError(ErrorCode.CAROUSEL_GROUP_NOT_FOUND, field="id")
    return group


async def _count(session: AsyncSession, actor: Actor, group_id: int) -> int:
    return (await repo.visible_counts(session, actor, [group_id])).get(group_id, 0)


async def update(session: AsyncSession, actor: Actor, body: CarouselGroupUpdateIn) -> CarouselGroupOut:
    """Rename a group, change its interval, or turn its rotation on or off."""
    group = await _group(session, actor, body.id)
    if body.name is not None and await repo.name_taken(session, actor, body.name, exclude=group.id):
        raise AppError(ErrorCode.CAROUSEL_GROUP_NAME_EXISTS, field="name")
    count = await _count(session, actor, group.id)
    if body.rotate and count == 0:
        raise AppError(ErrorCode.CAROUSEL_GROUP_EMPTY, field="rotate")
    if body.name is not None:
        group.name = body.name
    if body.interval is not None:
        group.interval = body.interval
    if body.rotate is not None:
        group.rotate = body.rotate
    await session.flush()
    return _out(group, count)


async def delete(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete one of the caller's carousel groups with its items."""
    group = await _group(session, actor, group_id)
    await session.delete(group)
    await session.flush()


async def devices(session: AsyncSession, actor: Actor, group_id: int) -> list[CarouselDeviceOut]:
    """The group's devices in order, with what the console needs to show their screens; one the caller no longer
    reads is gone."""
    return await _devices(session, actor, await _group(session, actor, group_id))


async def set_devices(session: AsyncSession, actor: Actor, body: CarouselDevicesIn) -> list[CarouselDeviceOut]:
    """Replace the group's devices with `device_ids` in that order: all readable by the caller, or nothing changes."""
    group = await _group(session, actor, body.id)
    readable = await repo.readable_ids(session, actor, body.device_ids) if body.device_ids else set()
    # A gone device the group already holds may stay in its place (the console saves the group as it shows it).
    readable |= set(await repo.item_ids(session, group.id))
    if any(i not in readable for i in body.device_ids):
        raise AppError(ErrorCode.CAROUSEL_DEVICE_NOT_FOUND, field="device_ids")
    if group.rotate and not body.device_ids:
        raise AppError(ErrorCode.CAROUSEL_GROUP_EMPTY, field="device_ids")
    await repo.replace_items(session, group, body.device_ids)
    return await _devices(session, actor, group)
