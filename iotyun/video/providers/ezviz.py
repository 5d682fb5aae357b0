"""The Ezviz (萤石) open platform (IOTYUN_VIDEO_PROVIDER=ezviz), from its documented endpoints: POST form bodies,
answers `{"code": "200", "msg": …, "data": …}`.

- `/api/lapp/token/get` (appKey, appSecret) → data.accessToken, data.expireTime (epoch ms); code 10017 (unknown
  appKey) or 10030 (appKey and appSecret do not match) is a wrong key.
- `/api/lapp/device/list` (accessToken, pageStart, pageSize) → data: [{deviceSerial, deviceName, status (1 online)}];
  one camera per device, channel 1 (multi-channel recorders list their channels under /api/lapp/camera/list, which
  this small client leaves out).
- `/api/lapp/v2/live/address/get` (accessToken, deviceSerial, channelNo, protocol 1 ezopen / 2 hls / 3 rtmp / 4 flv)
  → data.url."""

from datetime import UTC, datetime
from typing import Any

import httpx

from iotyun.video.providers.base import Camera, LiveProtocol, ProviderError, WrongKey

TIMEOUT_S = 10.0
WRONG_KEY_CODES = {"10017", "10030", "10005"}
PROTOCOLS: dict[str, int] = {"hls": 2, "rtmp": 3, "flv": 4}
PAGE_SIZE = 50
MAX_PAGES = 20


class EzvizProvider:
    name = "ezviz"

    def __init__(self, base: str = "https://open.ys7.com", transport: httpx.AsyncBaseTransport | None = None) -> None:
        self.base = base.rstrip("/")
        self.transport = transport

    async def _post(self, path: str, form: dict[str, str]) -> Any:
        try:
            async with httpx.AsyncClient(timeout=TIMEOUT_S, transport=self.transport, follow_redirects=False) as c:
                resp = await c.post(self.base + path, data=form)
            body = resp.json()
        except (httpx.HTTPError, ValueError) as e:
            raise ProviderError(f"{path}: {type(e).__name__}") from None
        if not isinstance(body, dict):
            raise ProviderError(f"{path}: not an answer")
        answer = str(body.get("code", ""))
        if answer in WRONG_KEY_CODES:
            raise WrongKey(f"{path}: code {answer}")
        if answer != "200":
            raise ProviderError(f"{path}: code {answer}")
        return body.get("data")

    async def token(self, app_key: str, app_secret: str) -> tuple[str, datetime]:
        data = await self._post("/api/lapp/token/get", {"appKey": app_key, "appSecret": app_secret})
        try:
            token = str(data["accessToken"])
            expires = datetime.fromtimestamp(int(data["expireTime"]) / 1000, UTC)
        except (TypeError, KeyError, ValueError):
            raise ProviderError("/api/lapp/token/get: malformed answer") from None
        if not token:
            raise ProviderError("/api/lapp/token/get: no token")
        return token, expires

    async def cameras(self, token: str) -> list[Camera]:
        out: list[Camera] = []
        for page in range(MAX_PAGES):
            form = {"accessToken": token, "pageStart": str(page), "pageSize": str(PAGE_SIZE)}
            data = await self._post("/api/lapp/device/list", form)
            if not isinstance(data, list):
                raise ProviderError("/api/lapp/device/list: malformed answer")
            for item in data:
                if isinstance(item, dict) and item.get("deviceSerial"):
                    serial = str(item["deviceSerial"])
                    name = str(item.get("deviceName") or serial)
                    out.append(Camera(serial, 1, name, str(item.get("status")) == "1"))
            if len(data) < PAGE_SIZE:
                break
        return out

    async def live_address(self, token: str, serial: str, channel: int, protocol: LiveProtocol = "hls") -> str:
        form = {
            "accessToken": token,
            "deviceSerial": serial,
            "channelNo": str(channel),
            "protocol": str(PROTOCOLS[protocol]),
        }
        data = await self._post("/api/lapp/v2/live/address/get", form)
        url = data.get("url") if isinstance(data, dict) else None
        if not isinstance(url, str) or not url:
            raise ProviderError("/api/lapp/v2/live/address/get: no address")
        return url
