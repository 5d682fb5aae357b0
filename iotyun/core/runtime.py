"""Objects the running app holds (settings, code sender), handed to handlers as dependencies.

Dependencies are `async def` even when they do not await: FastAPI runs a plain `def` dependency in its thread
pool, a thread hop (~70 µs) on every request for nothing."""

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from iotyun.core.addresses import client_address
from iotyun.core.config import Settings
from iotyun.core.ratelimit import Limiters


async def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def client_ip(request: HTTPConnection) -> str:
    """The client's address, as every per-address limit counts it (HTTP throttles and live sockets alike);
    core/addresses.py believes X-Forwarded-For only from trusted proxies."""
    return client_address(request)


SettingsDep = Annotated[Settings, Depends(_settings)]
ClientIp = Annotated[str, Depends(client_ip)]


async def _limiters(request: Request) -> Limiters:
    found: Limiters = request.app.state.limiters
    return found


# The process's abuse windows (core.ratelimit).
LimitersDep = Annotated[Limiters, Depends(_limiters)]
