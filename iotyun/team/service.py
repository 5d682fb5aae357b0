"""Team rules: users (create, edit, lock, reset, privileges, tags), simulated login, cancellation, user log (quotas:
team/quotas.py).

Every function flushes and never commits (the request's session commits once). Object-level checks live here:
a secondary administrator reaches only users of their group and its sub-groups and grants only codes they hold.
"""

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth import challenges as auth_challenges
from iotyun.auth import hooks as auth_hooks
from iotyun.auth import repository as auth_repo
from iotyun.auth import service as auth_service
from iotyun.auth.models import Role, User
from iotyun.auth.schemas import SendCodeOut, SessionOut
from iotyun.auth.senders import CodeSender
from iotyun.core import access, security
from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms, from_epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import account_kind
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import ALL_CODES, RoleCode, default_page, menu_permission, normalize
from iotyun.core.ratelimit import Limiters
from iotyun.team import hooks
from iotyun.team import repository as repo
from iotyun.team.models import UserGroup, UserLog
from iotyun.team.schemas import (
    ActiveIn,
    BindCodeIn,
    BindIn,
    MyPrivilegesOut,
    PasswordIn,
    PrivilegeIn,
    PrivilegeOut,
    UserCreateIn,
    UserLogOut,
    UserOut,
    UserTag,
    UserUpdateIn,
)

# --- user log --------------------------------------------------------------------------------------------------


async def _simulator_name(session: AsyncSession, actor: Actor) -> str | None:
    if actor.simulated_by is None:
        return None
    return await repo.user_name(session, actor.simulated_by)


async def write_log(
    session: AsyncSession, actor: Actor, action: str, target: str = "", detail: dict[str, Any] | None = None
) -> None:
    """Record what `actor` did; under a simulated login the administrator is recorded too."""
    await _append_log(
        session,
        actor.tenant_id,
        actor.user_id,
        actor.user_name,
        action,
        actor.client_ip,
        target=target,
        detail=detail,
        actor_id=actor.simulated_by,
        actor_name=await _simulator_name(session, actor),
    )


async def _append_log(
    session: AsyncSession,
    tenant_id: int,
    user_id: int,
    user_name: str,
    action: str,
    ip: str,
    *,
    target: str = "",
    detail: dict[str, Any] | None = None,
    actor_id: int | None = None,
    actor_name: str | None = None,
) -> None:
    session.add(
        UserLog(
            tenant_id=tenant_id,
            user_id=user_id,
            user_name=user_name,
            actor_id=actor_id,
            actor_name=actor_name,
            action=action,
            target=target[:200],
            detail=detail,
            ip=ip[:45],
        )
    )
    await session.flush()


# Requests of a simulated session that change nothing and are not logged: page reads (GET, HEAD, OPTIONS) and the
# session's heartbeat. What the administrator does as the user (every other request) is.
_QUIET_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


async def log_simulated_request(session: AsyncSession, actor: Actor, method: str, path: str) -> None:
    """One log entry per request that acts (not a read) made with a simulated-login token (called by
    auth.service.authenticate)."""
    if method.upper() in _QUIET_METHODS:
        return
    await write_log(session, actor, "simulated_request", f"{method} {path}")


async def log_account_event(
    session: AsyncSession,
    tenant_id: int,
    user_id: int,
    user_name: str,
    action: str,
    ip: str = "",
    detail: dict[str, Any] | None = None,
) -> None:
    """A sign-in, sign-out or password change of the user's own (auth.service), in their log."""
    await _append_log(session, tenant_id, user_id, user_name, action, ip, detail=detail)


