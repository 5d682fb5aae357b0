"""Screen rules: a template's web and mobile screens (one main per kind, names unique per kind, at most 50 per kind)
and their design documents, held to the screen document schema on save and on publish; reads need the template,
writes the owner or the `design` item, and every write counts as a change of the template (templates.changes).
A screen's size is its document's canvas size, the template's size for the kind when the document names none
(docs/decisions.md "Screens of a template"); each save of a document is a new revision, and a save based on a
replaced revision is refused (115020)."""

from collections.abc import Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SCREEN_SCHEMA_VERSION, SCREEN_SIZE_RANGES, SCREENS_PER_KIND_MAX
from iotyun.core.texts import phrase
from iotyun.team import quotas as team_quotas
from iotyun.templates import access, changes
from iotyun.templates.access import Held
from iotyun.templates.models import Template, TemplateScreen
from iotyun.templates.screens import document as doc
from iotyun.templates.screens import repository as repo
from iotyun.templates.screens.document import ScreenDocument
from iotyun.templates.screens.schemas import (
    RuntimeScreenOut,
    ScreenCopyIn,
    ScreenDesignIn,
    ScreenDesignOut,
    ScreenIn,
    ScreenOrderIn,
    ScreenOut,
    ScreenUpdateIn,
    StateTextOut,
)


def template_size(template: Template, kind: str) -> tuple[int, int]:
    """The template's size for a kind: the size of its screens whose documents name none."""
    return (template.width, template.height) if kind == "web" else (template.mobile_width, template.mobile_height)


def size_of(screen: TemplateScreen, template: Template) -> tuple[int, int]:
    """A screen's canvas size: its document's, else the template's for its kind (also for an older document)."""
    width, height = template_size(template, screen.kind)
    canvas = screen.document.get("canvas") if isinstance(screen.document, dict) else None
    if isinstance(canvas, dict):
        width = canvas["width"] if isinstance(canvas.get("width"), int) else width
        height = canvas["height"] if isinstance(canvas.get("height"), int) else height
    return width, height


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    return None


def state_texts(published: dict[str, Any]) -> dict[int, list[StateTextOut]]:
    """The words the publication's screens show for each data source's values, by data source id: a switch's on and
    off texts at its on and off values first (the designer said them outright), then the texts of value states, each
    screen in order. Where two elements word a value differently the first wins (docs/designer-editor.md)."""
    switches: dict[int, list[StateTextOut]] = {}
    states: dict[int, list[StateTextOut]] = {}
    for raw in published.get("screens", []):
        for element in doc.upgrade(raw.get("document")).elements:
            binding = element.bindings.get("value")
            if binding is None:
                continue
            source = binding.data_source_id
            settings = element.settings
            if element.type == "switch":
                for value_key, text_key, default in (("on_value", "on_text", 1.0), ("off_value", "off_text", 0.0)):
                    text = settings.get(text_key)
                    value = _number(settings.get(value_key, default))
                    if isinstance(text, str) and text.strip() and value is not None:
                        switches.setdefault(source, []).append(StateTextOut(min=value, max=value, text=text.strip()))
            if element.states is not None and element.states.by == "value":
                for item in element.states.items:
                    if item.text and item.text.strip():
                        words = states.setdefault(source, [])
                        words.append(StateTextOut(min=item.min, max=item.max, text=item.text.strip()))
    return {source: switches.get(source, []) + states.get(source, []) for source in {*switches, *states}}


def runtime_screens(template: Template, published: dict[str, Any]) -> list[RuntimeScreenOut]:
    """The screens of a publication's snapshot, web before mobile and each kind in the template's order, their documents
    upgraded to the current schema and sized as the designer sizes them."""
    screens: list[RuntimeScreenOut] = []
    for raw in published.get("screens", []):
        kind = raw.get("kind", "web")
        document = doc.upgrade(raw.get("document"))
        width, height = template_size(template, kind)
        screens.append(
            RuntimeScreenOut(
                id=raw["id"],
                kind=kind,
                name=raw.get("name", ""),
                is_main=bool(raw.get("is_main")),
                sort=int(raw.get("sort", 0)),
                width=document.canvas.width or width,
                height=document.canvas.height or height,
                document=document,
            )
        )
    screens.sort(key=lambda s: (s.kind != "web", s.sort, s.id))
    return screens


