"""User-group endpoints: the tree, create, edit, delete and moving users between groups."""

from fastapi import APIRouter

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.team.dependencies import GroupAdmin
from iotyun.team.groups import service
from iotyun.team.groups.schemas import GroupIn, GroupNode, GroupOut, GroupUpdateIn, MembersIn

router = APIRouter(tags=["team-groups"])


@router.get("/yun/user/group")
async def group_tree(actor: GroupAdmin, session: SessionDep) -> Envelope[list[GroupNode]]:
    return ok(await service.tree(session, actor))


@router.post("/yun/user/group")
async def create_group(body: GroupIn, actor: GroupAdmin, session: SessionDep) -> Envelope[GroupOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/user/group/{group_id}")
async def update_group(
    group_id: int, body: GroupUpdateIn, actor: GroupAdmin, session: SessionDep
) -> Envelope[GroupOut]:
    return ok(await service.update(session, actor, group_id, body))


@router.delete("/yun/user/group/{group_id}")
async def delete_group(group_id: int, actor: GroupAdmin, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, group_id)
    return ok()


@router.post("/yun/user/group/{group_id}/members")
async def move_members(group_id: int, body: MembersIn, actor: GroupAdmin, session: SessionDep) -> Envelope[None]:
    await service.move_members(session, actor, group_id, body)
    return ok()
