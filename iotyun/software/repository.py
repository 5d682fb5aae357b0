"""Every SELECT of the software library (the session's tenant criteria apply)."""

from typing import Any

from sqlalchemy import Select, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant, User
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.software.models import SoftwareVersion, models_key


def versions(tenant_id: int, *, software_type: int | None, model: str, keyword: str) -> Select[Any]:
    """The tenant's versions, newest first, of one type and fitting one model when asked, their number, update
    content or file name containing `keyword`."""
    stmt = (
        select(SoftwareVersion)
        .where(SoftwareVersion.tenant_id == tenant_id)
        .order_by(SoftwareVersion.created_at.desc(), SoftwareVersion.id.desc())
    )
    if software_type is not None:
        stmt = stmt.where(SoftwareVersion.type == software_type)
    if keyword:
        pattern = like_pattern(keyword)
        stmt = stmt.where(
            or_(
                SoftwareVersion.version.ilike(pattern, escape=LIKE_ESCAPE),
                SoftwareVersion.content_zh.ilike(pattern, escape=LIKE_ESCAPE),
                SoftwareVersion.content_en.ilike(pattern, escape=LIKE_ESCAPE),
                SoftwareVersion.file_name.ilike(pattern, escape=LIKE_ESCAPE),
            )
        )
    if model:
        stmt = stmt.where(SoftwareVersion.models_key.contains(models_key([model]), autoescape=True))
    return stmt


async def version(session: AsyncSession, tenant_id: int, version_id: int) -> SoftwareVersion | None:
    stmt = select(SoftwareVersion).where(SoftwareVersion.tenant_id == tenant_id, SoftwareVersion.id == version_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def uploader_names(session: AsyncSession, user_ids: set[int]) -> dict[int, str]:
    """Each uploader's nickname, or login name without one."""
    if not user_ids:
        return {}
    stmt = select(User.id, User.user_name, User.nick_name).where(User.id.in_(user_ids))
    return {r.id: r.nick_name or r.user_name for r in await session.execute(stmt)}


async def of_type(session: AsyncSession, tenant_id: int, software_type: int) -> list[SoftwareVersion]:
    stmt = select(SoftwareVersion).where(SoftwareVersion.tenant_id == tenant_id, SoftwareVersion.type == software_type)
    return list((await session.execute(stmt)).scalars())


async def lock_library(session: AsyncSession, tenant_id: int) -> None:
    """Hold the tenant's library to the end of the transaction, so two uploads of one version cannot both pass the
    check that it is new: an UPDATE that changes nothing locks the tenant's row on PostgreSQL and takes SQLite's
    write lock (core/db.py)."""
    stmt = (
        update(Tenant).where(Tenant.id == tenant_id).values(id=Tenant.id).execution_options(synchronize_session=False)
    )
    await session.execute(stmt)
