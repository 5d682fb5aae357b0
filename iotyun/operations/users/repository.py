"""The SELECTs of tenants and users as an operator sees them (the request's session is tenant-free)."""

from typing import Any

from sqlalchemy import case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, Tenant, User
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.devices.models import DEV_ONLINE, Device, Gateway


async def tenants_page(session: AsyncSession, search: str, offset: int, limit: int) -> tuple[list[Any], int]:
    where = []
    if search:
        pattern = like_pattern(search)
        where.append(
            or_(Tenant.name.ilike(pattern, escape=LIKE_ESCAPE), Tenant.code.ilike(pattern, escape=LIKE_ESCAPE))
        )
    total = await session.scalar(select(func.count()).select_from(Tenant).where(*where)) or 0
    users = select(func.count(User.id)).where(User.tenant_id == Tenant.id).scalar_subquery()
    devices = (
        select(func.count(Device.id))
        .where(Device.tenant_id == Tenant.id, Device.registered.is_(True))
        .scalar_subquery()
    )
    online = (
        select(func.sum(case((Gateway.dev_state == DEV_ONLINE, 1), else_=0)))
        .select_from(Device)
        .join(Gateway, Gateway.id == Device.gateway_id)
        .where(Device.tenant_id == Tenant.id, Device.registered.is_(True))
        .scalar_subquery()
    )
    stmt = (
        select(Tenant, users.label("users"), devices.label("devices"), online.label("online"))
        .where(*where)
        .order_by(Tenant.id)
        .offset(offset)
        .limit(limit)
    )
    return list((await session.execute(stmt)).all()), int(total)


async def tenant(session: AsyncSession, tenant_id: int) -> Tenant | None:
    return await session.get(Tenant, tenant_id)


async def users_page(
    session: AsyncSession, tenant_id: int, search: str, offset: int, limit: int
) -> tuple[list[tuple[User, Role]], int]:
    where = [User.tenant_id == tenant_id]
    if search:
        pattern = like_pattern(search)
        where.append(
            or_(User.user_name.ilike(pattern, escape=LIKE_ESCAPE), User.nick_name.ilike(pattern, escape=LIKE_ESCAPE))
        )
    total = await session.scalar(select(func.count()).select_from(User).where(*where)) or 0
    stmt = (
        select(User, Role)
        .join(Role, Role.id == User.role_id)
        .where(*where)
        .order_by(User.id)
        .offset(offset)
        .limit(limit)
    )
    return [(u, r) for u, r in (await session.execute(stmt)).all()], int(total)


async def user_with_role(session: AsyncSession, user_id: int) -> tuple[User, Role, Tenant] | None:
    stmt = (
        select(User, Role, Tenant)
        .join(Role, Role.id == User.role_id)
        .join(Tenant, Tenant.id == User.tenant_id)
        .where(User.id == user_id)
    )
    row = (await session.execute(stmt)).one_or_none()
    return None if row is None else (row[0], row[1], row[2])