async def user_log(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    user_id: int | None,
    action: str | None,
    start: int | None,
    end: int | None,
) -> Page[UserLogOut]:
    """The tenant's user log: all of it for the administrator, a group's for a secondary administrator,
    otherwise the caller's own entries."""
    user_ids = None
    if not actor.is_admin:
        scope = await group_scope(session, actor)
        if scope is None:
            user_id = actor.user_id if user_id in (None, actor.user_id) else -1
        else:
            user_ids = repo.user_ids_in(actor.tenant_id, scope)
    rows, total = await repo.logs_page(
        session,
        actor.tenant_id,
        params,
        user_ids=user_ids,
        user_id=user_id,
        action=action,
        start=from_epoch_ms(start),
        # Times travel as whole milliseconds: `end` includes its whole millisecond.
        end=from_epoch_ms(end + 1 if end is not None else None),
    )
    items = [
        UserLogOut(
            id=r.id,
            time=epoch_ms(r.time) or 0,
            user_id=r.user_id,
            user_name=r.user_name,
            actor_name=r.actor_name,
            action=r.action,
            target=r.target,
            detail=r.detail,
            ip=r.ip,
        )
        for r in rows
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


# --- scope -----------------------------------------------------------------------------------------------------


def subtree(groups: list[UserGroup], root_id: int) -> set[int]:
    """`root_id` and every group below it."""
    children: dict[int | None, list[int]] = {}
    for g in groups:
        children.setdefault(g.parent_id, []).append(g.id)
    out: set[int] = set()
    stack = [root_id]
    while stack:
        gid = stack.pop()
        if gid in out:
            continue
        out.add(gid)
        stack.extend(children.get(gid, []))
    return out


async def group_scope(session: AsyncSession, actor: Actor, groups: list[UserGroup] | None = None) -> set[int] | None:
    """The groups a secondary administrator manages (their group and its sub-groups); None means the whole tenant."""
    if not actor.is_group_admin:
        return None
    if actor.group_id is None:
        return set()
    if groups is None:
        groups = await repo.groups(session, actor.tenant_id)
    return subtree(groups, actor.group_id)


async def managed_user_ids(session: AsyncSession, actor: Actor) -> set[int] | None:
    """The users whose things the caller manages besides their own: None for the administrator (the whole tenant),
    the users of a secondary administrator's group subtree (never an administrator), else only the caller."""
    if actor.is_admin:
        return None
    scope = await group_scope(session, actor)
    if scope is None:
        return {actor.user_id}
    return {actor.user_id} | await repo.non_admin_user_ids_in(session, actor.tenant_id, scope)


async def target_user(session: AsyncSession, actor: Actor, user_id: int) -> tuple[User, Role, str | None]:
    """A user the caller may manage, or 110333 (also for users of another tenant or outside the caller's groups)."""
    row = await repo.user_row(session, actor.tenant_id, user_id)
    if row is None:
        raise AppError(ErrorCode.USER_NOT_FOUND)
    user, _, _, group_name = row
    role = await repo.role(session, actor.tenant_id, user.role_id)
    assert role is not None
    scope = await group_scope(session, actor)
    if scope is not None and (user.group_id not in scope or role.code == RoleCode.ADMINISTRATOR):
        raise AppError(ErrorCode.USER_NOT_FOUND)
    return user, role, group_name


# --- users -----------------------------------------------------------------------------------------------------


def _tags(user: User, role_name: str, group_name: str | None) -> list[UserTag]:
    tags = []
    if group_name:
        tags.append(UserTag(kind=2, label=group_name))
    tags.append(UserTag(kind=3, label=role_name))
    if user.is_admin2:
        tags.append(UserTag(kind=4, label=RoleCode.ADMINISTRATOR2.value))
    return tags


def _user_out(user: User, role_name: str, role_code: str, group_name: str | None) -> UserOut:
    return UserOut(
        id=user.id,
        user_name=user.user_name,
        nick_name=user.nick_name,
        phone=user.phone,
        email=user.email,
        company=user.company,
        role_id=user.role_id,
        role_name=role_name,
        role_code=role_code,
        group_id=user.group_id,
        group_name=group_name,
        is_admin2=user.is_admin2,
        is_active=1 if user.is_active else 0,
        must_change_password=user.must_change_password,
        last_login_time=epoch_ms(user.last_login_at),
        create_time=epoch_ms(user.created_at) or 0,
        direct_permissions=list(user.direct_permissions or []),
        tags=_tags(user, role_name, group_name),
    )


async def list_users(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    *,
    keyword: str | None = None,
    role_id: int | None = None,
    group_id: int | None = None,
    is_active: int | None = None,
    sort: str = "-create_time",
) -> Page[UserOut]:
    """A page of the users the caller manages."""
    scope = await group_scope(session, actor)
    rows, total = await repo.users_page(
        session,
        actor.tenant_id,
        scope,
        params,
        keyword=(keyword or "").strip() or None,
        role_id=role_id,
        group_id=group_id,
        is_active=is_active,
        sort=sort,
    )
    return Page(items=[_user_out(*r) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def get_user(session: AsyncSession, actor: Actor, user_id: int) -> UserOut:
    """One user the caller manages."""
    user, role, group_name = await target_user(session, actor, user_id)
    return _user_out(user, role.name, role.code, group_name)


async def _assignable(
    session: AsyncSession, actor: Actor, role_id: int, group_id: int | None, is_admin2: bool
) -> tuple[Role, str | None]:
    """The role and group a caller may give a user (SPEC §5: a secondary administrator binds exactly one group)."""
    role = await repo.role(session, actor.tenant_id, role_id)
    if role is None:
        raise AppError(ErrorCode.ROLE_NOT_FOUND, field="role_id")
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.ADMIN_ROLE_NOT_ASSIGNABLE, field="role_id")
    groups = await repo.groups(session, actor.tenant_id)
    group = next((g for g in groups if g.id == group_id), None)
    if group_id is not None and group is None:
        raise AppError(ErrorCode.GROUP_NOT_FOUND, field="group_id")
    if (is_admin2 or role.code == RoleCode.ADMINISTRATOR2) and group is None:
        raise AppError(ErrorCode.ADMIN2_GROUP_REQUIRED, field="group_id")
    scope = await group_scope(session, actor, groups)
    if scope is not None:
        if is_admin2:
            raise AppError(ErrorCode.ROLE_EXCEEDS_OWN, field="role_id")
        if group is None:
            raise AppError(ErrorCode.GROUP_REQUIRED, field="group_id")
        if group.id not in scope:
            raise AppError(ErrorCode.GROUP_OUT_OF_SCOPE, field="group_id")
    if not may_assign(actor, role, scope is not None):
        raise AppError(ErrorCode.ROLE_EXCEEDS_OWN, field="role_id")
    return role, group.name if group is not None else None


def may_assign(actor: Actor, role: Role, group_admin: bool) -> bool:
    """Whether the caller may give a user `role`: never the administrator role; a secondary administrator never the
    secondary administrator role (they make no peers); anyone but the administrator only roles within their codes."""
    if role.code == RoleCode.ADMINISTRATOR:
        return False
    if actor.is_admin:
        return True
    if group_admin and role.code == RoleCode.ADMINISTRATOR2:
        return False
    return normalize(role.permissions or []) <= actor.permissions


async def _check_unique(session: AsyncSession, *, phone: str | None, email: str | None, exclude: int | None) -> None:
    if phone and await repo.taken(session, User.phone, phone, exclude):
        raise AppError(ErrorCode.PHONE_EXISTS, field="phone")
    if email and await repo.taken(session, User.email, email, exclude):
        raise AppError(ErrorCode.EMAIL_EXISTS, field="email")


async def create_user(session: AsyncSession, actor: Actor, body: UserCreateIn) -> UserOut:
    """A user of the caller's tenant; by default they must change the password at first login."""
    if await repo.taken(session, User.user_name, body.user_name):
        raise AppError(ErrorCode.USER_NAME_EXISTS, field="user_name")
    await _check_unique(session, phone=body.phone, email=body.email, exclude=None)
    role, group_name = await _assignable(session, actor, body.role_id, body.group_id, body.is_admin2)
    user = User(
        tenant_id=actor.tenant_id,
        user_name=body.user_name,
        phone=body.phone,
        email=body.email,
        password_hash=await security.hash_password(body.password),
        nick_name=body.nick_name,
        company=body.company,
        role_id=role.id,
        group_id=body.group_id,
        is_admin2=body.is_admin2,
        direct_permissions=[],
        must_change_password=body.must_change_password,
    )
    session.add(user)
    await session.flush()
    await write_log(session, actor, "user_create", user.user_name, {"user_id": user.id, "role_id": role.id})
    return _user_out(user, role.name, role.code, group_name)


async def update_user(session: AsyncSession, actor: Actor, user_id: int, body: UserUpdateIn) -> UserOut:
    """Edit a user's profile, role, group or secondary-administrator flag."""
    user, role, group_name = await target_user(session, actor, user_id)
    given = body.model_fields_set
    role_id = body.role_id if body.role_id is not None else user.role_id
    group_id = body.group_id if "group_id" in given else user.group_id
    is_admin2 = body.is_admin2 if body.is_admin2 is not None else user.is_admin2
    placement_changes = role_id != user.role_id or group_id != user.group_id or is_admin2 != user.is_admin2
    if placement_changes:
        if role.code == RoleCode.ADMINISTRATOR:
            raise AppError(ErrorCode.ADMIN_PRIVILEGES_READONLY, field="role_id")
        if user.id == actor.user_id:
            raise AppError(ErrorCode.CANNOT_MODIFY_OWN_ROLE, field="role_id")
        role, group_name = await _assignable(session, actor, role_id, group_id, is_admin2)
    await _check_unique(session, phone=body.phone, email=body.email, exclude=user.id)
    changed: list[str] = []
    for name in ("nick_name", "phone", "email", "company"):
        value = getattr(body, name)
        if name in given and (value is not None or name in ("phone", "email")) and value != getattr(user, name):
            setattr(user, name, value)
            changed.append(name)
    if placement_changes:
        user.role_id, user.group_id, user.is_admin2 = role_id, group_id, is_admin2
        changed.extend(["role_id", "group_id", "is_admin2"])
        # The user's rights and the secondary administrators' scope change: live sockets re-check.
        access.changed(session, tenants=[actor.tenant_id])
    await session.flush()
    await write_log(session, actor, "user_edit", user.user_name, {"user_id": user.id, "fields": changed})
    return _user_out(user, role.name, role.code, group_name)


async def delete_user(session: AsyncSession, actor: Actor, user_id: int) -> None:
    """Delete a user; never the administrator, never oneself."""
    user, role, _ = await target_user(session, actor, user_id)
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.ADMIN_CANNOT_BE_DELETED)
    if user.id == actor.user_id:
        raise AppError(ErrorCode.CANNOT_DELETE_SELF)
    name = user.user_name
    await session.delete(user)
    await session.flush()
    access.changed(session, users=[user_id], tenants=[actor.tenant_id])
    await write_log(session, actor, "user_delete", name, {"user_id": user_id})


async def set_active(session: AsyncSession, actor: Actor, user_id: int, body: ActiveIn) -> UserOut:
    """Lock (signs the user out everywhere) or unlock a user; never the administrator, never oneself."""
    user, role, group_name = await target_user(session, actor, user_id)
    if body.is_active == 0:
        if role.code == RoleCode.ADMINISTRATOR:
            raise AppError(ErrorCode.CANNOT_LOCK_ADMIN)
        if user.id == actor.user_id:
            raise AppError(ErrorCode.CANNOT_LOCK_SELF)
        await auth_service.revoke_tokens(session, user.id)
    user.is_active = bool(body.is_active)
    await session.flush()
    action = "user_unlock" if body.is_active else "user_lock"
    await write_log(session, actor, action, user.user_name, {"user_id": user.id})
    return _user_out(user, role.name, role.code, group_name)


async def reset_password(session: AsyncSession, actor: Actor, user_id: int, body: PasswordIn) -> None:
    """Set a user's password; they must change it at next login and are signed out everywhere."""
    user, role, _ = await target_user(session, actor, user_id)
    if role.code == RoleCode.ADMINISTRATOR and user.id != actor.user_id:
        raise AppError(ErrorCode.ADMIN_PRIVILEGES_READONLY)
    user.password_hash = await security.hash_password(body.password)
    user.must_change_password = True
    await auth_service.revoke_tokens(session, user.id)
    await session.flush()
    await write_log(session, actor, "user_password_reset", user.user_name, {"user_id": user.id})


def _privileges(user: User, role: Role) -> PrivilegeOut:
    role_codes = ALL_CODES if role.code == RoleCode.ADMINISTRATOR else frozenset(role.permissions or [])
    return PrivilegeOut(role_permissions=sorted(role_codes), direct_permissions=sorted(user.direct_permissions or []))


async def get_privileges(session: AsyncSession, actor: Actor, user_id: int) -> PrivilegeOut:
    """The codes a user holds through the role and directly."""
    user, role, _ = await target_user(session, actor, user_id)
    return _privileges(user, role)


def check_codes(actor: Actor, codes: list[str], *, exceeds: ErrorCode, field: str) -> frozenset[str]:
    """Known codes only (else 110409), normalized with their ancestors, none beyond the caller's own."""
    if any(c not in ALL_CODES for c in codes):
        raise AppError(ErrorCode.PERMISSION_INVALID, field=field)
    granted = normalize(codes)
    if not actor.is_admin and not granted <= actor.permissions:
        raise AppError(exceeds, field=field)
    return granted


async def set_privileges(session: AsyncSession, actor: Actor, user_id: int, body: PrivilegeIn | None) -> PrivilegeOut:
    """Replace a user's direct permissions (`None` resets them: the role's codes remain)."""
    user, role, _ = await target_user(session, actor, user_id)
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.ADMIN_PRIVILEGES_READONLY)
    if user.id == actor.user_id:
        raise AppError(ErrorCode.CANNOT_MODIFY_OWN_ROLE)
    codes: frozenset[str] = frozenset()
    if body is not None:
        codes = check_codes(
            actor, body.direct_permissions, exceeds=ErrorCode.PRIVILEGE_EXCEEDS_OWN, field="direct_permissions"
        )
    user.direct_permissions = sorted(codes)
    await session.flush()
    access.changed(session, users=[user.id])
    action = "user_privilege_reset" if body is None else "user_privilege"
    await write_log(session, actor, action, user.user_name, {"user_id": user.id, "codes": user.direct_permissions})
    return _privileges(user, role)


