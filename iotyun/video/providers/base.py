"""The shape of the common video clouds (Ezviz/萤石 and its likes): an app key and secret give a token that expires;
the token lists the account's cameras and gives a camera channel's live address."""

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

LiveProtocol = Literal["hls", "flv", "rtmp"]


@dataclass(frozen=True, slots=True)
class Camera:
    serial: str
    channel: int
    name: str
    online: bool


class ProviderError(Exception):
    """The cloud refused or failed (110353 to the caller). Its text never holds a key, secret or token."""


class WrongKey(ProviderError):
    """The cloud does not know this app key or secret (110351 to the caller)."""


class Provider(Protocol):
    name: str

    async def token(self, app_key: str, app_secret: str) -> tuple[str, datetime]:
        """A new access token and when it expires (UTC). WrongKey or ProviderError."""
        ...

    async def cameras(self, token: str) -> list[Camera]:
        """The account's cameras, one per channel. ProviderError (an expired token too)."""
        ...

    async def live_address(self, token: str, serial: str, channel: int, protocol: LiveProtocol = "hls") -> str:
        """The live address of a camera channel. ProviderError (an unknown camera too)."""
        ...
