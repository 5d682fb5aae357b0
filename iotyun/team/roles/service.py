"""Role rules: names unique per tenant, codes from the permission tree, built-in roles kept, roles in use kept."""

import secrets
from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role
from iotyun.core import access
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import TEMPLATE_PERMISSION_ITEMS_MAX
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import (
    DEFAULT_DEVICE_PERMISSIONS,
    DEFAULT_PAGES,
    DEFAULT_TEMPLATE_PERMISSIONS,
    DEVICE_ROLE_PERMISSIONS,
    TEMPLATE_ROLE_PERMISSIONS,
    TEMPLATE_VIEW,
    TREE,
    Perm,
    RoleCode,
)
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


def _items(
    raw: list[str] | None,
    catalogue: tuple[str, ...],
    field: str,
    holds: Callable[[str], bool],
    always: str | None = None,
) -> list[str] | None:
    """A role's device or template items as sent, checked: at most 15 template items (115014), known items only
    (110409), none the caller does not hold (110423); in catalogue order, with the item always held. None: not sent."""
    if raw is None:
        return None
    wanted = set(raw)
    if field == "template_permissions" and len(wanted) > TEMPLATE_PERMISSION_ITEMS_MAX:
        raise AppError(ErrorCode.PERMISSION_ITEMS_LIMIT, field=field, limit=TEMPLATE_PERMISSION_ITEMS_MAX)
    if not wanted <= set(catalogue):
        raise AppError(ErrorCode.PERMISSION_INVALID, field=field)
    if not all(holds(item) for item in wanted):
        raise AppError(ErrorCode.ROLE_EXCEEDS_OWN, field=field)
    return [item for item in catalogue if item in wanted or item == always]


def _apply(actor: Actor, role: Role, body: RoleIn) -> None:
    """Check the whole body, then set the role from it: a refused body changes nothing."""
    if not body.permissions:
        raise AppError(ErrorCode.ROLE_PERMISSIONS_EMPTY, field="permissions")
    codes = team_service.check_codes(actor, body.permissions, exceeds=ErrorCode.ROLE_EXCEEDS_OWN, field="permissions")
    # The custom home page must be one of the role's codes that has a default page (SPEC §2 mapping).
    if body.home_page is not None and (body.home_page not in codes or body.home_page not in _PAGE_CODES):
        raise AppError(ErrorCode.PERMISSION_INVALID, field="home_page")
    devices = _items(body.device_permissions, DEVICE_ROLE_PERMISSIONS, "device_permissions", actor.may_device)
    templates = _items(
        body.template_permissions, TEMPLATE_ROLE_PERMISSIONS, "template_permissions", actor.may_template, TEMPLATE_VIEW
    )
    role.name = body.name
    role.permissions = sorted(codes)
    role.home_page = body.home_page
    role.dashboard_fullscreen = body.dashboard_fullscreen
    # Left out: a new role gets the built-in user role's items that the caller holds, an edited one keeps its own.
    if devices is not None:
        role.device_permissions = devices
    elif role.id is None:
        role.device_permissions = [i for i in DEFAULT_DEVICE_PERMISSIONS[RoleCode.USER] if actor.may_device(i)]
    if templates is not None:
        role.template_permissions = templates
    elif role.id is None:
        role.template_permissions = [i for i in DEFAULT_TEMPLATE_PERMISSIONS[RoleCode.USER] if actor.may_template(i)]


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