async def my_privileges(session: AsyncSession, actor: Actor) -> MyPrivilegesOut:
    """The caller's own effective rights, from the same helpers as the session payload."""
    user = await repo.user(session, actor.tenant_id, actor.user_id)
    assert user is not None
    role = await repo.role(session, actor.tenant_id, user.role_id)
    assert role is not None
    granted = auth_service.granted_codes(role, user)
    menu = menu_permission(granted, role.home_page)
    own = _privileges(user, role)
    return MyPrivilegesOut(
        roles=list(auth_service.role_codes(role, user)),
        permissions=sorted(granted),
        direct_permissions=own.direct_permissions,
        role_permissions=own.role_permissions,
        menu_permission=menu,
        default_page=default_page(menu),
        device_permissions=auth_service.role_device_items(role),
        template_permissions=auth_service.role_template_items(role),
    )


async def move_users(
    session: AsyncSession, actor: Actor, group: UserGroup, groups: list[UserGroup], user_ids: list[int]
) -> None:
    """Put users into `group` (already checked to be in the caller's scope)."""
    users = await repo.users(session, actor.tenant_id, set(user_ids))
    if len(users) != len(set(user_ids)):
        raise AppError(ErrorCode.USER_NOT_FOUND, field="user_ids")
    scope = await group_scope(session, actor, groups)
    if scope is not None and any(u.group_id not in scope or u.id == actor.user_id for u in users):
        raise AppError(ErrorCode.USER_NOT_IN_GROUP, field="user_ids")
    for u in users:
        u.group_id = group.id
    await session.flush()
    access.changed(session, tenants=[actor.tenant_id])
    await write_log(session, actor, "group_members", group.name, {"group_id": group.id, "user_ids": sorted(user_ids)})


