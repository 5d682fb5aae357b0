"""HTTP routes of virtual devices: list, read, create, edit, delete, repair and batch create/delete
(docs/api-devices.md)."""

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.devices.virtual import service
from iotyun.devices.virtual.dependencies import VirtualAdmin
from iotyun.devices.virtual.schemas import (
    BatchCreateIn,
    BatchDeleteIn,
    BindingState,
    RepairIn,
    VirtualIn,
    VirtualOut,
    VirtualUpdateIn,
)

router = APIRouter(tags=["devices"])


@router.get("/yun/dev/fictitious")
async def list_virtual(
    actor: VirtualAdmin,
    session: SessionDep,
    paging: PageDep,
    q: Annotated[str | None, Query(max_length=64)] = None,
    group_id: int | None = None,
    binding_state: BindingState | None = None,
    version: Literal["1.0", "2.0"] | None = None,
) -> Envelope[Page[VirtualOut]]:
    return ok(
        await service.list_virtual(
            session, actor, paging, q=q, group_id=group_id, binding_state=binding_state, version=version
        )
    )


@router.get("/yun/dev/fictitious/{virtual_id}")
async def get_virtual(virtual_id: int, actor: VirtualAdmin, session: SessionDep) -> Envelope[VirtualOut]:
    return ok(await service.get(session, actor, virtual_id))


@router.post("/yun/dev/fictitious")
async def create_virtual(body: VirtualIn, actor: VirtualAdmin, session: SessionDep) -> Envelope[VirtualOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/dev/fictitious")
async def update_virtual(body: VirtualUpdateIn, actor: VirtualAdmin, session: SessionDep) -> Envelope[VirtualOut]:
    return ok(await service.update(session, actor, body))


@router.delete("/yun/dev/fictitious")
async def delete_virtual(
    virtual_id: Annotated[int, Query(alias="id")], actor: VirtualAdmin, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, virtual_id)
    return ok()


@router.post("/yun/dev/fictitious/repair")
async def repair_virtual(body: RepairIn, actor: VirtualAdmin, session: SessionDep) -> Envelope[VirtualOut]:
    return ok(await service.repair(session, actor, body.id))


@router.post("/yun/batch/dev/fictitious")
async def batch_create(body: BatchCreateIn, actor: VirtualAdmin, session: SessionDep) -> Envelope[list[VirtualOut]]:
    return ok(await service.batch_create(session, actor, body))


@router.delete("/yun/batch/dev/fictitious")
async def batch_delete(body: BatchDeleteIn, actor: VirtualAdmin, session: SessionDep) -> Envelope[None]:
    await service.batch_delete(session, actor, body)
    return ok()
