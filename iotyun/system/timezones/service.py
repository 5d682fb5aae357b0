"""The zones one may choose and the caller's settings (docs/api-system.md "Time zones"). A change writes the user's
or the tenant's row: the cached principals of the tenant's tokens drop at once (auth.service _PRINCIPAL_TABLES), so the
next request of every session already follows the new zone."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Tenant, User
from iotyun.core.deps import Actor
from iotyun.core.timezones import DEFAULT_TIME_ZONE, offset_minutes, zone_ids
from iotyun.system.timezones.schemas import TimeZoneSettingsOut, TimeZonesOut, ZoneOut


def _offset_text(minutes: int) -> str:
    sign = "+" if minutes >= 0 else "-"
    hours, mins = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{mins:02d}"


def zones(now: datetime | None = None) -> list[ZoneOut]:
    """Every zone one may choose with its offset at `now`, west to east, then by name."""
    at = int((now or datetime.now(UTC)).timestamp() * 1000)
    listed = []
    for name in zone_ids():
        offset = offset_minutes(ZoneInfo(name), at)
        listed.append(ZoneOut(id=name, offset=offset, label=f"({_offset_text(offset)}) {name}"))
    listed.sort(key=lambda z: (z.offset, z.id))
    return listed


async def settings(session: AsyncSession, actor: Actor) -> TimeZoneSettingsOut:
    user = await session.get(User, actor.user_id)
    tenant = await session.get(Tenant, actor.tenant_id)
    assert user is not None and tenant is not None
    tenant_zone = tenant.time_zone or DEFAULT_TIME_ZONE
    return TimeZoneSettingsOut(effective=user.time_zone or tenant_zone, user=user.time_zone, tenant=tenant_zone)


async def listing(session: AsyncSession, actor: Actor) -> TimeZonesOut:
    mine = await settings(session, actor)
    return TimeZonesOut(**mine.model_dump(), zones=zones())


async def set_user_zone(session: AsyncSession, actor: Actor, time_zone: str | None) -> TimeZoneSettingsOut:
    """The caller's own zone (None: the tenant's). An administrator signed in as the user sets the user's."""
    user = await session.get(User, actor.user_id)
    assert user is not None
    user.time_zone = time_zone
    await session.flush()
    return await settings(session, actor)


async def set_tenant_zone(session: AsyncSession, actor: Actor, time_zone: str) -> TimeZoneSettingsOut:
    """The tenant's default: every user without a zone of their own follows it from their next request."""
    tenant = await session.get(Tenant, actor.tenant_id)
    assert tenant is not None
    tenant.time_zone = time_zone
    await session.flush()
    return await settings(session, actor)