# --- binding a phone or email to one's own account -------------------------------------------------------------


def _account_exists(account: str) -> AppError:
    code = ErrorCode.PHONE_EXISTS if account_kind(account) == "phone" else ErrorCode.EMAIL_EXISTS
    return AppError(code, field="account")


async def send_bind_code(
    session: AsyncSession, settings: Settings, sender: CodeSender, limiters: Limiters, client_ip: str, body: BindCodeIn
) -> SendCodeOut:
    """Send a "bind" code to a phone or email (throttled like every code). It goes out whether or not someone uses
    the account already: only who proves the code learns that it is taken (bind_account)."""
    return await auth_challenges.issue_code(session, settings, sender, body.account, "bind", limiters, client_ip)


async def bind_account(session: AsyncSession, actor: Actor, body: BindIn) -> SessionOut:
    """Set the caller's phone or email to an account proven by its "bind" code; answers the session payload."""
    await auth_challenges.spend_code(session, body.account, "bind", body.sms_code)
    if await auth_repo.user_by_account(session, body.account) is not None:
        raise _account_exists(body.account)
    user = await repo.user(session, actor.tenant_id, actor.user_id)
    assert user is not None
    kind = account_kind(body.account)
    old = user.phone if kind == "phone" else user.email
    try:
        async with session.begin_nested():
            if kind == "phone":
                user.phone = body.account
            else:
                user.email = body.account
            await session.flush()
    except IntegrityError as exc:
        # Another request bound the same account between the check and the write.
        raise _account_exists(body.account) from exc
    await write_log(session, actor, "account_bind", body.account, {"kind": kind, "previous": old})
    return await auth_service.current_config(session, actor)


