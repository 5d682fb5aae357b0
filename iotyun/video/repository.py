"""Video account and template camera SELECTs."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.tenancy import scoped
from iotyun.video.models import TemplateVideo, VideoAccount


async def account(session: AsyncSession, tenant_id: int) -> VideoAccount | None:
    stmt = scoped(select(VideoAccount), VideoAccount, tenant_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def template_video(session: AsyncSession, tenant_id: int, template_id: int) -> TemplateVideo | None:
    stmt = scoped(select(TemplateVideo), TemplateVideo, tenant_id).where(TemplateVideo.template_id == template_id)
    return (await session.execute(stmt)).scalar_one_or_none()
