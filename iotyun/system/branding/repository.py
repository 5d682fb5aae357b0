"""Brand SELECTs: the caller's tenant's rows, and the two lookups across tenants (a host's brand for the login page,
whether a domain is bound elsewhere)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.tenancy import ALL_TENANTS, scoped
from iotyun.system.branding.models import Brand, BrandImage


async def brand(session: AsyncSession, tenant_id: int) -> Brand | None:
    stmt = scoped(select(Brand), Brand, tenant_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def images(session: AsyncSession, tenant_id: int, ids: set[int]) -> dict[int, BrandImage]:
    """The tenant's images among `ids`, by id (another tenant's never)."""
    if not ids:
        return {}
    stmt = scoped(select(BrandImage), BrandImage, tenant_id).where(BrandImage.id.in_(ids))
    return {row.id: row for row in (await session.execute(stmt)).scalars()}


async def pending_images(session: AsyncSession, tenant_id: int, named: set[int]) -> list[BrandImage]:
    """The tenant's images the brand does not name (`named`), oldest first."""
    stmt = scoped(select(BrandImage), BrandImage, tenant_id).order_by(BrandImage.created_at, BrandImage.id)
    if named:
        stmt = stmt.where(BrandImage.id.not_in(named))
    return list((await session.execute(stmt)).scalars())


async def all_images(session: AsyncSession, tenant_id: int) -> list[BrandImage]:
    stmt = scoped(select(BrandImage), BrandImage, tenant_id)
    return list((await session.execute(stmt)).scalars())


async def domain_holder(session: AsyncSession, domain: str) -> int | None:
    """The tenant that binds `domain`, whichever it is: only to answer "taken or not" (never shown)."""
    stmt = select(Brand.tenant_id).where(Brand.domain == domain).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()


async def brand_of_host(session: AsyncSession, host: str) -> tuple[Brand, dict[int, BrandImage]] | None:
    """The brand bound to `host` and its images, whichever tenant's (an anonymous request: no tenant is bound)."""
    stmt = select(Brand).where(Brand.domain == host).execution_options(**{ALL_TENANTS: True})
    row = (await session.execute(stmt)).scalar_one_or_none()
    if row is None:
        return None
    ids = {i for i in (row.logo_light_id, row.logo_dark_id, row.favicon_id, row.background_id) if i is not None}
    if not ids:
        return row, {}
    found = select(BrandImage).where(BrandImage.id.in_(ids)).execution_options(**{ALL_TENANTS: True})
    return row, {image.id: image for image in (await session.execute(found)).scalars()}


async def image_by_key(session: AsyncSession, file_key: str) -> BrandImage | None:
    """The image served under `file_key` (an anonymous request: the key is the right to read)."""
    stmt = select(BrandImage).where(BrandImage.file_key == file_key).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()