# --- simulated login -------------------------------------------------------------------------------------------


async def start_simulation(session: AsyncSession, settings: Settings, actor: Actor, user_id: int) -> SessionOut:
    """The administrator logs in as one of their users; the new session carries `simulated_by`."""
    if actor.simulated_by is not None:
        raise AppError(ErrorCode.SIMULATE_NESTED)
    if not actor.is_admin:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    user, role, _ = await target_user(session, actor, user_id)
    if role.code == RoleCode.ADMINISTRATOR:
        raise AppError(ErrorCode.CANNOT_SIMULATE_ADMIN, field="user_id")
    if not user.is_active:
        raise AppError(ErrorCode.USER_LOCKED, field="user_id")
    await write_log(session, actor, "simulate_start", user.user_name, {"user_id": user.id})
    out = await auth_service.issue_simulated(session, settings, user, actor.client_ip, simulated_by=actor.user_id)
    return out


async def stop_simulation(session: AsyncSession, actor: Actor) -> None:
    """End a simulated login: its token is revoked (the console restores the administrator's session)."""
    if actor.simulated_by is None:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    await auth_service.revoke_token(session, actor.token_id)
    await write_log(session, actor, "simulate_stop", actor.user_name, {"user_id": actor.user_id})


# --- account cancellation --------------------------------------------------------------------------------------


