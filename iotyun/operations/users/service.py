"""A tenant user's permissions and quotas as a platform operator edits them (SPEC §3 payload `operator_type`,
`req_data`; §6 "user permission and quota editing").

- permissions: the user's direct codes, known codes only (810113); the tenant's administrator holds every code and
  is not edited (810113).
- quotas: the operator's ceiling of each quota for the user (team.models.QuotaGrant), a whole number from 0 to
  QUOTA_MAX (810105), never below what the user already holds (810106, the quota named). The tenant's administrator
  then sets at most it, and the user meets it at once.
Every edit is audited with the state before and after; a refused one too."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, Tenant, User
from iotyun.core import access
from iotyun.core.db import epoch_ms
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import QUOTA_FIELDS, QUOTA_MAX
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import ALL_CODES, RoleCode, normalize
from iotyun.operations.schemas import OperatorActor
from iotyun.operations.service import audit
from iotyun.operations.users import repository as repo
from iotyun.operations.users.schemas import (
    PermissionsEdit,
    QuotasEdit,
    TenantRow,
    TenantUserRow,
    UserPrivilegeIn,
    UserPrivilegeOut,
)
from iotyun.team import quotas as team_quotas


async def tenants(session: AsyncSession, params: PageParams, search: str) -> Page[TenantRow]:
    rows, total = await repo.tenants_page(
        session, search.strip(), (params.page - 1) * params.page_size, params.page_size
    )
    items = [
        TenantRow(
            id=t.id,
            name=t.name,
            code=t.code,
            created_at=epoch_ms(t.created_at) or 0,
            users=int(users or 0),
            devices=int(devices or 0),
            online=int(online or 0),
        )
        for t, users, devices, online in rows
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


async def users(session: AsyncSession, tenant_id: int, params: PageParams, search: str) -> Page[TenantUserRow]:
    if await repo.tenant(session, tenant_id) is None:
        raise AppError(ErrorCode.MONITOR_TENANT_NOT_FOUND, field="tenant_id")
    rows, total = await repo.users_page(
        session, tenant_id, search.strip(), (params.page - 1) * params.page_size, params.page_size
    )
    items = [
        TenantUserRow(
            id=u.id,
            user_name=u.user_name,
            nick_name=u.nick_name,
            role_code=r.code,
            role_name=r.name,
            is_active=u.is_active,
            last_login_at=epoch_ms(u.last_login_at),
        )
        for u, r in rows
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


async def _user(session: AsyncSession, user_id: int) -> tuple[User, Role, Tenant]:
    found = await repo.user_with_role(session, user_id)
    if found is None:
        raise AppError(ErrorCode.MONITOR_USER_NOT_FOUND, field="user_id")
    return found


async def _view(session: AsyncSession, user: User, role: Role, tenant: Tenant) -> UserPrivilegeOut:
    quotas, granted = await team_quotas.quota_view(session, tenant.id, user.id)
    role_codes = ALL_CODES if role.code == RoleCode.ADMINISTRATOR else frozenset(role.permissions or [])
    return UserPrivilegeOut(
        user_id=user.id,
        user_name=user.user_name,
        tenant_id=tenant.id,
        tenant_name=tenant.name,
        role_code=role.code,
        role_name=role.name,
        role_permissions=sorted(role_codes),
        direct_permissions=sorted(user.direct_permissions or []),
        quotas=quotas,
        granted=granted,
        used=await team_quotas.quota_usage(session, tenant.id, user.id),
    )


async def privilege(session: AsyncSession, user_id: int) -> UserPrivilegeOut:
    return await _view(session, *await _user(session, user_id))


async def edit_privilege(session: AsyncSession, actor: OperatorActor, body: UserPrivilegeIn) -> UserPrivilegeOut:
    user, role, tenant = await _user(session, body.req_data.user_id)
    if isinstance(body, PermissionsEdit):
        await _edit_permissions(session, actor, user, role, body)
    else:
        await _edit_quotas(session, actor, user, body)
    return await _view(session, user, role, tenant)


async def _edit_permissions(
    session: AsyncSession, actor: OperatorActor, user: User, role: Role, body: PermissionsEdit
) -> None:
    codes = body.req_data.permissions
    before = {"direct_permissions": sorted(user.direct_permissions or [])}

    async def refuse(field: str) -> AppError:
        await audit(
            session, actor, "user_permissions", tenant_id=user.tenant_id, target_kind="user", target_id=user.id,
            target_name=user.user_name, before=before, after={"direct_permissions": sorted(set(codes))}, result="refused",
        )  # fmt: skip
        return AppError(ErrorCode.MONITOR_PERMISSION_INVALID, field=field)

    if role.code == RoleCode.ADMINISTRATOR:
        raise await refuse("user_id")
    if any(c not in ALL_CODES for c in codes):
        raise await refuse("permissions")
    user.direct_permissions = sorted(normalize(codes))
    await session.flush()
    access.changed(session, users=[user.id])
    await audit(
        session, actor, "user_permissions", tenant_id=user.tenant_id, target_kind="user", target_id=user.id,
        target_name=user.user_name, before=before, after={"direct_permissions": list(user.direct_permissions)},
    )  # fmt: skip


async def _edit_quotas(session: AsyncSession, actor: OperatorActor, user: User, body: QuotasEdit) -> None:
    wanted: dict[str, int | None] = {name: getattr(body.req_data, name) for name in QUOTA_FIELDS}
    _, granted = await team_quotas.quota_view(session, user.tenant_id, user.id)
    used = await team_quotas.quota_usage(session, user.tenant_id, user.id)

    async def refuse(code: ErrorCode, field: str, **params: int) -> AppError:
        await audit(
            session, actor, "user_quotas", tenant_id=user.tenant_id, target_kind="user", target_id=user.id,
            target_name=user.user_name, before={"granted": granted}, after={"granted": wanted}, result="refused",
        )  # fmt: skip
        return AppError(code, field=field, **params)

    for name, value in wanted.items():
        if value is None:
            continue
        if not 0 <= value <= QUOTA_MAX:
            raise await refuse(ErrorCode.MONITOR_QUOTA_INVALID, name)
        if value < used.get(name, 0):
            raise await refuse(ErrorCode.MONITOR_QUOTA_BELOW_USAGE, name, used=used[name])
    await team_quotas.grant_quotas(session, user.tenant_id, user.id, wanted)
    await audit(
        session, actor, "user_quotas", tenant_id=user.tenant_id, target_kind="user", target_id=user.id,
        target_name=user.user_name, before={"granted": granted}, after={"granted": wanted},
    )  # fmt: skip
