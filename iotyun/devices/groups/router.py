"""HTTP routes of device groups: list, create, edit, delete and moving devices between groups (docs/api-devices.md)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.devices.groups import service
from iotyun.devices.groups.dependencies import DeviceGroupAdmin, DeviceGroupReader
from iotyun.devices.groups.schemas import DeviceGroupIn, DeviceGroupOut, DeviceGroupUpdateIn, GroupMoveIn

router = APIRouter(tags=["devices"])


@router.get("/yun/dev/group")
async def list_groups(actor: DeviceGroupReader, session: SessionDep) -> Envelope[list[DeviceGroupOut]]:
    return ok(await service.list_groups(session, actor))


@router.post("/yun/dev/group")
async def create_group(body: DeviceGroupIn, actor: DeviceGroupAdmin, session: SessionDep) -> Envelope[DeviceGroupOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/dev/group")
async def update_group(
    body: DeviceGroupUpdateIn, actor: DeviceGroupAdmin, session: SessionDep
) -> Envelope[DeviceGroupOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/yun/dev/group")
async def delete_group(
    group_id: Annotated[int, Query(alias="id")], actor: DeviceGroupAdmin, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, group_id)
    return ok()


@router.post("/yun/dev/group/move")
async def move_devices(body: GroupMoveIn, actor: DeviceGroupAdmin, session: SessionDep) -> Envelope[None]:
    await service.move(session, actor, body)
    return ok()