def check_size(kind: str, width: int | None, height: int | None, prefix: str = "") -> None:
    """A width and a height in the kind's ranges (SPEC §3 presets lie inside them), 115013 naming the one that is
    not; None means "not given"."""
    for value, (low, high), field in zip((width, height), SCREEN_SIZE_RANGES[kind], ("width", "height"), strict=True):
        if value is not None and not low <= value <= high:
            raise AppError(ErrorCode.TEMPLATE_SIZE_INVALID, field=prefix + field)


def _with_size(document: dict[str, Any], width: int, height: int) -> dict[str, Any]:
    canvas = dict(document.get("canvas") or {})
    return {**document, "canvas": {**canvas, "width": width, "height": height}}


def screen_out(s: TemplateScreen, template: Template) -> ScreenOut:
    width, height = size_of(s, template)
    return ScreenOut(
        id=s.id,
        template_id=s.template_id,
        kind=s.kind,
        name=s.name,
        is_main=s.is_main,
        sort=s.sort,
        schema_version=s.schema_version,
        updated_at=epoch_ms(s.updated_at) or 0,
        width=width,
        height=height,
        revision=s.revision,
        saved_at=epoch_ms(s.saved_at) or 0,
    )


def _empty_document() -> dict[str, Any]:
    return ScreenDocument().model_dump(mode="json")


def _sized(kind: str, width: int | None, height: int | None) -> tuple[int, int] | None:
    """Both of a size or neither (115013 on the one left out); each within the kind's ranges."""
    if width is None and height is None:
        return None
    if width is None or height is None:
        raise AppError(ErrorCode.TEMPLATE_SIZE_INVALID, field="width" if width is None else "height")
    check_size(kind, width, height)
    return width, height


# The kinds a new template has a main screen of.
MAIN_SCREEN_KINDS = ("web", "mobile")


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
        for kind in MAIN_SCREEN_KINDS
    ]


async def list_screens(session: AsyncSession, actor: Actor, template_id: int, kind: str | None) -> list[ScreenOut]:
    held = await access.template_for(session, actor, template_id)
    return [screen_out(s, held.template) for s in await repo.screens(session, template_id, kind)]


async def screen_for(
    session: AsyncSession, actor: Actor, screen_id: int, item: str = "view"
) -> tuple[Held, TemplateScreen]:
    screen = await repo.screen(session, screen_id)
    if screen is None or await access.held(session, actor, screen.template_id) is None:
        raise AppError(ErrorCode.SCREEN_NOT_FOUND, field="id")
    return await access.template_for(session, actor, screen.template_id, item), screen


async def claim_screens(session: AsyncSession, owner_id: int, adding: int) -> None:
    """Room for `adding` more screens in the templates `owner_id` owns: their `screens` quota (SPEC §3), 115023
    beyond it, counted exactly under concurrency (team_quotas.claim_quota)."""

    async def used() -> int:
        return await repo.owned_screen_count(session, owner_id)

    await team_quotas.claim_quota(session, owner_id, "screens", adding, used, code=ErrorCode.SCREEN_QUOTA_REACHED)


async def _new_screen(
    session: AsyncSession, held: Held, kind: str, name: str, document: dict[str, Any]
) -> TemplateScreen:
    """A screen last of its kind: at most 50 per kind (115205), names unique per kind (115204), within the template
    owner's screens quota (115023)."""
    same_kind = await repo.screens(session, held.template.id, kind)
    if len(same_kind) >= SCREENS_PER_KIND_MAX:
        raise AppError(ErrorCode.SCREEN_LIMIT_REACHED, limit=SCREENS_PER_KIND_MAX)
    if any(s.name == name for s in same_kind):
        raise AppError(ErrorCode.SCREEN_NAME_EXISTS, field="name")
    await claim_screens(session, held.template.owner_id, 1)
    screen = TemplateScreen(
        tenant_id=held.template.tenant_id,
        template_id=held.template.id,
        kind=kind,
        name=name,
        is_main=not same_kind,
        sort=max((s.sort for s in same_kind), default=-1) + 1,
        schema_version=SCREEN_SCHEMA_VERSION,
        document=document,
    )
    session.add(screen)
    await session.flush()
    return screen


