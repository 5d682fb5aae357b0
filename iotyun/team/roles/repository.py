"""Role SELECTs, scoped to the caller's tenant."""

from collections.abc import Collection

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, User
from iotyun.core.pagination import LIKE_ESCAPE, PageParams, like_pattern


async def roles_page(
    session: AsyncSession,
    tenant_id: int,
    params: PageParams,
    keyword: str | None,
    only: Collection[int] | None = None,
) -> tuple[list[tuple[Role, int]], int]:
    """One page of roles (of `only` when given), each with how many users hold it (one SELECT with a grouped
    subquery, one COUNT)."""
    where = [Role.tenant_id == tenant_id]
    if only is not None:
        where.append(Role.id.in_(list(only)))
    if keyword:
        where.append(Role.name.ilike(like_pattern(keyword), escape=LIKE_ESCAPE))
    total = (await session.execute(select(func.count(Role.id)).where(*where))).scalar_one()
    counts = (
        select(User.role_id, func.count(User.id).label("n"))
        .where(User.tenant_id == tenant_id)
        .group_by(User.role_id)
        .subquery()
    )
    stmt = (
        select(Role, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.role_id == Role.id)
        .where(*where)
        .order_by(Role.id)
        .limit(params.page_size)
        .offset((params.page - 1) * params.page_size)
    )
    return [(r[0], int(r[1])) for r in (await session.execute(stmt)).all()], int(total)


async def roles(session: AsyncSession, tenant_id: int) -> list[Role]:
    """Every role of the tenant (a tenant keeps a few dozen at most)."""
    return list((await session.execute(select(Role).where(Role.tenant_id == tenant_id).order_by(Role.id))).scalars())


async def role(session: AsyncSession, tenant_id: int, role_id: int) -> Role | None:
    stmt = select(Role).where(Role.tenant_id == tenant_id, Role.id == role_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def name_taken(session: AsyncSession, tenant_id: int, name: str, exclude_id: int | None = None) -> bool:
    stmt = select(Role.id).where(Role.tenant_id == tenant_id, Role.name == name)
    if exclude_id is not None:
        stmt = stmt.where(Role.id != exclude_id)
    return (await session.execute(stmt.limit(1))).first() is not None


async def code_taken(session: AsyncSession, tenant_id: int, code: str) -> bool:
    stmt = select(Role.id).where(Role.tenant_id == tenant_id, Role.code == code).limit(1)
    return (await session.execute(stmt)).first() is not None


async def user_count(session: AsyncSession, tenant_id: int, role_id: int) -> int:
    stmt = select(func.count(User.id)).where(User.tenant_id == tenant_id, User.role_id == role_id)
    return int((await session.execute(stmt)).scalar_one())
