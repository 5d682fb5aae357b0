"""Screen rules: a template's web and mobile screens (one main per kind, names unique per kind, at most 50 per kind)
and their design documents, held to the screen document schema on save and on publish; reads need the template,
writes the owner or the `design` item, and every write counts as a change of the template (templates.changes)."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SCREEN_SCHEMA_VERSION, SCREENS_PER_KIND_MAX
from iotyun.core.texts import phrase
from iotyun.templates import access, changes
from iotyun.templates.access import Held
from iotyun.templates.models import Template, TemplateScreen
from iotyun.templates.screens import document as doc
from iotyun.templates.screens import repository as repo
from iotyun.templates.screens.document import ScreenDocument
from iotyun.templates.screens.schemas import (
    ScreenDesignIn,
    ScreenDesignOut,
    ScreenIn,
    ScreenOrderIn,
    ScreenOut,
    ScreenUpdateIn,
)


def screen_out(s: TemplateScreen) -> ScreenOut:
    return ScreenOut(
        id=s.id,
        template_id=s.template_id,
        kind=s.kind,
        name=s.name,
        is_main=s.is_main,
        sort=s.sort,
        schema_version=s.schema_version,
        updated_at=epoch_ms(s.updated_at) or 0,
    )


def _empty_document() -> dict[str, Any]:
    return ScreenDocument().model_dump(mode="json")


def new_screens(template: Template) -> list[TemplateScreen]:
    """The main web and mobile screens a new template starts with, empty."""
    return [
        TemplateScreen(
            tenant_id=template.tenant_id,
            template_id=template.id,
            kind=kind,
            name=phrase("name.main_screen"),
            is_main=True,
            sort=0,
            schema_version=SCREEN_SCHEMA_VERSION,
            document=_empty_document(),
        )
        for kind in ("web", "mobile")
    ]


async def list_screens(session: AsyncSession, actor: Actor, template_id: int, kind: str | None) -> list[ScreenOut]:
    await access.template_for(session, actor, template_id)
    return [screen_out(s) for s in await repo.screens(session, template_id, kind)]


async def _screen(
    session: AsyncSession, actor: Actor, screen_id: int, item: str = "view"
) -> tuple[Held, TemplateScreen]:
    screen = await repo.screen(session, screen_id)
    if screen is None or await access.held(session, actor, screen.template_id) is None:
        raise AppError(ErrorCode.SCREEN_NOT_FOUND, field="id")
    return await access.template_for(session, actor, screen.template_id, item), screen


async def create_screen(session: AsyncSession, actor: Actor, body: ScreenIn) -> ScreenOut:
    """A new (empty) screen of a template, last of its kind."""
    held = await access.template_for(session, actor, body.template_id, "design")
    same_kind = await repo.screens(session, body.template_id, body.kind)
    if len(same_kind) >= SCREENS_PER_KIND_MAX:
        raise AppError(ErrorCode.SCREEN_LIMIT_REACHED, limit=SCREENS_PER_KIND_MAX)
    if any(s.name == body.name for s in same_kind):
        raise AppError(ErrorCode.SCREEN_NAME_EXISTS, field="name")
    screen = TemplateScreen(
        tenant_id=held.template.tenant_id,
        template_id=body.template_id,
        kind=body.kind,
        name=body.name,
        is_main=not same_kind,
        sort=max((s.sort for s in same_kind), default=-1) + 1,
        schema_version=SCREEN_SCHEMA_VERSION,
        document=_empty_document(),
    )
    session.add(screen)
    await session.flush()
    await changes.record(session, held.template, actor, "screen_create", {"name": body.name, "kind": body.kind})
    return screen_out(screen)


async def update_screen(session: AsyncSession, actor: Actor, body: ScreenUpdateIn) -> ScreenOut:
    """Rename a screen or make it the main one of its kind."""
    held, screen = await _screen(session, actor, body.id, "design")
    same_kind = await repo.screens(session, screen.template_id, screen.kind)
    if body.name is not None and body.name != screen.name:
        if any(s.name == body.name and s.id != screen.id for s in same_kind):
            raise AppError(ErrorCode.SCREEN_NAME_EXISTS, field="name")
        screen.name = body.name
    if body.is_main:
        for s in same_kind:
            s.is_main = s.id == screen.id
    elif body.is_main is False and screen.is_main:
        raise AppError(ErrorCode.MAIN_SCREEN_REQUIRED, field="is_main")
    await session.flush()
    await changes.record(session, held.template, actor, "screen_update", {"name": screen.name, "kind": screen.kind})
    return screen_out(screen)


async def delete_screen(session: AsyncSession, actor: Actor, screen_id: int) -> None:
    """Delete a screen that is not its kind's main screen."""
    held, screen = await _screen(session, actor, screen_id, "design")
    if screen.is_main:
        raise AppError(ErrorCode.MAIN_SCREEN_CANNOT_BE_DELETED)
    await session.delete(screen)
    await session.flush()
    await changes.record(session, held.template, actor, "screen_delete", {"name": screen.name, "kind": screen.kind})


