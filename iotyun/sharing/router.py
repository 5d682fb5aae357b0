"""HTTP routes of share links (docs/api-sharing.md): the creator's management (/yun/components/share, P82000) and
the anonymous opening of a link (/yun/shared/module). The live channel is sharing/ws.py."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.auth.dependencies import Public
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import ClientIp, LimitersDep
from iotyun.sharing import opening, service
from iotyun.sharing.dependencies import ShareLinkAdmin
from iotyun.sharing.schemas import (
    SharedDashboardOut,
    SharedDeviceScreenOut,
    SharedModuleOut,
    SharedWriteIn,
    ShareLinkIn,
    ShareLinkOut,
    ShareLinkResetIn,
    ShareLinkUpdateIn,
    Token,
)
from iotyun.telemetry.public import TelemetryDep, WriteOut

router = APIRouter(tags=["sharing"])

Keyword = Annotated[str | None, Query(max_length=64)]


@router.get("/yun/components/share")
@read_only
async def list_links(
    actor: ShareLinkAdmin,
    session: SessionDep,
    page: PageDep,
    keyword: Keyword = None,
    use_state: Annotated[int | None, Query(ge=0, le=1)] = None,
) -> Envelope[Page[ShareLinkOut]]:
    return ok(await service.list_links(session, actor, page, keyword=keyword, use_state=use_state))


@router.post("/yun/components/share")
async def create_link(body: ShareLinkIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/components/share")
async def update_link(body: ShareLinkUpdateIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.update(session, actor, body))


@router.post("/yun/components/share/reset")
async def reset_link(body: ShareLinkResetIn, actor: ShareLinkAdmin, session: SessionDep) -> Envelope[ShareLinkOut]:
    return ok(await service.reset(session, actor, body.id))


@router.delete("/yun/components/share")
async def delete_link(
    link_id: Annotated[int, Query(alias="id")], actor: ShareLinkAdmin, session: SessionDep
) -> Envelope[None]:
    await service.delete(session, actor, link_id)
    return ok()


@router.get("/yun/shared/module")
async def open_link(
    _: Public, session: SessionDep, limiters: LimitersDep, ip: ClientIp, token: Annotated[Token, Query()]
) -> Envelope[SharedModuleOut]:
    return ok(await opening.open_link(session, limiters, ip, token))


@router.get("/yun/shared/dashboard")
async def open_dashboard(
    _: Public, session: SessionDep, limiters: LimitersDep, ip: ClientIp, token: Annotated[Token, Query()]
) -> Envelope[SharedDashboardOut]:
    """Open a dashboard link without login (counts one use): the dashboard as its creator sees it now."""
    return ok(await opening.open_dashboard(session, limiters, ip, token))


@router.get("/yun/shared/module/device")
@read_only
async def shared_device(
    _: Public,
    session: SessionDep,
    telemetry: TelemetryDep,
    limiters: LimitersDep,
    ip: ClientIp,
    token: Annotated[Token, Query()],
    device_id: int,
) -> Envelope[SharedDeviceScreenOut]:
    return ok(await opening.device_screen(session, telemetry, limiters, ip, token, device_id))


@router.post("/yun/shared/module/write")
async def shared_write(
    _: Public, session: SessionDep, telemetry: TelemetryDep, limiters: LimitersDep, ip: ClientIp, body: SharedWriteIn
) -> Envelope[WriteOut]:
    return ok(await opening.write(session, telemetry, limiters, ip, body))
