"""Thumbnails of templates (the template list, the library's tiles): each template's main web screen, or its main
mobile screen when only that one has elements, with its document, for up to SCREEN_THUMBNAILS_MAX templates at once.
Only templates the caller reads answer; the other ids are left out, as are unknown ones (docs/api-templates.md)."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import SCREEN_THUMBNAILS_MAX
from iotyun.templates import repository as template_repo
from iotyun.templates.models import Template, TemplateScreen
from iotyun.templates.screens import document as doc
from iotyun.templates.screens import repository as repo
from iotyun.templates.screens.schemas import ScreenThumbnailOut
from iotyun.templates.screens.service import size_of


def parse_template_ids(raw: str) -> list[int]:
    """Comma-separated template ids, each once, at most SCREEN_THUMBNAILS_MAX (100004 on template_ids)."""
    try:
        ids = list(dict.fromkeys(int(p) for p in raw.split(",") if p.strip()))
    except ValueError:
        raise AppError(ErrorCode.PARAM_INVALID, field="template_ids") from None
    if len(ids) > SCREEN_THUMBNAILS_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="template_ids")
    return ids


def _drawn(screen: TemplateScreen | None) -> bool:
    elements = screen.document.get("elements") if screen is not None and isinstance(screen.document, dict) else None
    return isinstance(elements, list) and len(elements) > 0


def _thumbnail_screen(mains: dict[str, TemplateScreen]) -> TemplateScreen | None:
    """The main web screen, unless it is empty and the main mobile screen is not."""
    web, mobile = mains.get("web"), mains.get("mobile")
    if not _drawn(web) and _drawn(mobile):
        return mobile
    return web or mobile


def thumbnail_out(template: Template, screen: TemplateScreen) -> ScreenThumbnailOut:
    width, height = size_of(screen, template)
    return ScreenThumbnailOut(
        template_id=template.id,
        screen_id=screen.id,
        kind=screen.kind,
        name=screen.name,
        width=width,
        height=height,
        document=doc.upgrade(screen.document),
    )


async def thumbnails(session: AsyncSession, actor: Actor, raw_ids: str) -> list[ScreenThumbnailOut]:
    """Each readable template's thumbnail screen, in the order of the ids asked."""
    ids = parse_template_ids(raw_ids)
    templates = {t.id: t for t in await template_repo.readable_among(session, actor, ids)}
    mains: dict[int, dict[str, TemplateScreen]] = {}
    for main in await repo.main_screens(session, list(templates)):
        mains.setdefault(main.template_id, {})[main.kind] = main
    found: list[ScreenThumbnailOut] = []
    for template_id in ids:
        template = templates.get(template_id)
        screen = _thumbnail_screen(mains.get(template_id, {}))
        if template is not None and screen is not None:
            found.append(thumbnail_out(template, screen))
    return found
