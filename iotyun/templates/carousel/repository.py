"""Carousel SELECTs: the caller's own groups, and their items joined to the devices the caller may still read with
each device's template binding and whether that template has a main web screen. The device side goes through
devices.scope.readable (which opts out of the tenant criteria for devices shared from another tenant); a shared
device's binding and template screens are its owner's tenant's rows, so those joins opt out too."""

from typing import Any

from sqlalchemy import and_, delete, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.devices import scope
from iotyun.devices.models import CarouselGroup, CarouselItem, Device, Gateway
from iotyun.templates.models import TemplateBinding, TemplateScreen


async def groups(session: AsyncSession, actor: Actor) -> list[CarouselGroup]:
    stmt = (
        select(CarouselGroup)
        .where(CarouselGroup.tenant_id == actor.tenant_id, CarouselGroup.owner_id == actor.user_id)
        .order_by(CarouselGroup.position, CarouselGroup.id)
    )
    return list((await session.execute(stmt)).scalars())


async def group(session: AsyncSession, actor: Actor, group_id: int) -> CarouselGroup | None:
    stmt = select(CarouselGroup).where(
        CarouselGroup.tenant_id == actor.tenant_id,
        CarouselGroup.owner_id == actor.user_id,
        CarouselGroup.id == group_id,
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def count_and_last_position(session: AsyncSession, actor: Actor) -> tuple[int, int]:
    stmt = select(func.count(CarouselGroup.id), func.max(CarouselGroup.position)).where(
        CarouselGroup.tenant_id == actor.tenant_id, CarouselGroup.owner_id == actor.user_id
    )
    count, last = (await session.execute(stmt)).one()
    return int(count), int(last) if last is not None else -1


async def name_taken(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> bool:
    stmt = select(CarouselGroup.id).where(
        CarouselGroup.tenant_id == actor.tenant_id,
        CarouselGroup.owner_id == actor.user_id,
        CarouselGroup.name == name,
    )
    if exclude is not None:
        stmt = stmt.where(CarouselGroup.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def _visible(session: AsyncSession, actor: Actor, *columns: Any) -> Any:
    """SELECT of `columns` over the caller's carousel items whose device the caller still reads."""
    stmt: Any = await scope.readable(session, actor, *columns)
    return stmt.join_from(CarouselItem, Device, CarouselItem.device_id == Device.id).where(
        CarouselItem.tenant_id == actor.tenant_id
    )


async def visible_counts(session: AsyncSession, actor: Actor, group_ids: list[int]) -> dict[int, int]:
    """Group id → how many of its devices the caller still reads."""
    if not group_ids:
        return {}
    stmt = await _visible(session, actor, CarouselItem.group_id, func.count(CarouselItem.id))
    stmt = stmt.where(CarouselItem.group_id.in_(group_ids)).group_by(CarouselItem.group_id)
    return {int(g): int(n) for g, n in (await session.execute(stmt)).all()}


async def visible_items(
    session: AsyncSession, actor: Actor, group_id: int
) -> list[tuple[Device, Gateway, int | None, bool]]:
    """(device, gateway, template id, template has a main web screen) of the group's items whose device the caller
    still reads, in item order."""
    main_web = exists().where(
        and_(
            TemplateScreen.template_id == TemplateBinding.template_id,
            TemplateScreen.kind == "web",
            TemplateScreen.is_main.is_(True),
        )
    )
    stmt = await _visible(session, actor, Device, Gateway, TemplateBinding.template_id, main_web)
    stmt = (
        stmt.join(Gateway, Gateway.id == Device.gateway_id)
        .outerjoin(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(CarouselItem.group_id == group_id)
        .order_by(CarouselItem.position, CarouselItem.id)
    )
    rows = (await session.execute(stmt)).all()
    return [(d, g, int(t) if t is not None else None, bool(t is not None and m)) for d, g, t, m in rows]


async def readable_ids(session: AsyncSession, actor: Actor, device_ids: list[int]) -> set[int]:
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.id.in_(device_ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def replace_items(session: AsyncSession, group: CarouselGroup, device_ids: list[int]) -> None:
    """The group's items become `device_ids` in that order (the caller has checked them)."""
    await session.execute(delete(CarouselItem).where(CarouselItem.group_id == group.id))
    session.add_all(
        CarouselItem(tenant_id=group.tenant_id, group_id=group.id, device_id=device_id, position=position)
        for position, device_id in enumerate(device_ids)
    )
    await session.flush()


async def item_ids(session: AsyncSession, group_id: int) -> list[int]:
    """The device ids of every item of the group (found under the caller), in order, read by the caller or not."""
    stmt = (
        select(CarouselItem.device_id)
        .where(CarouselItem.group_id == group_id)
        .order_by(CarouselItem.position, CarouselItem.id)
    )
    return [int(i) for i in (await session.execute(stmt)).scalars()]
