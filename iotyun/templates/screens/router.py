"""HTTP routes of template screens and their design documents (docs/api-templates.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import SCREEN_BODY_MAX_BYTES, SCREEN_DOCUMENT_MAX_MB
from iotyun.templates.dependencies import TemplateDesigner, TemplateLibraryUser, TemplateUser
from iotyun.templates.screens import history_service, service, thumbnail_service
from iotyun.templates.screens.schemas import (
    DraftIn,
    DraftOut,
    ScreenCopyIn,
    ScreenDesignIn,
    ScreenDesignOut,
    ScreenIn,
    ScreenKind,
    ScreenOrderIn,
    ScreenOut,
    ScreenThumbnailOut,
    ScreenUpdateIn,
    VersionDesignOut,
    VersionIn,
    VersionOut,
    VersionRestoreIn,
)

router = APIRouter(tags=["templates"])


@router.get("/yun/module/view")
async def list_screens(
    template_id: int, actor: TemplateUser, session: SessionDep, kind: ScreenKind | None = None
) -> Envelope[list[ScreenOut]]:
    return ok(await service.list_screens(session, actor, template_id, kind))


@router.post("/yun/module/view")
async def create_screen(body: ScreenIn, actor: TemplateUser, session: SessionDep) -> Envelope[ScreenOut]:
    return ok(await service.create_screen(session, actor, body))


@router.put("/yun/module/view")
async def update_screen(body: ScreenUpdateIn, actor: TemplateUser, session: SessionDep) -> Envelope[ScreenOut]:
    return ok(await service.update_screen(session, actor, body))


@router.delete("/yun/module/view")
async def delete_screen(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateUser, session: SessionDep
) -> Envelope[None]:
    await service.delete_screen(session, actor, screen_id)
    return ok()


@router.put("/yun/module/view/order")
async def order_screens(body: ScreenOrderIn, actor: TemplateUser, session: SessionDep) -> Envelope[list[ScreenOut]]:
    return ok(await service.order_screens(session, actor, body))


@router.get("/yun/module/view/thumbnails")
async def list_thumbnails(
    template_ids: str, actor: TemplateLibraryUser, session: SessionDep
) -> Envelope[list[ScreenThumbnailOut]]:
    return ok(await thumbnail_service.thumbnails(session, actor, template_ids))


@router.get("/yun/module/view/design")
async def get_design(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[ScreenDesignOut]:
    return ok(await service.get_design(session, actor, screen_id))


@router.post("/yun/module/view/copy")
async def copy_screen(body: ScreenCopyIn, actor: TemplateUser, session: SessionDep) -> Envelope[ScreenOut]:
    return ok(await service.copy_screen(session, actor, body))


@router.put("/yun/module/view/design")
@body_limit(SCREEN_BODY_MAX_BYTES, ErrorCode.SCREEN_CONTENT_TOO_LARGE, size=SCREEN_DOCUMENT_MAX_MB)
async def save_design(body: ScreenDesignIn, actor: TemplateDesigner, session: SessionDep) -> Envelope[ScreenDesignOut]:
    return ok(await service.save_design(session, actor, body))


@router.get("/yun/module/view/draft")
async def get_draft(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[DraftOut | None]:
    return ok(await history_service.get_draft(session, actor, screen_id))


@router.put("/yun/module/view/draft")
@body_limit(SCREEN_BODY_MAX_BYTES, ErrorCode.SCREEN_CONTENT_TOO_LARGE, size=SCREEN_DOCUMENT_MAX_MB)
async def save_draft(body: DraftIn, actor: TemplateDesigner, session: SessionDep) -> Envelope[DraftOut]:
    return ok(await history_service.save_draft(session, actor, body))


@router.delete("/yun/module/view/draft")
async def discard_draft(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[None]:
    await history_service.discard_draft(session, actor, screen_id)
    return ok()


@router.get("/yun/module/view/version")
async def list_versions(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[list[VersionOut]]:
    return ok(await history_service.list_versions(session, actor, screen_id))


@router.post("/yun/module/view/version")
async def create_version(body: VersionIn, actor: TemplateDesigner, session: SessionDep) -> Envelope[VersionOut]:
    return ok(await history_service.create_version(session, actor, body))


@router.get("/yun/module/view/version/design")
async def get_version(
    version_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[VersionDesignOut]:
    return ok(await history_service.get_version(session, actor, version_id))


@router.post("/yun/module/view/version/restore")
async def restore_version(
    body: VersionRestoreIn, actor: TemplateDesigner, session: SessionDep
) -> Envelope[ScreenDesignOut]:
    return ok(await history_service.restore_version(session, actor, body))


@router.delete("/yun/module/view/version")
async def delete_version(
    version_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[None]:
    await history_service.delete_version(session, actor, version_id)
    return ok()