async def cancel_account(session: AsyncSession, actor: Actor, password: str) -> None:
    """SPEC §6: the administrator cancels the tenant once sub-users, devices, virtual devices and templates are gone."""
    if not actor.is_admin or actor.simulated_by is not None:
        raise AppError(ErrorCode.NO_PRIVILEGE)
    user = await repo.user(session, actor.tenant_id, actor.user_id)
    assert user is not None
    if not password or not await security.verify_password(user.password_hash, password):
        raise AppError(ErrorCode.OLD_PASSWORD_WRONG, field="password")
    if await repo.other_users(session, actor.tenant_id, actor.user_id):
        raise AppError(ErrorCode.CANCEL_HAS_SUB_USERS)
    # Devices, virtual devices and templates each answer for their own rows (team.hooks), in the catalogue's order.
    blockers = sorted(code for code in await hooks.cancellation_blocker.call(session, actor.tenant_id) if code)
    if blockers:
        raise AppError(blockers[0])
    await auth_service.revoke_tokens(session, actor.user_id)
    await session.flush()
    # Unregistered device rows hold their owners; they go first. Tokens, roles, groups, quotas and the log go with
    # the tenant (ON DELETE CASCADE).
    await hooks.tenant_purge.call(session, actor.tenant_id)
    await repo.delete_tenant(session, actor.tenant_id)
    session.expunge_all()


# Auth tells team of sign-ins, sign-outs, password changes and simulated requests: the user log keeps them.
auth_hooks.account_event.connect(log_account_event)
auth_hooks.simulated_request.connect(log_simulated_request)
