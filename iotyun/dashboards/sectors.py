"""Business sector rules (SPEC §2 /module/business P101000, /business, /detail; §5 name ≤6, description ≤500; issue 31
point 6): the tenant's sectors in order, each a name, a description, a gallery image and an ordered set of the
tenant's dashboards. Every signed-in user of the tenant reads the sectors; each sees of a sector's dashboards only
those shown to them (the others: their id, unavailable)."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SECTORS_MAX
from iotyun.dashboards import repository as repo
from iotyun.dashboards.models import Sector
from iotyun.dashboards.schemas import (
    SectorDashboardOut,
    SectorIn,
    SectorOut,
    SectorReorderIn,
    SectorUpdateIn,
)


async def _outs(session: AsyncSession, actor: Actor, sectors: list[Sector]) -> list[SectorOut]:
    v = await repo.viewer(session, actor)
    ids = await repo.sector_dashboard_ids(session, [s.id for s in sectors])
    seen = await repo.visible_ids(session, v, {d for held in ids.values() for d in held})

    def dashboard(i: int) -> SectorDashboardOut:
        d = seen.get(i)
        if d is None:
            return SectorDashboardOut(id=i, name="", width=0, height=0, theme="", available=False)
        return SectorDashboardOut(id=d.id, name=d.name, width=d.width, height=d.height, theme=d.theme)

    return [
        SectorOut(
            id=s.id,
            name=s.name,
            description=s.description,
            image=s.image,
            interval=s.interval,
            position=s.position,
            dashboards=[dashboard(i) for i in ids[s.id]],
        )
        for s in sectors
    ]


async def list_sectors(session: AsyncSession, actor: Actor) -> list[SectorOut]:
    return await _outs(session, actor, await repo.sectors(session, actor.tenant_id))


async def _sector(session: AsyncSession, actor: Actor, sector_id: int) -> Sector:
    s = await repo.sector(session, actor.tenant_id, sector_id)
    if s is None:
        raise AppError(ErrorCode.NOT_FOUND, field="id")
    return s


async def get(session: AsyncSession, actor: Actor, sector_id: int) -> SectorOut:
    return (await _outs(session, actor, [await _sector(session, actor, sector_id)]))[0]


async def _check_dashboards(session: AsyncSession, actor: Actor, ids: list[int]) -> None:
    """A sector holds the tenant's dashboards that its manager sees (118001 on `dashboard_ids` otherwise)."""
    seen = await repo.visible_ids(session, await repo.viewer(session, actor), ids)
    if any(i not in seen for i in ids):
        raise AppError(ErrorCode.DASHBOARD_NOT_FOUND, field="dashboard_ids")


async def create(session: AsyncSession, actor: Actor, body: SectorIn) -> SectorOut:
    if await repo.sector_count(session, actor.tenant_id) >= SECTORS_MAX:
        raise AppError(ErrorCode.LIMIT_REACHED, field="name", limit=SECTORS_MAX)
    if await repo.sector_name_taken(session, actor.tenant_id, body.name):
        raise AppError(ErrorCode.PARAM_INVALID, field="name")
    await _check_dashboards(session, actor, body.dashboard_ids)
    existing = await repo.sectors(session, actor.tenant_id)
    s = Sector(
        tenant_id=actor.tenant_id,
        name=body.name,
        description=body.description,
        image=body.image,
        interval=body.interval,
        position=max((x.position for x in existing), default=0) + 1,
    )
    session.add(s)
    await session.flush()
    await repo.replace_sector_dashboards(session, s, body.dashboard_ids)
    return await get(session, actor, s.id)


async def update(session: AsyncSession, actor: Actor, body: SectorUpdateIn) -> SectorOut:
    s = await _sector(session, actor, body.id)
    if body.name is not None:
        if await repo.sector_name_taken(session, actor.tenant_id, body.name, exclude=s.id):
            raise AppError(ErrorCode.PARAM_INVALID, field="name")
        s.name = body.name
    for field in ("description", "image", "interval"):
        value = getattr(body, field)
        if value is not None:
            setattr(s, field, value)
    if body.dashboard_ids is not None:
        # A dashboard the sector already holds may stay though its manager no longer sees it.
        held = set((await repo.sector_dashboard_ids(session, [s.id]))[s.id])
        await _check_dashboards(session, actor, [i for i in body.dashboard_ids if i not in held])
        await repo.replace_sector_dashboards(session, s, body.dashboard_ids)
    await session.flush()
    return await get(session, actor, s.id)


async def delete(session: AsyncSession, actor: Actor, sector_id: int) -> None:
    s = await _sector(session, actor, sector_id)
    await session.delete(s)
    await session.flush()


async def reorder(session: AsyncSession, actor: Actor, body: SectorReorderIn) -> list[SectorOut]:
    sectors = {s.id: s for s in await repo.sectors(session, actor.tenant_id)}
    if any(i not in sectors for i in body.ids):
        raise AppError(ErrorCode.NOT_FOUND, field="ids")
    for n, i in enumerate(body.ids):
        sectors[i].position = n + 1
    await session.flush()
    return await list_sectors(session, actor)
