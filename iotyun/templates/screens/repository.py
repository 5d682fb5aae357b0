"""Screen SELECTs. A template is read through a share from any tenant, so every statement here opts out of the
session's tenant criteria: callers reach a screen only through templates.access, which decides who reads it. The
gallery's question (`documents_mentioning`) is about one tenant's own screens and stays in its tenant."""

from typing import Any

from sqlalchemy import Text, and_, cast, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.templates.models import (
    DataSource,
    ScreenDraft,
    ScreenVersion,
    Template,
    TemplatePublication,
    TemplateScreen,
)

_ALL = {ALL_TENANTS: True}


async def screens(session: AsyncSession, template_id: int, kind: str | None = None) -> list[TemplateScreen]:
    """A template's screens (of one kind), web first, each kind in its order."""
    stmt = select(TemplateScreen).where(TemplateScreen.template_id == template_id).execution_options(**_ALL)
    if kind is not None:
        stmt = stmt.where(TemplateScreen.kind == kind)
    stmt = stmt.order_by(TemplateScreen.kind.desc(), TemplateScreen.sort, TemplateScreen.id)
    return list((await session.execute(stmt)).scalars().all())


async def main_screens(session: AsyncSession, template_ids: list[int]) -> list[TemplateScreen]:
    """The main screens (web and mobile) of the given templates; the caller has kept only templates it reads."""
    if not template_ids:
        return []
    stmt = select(TemplateScreen).where(TemplateScreen.template_id.in_(template_ids), TemplateScreen.is_main)
    return list((await session.execute(stmt.execution_options(**_ALL))).scalars().all())


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


async def owned_screen_count(session: AsyncSession, owner_id: int) -> int:
    """How many screens the templates a user owns hold (their `screens` quota)."""
    stmt = (
        select(func.count(TemplateScreen.id))
        .join(Template, Template.id == TemplateScreen.template_id)
        .where(Template.owner_id == owner_id)
        .execution_options(**_ALL)
    )
    return int((await session.execute(stmt)).scalar_one())


async def owned_version_bytes(session: AsyncSession, owner_id: int) -> int:
    """What the versions of the screens of the templates a user owns take (their `screen_versions_mb` quota)."""
    stmt = (
        select(func.coalesce(func.sum(ScreenVersion.size_bytes), 0))
        .join(TemplateScreen, TemplateScreen.id == ScreenVersion.screen_id)
        .join(Template, Template.id == TemplateScreen.template_id)
        .where(Template.owner_id == owner_id)
        .execution_options(**_ALL)
    )
    return int((await session.execute(stmt)).scalar_one())


async def documents_mentioning(session: AsyncSession, tenant_id: int, key: str) -> list[dict[str, Any]]:
    """The tenant's screen documents whose text holds `key` or any percent sign (a URL may spell the key
    percent-encoded): the screens as designed and the screens of each template's current publication (what the
    runtime shows). A prefilter; the caller reads the documents."""

    def mentions(column: Any) -> Any:
        text = cast(column, Text)
        return or_(text.like(like_pattern(key), escape=LIKE_ESCAPE), text.contains("%", autoescape=True))

    designed = select(TemplateScreen.document).where(
        TemplateScreen.tenant_id == tenant_id, mentions(TemplateScreen.document)
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
            mentions(TemplatePublication.snapshot),
        )
    )
    found: list[dict[str, Any]] = [d for d in (await session.scalars(designed)).all() if isinstance(d, dict)]
    for snapshot in (await session.scalars(published)).all():
        screens = snapshot.get("screens") if isinstance(snapshot, dict) else None
        for screen in screens if isinstance(screens, list) else []:
            if isinstance(screen, dict) and isinstance(screen.get("document"), dict):
                found.append(screen["document"])
    return found


async def next_revision(session: AsyncSession, screen_id: int, based_on: int | None) -> int | None:
    """Count a save of a screen's document and return its new revision; None when `based_on` (when given) is no
    longer the current revision. One UPDATE, so two saves based on one revision cannot both pass."""
    stmt = update(TemplateScreen).where(TemplateScreen.id == screen_id)
    if based_on is not None:
        stmt = stmt.where(TemplateScreen.revision == based_on)
    stmt = stmt.values(revision=TemplateScreen.revision + 1).returning(TemplateScreen.revision)
    result = await session.execute(stmt.execution_options(synchronize_session=False, **_ALL))
    revision = result.scalar_one_or_none()
    return None if revision is None else int(revision)


# --- drafts ----------------------------------------------------------------------------------------------------


async def draft(session: AsyncSession, screen_id: int, user_id: int) -> ScreenDraft | None:
    stmt = select(ScreenDraft).where(ScreenDraft.screen_id == screen_id, ScreenDraft.user_id == user_id)
    return (await session.execute(stmt.execution_options(**_ALL))).scalar_one_or_none()


async def delete_draft(session: AsyncSession, screen_id: int, user_id: int) -> None:
    stmt = delete(ScreenDraft).where(ScreenDraft.screen_id == screen_id, ScreenDraft.user_id == user_id)
    await session.execute(stmt.execution_options(synchronize_session=False, **_ALL))


# --- versions --------------------------------------------------------------------------------------------------

# A version listed: everything but its document, which may weigh 2 MB.
_VERSION_LISTED = (
    ScreenVersion.id,
    ScreenVersion.screen_id,
    ScreenVersion.name,
    ScreenVersion.revision,
    ScreenVersion.element_count,
    ScreenVersion.user_name.label("created_by"),
    ScreenVersion.created_at,
)


async def versions(session: AsyncSession, screen_id: int) -> list[dict[str, object]]:
    """A screen's versions without their documents, newest first."""
    stmt = (
        select(*_VERSION_LISTED)
        .where(ScreenVersion.screen_id == screen_id)
        .order_by(ScreenVersion.created_at.desc(), ScreenVersion.id.desc())
    )
    return [dict(row._mapping) for row in (await session.execute(stmt.execution_options(**_ALL))).all()]


async def version(session: AsyncSession, version_id: int) -> ScreenVersion | None:
    stmt = select(ScreenVersion).where(ScreenVersion.id == version_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def version_count(session: AsyncSession, screen_id: int) -> int:
    stmt = select(func.count()).select_from(ScreenVersion).where(ScreenVersion.screen_id == screen_id)
    return int((await session.execute(stmt.execution_options(**_ALL))).scalar_one())


async def oldest_auto_version(session: AsyncSession, screen_id: int) -> int | None:
    """The id of a screen's oldest automatic version: the first to give way when the screen holds the most."""
    stmt = (
        select(ScreenVersion.id)
        .where(ScreenVersion.screen_id == screen_id, ScreenVersion.name.is_(None))
        .order_by(ScreenVersion.created_at, ScreenVersion.id)
        .limit(1)
    )
    found = (await session.execute(stmt.execution_options(**_ALL))).scalar_one_or_none()
    return None if found is None else int(found)


async def delete_version(session: AsyncSession, version_id: int) -> None:
    stmt = delete(ScreenVersion).where(ScreenVersion.id == version_id)
    await session.execute(stmt.execution_options(synchronize_session=False, **_ALL))
