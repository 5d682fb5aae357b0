"""Report SELECTs. A report is its owner's; the tenant's administrator sees every report of the tenant."""

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern, paginate
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.reports.models import Report


def _mine(actor: Actor) -> Select[Report]:
    stmt = select(Report).where(Report.tenant_id == actor.tenant_id)
    if not actor.is_admin:
        stmt = stmt.where(Report.owner_id == actor.user_id)
    return stmt


async def page(
    session: AsyncSession, actor: Actor, params: PageParams, title: str | None, chart_type: int | None
) -> tuple[list[Report], int]:
    stmt = _mine(actor)
    if title:
        stmt = stmt.where(Report.title.ilike(like_pattern(title), escape=LIKE_ESCAPE))
    if chart_type is not None:
        stmt = stmt.where(Report.chart_type == chart_type)
    return await paginate(session, stmt.order_by(Report.id.desc()), params)


async def report(session: AsyncSession, actor: Actor, report_id: int) -> Report | None:
    return (await session.execute(_mine(actor).where(Report.id == report_id))).scalar_one_or_none()


async def title_taken(session: AsyncSession, owner_id: int, title: str, exclude: int | None = None) -> bool:
    stmt = select(Report.id).where(Report.owner_id == owner_id, Report.title == title)
    if exclude is not None:
        stmt = stmt.where(Report.id != exclude)
    return (await session.execute(stmt.limit(1))).first() is not None


async def owner_titles(session: AsyncSession, owner_id: int) -> set[str]:
    stmt = select(Report.title).where(Report.owner_id == owner_id)
    return set((await session.execute(stmt)).scalars())


async def readable_device_ids(session: AsyncSession, actor: Actor, device_ids: list[int]) -> set[int]:
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.id.in_(device_ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def device_names(session: AsyncSession, device_ids: list[int]) -> dict[int, str]:
    """Id → alias (else SN) of the devices among `device_ids` that still exist, whoever reads them: a report's
    deleted device is told apart from one the caller may not read."""
    stmt = (
        select(Device.id, Device.alias, Device.sn).where(Device.id.in_(device_ids)).execution_options(all_tenants=True)
    )
    return {int(i): str(alias or sn) for i, alias, sn in (await session.execute(stmt)).all()}
