"""Every SELECT of the tenant symbol library."""

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.resources.models import TenantSymbol


def symbols(tenant_id: int, *, category: str | None, name: str) -> Select[TenantSymbol]:
    """The tenant's symbols, of one category or all, by name; `name` narrows them to names containing it."""
    stmt = select(TenantSymbol).where(TenantSymbol.tenant_id == tenant_id)
    if category:
        stmt = stmt.where(TenantSymbol.category == category)
    if name:
        stmt = stmt.where(TenantSymbol.name.like(like_pattern(name), escape=LIKE_ESCAPE))
    return stmt.order_by(TenantSymbol.name, TenantSymbol.id)


async def symbol(session: AsyncSession, tenant_id: int, symbol_id: int) -> TenantSymbol | None:
    stmt = select(TenantSymbol).where(TenantSymbol.tenant_id == tenant_id, TenantSymbol.id == symbol_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def symbol_named(session: AsyncSession, tenant_id: int, name: str) -> TenantSymbol | None:
    stmt = select(TenantSymbol).where(TenantSymbol.tenant_id == tenant_id, TenantSymbol.name == name)
    return (await session.execute(stmt)).scalar_one_or_none()


async def count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count(TenantSymbol.id)).where(TenantSymbol.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def symbol_by_key(session: AsyncSession, file_key: str) -> TenantSymbol | None:
    """A symbol by its file key, of any tenant: the key is the capability, as a gallery image's is, asked without a
    token by the designer, the runtime and a share link."""
    stmt = select(TenantSymbol).where(TenantSymbol.file_key == file_key).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()