async def create_screen(session: AsyncSession, actor: Actor, body: ScreenIn) -> ScreenOut:
    """A new (empty) screen of a template, last of its kind, of the given size or the template's."""
    held = await access.template_for(session, actor, body.template_id, "design")
    size = _sized(body.kind, body.width, body.height)
    document = _empty_document() if size is None else _with_size(_empty_document(), *size)
    screen = await _new_screen(session, held, body.kind, body.name, document)
    await changes.record(session, held.template, actor, "screen_create", {"name": body.name, "kind": body.kind})
    return screen_out(screen, held.template)


async def copy_screen(session: AsyncSession, actor: Actor, body: ScreenCopyIn) -> ScreenOut:
    """A copy of a screen under a new name: the same kind, size and document, last of its kind, not main."""
    held, source = await screen_for(session, actor, body.id, "design")
    document = doc.upgrade(source.document).model_dump(mode="json")
    screen = await _new_screen(session, held, source.kind, body.name, document)
    await changes.record(
        session, held.template, actor, "screen_copy", {"name": body.name, "kind": source.kind, "from": source.name}
    )
    return screen_out(screen, held.template)


async def update_screen(session: AsyncSession, actor: Actor, body: ScreenUpdateIn) -> ScreenOut:
    """Rename a screen, resize it (a new revision of its document) or make it the main one of its kind."""
    held, screen = await screen_for(session, actor, body.id, "design")
    size = _sized(screen.kind, body.width, body.height)
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
    if size is not None and size != size_of(screen, held.template):
        screen.document = _with_size(screen.document, *size)
        await new_revision(session, screen, None)
    await session.flush()
    await changes.record(session, held.template, actor, "screen_update", {"name": screen.name, "kind": screen.kind})
    return screen_out(screen, held.template)


async def delete_screen(session: AsyncSession, actor: Actor, screen_id: int) -> None:
    """Delete a screen that is not its kind's main screen."""
    held, screen = await screen_for(session, actor, screen_id, "design")
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
    return [screen_out(s, held.template) for s in sorted(same_kind, key=lambda s: s.sort)]


# --- design documents ------------------------------------------------------------------------------------------


def design_out(screen: TemplateScreen, template: Template, document: ScreenDocument) -> ScreenDesignOut:
    return ScreenDesignOut(**screen_out(screen, template).model_dump(), document=document)


async def get_design(session: AsyncSession, actor: Actor, screen_id: int) -> ScreenDesignOut:
    """A screen's design, upgraded to the current schema when stored in an older one."""
    held, screen = await screen_for(session, actor, screen_id)
    return design_out(screen, held.template, doc.upgrade(screen.document))


async def new_revision(session: AsyncSession, screen: TemplateScreen, based_on: int | None) -> None:
    """Count a save of the screen's document: refused (115020) when `based_on` is given and another save has
    replaced that revision, also one landing at this moment (the check and the count are one UPDATE)."""
    revision = await repo.next_revision(session, screen.id, based_on)
    if revision is None:
        raise AppError(ErrorCode.TEMPLATE_LOCKED, field="revision")
    screen.revision = revision
    screen.saved_at = utcnow()


def _check_references(name: str, document: ScreenDocument, sources: set[int], screens: set[int]) -> None:
    """Bindings and writes name data sources of the template (115209), and so do animations (115223); jumps and
    pop-ups its screens (115214)."""
    for i, source_id in document.data_source_ids():
        if source_id not in sources:
            raise AppError(ErrorCode.ELEMENT_BINDING_INVALID, field=f"document.elements.{i}", screen=name)
    for field, source_id in document.animation_source_ids():
        if source_id not in sources:
            raise AppError(ErrorCode.ANIMATION_DATA_SOURCE_INVALID, field=f"document.{field}", screen=name)
    for i, screen_id in document.screen_ids():
        if screen_id not in screens:
            raise AppError(ErrorCode.ELEMENT_ACTION_INVALID, field=f"document.elements.{i}", screen=name)


