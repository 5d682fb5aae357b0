"""A template's history: every saved change bumps its version (so a published template shows "changed since
publish") and leaves a template-log row the middleware page lists. Every sub-package records through here."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.templates.models import Template, TemplateLog


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
