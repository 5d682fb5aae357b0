"""Which address the throttles and the user log see (core.addresses, docs/security.md "Client addresses"): a spoofed
X-Forwarded-For from an untrusted peer changes nothing; from a proxy named in IOTYUN_TRUSTED_PROXIES it is used."""

import httpx
from fastapi import FastAPI

from iotyun.core.limits import CAPTCHAS_PER_ADDRESS
from tests.conftest import Api, CodeLog, code
from tests.team.factories import Team

CAPTCHA = "/yun/login/check/code"


def trust(app: FastAPI, proxies: str) -> None:
    app.state.settings = app.state.settings.model_copy(update={"trusted_proxies": proxies})


async def last_log_ip(team: Team) -> str:
    items = (await team.admin.get("/yun/userLog"))["data"]["items"]
    return str(items[0]["ip"])


async def test_spoofed_header_from_an_untrusted_peer(app: FastAPI, team: Team) -> None:
    resp = await team.admin.post("/yun/user/group", {"name": "plant"}, headers={"X-Forwarded-For": "6.6.6.6"})
    assert resp["meta"]["success"] == 1
    assert await last_log_ip(team) == "127.0.0.1"


async def test_header_from_a_trusted_proxy(app: FastAPI, team: Team) -> None:
    trust(app, "127.0.0.0/8")
    hops = {"X-Forwarded-For": "6.6.6.6, 198.51.100.23"}
    resp = await team.admin.post("/yun/user/group", {"name": "plant"}, headers=hops)
    assert resp["meta"]["success"] == 1
    assert await last_log_ip(team) == "198.51.100.23"


def from_peer(app: FastAPI, peer: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(peer, 4000)), base_url="http://test")


async def test_throttles_ignore_a_spoofed_header(app: FastAPI, code_log: CodeLog) -> None:
    async with from_peer(app, "203.0.113.5") as client:
        api = Api(client, code_log)
        for n in range(CAPTCHAS_PER_ADDRESS):
            resp = await api.get(CAPTCHA, headers={"X-Forwarded-For": f"198.51.100.{n}"})
            assert resp["meta"]["success"] == 1, n
        assert code(await api.get(CAPTCHA, headers={"X-Forwarded-For": "198.51.100.250"})) == 100008


async def test_throttles_key_on_the_forwarded_client_behind_a_trusted_proxy(app: FastAPI, code_log: CodeLog) -> None:
    trust(app, "203.0.113.5")
    async with from_peer(app, "203.0.113.5") as client:
        proxy = Api(client, code_log)
        for _ in range(CAPTCHAS_PER_ADDRESS):
            resp = await proxy.get(CAPTCHA, headers={"X-Forwarded-For": "198.51.100.1"})
            assert resp["meta"]["success"] == 1
        assert code(await proxy.get(CAPTCHA, headers={"X-Forwarded-For": "198.51.100.1"})) == 100008
        # Another client behind the same proxy has its own count.
        assert (await proxy.get(CAPTCHA, headers={"X-Forwarded-For": "198.51.100.2"}))["meta"]["success"] == 1
