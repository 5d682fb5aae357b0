"""Role rules: names unique per tenant, codes from the permission tree, built-in roles kept, roles in use kept."""

import secrets

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role
from iotyun.core import access
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import DEFAULT_PAGES, TREE, Perm, RoleCode
from iotyun.team import service as team_service
from iotyun.team.roles import repository as repo
from iotyun.team.roles.schemas import PermissionNodeOut, RoleIn, RoleOut

_PAGE_CODES = frozenset(code.value for code, _ in DEFAULT_PAGES)


def _out(role: Role, user_count: int) -> RoleOut:
    return RoleOut(
        id=role.id,
        name=role.name,
        code=role.code,
        type="default" if role.type == "default" else "custom",
        permissions=list(role.permissions or []),
        home_page=role.home_page,
        dashboard_fullscreen=role.dashboard_fullscreen,
        device_permissions=list(role.device_permissions or []),
        template_permissions=list(role.template_permissions or []),
        user_count=user_count,
        create_time=epoch_ms(role.created_at) or 0,
    )


def permission_tree() -> list[PermissionNodeOut]:
    """The permission tree a role editor offers (SPEC §2)."""
    return [
        PermissionNodeOut(
            code=n.code.value, parent=n.parent.value if n.parent else None, zh=n.zh, en=n.en, route=n.route
        )
        for n in TREE
    ]


async def list_roles(session: AsyncSession, actor: Actor, params: PageParams, keyword: str | None) -> Page[RoleOut]:
    """A page of the tenant's roles with their user counts. A caller who edits roles (P52000) sees them all; one who
    only manages users (P53000, a secondary administrator) sees the roles they may give a user."""
    only = None
    if not actor.can(Perm.ROLE):
        group_admin = actor.is_group_admin
        only = [
            r.id for r in await repo.roles(session, actor.tenant_id) if team_service.may_assign(actor, r, group_admin)
        ]
    rows, total = await repo.roles_page(session, actor.tenant_id, params, (keyword or "").strip() or None, only)
    return Page(items=[_out(r, n) for r, n in rows], total=total, page=params.page, page_size=params.page_size)


def _apply(actor: Actor, role: Role, body: RoleIn) -> None:
    if not body.permissions:
        raise AppError(ErrorCode.ROLE_PERMISSIONS_EMPTY, field="permissions")
    codes = team_service.check_codes(actor, body.permissions, exceeds=ErrorCode.ROLE_EXCEEDS_OWN, field="permissions")
    # The custom home page must be one of the role's codes that has a default page (SPEC §2 mapping).
    if body.home_page is not None and (body.home_page not in codes or body.home_page not in _PAGE_CODES):
        raise AppError(ErrorCode.PERMISSION_INVALID, field="home_page")
    role.name = body.name
    role.permissions = sorted(codes)
    role.home_page = body.home_page
    role.dashboard_fullscreen = body.dashboard_fullscreen
    role.device_permissions = sorted(set(body.device_permissions))
    role.template_permissions = sorted(set(body.template_permissions))


async def create(session: AsyncSession, actor: Actor, body: RoleIn) -> RoleOut:
    """A custom role with a generated code."""
    if await repo.name_taken(session, actor.tenant_id, body.name):
        raise AppError(ErrorCode.ROLE_NAME_EXISTS, field="name")
    code = "r_" + secrets.token_hex(6)
    while await repo.code_taken(session, actor.tenant_id, code):  # pragma: no cover - 48 random bits
        code = "r_" + secrets.token_hex(6)
    role = Role(tenant_id=actor.tenant_id, code=code, type="custom")
    _apply(actor, role, body)
    session.add(role)
    await session.flush()
    await team_service.write_log(session, actor, "role_create", role.name, {"role_id": role.id})
    return _out(role, 0)


async def _role(session: AsyncSession, actor: Actor, role_id: int) -> Role:
    role = await repo.role(session, actor.tenant_id, role_id)
    if role is None:
        raise AppError(ErrorCode.ROLE_NOT_FOUND)
    return role


async def update(session: AsyncSession, actor: Actor, role_id: int, body: RoleIn) -> RoleOut:
    """Edit a role; the administrator role holds every code and cannot be changed."""
    role = await _role(session, actor, role_id)
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.ADMIN_ROLE_CANNOT_BE_MODIFIED)
    if await repo.name_taken(session, actor.tenant_id, body.name, exclude_id=role.id):
        raise AppError(ErrorCode.ROLE_NAME_EXISTS, field="name")
    _apply(actor, role, body)
    await session.flush()
    # Its users' live sockets re-check what they may read.
    access.changed(session, tenants=[actor.tenant_id])
    await team_service.write_log(session, actor, "role_edit", role.name, {"role_id": role.id})
    return _out(role, await repo.user_count(session, actor.tenant_id, role.id))


async def delete(session: AsyncSession, actor: Actor, role_id: int) -> None:
    """Delete a custom role nobody holds."""
    role = await _role(session, actor, role_id)
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.ADMIN_ROLE_CANNOT_BE_DELETED)
    if role.type == "default":
        raise AppError(ErrorCode.ROLE_CODE_RESERVED)
    if await repo.user_count(session, actor.tenant_id, role.id):
        raise AppError(ErrorCode.ROLE_IN_USE)
    name = role.name
    await session.delete(role)
    await session.flush()
    await team_service.write_log(session, actor, "role_delete", name, {"role_id": role_id})
