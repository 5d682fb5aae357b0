"""Tenants (in aggregate), a tenant's users, and a user's permissions and quotas (scope users)."""

from typing import Annotated

from fastapi import APIRouter, Body, Query

from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.operations.dependencies import UsersOperator
from iotyun.operations.users import service
from iotyun.operations.users.schemas import TenantRow, TenantUserRow, UserPrivilegeIn, UserPrivilegeOut

router = APIRouter(tags=["operations"])


@router.get("/administrator/tenants")
async def tenants(
    _: UsersOperator, session: SessionDep, page: PageDep, search: Annotated[str, Query(max_length=64)] = ""
) -> Envelope[Page[TenantRow]]:
    return ok(await service.tenants(session, page, search))


@router.get("/administrator/users")
async def users(
    tenant_id: int,
    _: UsersOperator,
    session: SessionDep,
    page: PageDep,
    search: Annotated[str, Query(max_length=64)] = "",
) -> Envelope[Page[TenantUserRow]]:
    return ok(await service.users(session, tenant_id, page, search))


@router.get("/administrator/user/privilege")
async def privilege(user_id: int, _: UsersOperator, session: SessionDep) -> Envelope[UserPrivilegeOut]:
    return ok(await service.privilege(session, user_id))


@router.put("/administrator/user/privilege")
async def edit_privilege(
    body: Annotated[UserPrivilegeIn, Body()], actor: UsersOperator, session: SessionDep
) -> Envelope[UserPrivilegeOut]:
    return ok(await service.edit_privilege(session, actor, body))
