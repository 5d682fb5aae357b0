"""Team SELECTs, every one scoped to the caller's tenant (and, for a secondary administrator, their groups)."""

from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, Tenant, User
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern
from iotyun.core.permissions import RoleCode
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.team.models import QuotaGrant, QuotaLock, UserGroup, UserLog, UserQuota

UserRow = tuple[User, str, str, str | None]

_SORTS: dict[str, Any] = {
    "create_time": User.created_at.asc(),
    "-create_time": User.created_at.desc(),
    "last_login_time": User.last_login_at.asc(),
    "-last_login_time": User.last_login_at.desc(),
    "user_name": User.user_name.asc(),
    "-user_name": User.user_name.desc(),
}


def _in_scope(tenant_id: int, group_ids: Collection[int] | None) -> list[ColumnElement[bool]]:
    """Users of the tenant; with `group_ids` (a secondary administrator's subtree) only users of those groups."""
    where: list[ColumnElement[bool]] = [User.tenant_id == tenant_id]
    if group_ids is not None:
        where.append(User.group_id.in_(list(group_ids)))
    return where


def _user_rows(tenant_id: int, group_ids: Collection[int] | None) -> Select[User, str, str, str | None]:
    return (
        select(User, Role.name, Role.code, UserGroup.name)
        .join(Role, Role.id == User.role_id)
        .outerjoin(UserGroup, UserGroup.id == User.group_id)
        .where(*_in_scope(tenant_id, group_ids))
    )


