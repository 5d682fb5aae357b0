"""Gallery SELECTs, scoped to the caller's tenant; a user's gallery is theirs alone, the system gallery everyone's."""

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.resources.models import GalleryClassify, GalleryImage


async def system_keys(session: AsyncSession, tenant_id: int) -> set[str]:
    stmt = select(GalleryClassify.system_key).where(
        GalleryClassify.tenant_id == tenant_id, GalleryClassify.system_key.is_not(None)
    )
    return {str(k) for k in (await session.scalars(stmt)).all()}


async def classifications(session: AsyncSession, tenant_id: int, user_id: int) -> list[GalleryClassify]:
    """The system classifications, then the user's own, each in their order."""
    stmt = (
        select(GalleryClassify)
        .where(
            GalleryClassify.tenant_id == tenant_id,
            or_(GalleryClassify.is_system.is_(True), GalleryClassify.owner_id == user_id),
        )
        .order_by(GalleryClassify.is_system.desc(), GalleryClassify.sort, GalleryClassify.id)
    )
    return list((await session.scalars(stmt)).all())


async def classification(session: AsyncSession, tenant_id: int, classify_id: int) -> GalleryClassify | None:
    stmt = select(GalleryClassify).where(GalleryClassify.tenant_id == tenant_id, GalleryClassify.id == classify_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def classification_named(
    session: AsyncSession, tenant_id: int, user_id: int, name: str
) -> GalleryClassify | None:
    stmt = select(GalleryClassify).where(
        GalleryClassify.tenant_id == tenant_id, GalleryClassify.owner_id == user_id, GalleryClassify.name == name
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def own_classification_count(session: AsyncSession, tenant_id: int, user_id: int) -> int:
    stmt = select(func.count(GalleryClassify.id)).where(
        GalleryClassify.tenant_id == tenant_id, GalleryClassify.owner_id == user_id
    )
    return int((await session.execute(stmt)).scalar_one())


async def image_counts(session: AsyncSession, tenant_id: int, classify_ids: list[int]) -> dict[int, int]:
    if not classify_ids:
        return {}
    stmt = (
        select(GalleryImage.classify_id, func.count(GalleryImage.id))
        .where(GalleryImage.tenant_id == tenant_id, GalleryImage.classify_id.in_(classify_ids))
        .group_by(GalleryImage.classify_id)
    )
    return {int(c): int(n) for c, n in (await session.execute(stmt)).all()}


async def holds_images(session: AsyncSession, tenant_id: int, classify_id: int) -> bool:
    stmt = select(GalleryImage.id).where(GalleryImage.tenant_id == tenant_id, GalleryImage.classify_id == classify_id)
    return (await session.execute(stmt.limit(1))).first() is not None


def images(tenant_id: int, user_id: int, *, classify_id: int | None, system: bool, name: str) -> Select[GalleryImage]:
    """The images of one classification (the service checked the caller sees it), else of the system gallery or of
    the user's own, newest first; `name` narrows them to names containing it."""
    stmt = select(GalleryImage).where(GalleryImage.tenant_id == tenant_id)
    if classify_id is not None:
        stmt = stmt.where(GalleryImage.classify_id == classify_id)
    elif system:
        stmt = stmt.where(GalleryImage.is_system.is_(True))
    else:
        stmt = stmt.where(GalleryImage.owner_id == user_id)
    if name:
        stmt = stmt.where(GalleryImage.name.like(like_pattern(name), escape=LIKE_ESCAPE))
    return stmt.order_by(GalleryImage.created_at.desc(), GalleryImage.id.desc())


async def image(session: AsyncSession, tenant_id: int, image_id: int) -> GalleryImage | None:
    stmt = select(GalleryImage).where(GalleryImage.tenant_id == tenant_id, GalleryImage.id == image_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def image_named(session: AsyncSession, tenant_id: int, classify_id: int, name: str) -> GalleryImage | None:
    stmt = select(GalleryImage).where(
        GalleryImage.tenant_id == tenant_id, GalleryImage.classify_id == classify_id, GalleryImage.name == name
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def used_bytes(session: AsyncSession, tenant_id: int, user_id: int) -> int:
    stmt = select(func.coalesce(func.sum(GalleryImage.size_bytes), 0)).where(
        GalleryImage.tenant_id == tenant_id, GalleryImage.owner_id == user_id
    )
    return int((await session.execute(stmt)).scalar_one())


async def image_by_key(session: AsyncSession, file_key: str) -> GalleryImage | None:
    """An image by its file key, of any tenant: the key is the capability (docs/decisions.md), asked without a
    token by an <img> of the designer, the runtime or a share link."""
    stmt = select(GalleryImage).where(GalleryImage.file_key == file_key).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()
