"""HTTP routes of template library (docs/api-templates.md): shares, hand-over, the library and tile groups."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.templates.dependencies import TemplateGroupUser, TemplateLibraryUser, TemplateUser
from iotyun.templates.library import service
from iotyun.templates.library.schemas import (
    LibraryItemOut,
    LibraryRelation,
    ShareIn,
    SharesOut,
    TileGroupIn,
    TileGroupMoveIn,
    TileGroupOut,
    TileGroupUpdateIn,
    TransferIn,
)

router = APIRouter(tags=["templates"])


@router.get("/yun/module/share")
@read_only
async def list_shares(template_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[SharesOut]:
    return ok(await service.list_shares(session, actor, template_id))


@router.post("/yun/module/share")
async def share_templates(body: ShareIn, actor: TemplateUser, session: SessionDep) -> Envelope[None]:
    await service.share(session, actor, body)
    return ok()


@router.delete("/yun/module/share")
async def cancel_share(template_id: int, user_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[None]:
    await service.cancel_share(session, actor, template_id, user_id)
    return ok()


@router.delete("/yun/module/share/received")
async def leave_share(template_id: int, actor: TemplateUser, session: SessionDep) -> Envelope[None]:
    await service.leave_share(session, actor, template_id)
    return ok()


@router.post("/yun/module/transfer")
async def transfer_template(body: TransferIn, actor: TemplateUser, session: SessionDep) -> Envelope[None]:
    await service.transfer(session, actor, body)
    return ok()


@router.get("/yun/module/library")
@read_only
async def library(
    actor: TemplateLibraryUser,
    session: SessionDep,
    page: PageDep,
    q: str | None = None,
    relation: LibraryRelation = "shared",
) -> Envelope[Page[LibraryItemOut]]:
    return ok(await service.library(session, actor, page, q=(q or "").strip() or None, relation=relation))


@router.get("/yun/module/group")
@read_only
async def list_tile_groups(actor: TemplateGroupUser, session: SessionDep) -> Envelope[list[TileGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.post("/yun/module/group")
async def create_tile_group(body: TileGroupIn, actor: TemplateGroupUser, session: SessionDep) -> Envelope[TileGroupOut]:
    return ok(await service.create_group(session, actor, body))


@router.put("/yun/module/group")
async def update_tile_group(
    body: TileGroupUpdateIn, actor: TemplateGroupUser, session: SessionDep
) -> Envelope[TileGroupOut]:
    return ok(await service.update_group(session, actor, body))


@router.delete("/yun/module/group")
async def delete_tile_group(
    group_id: Annotated[int, Query(alias="id")], actor: TemplateGroupUser, session: SessionDep
) -> Envelope[None]:
    await service.delete_group(session, actor, group_id)
    return ok()


@router.put("/yun/module/group/move")
async def move_templates(body: TileGroupMoveIn, actor: TemplateGroupUser, session: SessionDep) -> Envelope[None]:
    await service.move(session, actor, body)
    return ok()
