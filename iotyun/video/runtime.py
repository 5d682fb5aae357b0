"""What the app holds for video accounts: the provider IOTYUN_VIDEO_PROVIDER names, and the tokens this process
fetched, with one lock a tenant so concurrent requests needing a new token fetch it once."""

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request

from iotyun.core.config import Settings
from iotyun.video.providers import Provider, provider_for


@dataclass(frozen=True, slots=True)
class HeldToken:
    account_id: int
    app_key: str
    token: str
    expires_at: datetime


@dataclass
class VideoRuntime:
    provider: Provider
    tokens: dict[int, HeldToken] = field(default_factory=dict)
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)

    def lock(self, tenant_id: int) -> asyncio.Lock:
        found = self.locks.get(tenant_id)
        if found is None:
            found = self.locks[tenant_id] = asyncio.Lock()
        return found

    def forget(self, tenant_id: int) -> None:
        self.tokens.pop(tenant_id, None)


def runtime_of(state: object, settings: Settings) -> VideoRuntime:
    """The app's runtime, made at its first use."""
    found: VideoRuntime | None = getattr(state, "video", None)
    if found is None:
        found = VideoRuntime(provider_for(settings))
        state.video = found  # type: ignore[attr-defined]
    return found


async def _runtime(request: Request) -> VideoRuntime:
    return runtime_of(request.app.state, request.app.state.settings)


VideoDep = Annotated[VideoRuntime, Depends(_runtime)]
