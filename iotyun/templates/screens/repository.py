"""Screen SELECTs. A template is read through a share from any tenant, so every statement here opts out of the
session's tenant criteria: callers reach a screen only through templates.access, which decides who reads it."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.tenancy import ALL_TENANTS
from iotyun.templates.models import DataSource, TemplateScreen

_ALL = {ALL_TENANTS: True}


async def screens(session: AsyncSession, template_id: int, kind: str | None = None) -> list[TemplateScreen]:
    """A template's screens (of one kind), web first, each kind in its order."""
    stmt = select(TemplateScreen).where(TemplateScreen.template_id == template_id).execution_options(**_ALL)
    if kind is not None:
        stmt = stmt.where(TemplateScreen.kind == kind)
    stmt = stmt.order_by(TemplateScreen.kind.desc(), TemplateScreen.sort, TemplateScreen.id)
    return list((await session.execute(stmt)).scalars().all())


async def screen(session: AsyncSession, screen_id: int) -> TemplateScreen | None:
    stmt = select(TemplateScreen).where(TemplateScreen.id == screen_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def screen_ids(session: AsyncSession, template_id: int) -> set[int]:
    """Ids of a template's screens: what a jump or a pop-up may open."""
    stmt = select(TemplateScreen.id).where(TemplateScreen.template_id == template_id).execution_options(**_ALL)
    return {int(i) for i in (await session.scalars(stmt)).all()}


async def data_source_ids(session: AsyncSession, template_id: int) -> set[int]:
    """Ids of a template's data sources: what an element may bind or write."""
    stmt = select(DataSource.id).where(DataSource.template_id == template_id).execution_options(**_ALL)
    return {int(i) for i in (await session.scalars(stmt)).all()}
