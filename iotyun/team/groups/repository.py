"""User-group SELECTs, scoped to the caller's tenant."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.team.models import UserGroup


async def all_groups(session: AsyncSession, tenant_id: int) -> list[UserGroup]:
    stmt = select(UserGroup).where(UserGroup.tenant_id == tenant_id).order_by(UserGroup.id)
    return list((await session.execute(stmt)).scalars())


async def user_counts(session: AsyncSession, tenant_id: int) -> dict[int, int]:
    stmt = (
        select(User.group_id, func.count(User.id))
        .where(User.tenant_id == tenant_id, User.group_id.is_not(None))
        .group_by(User.group_id)
    )
    return {int(gid): int(n) for gid, n in (await session.execute(stmt)).all() if gid is not None}


async def group(session: AsyncSession, tenant_id: int, group_id: int) -> UserGroup | None:
    stmt = select(UserGroup).where(UserGroup.tenant_id == tenant_id, UserGroup.id == group_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def has_users(session: AsyncSession, tenant_id: int, group_id: int) -> bool:
    stmt = select(User.id).where(User.tenant_id == tenant_id, User.group_id == group_id).limit(1)
    return (await session.execute(stmt)).first() is not None
