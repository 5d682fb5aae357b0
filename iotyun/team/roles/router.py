"""Role endpoints and the permission tree a role editor offers."""

from fastapi import APIRouter

from iotyun.auth.dependencies import LoggedIn
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.team.dependencies import RoleAdmin, RoleReader
from iotyun.team.roles import service
from iotyun.team.roles.schemas import PermissionNodeOut, RoleIn, RoleOut

router = APIRouter(tags=["team-roles"])


@router.get("/yun/user/role")
async def list_roles(
    actor: RoleReader, session: SessionDep, page: PageDep, keyword: str | None = None
) -> Envelope[Page[RoleOut]]:
    return ok(await service.list_roles(session, actor, page, keyword))


@router.post("/yun/user/role")
async def create_role(body: RoleIn, actor: RoleAdmin, session: SessionDep) -> Envelope[RoleOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/user/role/{role_id}")
async def update_role(role_id: int, body: RoleIn, actor: RoleAdmin, session: SessionDep) -> Envelope[RoleOut]:
    return ok(await service.update(session, actor, role_id, body))


@router.delete("/yun/user/role/{role_id}")
async def delete_role(role_id: int, actor: RoleAdmin, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, role_id)
    return ok()


@router.get("/userPrivileges")
async def permission_tree(_: LoggedIn) -> Envelope[list[PermissionNodeOut]]:
    return ok(service.permission_tree())
