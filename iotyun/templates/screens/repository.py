"""Screen SELECTs. A template is read through a share from any tenant, so every statement here opts out of the
session's tenant criteria: callers reach a screen only through templates.access, which decides who reads it. The
gallery's question (`documents_mentioning`) is about one tenant's own screens and stays in its tenant."""

from typing import Any

from sqlalchemy import Text, and_, cast, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.templates.models import DataSource, Template, TemplatePublication, TemplateScreen

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


async def documents_mentioning(session: AsyncSession, tenant_id: int, fragment: str) -> list[dict[str, Any]]:
    """The tenant's screen documents whose text holds `fragment`: the screens as designed and the screens of each
    template's current publication (what the runtime shows). A prefilter; the caller reads the documents."""
    pattern = like_pattern(fragment)
    designed = select(TemplateScreen.document).where(
        TemplateScreen.tenant_id == tenant_id,
        cast(TemplateScreen.document, Text).like(pattern, escape=LIKE_ESCAPE),
    )
    published = (
        select(TemplatePublication.snapshot)
        .join(
            Template,
            and_(
                Template.id == TemplatePublication.template_id,
                Template.published_version == TemplatePublication.version,
            ),
        )
        .where(
            TemplatePublication.tenant_id == tenant_id,
            cast(TemplatePublication.snapshot, Text).like(pattern, escape=LIKE_ESCAPE),
        )
    )
    found: list[dict[str, Any]] = [d for d in (await session.scalars(designed)).all() if isinstance(d, dict)]
    for snapshot in (await session.scalars(published)).all():
        screens = snapshot.get("screens") if isinstance(snapshot, dict) else None
        for screen in screens if isinstance(screens, list) else []:
            if isinstance(screen, dict) and isinstance(screen.get("document"), dict):
                found.append(screen["document"])
    return found
