"""What the app holds for video accounts: the provider IOTYUN_VIDEO_PROVIDER names, and the tokens this process
fetched, with one lock a tenant so concurrent requests needing a new token fetch it once."""

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request

from iotyun.core.config import Settings
from iotyun.video.demo_stream import DemoStream
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
    # The demo's own live stream (the local provider's cameras name it), its encoder started on demand.
    demo: DemoStream = field(default_factory=DemoStream)
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
        demo = DemoStream(settings.video_ffmpeg, settings.video_demo_idle_seconds)
        found = VideoRuntime(provider_for(settings), demo=demo)
        state.video = found  # type: ignore[attr-defined]
    return found


async def _runtime(request: Request) -> VideoRuntime:
    return runtime_of(request.app.state, request.app.state.settings)


VideoDep = Annotated[VideoRuntime, Depends(_runtime)]


async def stop_video(state: object) -> None:
    """The app's shutdown: the demo stream's encoder, if one runs, is stopped."""
    found: VideoRuntime | None = getattr(state, "video", None)
    if found is not None:
        await found.demo.stop()
