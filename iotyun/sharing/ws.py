"""The live channel of a shared configuration or dashboard, /sharedComponentsWs: the frames of /v2/ws/web/rtd (telemetry/
ws_schemas.py), the first one `{"op": "auth", "token": <the link's token>}`. The socket is the telemetry socket
with a share link's principal: it acts as the link's creator, may follow only the link's devices (a dashboard link:
the devices its dashboard shows) the creator still reads (alarm pushes too), and ends (an error frame with the 1183xx, then close 4401) the moment the link is
disabled, edited away, deleted or expires, or its creator is locked: on the access notice of the change, at the
expiry itself, and by the periodic re-check. Opening the socket does not count a use of the link."""

from collections.abc import Callable

from fastapi import APIRouter, WebSocket

from iotyun.core.db import as_utc
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError
from iotyun.core.permissions import Perm
from iotyun.core.ratelimit import Limiters
from iotyun.sharing import opening
from iotyun.sharing import repository as repo
from iotyun.sharing.models import LINK_DASHBOARD, LINK_SECTOR
from iotyun.telemetry.public import Principal, serve_live

# Not in api.ROUTERS (those are HTTP routes, each with an access marker): the socket checks its link itself.
share_ws_router = APIRouter()


class LinkPrincipal(Principal):
    """A share link's rights: its creator's, narrowed to the link's devices, for as long as the link is usable."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.device_ids: list[int] = []
        self.expires: float | None = None

    async def resolve(self, websocket: WebSocket, *, fresh: bool) -> Actor | None:
        """Read the link and its creator afresh every time (one small query: the re-checks of a link's sockets are
        few); None, with `refused` set to the 1183xx, when the link can no longer be used."""
        async with websocket.app.state.db.sessionmaker() as session:
            try:
                link = await opening.checked_link(session, self.token, counting=False)
                actor = await opening.creator(session, link)
                if link.link_type in (LINK_DASHBOARD, LINK_SECTOR):
                    # A dashboard link follows the devices its dashboard shows (118302 once the creator no longer
                    # sees the dashboard).
                    self.device_ids = sorted(await opening.dashboard_devices(session, link, actor))
                else:
                    self.device_ids = await repo.device_ids(session, link.id)
            except AppError as exc:
                self.refused = int(exc.code)
                return None
            self.link_id = link.id
            self.expires = None if link.expire_at is None else as_utc(link.expire_at).timestamp()
        return actor

    def may_connect(self, actor: Actor) -> bool:
        return actor.can(Perm.HOME)

    async def readable(self, websocket: WebSocket, actor: Actor, ids: list[int] | None, *, fresh: bool) -> set[int]:
        allowed = [i for i in self.device_ids if ids is None or i in ids]
        if not allowed:
            return set()
        return await super().readable(websocket, actor, allowed, fresh=True)

    def deadline(self) -> float | None:
        return self.expires

    def admit(self, limiters: Limiters, address: str) -> Callable[[], None] | None:
        """A link's sockets are capped per address and per link (they need no account, so nothing else bounds
        them): the slots held, or None when either cap is reached."""
        by_address, by_link = limiters.share_sockets_by_address, limiters.share_sockets_by_link
        link = str(self.link_id)
        if not by_address.take(address):
            return None
        if not by_link.take(link):
            by_address.give(address)
            return None

        def release() -> None:
            by_address.give(address)
            by_link.give(link)

        return release


@share_ws_router.websocket("/sharedComponentsWs")
async def shared_components(websocket: WebSocket) -> None:
    await serve_live(websocket, LinkPrincipal)
