"""HTTP routes of the time zones (docs/api-system.md "Time zones"): every signed-in user lists the zones and sets
their own; the personalization code (P81000, the tenant's administrator) sets the tenant's default."""

from typing import Annotated

from fastapi import APIRouter, Depends

from iotyun.auth.dependencies import LoggedIn, require
from iotyun.core.deps import Actor, SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.permissions import Perm
from iotyun.system.timezones import service
from iotyun.system.timezones.schemas import TenantZoneIn, TimeZoneSettingsOut, TimeZonesOut, UserZoneIn

router = APIRouter(tags=["system"])

# The tenant's settings are the personalization page's (SPEC §2 /system/personalization), as its brand.
TenantZoneWriter = Annotated[Actor, Depends(require(Perm.PERSONALIZATION))]


@router.get("/yun/timezone")
@read_only
async def list_zones(actor: LoggedIn, session: SessionDep) -> Envelope[TimeZonesOut]:
    return ok(await service.listing(session, actor))


@router.put("/yun/timezone/user")
async def set_user_zone(body: UserZoneIn, actor: LoggedIn, session: SessionDep) -> Envelope[TimeZoneSettingsOut]:
    return ok(await service.set_user_zone(session, actor, body.time_zone))


@router.put("/yun/timezone/tenant")
async def set_tenant_zone(
    body: TenantZoneIn, actor: TenantZoneWriter, session: SessionDep
) -> Envelope[TimeZoneSettingsOut]:
    return ok(await service.set_tenant_zone(session, actor, body.time_zone))
