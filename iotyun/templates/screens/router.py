"""HTTP routes of template screens and their design documents (docs/api-templates.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import body_limit
from iotyun.core.limits import SCREEN_BODY_MAX_BYTES
from iotyun.templates.dependencies import TemplateDesigner, TemplateUser
from iotyun.templates.screens import service
from iotyun.templates.screens.schemas import (
    ScreenDesignIn,
    ScreenDesignOut,
    ScreenIn,
    ScreenKind,
    ScreenOrderIn,
    ScreenOut,
    ScreenUpdateIn,
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


@router.get("/yun/module/view/design")
async def get_design(
    screen_id: Annotated[int, Query(alias="id")], actor: TemplateDesigner, session: SessionDep
) -> Envelope[ScreenDesignOut]:
    return ok(await service.get_design(session, actor, screen_id))


@router.put("/yun/module/view/design")
@body_limit(SCREEN_BODY_MAX_BYTES, ErrorCode.SCREEN_CONTENT_TOO_LARGE)
async def save_design(body: ScreenDesignIn, actor: TemplateDesigner, session: SessionDep) -> Envelope[ScreenDesignOut]:
    return ok(await service.save_design(session, actor, body))