async def order_screens(session: AsyncSession, actor: Actor, body: ScreenOrderIn) -> list[ScreenOut]:
    """Put a kind's screens in the given order."""
    held = await access.template_for(session, actor, body.template_id, "design")
    same_kind = await repo.screens(session, body.template_id, body.kind)
    if sorted(body.ids) != sorted(s.id for s in same_kind) or len(set(body.ids)) != len(body.ids):
        raise AppError(ErrorCode.SCREEN_ORDER_INVALID, field="ids")
    position = {sid: i for i, sid in enumerate(body.ids)}
    for s in same_kind:
        s.sort = position[s.id]
    await session.flush()
    await changes.record(session, held.template, actor, "screen_order", {"kind": body.kind})
    return [screen_out(s) for s in sorted(same_kind, key=lambda s: s.sort)]


# --- design documents ------------------------------------------------------------------------------------------


def _design_out(screen: TemplateScreen, document: ScreenDocument) -> ScreenDesignOut:
    return ScreenDesignOut(**screen_out(screen).model_dump(), document=document)


async def get_design(session: AsyncSession, actor: Actor, screen_id: int) -> ScreenDesignOut:
    """A screen's design, upgraded to the current schema when stored in an older one."""
    _, screen = await _screen(session, actor, screen_id)
    return _design_out(screen, doc.upgrade(screen.document))


def _check_references(name: str, document: ScreenDocument, sources: set[int], screens: set[int]) -> None:
    """Bindings and writes name data sources of the template (115209); jumps and pop-ups its screens (115214)."""
    for i, source_id in document.data_source_ids():
        if source_id not in sources:
            raise AppError(ErrorCode.ELEMENT_BINDING_INVALID, field=f"document.elements.{i}", screen=name)
    for i, screen_id in document.screen_ids():
        if screen_id not in screens:
            raise AppError(ErrorCode.ELEMENT_ACTION_INVALID, field=f"document.elements.{i}", screen=name)


async def _references(session: AsyncSession, template_id: int) -> tuple[set[int], set[int]]:
    return await repo.data_source_ids(session, template_id), await repo.screen_ids(session, template_id)


async def save_design(session: AsyncSession, actor: Actor, body: ScreenDesignIn) -> ScreenDesignOut:
    """Store a screen's design document (held to the schema by ScreenDesignIn, its references checked here)."""
    held, screen = await _screen(session, actor, body.id, "design")
    _check_references(screen.name, body.document, *await _references(session, screen.template_id))
    screen.document = body.document.model_dump(mode="json")
    screen.schema_version = SCREEN_SCHEMA_VERSION
    screen.updated_at = utcnow()
    await session.flush()
    await changes.record(session, held.template, actor, "screen_design", {"name": screen.name, "kind": screen.kind})
    return _design_out(screen, body.document)


async def published_documents(session: AsyncSession, screens: list[TemplateScreen]) -> dict[int, dict[str, Any]]:
    """Each screen's document as a publication freezes it: upgraded to the current schema, its references checked
    against the template as it is now (a data source deleted since the save refuses the publish with 115209)."""
    documents: dict[int, dict[str, Any]] = {}
    if not screens:
        return documents
    references = await _references(session, screens[0].template_id)
    for screen in screens:
        document = doc.upgrade(screen.document)
        _check_references(screen.name, document, *references)
        documents[screen.id] = document.model_dump(mode="json")
    return documents


async def copy_screens(
    session: AsyncSession, source_id: int, copied: Template, sources: dict[int, int]
) -> list[TemplateScreen]:
    """The source template's screens as screens of `copied`, their documents naming the copied data sources and
    screens (`sources` maps each source data source id to its copy's)."""
    originals = await repo.screens(session, source_id)
    copies = [
        TemplateScreen(
            tenant_id=copied.tenant_id,
            template_id=copied.id,
            kind=s.kind,
            name=s.name,
            is_main=s.is_main,
            sort=s.sort,
            schema_version=SCREEN_SCHEMA_VERSION,
            document={},
        )
        for s in originals
    ]
    session.add_all(copies)
    await session.flush()
    screen_map = {s.id: c.id for s, c in zip(originals, copies, strict=True)}
    for s, c in zip(originals, copies, strict=True):
        c.document = doc.remap(doc.upgrade(s.document), sources, screen_map).model_dump(mode="json")
    await session.flush()
    return copies


async def image_in_use(session: AsyncSession, tenant_id: int, fragment: str) -> bool:
    """Whether a screen of the tenant, as designed or as published, shows an image whose URL holds `fragment`."""
    for stored in await repo.documents_mentioning(session, tenant_id, fragment):
        if any(fragment in url for url in doc.image_urls(doc.upgrade(stored))):
            return True
    return False
