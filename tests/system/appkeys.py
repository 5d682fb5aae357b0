"""An integrator's client for the tests: calls signed with an app key as docs/api-system.md "Signing a call" says."""

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import httpx

from iotyun.system.appkeys import signing
from tests.conftest import Api


def key_body(name: str = "erp", scopes: tuple[str, ...] = ("devices:read",), **extra: Any) -> dict[str, Any]:
    return {"name": name, "scopes": list(scopes), **extra}


@dataclass
class KeyClient:
    client: httpx.AsyncClient
    key_id: str
    secret: str
    # Shift the timestamp (ms), or pin the nonce, to try the refusals.
    skew_ms: int = 0
    nonce: str | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def signed(self, method: str, path: str, query: str, body: bytes) -> dict[str, str]:
        ts = str(int(time.time() * 1000) + self.skew_ms)
        nonce = self.nonce or secrets.token_urlsafe(16)
        key = signing.signing_key(self.secret)
        sig = signing.sign(key, method, path, query, ts, nonce, body)
        return {"X-App-Key": self.key_id, "X-Timestamp": ts, "X-Nonce": nonce, "X-Signature": sig}

    async def call(
        self, method: str, path: str, params: dict[str, Any] | None = None, json_body: Any = None
    ) -> dict[str, Any]:
        query = urlencode(params or {})
        body = b"" if json_body is None else json.dumps(json_body).encode()
        headers = {**self.signed(method, path, query, body), **self.headers}
        if body:
            headers["Content-Type"] = "application/json"
        url = "/api" + path + ("?" + query if query else "")
        resp = await self.client.request(method, url, content=body, headers=headers)
        answer: dict[str, Any] = resp.json()
        return answer


async def make_key(api: Api, **body: Any) -> tuple[dict[str, Any], KeyClient]:
    made = await api.post("/yun/appkeys", key_body(**body))
    assert made["meta"]["success"] == 1, made
    data: dict[str, Any] = made["data"]
    return data, KeyClient(api.client, data["key_id"], data["secret"])
