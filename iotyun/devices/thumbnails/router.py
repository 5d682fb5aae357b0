"""HTTP routes of device thumbnails: the caller's groups on the equipment-monitoring overview (docs/api-devices.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.devices.thumbnails import service
from iotyun.devices.thumbnails.dependencies import ThumbnailUser
from iotyun.devices.thumbnails.schemas import ThumbnailGroupIn, ThumbnailGroupOut, ThumbnailGroupUpdateIn

router = APIRouter(tags=["devices"])


@router.get("/yun/dev/dashboard")
async def list_groups(actor: ThumbnailUser, session: SessionDep) -> Envelope[list[ThumbnailGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.post("/yun/dev/dashboard")
async def create_group(
    body: ThumbnailGroupIn, actor: ThumbnailUser, session: SessionDep
) -> Envelope[ThumbnailGroupOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/dev/dashboard")
async def update_group(
    body: ThumbnailGroupUpdateIn, actor: ThumbnailUser, session: SessionDep
) -> Envelope[ThumbnailGroupOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/yun/dev/dashboard")
async def delete_group(
    group_id: Annotated[int, Query(alias="id")], actor: ThumbnailUser, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, group_id)
    return ok()
