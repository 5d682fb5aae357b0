"""HTTP routes of the configuration carousel: the caller's groups and their devices (docs/api-carousel.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.templates.carousel import service
from iotyun.templates.carousel.dependencies import CarouselUser
from iotyun.templates.carousel.schemas import (
    CarouselDeviceOut,
    CarouselDevicesIn,
    CarouselGroupIn,
    CarouselGroupOut,
    CarouselGroupUpdateIn,
)

router = APIRouter(tags=["templates"])


@router.get("/carousel")
async def list_groups(actor: CarouselUser, session: SessionDep) -> Envelope[list[CarouselGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.post("/carousel")
async def create_group(body: CarouselGroupIn, actor: CarouselUser, session: SessionDep) -> Envelope[CarouselGroupOut]:
    return ok(await service.create(session, actor, body))


@router.put("/carousel")
async def update_group(
    body: CarouselGroupUpdateIn, actor: CarouselUser, session: SessionDep
) -> Envelope[CarouselGroupOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/carousel")
async def delete_group(
    group_id: Annotated[int, Query(alias="id")], actor: CarouselUser, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, group_id)
    return ok()


@router.get("/carousel/dev")
async def group_devices(
    group_id: Annotated[int, Query(alias="id")], actor: CarouselUser, session: SessionDep
) -> Envelope[list[CarouselDeviceOut]]:
    return ok(await service.devices(session, actor, group_id))


@router.put("/carousel/dev")
async def set_group_devices(
    body: CarouselDevicesIn, actor: CarouselUser, session: SessionDep
) -> Envelope[list[CarouselDeviceOut]]:
    return ok(await service.set_devices(session, actor, body))
