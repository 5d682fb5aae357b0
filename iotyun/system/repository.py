"""System SELECTs, scoped to the caller's tenant."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.tenancy import scoped
from iotyun.system.models import CustomPageConfig


async def custom_page(session: AsyncSession, tenant_id: int) -> CustomPageConfig | None:
    stmt = scoped(select(CustomPageConfig), CustomPageConfig, tenant_id)
    return (await session.execute(stmt)).scalar_one_or_none()
