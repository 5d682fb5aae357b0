"""System rules: the server clock and the tenant's custom page configuration."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.system import repository
from iotyun.system.schemas import CustomPageOut


async def custom_page(session: AsyncSession, actor: Actor) -> CustomPageOut:
    """The tenant's custom page configuration; an empty one until an administrator sets it."""
    row = await repository.custom_page(session, actor.tenant_id)
    if row is None:
        return CustomPageOut(custom_page_name="", custom_page_json=None)
    return CustomPageOut(custom_page_name=row.custom_page_name, custom_page_json=row.custom_page_json)