async def references(session: AsyncSession, template_id: int) -> tuple[set[int], set[int]]:
    return await repo.data_source_ids(session, template_id), await repo.screen_ids(session, template_id)


def check_design(screen: TemplateScreen, document: ScreenDocument, sources: set[int], screens: set[int]) -> None:
    """What a design must be on its screen beyond the schema: a canvas size in the kind's ranges (115013), bindings
    and actions that name the template's own data sources and screens (115209, 115214), animations that run as
    written (115219-115224)."""
    check_size(screen.kind, document.canvas.width, document.canvas.height, "document.canvas.")
    problem = doc.animation_problem(document)
    if problem is not None:
        field, code, params = problem
        refused = AppError(code, field=f"document.{field}")
        refused.params = params
        raise refused
    _check_references(screen.name, document, sources, screens)


async def store_design(
    session: AsyncSession, actor: Actor, held: Held, screen: TemplateScreen, document: ScreenDocument, action: str
) -> ScreenDesignOut:
    """Make `document` (checked) the screen's design, counted by _new_revision beforehand; the caller's draft of it
    goes, since what it held is saved."""
    screen.document = document.model_dump(mode="json")
    screen.schema_version = SCREEN_SCHEMA_VERSION
    screen.updated_at = utcnow()
    await repo.delete_draft(session, screen.id, actor.user_id)
    await session.flush()
    await changes.record(session, held.template, actor, action, {"name": screen.name, "kind": screen.kind})
    return design_out(screen, held.template, document)


async def save_design(session: AsyncSession, actor: Actor, body: ScreenDesignIn) -> ScreenDesignOut:
    """Store a screen's design document (held to the schema by ScreenDesignIn, its references checked here) as a
    new revision; one based on a replaced revision is refused (115020) unless the editor overwrites knowingly."""
    held, screen = await screen_for(session, actor, body.id, "design")
    check_design(screen, body.document, *await references(session, screen.template_id))
    await new_revision(session, screen, None if body.overwrite else body.revision)
    return await store_design(session, actor, held, screen, body.document, "screen_design")


async def published_documents(session: AsyncSession, screens: list[TemplateScreen]) -> dict[int, dict[str, Any]]:
    """Each screen's document as a publication freezes it: upgraded to the current schema, its references checked
    against the template as it is now (a data source deleted since the save refuses the publish with 115209)."""
    documents: dict[int, dict[str, Any]] = {}
    if not screens:
        return documents
    known = await references(session, screens[0].template_id)
    for screen in screens:
        document = doc.upgrade(screen.document)
        _check_references(screen.name, document, *known)
        documents[screen.id] = document.model_dump(mode="json")
    return documents


async def copy_screens(
    session: AsyncSession, source_id: int, copied: Template, sources: dict[int, int]
) -> list[TemplateScreen]:
    """The source template's screens as screens of `copied`, their documents naming the copied data sources and
    screens (`sources` maps each source data source id to its copy's)."""
    originals = await repo.screens(session, source_id)
    await claim_screens(session, copied.owner_id, len(originals))
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


async def image_in_use(session: AsyncSession, tenant_id: int, key: str, names_it: Callable[[str], bool]) -> bool:
    """Whether a screen of the tenant, as designed or as published, shows the gallery file stored under `key`:
    `names_it` (the gallery's) tells whether a text of the document names that file, however its URL is spelled."""
    for stored in await repo.documents_mentioning(session, tenant_id, key):
        if any(names_it(text) for text in doc.image_urls(doc.upgrade(stored))):
            return True
    return False


async def model_in_use(session: AsyncSession, tenant_id: int, key: str, model_id: int) -> bool:
    """Whether a 3D model element of a screen of the tenant, as designed or as published, shows the gallery model
    `model_id` (its .gltf's URL holds the model's file `key`, which the prefilter looks for)."""
    for stored in await repo.documents_mentioning(session, tenant_id, key):
        if model_id in doc.model_ids(doc.upgrade(stored)):
            return True
    return False
