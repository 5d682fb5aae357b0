"""A screen's design history beside its saved document: each user's autosaved draft (one per user and screen, held
to shape and size only, so no work is lost to a rule) and versions, snapshots of the saved document that a restore
makes the design again. Rights are the screen's own (screens.service.screen_for): reading needs the template,
writing the owner or the `design` item."""

import json
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MB, SCREEN_VERSIONS_MAX
from iotyun.team import quotas as team_quotas
from iotyun.templates import access, changes
from iotyun.templates.access import Held
from iotyun.templates.models import ScreenDraft, ScreenVersion, TemplateScreen
from iotyun.templates.screens import document as doc
from iotyun.templates.screens import repository as repo
from iotyun.templates.screens import service
from iotyun.templates.screens.schemas import (
    DraftIn,
    DraftOut,
    ScreenDesignOut,
    VersionDesignOut,
    VersionIn,
    VersionOut,
    VersionRestoreIn,
)

# --- drafts ----------------------------------------------------------------------------------------------------


def _draft_out(draft: ScreenDraft) -> DraftOut:
    return DraftOut(
        screen_id=draft.screen_id,
        revision=draft.revision,
        document=draft.document,
        updated_at=epoch_ms(draft.updated_at) or 0,
    )


async def save_draft(session: AsyncSession, actor: Actor, body: DraftIn) -> DraftOut:
    """Keep the caller's unsaved document of a screen, replacing their previous draft of it."""
    _, screen = await service.screen_for(session, actor, body.id, "design")
    draft = await repo.draft(session, screen.id, actor.user_id)
    if draft is None:
        draft = ScreenDraft(tenant_id=screen.tenant_id, screen_id=screen.id, user_id=actor.user_id)
        session.add(draft)
    draft.revision = body.revision
    draft.document = body.document
    draft.updated_at = utcnow()
    await session.flush()
    return _draft_out(draft)


async def get_draft(session: AsyncSession, actor: Actor, screen_id: int) -> DraftOut | None:
    """The caller's draft of a screen when written after the document was last saved (by anyone), else None."""
    _, screen = await service.screen_for(session, actor, screen_id, "design")
    draft = await repo.draft(session, screen.id, actor.user_id)
    return _draft_out(draft) if draft is not None and draft.updated_at > screen.saved_at else None


async def discard_draft(session: AsyncSession, actor: Actor, screen_id: int) -> None:
    """Drop the caller's draft of a screen (the designer's "discard")."""
    _, screen = await service.screen_for(session, actor, screen_id, "design")
    await repo.delete_draft(session, screen.id, actor.user_id)


# --- versions --------------------------------------------------------------------------------------------------


def _version_out(row: dict[str, Any]) -> VersionOut:
    return VersionOut(**{**row, "created_at": epoch_ms(row["created_at"]) or 0})


def _listed(version: ScreenVersion) -> dict[str, Any]:
    """A version as the list shows it (repository.versions)."""
    return {
        "id": version.id,
        "screen_id": version.screen_id,
        "name": version.name,
        "revision": version.revision,
        "element_count": version.element_count,
        "created_by": version.user_name,
        "created_at": version.created_at,
    }


async def _room_for_one(session: AsyncSession, screen_id: int) -> None:
    """Make room for one more version: at most SCREEN_VERSIONS_MAX per screen, the oldest automatic one giving way;
    named ones are the user's to delete (115218)."""
    if await repo.version_count(session, screen_id) < SCREEN_VERSIONS_MAX:
        return
    oldest = await repo.oldest_auto_version(session, screen_id)
    if oldest is None:
        raise AppError(ErrorCode.SCREEN_VERSION_LIMIT, limit=SCREEN_VERSIONS_MAX)
    await repo.delete_version(session, oldest)


async def _claim_storage(session: AsyncSession, owner_id: int, size: int) -> None:
    """Room for a version of `size` bytes in the template owner's screen_versions_mb quota (115024), counted exactly
    under concurrency (team_quotas.claim_quota)."""

    async def used() -> int:
        return await repo.owned_version_bytes(session, owner_id)

    await team_quotas.claim_quota(
        session, owner_id, "screen_versions_mb", size, used, code=ErrorCode.SCREEN_VERSION_STORAGE_FULL, unit=MB
    )


async def _snapshot(
    session: AsyncSession, actor: Actor, held: Held, screen: TemplateScreen, name: str | None
) -> ScreenVersion:
    """A version of the screen's saved document, counted in the template owner's storage (its size as stored)."""
    await _room_for_one(session, screen.id)
    document = doc.upgrade(screen.document)
    stored = document.model_dump(mode="json")
    size = len(json.dumps(stored, ensure_ascii=False, separators=(",", ":")).encode())
    await _claim_storage(session, held.template.owner_id, size)
    version = ScreenVersion(
        tenant_id=screen.tenant_id,
        screen_id=screen.id,
        name=name,
        revision=screen.revision,
        document=stored,
        element_count=len(document.elements),
        size_bytes=size,
        user_id=actor.user_id,
        user_name=actor.user_name,
        created_at=utcnow(),
    )
    session.add(version)
    await session.flush()
    return version


async def create_version(session: AsyncSession, actor: Actor, body: VersionIn) -> VersionOut:
    """A named snapshot of the screen's saved document (not of a draft)."""
    held, screen = await service.screen_for(session, actor, body.id, "design")
    version = await _snapshot(session, actor, held, screen, body.name)
    await changes.record(session, held.template, actor, "screen_version", {"name": screen.name}, bump=False)
    return _version_out(_listed(version))


async def list_versions(session: AsyncSession, actor: Actor, screen_id: int) -> list[VersionOut]:
    _, screen = await service.screen_for(session, actor, screen_id)
    return [_version_out(row) for row in await repo.versions(session, screen.id)]


async def _version(session: AsyncSession, actor: Actor, version_id: int) -> ScreenVersion:
    """A version of a screen the caller reads; 115217 for any other id (another tenant's too)."""
    version = await repo.version(session, version_id)
    if version is None:
        raise AppError(ErrorCode.SCREEN_VERSION_NOT_FOUND, field="id")
    screen = await repo.screen(session, version.screen_id)
    if screen is None or await access.held(session, actor, screen.template_id) is None:
        raise AppError(ErrorCode.SCREEN_VERSION_NOT_FOUND, field="id")
    return version


async def get_version(session: AsyncSession, actor: Actor, version_id: int) -> VersionDesignOut:
    """A version with its document, upgraded to the current schema."""
    version = await _version(session, actor, version_id)
    return VersionDesignOut(**_version_out(_listed(version)).model_dump(), document=doc.upgrade(version.document))


async def restore_version(session: AsyncSession, actor: Actor, body: VersionRestoreIn) -> ScreenDesignOut:
    """Make a version the screen's design: a new save (a new revision, so an editor open on the old one is told),
    after the design it replaces is kept as an automatic version, so a restore can itself be undone."""
    version = await _version(session, actor, body.id)
    held, screen = await service.screen_for(session, actor, version.screen_id, "design")
    document = doc.upgrade(version.document)
    service.check_design(screen, document, *await service.references(session, screen.template_id))
    await _snapshot(session, actor, held, screen, None)
    await service.new_revision(session, screen, None)
    return await service.store_design(session, actor, held, screen, document, "screen_restore")


async def delete_version(session: AsyncSession, actor: Actor, version_id: int) -> None:
    version = await _version(session, actor, version_id)
    held, screen = await service.screen_for(session, actor, version.screen_id, "design")
    await repo.delete_version(session, version.id)
    await changes.record(session, held.template, actor, "screen_version_delete", {"name": screen.name}, bump=False)