async def users_page(
    session: AsyncSession,
    tenant_id: int,
    group_ids: Collection[int] | None,
    params: PageParams,
    *,
    keyword: str | None,
    role_id: int | None,
    group_id: int | None,
    is_active: int | None,
    sort: str,
) -> tuple[list[UserRow], int]:
    """One page of users with their role and group (one SELECT with joins) and the total (one COUNT)."""
    where = _in_scope(tenant_id, group_ids)
    if keyword:
        like = like_pattern(keyword)
        where.append(
            User.user_name.ilike(like, escape=LIKE_ESCAPE)
            | User.phone.ilike(like, escape=LIKE_ESCAPE)
            | User.email.ilike(like, escape=LIKE_ESCAPE)
            | User.nick_name.ilike(like, escape=LIKE_ESCAPE)
        )
    if role_id is not None:
        where.append(User.role_id == role_id)
    if group_id is not None:
        where.append(User.group_id == group_id)
    if is_active is not None:
        where.append(User.is_active.is_(bool(is_active)))
    total = (await session.execute(select(func.count(User.id)).where(*where))).scalar_one()
    stmt = (
        _user_rows(tenant_id, group_ids)
        .where(*where)
        .order_by(_SORTS[sort], User.id.desc())
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    rows: list[UserRow] = [(r[0], r[1], r[2], r[3]) for r in (await session.execute(stmt)).all()]
    return rows, int(total)


async def user_row(session: AsyncSession, tenant_id: int, user_id: int) -> UserRow | None:
    row = (await session.execute(_user_rows(tenant_id, None).where(User.id == user_id))).one_or_none()
    if row is None:
        return None
    user, role_name, role_code, group_name = row
    return user, role_name, role_code, group_name


async def user(session: AsyncSession, tenant_id: int, user_id: int) -> User | None:
    stmt = select(User).where(User.tenant_id == tenant_id, User.id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def users(session: AsyncSession, tenant_id: int, user_ids: Collection[int]) -> list[User]:
    stmt = select(User).where(User.tenant_id == tenant_id, User.id.in_(list(user_ids)))
    return list((await session.execute(stmt)).scalars())


async def taken(session: AsyncSession, column: Any, value: str, exclude_id: int | None = None) -> bool:
    """Login names, phones and emails are unique across tenants: a login form names no tenant."""
    stmt = select(User.id).where(column == value).execution_options(**{ALL_TENANTS: True})
    if exclude_id is not None:
        stmt = stmt.where(User.id != exclude_id)
    return (await session.execute(stmt.limit(1))).first() is not None


async def role(session: AsyncSession, tenant_id: int, role_id: int) -> Role | None:
    stmt = select(Role).where(Role.tenant_id == tenant_id, Role.id == role_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def groups(session: AsyncSession, tenant_id: int) -> list[UserGroup]:
    stmt = select(UserGroup).where(UserGroup.tenant_id == tenant_id).order_by(UserGroup.id)
    return list((await session.execute(stmt)).scalars())


async def quota(session: AsyncSession, tenant_id: int, user_id: int) -> UserQuota | None:
    stmt = select(UserQuota).where(UserQuota.tenant_id == tenant_id, UserQuota.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def quota_of(session: AsyncSession, user_id: int) -> UserQuota | None:
    """Quota lookup for other domains, by user id alone (user ids are global)."""
    stmt = select(UserQuota).where(UserQuota.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def quota_grant(session: AsyncSession, user_id: int) -> QuotaGrant | None:
    """The operator's ceiling of a user's quotas, by user id alone (user ids are global)."""
    stmt = select(QuotaGrant).where(QuotaGrant.user_id == user_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def lock_quota(session: AsyncSession, user_id: int) -> None:
    """Take the user's quota lock to the end of the transaction: an UPDATE of their quota_lock row (made on first
    use; a concurrent first use makes it once, ON CONFLICT DO NOTHING). PostgreSQL holds the row lock, SQLite the
    write lock the UPDATE opens its transaction with (core/db.py), so what the caller counts next is what every
    earlier claim committed."""
    # The UPDATE changes no value (the row is only a lock), yet locks the row and counts it as matched on both.
    bump = (
        update(QuotaLock)
        .where(QuotaLock.user_id == user_id)
        .values(user_id=QuotaLock.user_id)
        .execution_options(synchronize_session=False)
    )
    if getattr(await session.execute(bump), "rowcount", 0) > 0:
        return
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    make = dialect.insert(QuotaLock).values(user_id=user_id).on_conflict_do_nothing()
    await session.execute(make)
    await session.execute(bump)


async def user_name(session: AsyncSession, user_id: int) -> str | None:
    return (await session.execute(select(User.user_name).where(User.id == user_id))).scalar_one_or_none()


async def logs_page(
    session: AsyncSession,
    tenant_id: int,
    params: PageParams,
    *,
    user_ids: Select[int] | None,
    user_id: int | None,
    action: str | None,
    start: datetime | None,
    end: datetime | None,
) -> tuple[list[UserLog], int]:
    where: list[ColumnElement[bool]] = [UserLog.tenant_id == tenant_id]
    if user_ids is not None:
        where.append(UserLog.user_id.in_(user_ids))
    if user_id is not None:
        where.append(UserLog.user_id == user_id)
    if action:
        where.append(UserLog.action == action)
    if start is not None:
        where.append(UserLog.time >= start)
    if end is not None:
        where.append(UserLog.time < end)
    total = (await session.execute(select(func.count(UserLog.id)).where(*where))).scalar_one()
    stmt = (
        select(UserLog)
        .where(*where)
        .order_by(UserLog.time.desc(), UserLog.id.desc())
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    return list((await session.execute(stmt)).scalars()), int(total)


async def non_admin_user_ids_in(session: AsyncSession, tenant_id: int, group_ids: Collection[int]) -> set[int]:
    """The users of `group_ids` who do not hold the administrator role."""
    stmt = (
        select(User.id)
        .join(Role, Role.id == User.role_id)
        .where(User.tenant_id == tenant_id, User.group_id.in_(list(group_ids)), Role.code != RoleCode.ADMINISTRATOR)
    )
    return {int(i) for i in (await session.execute(stmt)).scalars()}


def user_ids_in(tenant_id: int, group_ids: Collection[int]) -> Select[int]:
    return select(User.id).where(User.tenant_id == tenant_id, User.group_id.in_(list(group_ids)))


async def other_users(session: AsyncSession, tenant_id: int, except_id: int) -> int:
    stmt = select(func.count(User.id)).where(User.tenant_id == tenant_id, User.id != except_id)
    return int((await session.execute(stmt)).scalar_one())


async def delete_tenant(session: AsyncSession, tenant_id: int) -> None:
    """Remove the tenant; its users go first (roles restrict them), everything else cascades."""
    await session.execute(delete(User).where(User.tenant_id == tenant_id).execution_options(synchronize_session=False))
    await session.execute(delete(Tenant).where(Tenant.id == tenant_id).execution_options(synchronize_session=False))
