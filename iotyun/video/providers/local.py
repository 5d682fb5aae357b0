"""The local provider, the default (IOTYUN_VIDEO_PROVIDER=local): no internet, fixed answers (docs/api-video.md
"The local provider").

- Any app key of 1-64 letters, digits, `_` or `-` with a secret of at least 8 characters is accepted; a key starting
  with `wrongkey` is refused (110351); a key starting with `failkey` fails as a cloud outage would (110353).
- A token lives `ttl_seconds` (IOTYUN_VIDEO_LOCAL_TOKEN_SECONDS, 7200 by default) and is known to this process only.
- Every account has three cameras: LOCAL0001 channels 1 and 2 (online), LOCAL0002 channel 1 (offline).
- A live address is the product's own demo stream, `/api/video/demo/live.m3u8?serial=…&channel=…`."""

import secrets
from datetime import datetime, timedelta
from urllib.parse import urlencode

from iotyun.core.db import utcnow
from iotyun.video.providers.base import Camera, LiveProtocol, ProviderError, WrongKey

DEMO_LIVE_PATH = "/api/video/demo/live.m3u8"
MIN_SECRET = 8
CAMERAS = (
    Camera("LOCAL0001", 1, "Gate", True),
    Camera("LOCAL0001", 2, "Yard", True),
    Camera("LOCAL0002", 1, "Pump room", False),
)


class LocalProvider:
    name = "local"

    def __init__(self, ttl_seconds: int = 7200) -> None:
        self.ttl_seconds = ttl_seconds
        # Tokens issued: token -> its expiry. `issued` counts them (tests see a renewal, or that it happened once).
        self.tokens: dict[str, datetime] = {}
        self.issued = 0

    async def token(self, app_key: str, app_secret: str) -> tuple[str, datetime]:
        if app_key.startswith("wrongkey") or len(app_secret) < MIN_SECRET:
            raise WrongKey("the local video cloud refuses this key")
        if app_key.startswith("failkey"):
            raise ProviderError("the local video cloud is out of order for this key")
        self.issued += 1
        token = "lt." + secrets.token_urlsafe(24)
        expires = utcnow() + timedelta(seconds=self.ttl_seconds)
        self.tokens[token] = expires
        return token, expires

    def _check(self, token: str) -> None:
        expires = self.tokens.get(token)
        if expires is None or expires <= utcnow():
            raise ProviderError("the token is unknown or expired")

    async def cameras(self, token: str) -> list[Camera]:
        self._check(token)
        return list(CAMERAS)

    async def live_address(self, token: str, serial: str, channel: int, protocol: LiveProtocol = "hls") -> str:
        self._check(token)
        if not any(c.serial == serial and c.channel == channel for c in CAMERAS):
            raise ProviderError("no such camera")
        return f"{DEMO_LIVE_PATH}?{urlencode({'serial': serial, 'channel': channel})}"
