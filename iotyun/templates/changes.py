"""A template's history: every saved change bumps its version (so a published template shows "changed since
publish") and leaves a template-log row the middleware page lists. Every sub-package records through here."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import utcnow
from iotyun.core.deps import Actor
from iotyun.templates import repository as repo
from iotyun.templates.models import Template, TemplateLog, TemplatePublication


async def record(
    session: AsyncSession,
    template: Template,
    actor: Actor | None,
    action: str,
    detail: dict[str, Any] | None = None,
    *,
    bump: bool = True,
) -> None:
    """Log `action` on `template`; `bump` (the default) counts it as a change of the template's content."""
    if bump:
        template.version += 1
    session.add(
        TemplateLog(
            tenant_id=template.tenant_id,
            template_id=template.id,
            action=action,
            user_id=actor.user_id if actor else None,
            user_name=actor.user_name if actor else "",
            detail=detail or {},
        )
    )
    await session.flush()


async def freeze(session: AsyncSession, template: Template, frozen: dict[str, Any], user_id: int) -> int:
    """Store `frozen` as the publication of the template's current version and mark the template published; returns
    its release. Publishing an unchanged version again replaces that publication's content and keeps its number; any
    other publish is numbered after the last, so the first publish is release 1 whatever the edits before it."""
    existing = await repo.publication_of_version(session, template.id, template.version)
    if existing is not None:
        existing.snapshot = frozen
        existing.published_at = utcnow()
        existing.published_by = user_id
        release = existing.release
    else:
        template.releases += 1
        release = template.releases
        session.add(
            TemplatePublication(
                tenant_id=template.tenant_id,
                template_id=template.id,
                version=template.version,
                release=release,
                snapshot=frozen,
                published_by=user_id,
            )
        )
    template.published = True
    template.published_version = template.version
    template.published_at = utcnow()
    return release
