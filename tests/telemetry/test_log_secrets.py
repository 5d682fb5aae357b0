"""No token, password, device secret or verification code reaches the server log: a live socket's handshake and
first frame (and a refused token in its URL), a login, a gateway's /dev/config and a code being sent, all logged at
DEBUG through a handler set up as the server's are (core.context)."""

import logging
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from fastapi import FastAPI
from websockets.asyncio.client import connect

from iotyun.core.context import secure_handler
from tests.conftest import Api
from tests.team.factories import PASSWORD, Team
from tests.telemetry.factories import SECRET, Plant
from tests.telemetry.test_ws import closed_with, live, receive, server

__all__ = ["server"]


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def captured() -> Iterator[Capture]:
    handler = Capture()
    secure_handler(handler)
    handler.setFormatter(logging.Formatter("%(name)s %(message)s"))
    root = logging.getLogger()
    names = ("uvicorn.error", "uvicorn.access", "websockets", "httpx", "iotyun")
    levels = {name: logging.getLogger(name).level for name in names}
    root_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    for name in names:
        logging.getLogger(name).setLevel(logging.DEBUG)
    yield handler
    root.removeHandler(handler)
    root.setLevel(root_level)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


class SilentSender:
    """Stands in for the configured code channel (SMS, mail): what it is given is not logged."""

    def __init__(self) -> None:
        self.codes: list[str] = []

    async def send(self, account: str, kind: str, scene: str, code: str, lang: str) -> None:
        self.codes.append(code)


async def test_no_secret_is_logged(
    app: FastAPI, server: str, team: Team, plant: Plant, api: Api, captured: Capture
) -> None:
    sender = SilentSender()
    app.state.code_sender = sender
    token = team.admin.token
    assert token
    # A live socket: the refused URL form (an old client), then the first-frame form.
    async with connect(f"{server}?token={token}") as ws:
        assert await closed_with(ws) == 4401
    async with live(server, token) as ws:
        await ws.send(orjson.dumps({"op": "sub", "devices": [plant.device_id]}).decode())
        await receive(ws, "snapshot")
    # A login (password and captcha in the body), and its new token.
    other = team.new_api()
    body = await other.login("alice", PASSWORD)
    assert body["meta"]["success"] == 1
    # A gateway fetching its configuration with its secret, also in the query string as a careless agent might.
    headers = {"X-Device-Secret": SECRET}
    config = await api.client.get("/api/dev/config", params={"sn_code": plant.sn}, headers=headers)
    assert config.status_code == 200
    await api.client.get("/api/dev/config", params={"sn_code": plant.sn, "secret": SECRET})
    # A find-password code.
    key, answer = await api.captcha()
    sent = await api.post("/user/sms/num", {"account": "13800000001", "code": answer, "code_key": key})
    assert sent["meta"]["success"] == 1 and sender.codes
    log = "\n".join(captured.lines)
    # The handshake line of the refused URL form was written, masked.
    assert 'WebSocket /api/v2/ws/web/rtd?token=***"' in log
    secrets: dict[str, Any] = {
        "token": token,
        "new token": other.token,
        "password": PASSWORD,
        "device secret": SECRET,
        "verification code": sender.codes[0],
    }
    leaked = {name: value for name, value in secrets.items() if value and str(value) in log}
    assert not leaked, (leaked, [line for line in captured.lines if any(str(v) in line for v in leaked.values())])
