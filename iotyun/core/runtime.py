"""Objects the running app holds (settings, code sender), handed to handlers as dependencies."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.core.config import Settings


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def client_ip(request: Request) -> str:
    return request.client.host if request.client else ""


SettingsDep = Annotated[Settings, Depends(_settings)]
ClientIp = Annotated[str, Depends(client_ip)]
