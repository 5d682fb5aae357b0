"""Gateway broker accounts: whoever keeps the broker's login list (the telemetry runtime, with Mosquitto's
dynamic security) hears when the server holds a gateway's secret in plain — at registration and whenever the gateway
proves it over HTTP — and when a gateway is released. The devices domain only tells; it never imports telemetry."""

from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

# The key in the sessions' info under which the listener of a running app is found.
ACCOUNTS_KEY = "iotyun_gateway_accounts"


class GatewayAccounts(Protocol):
    async def gateway_keyed(self, sn: str, secret: str) -> None:
        """The gateway `sn` holds this secret: let it log in with it (and with no other)."""

    async def gateway_released(self, sn: str) -> None:
        """No device is registered on `sn` any more: it may no longer log in."""


def attach(sessionmaker: async_sessionmaker[AsyncSession], listener: GatewayAccounts | None) -> None:
    """Every session of this sessionmaker tells `listener` (None: nobody)."""
    info = dict(sessionmaker.kw.get("info") or {})
    if listener is None:
        info.pop(ACCOUNTS_KEY, None)
    else:
        info[ACCOUNTS_KEY] = listener
    sessionmaker.configure(info=info)


def listener_of(session: AsyncSession) -> GatewayAccounts | None:
    found = session.info.get(ACCOUNTS_KEY)
    return found if found is not None else None


async def keyed(session: AsyncSession, sn: str, secret: str) -> None:
    listener = listener_of(session)
    if listener is not None:
        await listener.gateway_keyed(sn, secret)


async def released(session: AsyncSession, sn: str) -> None:
    listener = listener_of(session)
    if listener is not None:
        await listener.gateway_released(sn)
