"""Notification fixtures: the telemetry app (alarms come from a fake gateway's values), its team and plant, and a
local webhook receiver."""

import asyncio
import hashlib
import hmac
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
import uvicorn

from tests.team.conftest import other_tenant, team
from tests.telemetry.conftest import app, http, plant
from tests.telemetry.factories import free_port
from tests.telemetry.test_log_secrets import captured

__all__ = ["app", "captured", "http", "other_tenant", "plant", "team"]


@dataclass
class Receiver:
    """An HTTP endpoint on this host that records what is posted to it, and answers `status` while it is down."""

    url: str = ""
    calls: list[dict[str, Any]] = field(default_factory=list)
    # Keys already accepted: a repeat is answered 200 and dropped, as a receiver should.
    accepted: dict[str, dict[str, Any]] = field(default_factory=dict)
    down: bool = False
    # What it answers when up (a receiver refusing a delivery for good answers a 4xx).
    status: int = 200

    def verified(self, secret: str) -> bool:
        """Every call carries a valid HMAC-SHA256 signature over `<timestamp>.<body>`."""
        for call in self.calls:
            expected = hmac.new(
                secret.encode(), call["timestamp"].encode() + b"." + call["raw"], hashlib.sha256
            ).hexdigest()
            if call["signature"] != f"sha256={expected}":
                return False
        return True

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        raw = b""
        while True:
            message = await receive()
            raw += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode(): v.decode() for k, v in scope["headers"]}
        key = headers.get("x-iotyun-delivery", "")
        self.calls.append(
            {
                "headers": headers,
                "raw": raw,
                "key": key,
                "timestamp": headers.get("x-iotyun-timestamp", ""),
                "signature": headers.get("x-iotyun-signature", ""),
                "body": orjson.loads(raw) if raw else None,
            }
        )
        status = 503 if self.down else self.status
        if status < 300:
            self.accepted.setdefault(key, orjson.loads(raw))
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    found = Receiver()
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(found, host="127.0.0.1", port=port, lifespan="off", log_config=None))
    task = asyncio.create_task(srv.serve())
    while not srv.started:  # noqa: ASYNC110 - uvicorn offers no start event
        await asyncio.sleep(0.02)
    found.url = f"http://127.0.0.1:{port}/hook?token=abc"
    yield found
    srv.should_exit = True
    await task
