"""Gallery SELECTs, scoped to the caller's tenant; a user's gallery is theirs alone, the system gallery everyone's."""

from sqlalchemy import Select, case, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.resources.models import GalleryClassify, GalleryImage, GalleryModel, TenantSymbol


async def system_keys(session: AsyncSession, tenant_id: int) -> set[str]:
    stmt = select(GalleryClassify.system_key).where(
        GalleryClassify.tenant_id == tenant_id, GalleryClassify.system_key.is_not(None)
    )
    return {str(k) for k in (await session.scalars(stmt)).all()}


async def system_classification_ids(session: AsyncSession, tenant_id: int) -> dict[str, int]:
    """The tenant's rows of the system classifications by their key."""
    stmt = select(GalleryClassify.system_key, GalleryClassify.id).where(
        GalleryClassify.tenant_id == tenant_id, GalleryClassify.system_key.is_not(None)
    )
    return {str(k): int(i) for k, i in (await session.execute(stmt)).all()}


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


async def model_counts(session: AsyncSession, tenant_id: int, classify_ids: list[int]) -> dict[int, int]:
    if not classify_ids:
        return {}
    stmt = (
        select(GalleryModel.classify_id, func.count(GalleryModel.id))
        .where(GalleryModel.tenant_id == tenant_id, GalleryModel.classify_id.in_(classify_ids))
        .group_by(GalleryModel.classify_id)
    )
    return {int(c): int(n) for c, n in (await session.execute(stmt)).all()}


async def holds_images(session: AsyncSession, tenant_id: int, classify_id: int) -> bool:
    """Whether the classification holds an image or a 3D model."""
    for model in (GalleryImage, GalleryModel):
        stmt = select(model.id).where(model.tenant_id == tenant_id, model.classify_id == classify_id)
        if (await session.execute(stmt.limit(1))).first() is not None:
            return True
    return False


def images(
    tenant_id: int,
    user_id: int,
    *,
    classify_id: int | None,
    system: bool,
    name: str,
    system_keys: frozenset[str] = frozenset(),
) -> Select[GalleryImage]:
    """The images of one classification (the service checked the caller sees it), else of the system gallery or of
    the user's own, newest first (the system images in their shipped order); `name` narrows them to names containing
    it, and to the system images of `system_keys` (those whose shown name contains it)."""
    stmt = select(GalleryImage).where(GalleryImage.tenant_id == tenant_id)
    if classify_id is not None:
        stmt = stmt.where(GalleryImage.classify_id == classify_id)
    elif system:
        stmt = stmt.where(GalleryImage.is_system.is_(True))
    else:
        stmt = stmt.where(GalleryImage.owner_id == user_id)
    if name:
        stmt = stmt.where(
            or_(
                GalleryImage.system_key.in_(system_keys),
                GalleryImage.system_key.is_(None) & GalleryImage.name.like(like_pattern(name), escape=LIKE_ESCAPE),
            )
        )
    # The system images (a listing holds either those or a user's) keep their shipped order: the order they were made.
    shipped = case((GalleryImage.is_system.is_(True), GalleryImage.id), else_=0)
    return stmt.order_by(shipped, GalleryImage.created_at.desc(), GalleryImage.id.desc())


async def system_image_keys(session: AsyncSession, tenant_id: int) -> set[str]:
    stmt = select(GalleryImage.system_key).where(
        GalleryImage.tenant_id == tenant_id, GalleryImage.system_key.is_not(None)
    )
    return {str(k) for k in (await session.scalars(stmt)).all()}


async def image(session: AsyncSession, tenant_id: int, image_id: int) -> GalleryImage | None:
    stmt = select(GalleryImage).where(GalleryImage.tenant_id == tenant_id, GalleryImage.id == image_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def image_named(session: AsyncSession, tenant_id: int, classify_id: int, name: str) -> GalleryImage | None:
    stmt = select(GalleryImage).where(
        GalleryImage.tenant_id == tenant_id, GalleryImage.classify_id == classify_id, GalleryImage.name == name
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def used_bytes(session: AsyncSession, tenant_id: int, user_id: int) -> int:
    """What the user's images, 3D models and imported symbols take together (their gallery_mb quota)."""
    total = 0
    for model in (GalleryImage, GalleryModel, TenantSymbol):
        stmt = select(func.coalesce(func.sum(model.size_bytes), 0)).where(
            model.tenant_id == tenant_id, model.owner_id == user_id
        )
        total += int((await session.execute(stmt)).scalar_one())
    return total


def models(tenant_id: int, user_id: int, *, classify_id: int | None, name: str) -> Select[GalleryModel]:
    """The user's 3D models, of one classification or all, newest first; `name` narrows them to names containing it."""
    stmt = select(GalleryModel).where(GalleryModel.tenant_id == tenant_id, GalleryModel.owner_id == user_id)
    if classify_id is not None:
        stmt = stmt.where(GalleryModel.classify_id == classify_id)
    if name:
        stmt = stmt.where(GalleryModel.name.like(like_pattern(name), escape=LIKE_ESCAPE))
    return stmt.order_by(GalleryModel.created_at.desc(), GalleryModel.id.desc())


async def model(session: AsyncSession, tenant_id: int, model_id: int) -> GalleryModel | None:
    stmt = select(GalleryModel).where(GalleryModel.tenant_id == tenant_id, GalleryModel.id == model_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def model_named(session: AsyncSession, tenant_id: int, classify_id: int, name: str) -> GalleryModel | None:
    stmt = select(GalleryModel).where(
        GalleryModel.tenant_id == tenant_id, GalleryModel.classify_id == classify_id, GalleryModel.name == name
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def model_by_key(session: AsyncSession, tenant_id: int, file_key: str) -> GalleryModel | None:
    """A model of the tenant by its file key (another tenant's key finds nothing)."""
    stmt = select(GalleryModel).where(GalleryModel.tenant_id == tenant_id, GalleryModel.file_key == file_key)
    return (await session.execute(stmt)).scalar_one_or_none()


async def image_by_key(session: AsyncSession, file_key: str) -> GalleryImage | None:
    """An image by its file key, of any tenant: the key is the capability (docs/decisions.md), asked without a
    token by an <img> of the designer, the runtime or a share link."""
    stmt = select(GalleryImage).where(GalleryImage.file_key == file_key).execution_options(**{ALL_TENANTS: True})
    return (await session.execute(stmt)).scalar_one_or_none()
