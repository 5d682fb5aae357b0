"""Video cloud accounts (issue 38; docs/api-video.md): bound by the tenant's administrator with a key the cloud
accepts, one a tenant; the secret sealed and never answered nor logged; the token kept and renewed by the server,
once for concurrent requests; cameras and live addresses checked; a template's camera slots; nothing of another
tenant; a lesser role refused."""

import asyncio
import logging
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.core.config import Settings
from iotyun.core.db import utcnow
from iotyun.core.video_addresses import address_problem
from iotyun.video.models import VideoAccount
from iotyun.video.providers import EzvizProvider, LocalProvider, ProviderError, WrongKey
from iotyun.video.runtime import HeldToken, runtime_of
from tests.conftest import Api, code
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]

A = "/third/party/account"
SECRET = "s3cret-video-key"
GOOD = {"app_key": "shopkey1", "app_secret": SECRET}


def ok(resp: dict[str, Any]) -> Any:
    assert resp["meta"]["success"] == 1, resp
    return resp["data"]


def refused(resp: dict[str, Any], expected: int, field: str | None = None) -> None:
    assert code(resp) == expected, resp
    if field is not None:
        assert resp["meta"]["field"] == field, resp


def provider(app: FastAPI) -> LocalProvider:
    found = runtime_of(app.state, app.state.settings).provider
    assert isinstance(found, LocalProvider)
    return found


async def bind(api: Api, body: dict[str, str] = GOOD) -> dict[str, Any]:
    return await api.post(A, body)


class TestAccount:
    async def test_bind_unbind_rebind(self, app: FastAPI, team: Team, caplog: pytest.LogCaptureFixture) -> None:
        caplog.set_level(logging.DEBUG)
        admin = team.admin
        assert ok(await admin.get(A)) is None
        bound = ok(await bind(admin))
        assert bound["app_key"] == "shopkey1" and bound["has_secret"] is True and bound["provider"] == "local"
        refused(await bind(admin, {"app_key": "otherkey", "app_secret": SECRET}), 110350, "app_key")
        shown = ok(await admin.get(A))
        assert shown["app_key"] == "shopkey1" and "app_secret" not in shown
        token = ok(await admin.get("/third/party/token"))
        assert token["bound"] is True and token["valid"] is True and token["expires_at"] > token["fetched_at"]
        cams = ok(await admin.get("/third/party/cameras"))
        assert [(c["serial"], c["channel"]) for c in cams] == [("LOCAL0001", 1), ("LOCAL0001", 2), ("LOCAL0002", 1)]
        live = ok(await admin.get("/third/party/live?serial=LOCAL0001&channel=2"))
        assert live["url"] == "/api/video/demo/live.m3u8?serial=LOCAL0001&channel=2" and live["protocol"] == "hls"
        assert ok(await admin.call("DELETE", A)) is None
        refused(await admin.call("DELETE", A), 110352)
        refused(await admin.get("/third/party/cameras"), 110352)
        refused(await admin.get("/third/party/token"), 110352)
        refused(await admin.get("/third/party/live?serial=LOCAL0001"), 110352)
        assert ok(await admin.get(A)) is None
        rebound = ok(await bind(admin, {"app_key": "newkey", "app_secret": SECRET + "2"}))
        assert rebound["app_key"] == "newkey"
        assert len(ok(await admin.get("/third/party/cameras"))) == 3
        # The secret and the tokens are in no answer and no log line, and sealed at rest.
        async with app.state.db.sessionmaker() as s:
            row = (await s.execute(select(VideoAccount))).scalar_one()
        assert SECRET not in row.sealed_secret and row.sealed_token and row.sealed_token not in caplog.text
        for token_text in provider(app).tokens:
            assert token_text not in caplog.text and token_text not in row.sealed_token
        assert SECRET not in caplog.text

    async def test_wrong_key_and_cloud_failure(self, team: Team) -> None:
        refused(await bind(team.admin, {"app_key": "wrongkey1", "app_secret": SECRET}), 110351, "app_key")
        refused(await bind(team.admin, {"app_key": "shopkey", "app_secret": "short"}), 110351, "app_key")
        refused(await bind(team.admin, {"app_key": "failkey1", "app_secret": SECRET}), 110353)
        assert ok(await team.admin.get(A)) is None

    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"app_key": "", "app_secret": SECRET}, "app_key"),
            ({"app_key": "has space", "app_secret": SECRET}, "app_key"),
            ({"app_key": "k" * 65, "app_secret": SECRET}, "app_key"),
            ({"app_key": "shopkey", "app_secret": ""}, "app_secret"),
            ({"app_key": "shopkey", "app_secret": " padded secret "}, "app_secret"),
            ({"app_key": "shopkey", "app_secret": "line\nbreak-secret"}, "app_secret"),
        ],
    )
    async def test_malformed(self, team: Team, body: dict[str, str], field: str) -> None:
        refused(await bind(team.admin, body), 100004, field)

    async def test_malformed_shapes(self, team: Team) -> None:
        assert code(await team.admin.post(A, {"app_key": "shopkey"})) == 100004
        assert code(await team.admin.post(A, {"app_key": 5, "app_secret": ["x"]})) == 100004
        ok(await bind(team.admin))
        assert code(await team.admin.get("/third/party/live?serial=bad%20serial")) == 100004
        assert code(await team.admin.get("/third/party/live?serial=LOCAL0001&channel=0")) == 100004
        assert code(await team.admin.get("/third/party/live?serial=LOCAL0001&protocol=file")) == 100004
        # A camera the cloud does not know.
        refused(await team.admin.get("/third/party/live?serial=NOSUCH&channel=1"), 110353, "serial")


class TestToken:
    async def test_renewed_after_expiry(self, app: FastAPI, team: Team) -> None:
        ok(await bind(team.admin))
        local = provider(app)
        assert local.issued == 1
        first = ok(await team.admin.get("/third/party/token"))
        ok(await team.admin.get("/third/party/cameras"))
        assert local.issued == 1
        # The token ends: the next request fetches a new one, once.
        rt = runtime_of(app.state, app.state.settings)
        tenant = team.admin.tenant_id or 0
        held = rt.tokens[tenant]
        gone = utcnow() - timedelta(seconds=1)
        rt.tokens[tenant] = HeldToken(held.account_id, held.app_key, held.token, gone)
        local.tokens[held.token] = gone
        assert len(ok(await team.admin.get("/third/party/cameras"))) == 3
        assert local.issued == 2
        renewed = ok(await team.admin.get("/third/party/token"))
        assert renewed["expires_at"] > first["expires_at"] and renewed["valid"] is True
        assert local.issued == 2

    async def test_concurrent_requests_fetch_once(self, app: FastAPI, team: Team) -> None:
        ok(await bind(team.admin))
        local = provider(app)
        rt = runtime_of(app.state, app.state.settings)
        rt.tokens.clear()
        async with app.state.db.sessionmaker() as s:
            row = (await s.execute(select(VideoAccount))).scalar_one()
            row.token_expires_at = utcnow() - timedelta(seconds=1)
            await s.commit()
        answers = await asyncio.gather(*(team.admin.get("/third/party/cameras") for _ in range(4)))
        assert all(len(ok(a)) == 3 for a in answers)
        assert local.issued == 2

    async def test_a_token_the_cloud_dropped_is_renewed(self, app: FastAPI, team: Team) -> None:
        ok(await bind(team.admin))
        local = provider(app)
        local.tokens.clear()
        assert len(ok(await team.admin.get("/third/party/cameras"))) == 3
        assert local.issued == 2


class TestAccess:
    async def test_lesser_roles(self, team: Team) -> None:
        ok(await bind(team.admin))
        await team.role("sysuser", ["P80000"])
        await team.user("sam", "sysuser")
        sam = await team.login("sam")
        refused(await sam.post(A, GOOD), 100015)
        refused(await sam.call("DELETE", A), 100015)
        # A holder of the code sees the account, its cameras and live addresses.
        assert ok(await sam.get(A))["app_key"] == "shopkey1"
        assert len(ok(await sam.get("/third/party/cameras"))) == 3
        ok(await sam.get("/third/party/live?serial=LOCAL0001"))
        await team.role("watcher", ["P24000"])
        await team.user("wes", "watcher")
        wes = await team.login("wes")
        assert len(ok(await wes.get("/third/party/cameras"))) == 3
        refused(await wes.get(A), 100015)
        plain = await team.without()
        for path in (A, "/third/party/token", "/third/party/cameras", "/third/party/live?serial=LOCAL0001"):
            refused(await plain.get(path), 100015)
        refused(await plain.post(A, GOOD), 100015)

    async def test_another_tenant_sees_nothing(self, team: Team, other_tenant: Api) -> None:
        ok(await bind(team.admin))
        assert ok(await other_tenant.get(A)) is None
        refused(await other_tenant.get("/third/party/cameras"), 110352)
        refused(await other_tenant.call("DELETE", A), 110352)
        # Its own account is its own.
        ok(await bind(other_tenant, {"app_key": "shopkey1", "app_secret": SECRET}))
        assert ok(await team.admin.get(A))["app_key"] == "shopkey1"
        ok(await other_tenant.call("DELETE", A))
        assert ok(await team.admin.get(A))["app_key"] == "shopkey1"


class TestTemplateCameras:
    async def test_slots(self, team: Team) -> None:
        tpl = ok(await team.admin.post("/yun/module", {"name": "pumps"}))["id"]
        assert ok(await team.admin.get(f"/yun/module/video?template_id={tpl}"))["cameras"] == []
        slots = [
            {"name": " Gate ", "serial": "LOCAL0001", "channel": 1},
            {"name": "Yard", "serial": "LOCAL0001", "channel": 2},
        ]
        saved = ok(await team.admin.put("/yun/module/video", {"template_id": tpl, "cameras": slots}))
        assert saved["cameras"] == [
            {"name": "Gate", "serial": "LOCAL0001", "channel": 1},
            {"name": "Yard", "serial": "LOCAL0001", "channel": 2},
        ]
        got = ok(await team.admin.get(f"/yun/module/video?template_id={tpl}"))
        assert got["cameras"] == saved["cameras"] and got["updated_at"]

    async def test_slots_refused(self, team: Team, other_tenant: Api) -> None:
        tpl = ok(await team.admin.post("/yun/module", {"name": "pumps"}))["id"]

        async def put(cameras: list[dict[str, Any]], template_id: int = tpl) -> dict[str, Any]:
            return await team.admin.put("/yun/module/video", {"template_id": template_id, "cameras": cameras})

        refused(await put([{"name": " ", "serial": "A1"}]), 100004, "cameras.0.name")
        # A NUL anywhere in a body is refused before any handler reads it (core/inputs.py), nothing saved.
        assert code(await put([{"name": "cam\x00", "serial": "A1"}])) == 100004
        assert code(await put([{"name": "cam", "serial": "A\x001"}])) == 100004
        assert code(await team.admin.post(A, {"app_key": "shop\x00key", "app_secret": SECRET})) == 100004
        assert ok(await team.admin.get(A)) is None
        assert ok(await team.admin.get(f"/yun/module/video?template_id={tpl}"))["cameras"] == []
        refused(
            await put([{"name": "a", "serial": "A1"}, {"name": "b", "serial": "bad serial"}]),
            100004,
            "cameras.1.serial",
        )
        dup = [{"name": "a", "serial": "A1", "channel": 2}, {"name": "b", "serial": "A1", "channel": 2}]
        refused(await put(dup), 100004, "cameras.1.channel")
        assert code(await put([{"name": "a", "serial": "A1", "channel": 0}])) == 100004
        assert code(await put([{"name": "a", "serial": "A1"}] * 17)) == 100004
        refused(await put([], 999999), 115001)
        # Another tenant's template is not found, read or written.
        refused(await other_tenant.get(f"/yun/module/video?template_id={tpl}"), 115001)
        refused(await other_tenant.put("/yun/module/video", {"template_id": tpl, "cameras": []}), 115001)


class TestAddresses:
    @pytest.mark.parametrize(
        ("url", "problem"),
        [
            ("/api/video/demo/live.m3u8?serial=A", None),
            ("https://open.ys7.com/live/1.m3u8", None),
            ("http://cam.example.com:8080/a.flv", None),
            ("file:///etc/passwd", "invalid"),
            ("rtsp://cam.example.com/live", "invalid"),
            ("//evil.example.com/a", "invalid"),
            ("https://user:pw@cam.example.com/a", "invalid"),
            ("javascript:alert(1)", "invalid"),
            ("", "invalid"),
            ("http://127.0.0.1:8080/admin", "private"),
            ("http://localhost/admin", "private"),
            ("http://192.168.1.10/live", "private"),
            ("http://[::1]/live", "private"),
            ("http://169.254.169.254/latest", "private"),
        ],
    )
    def test_problem(self, tmp_path: Any, url: str, problem: str | None) -> None:
        settings = Settings(data_dir=tmp_path)
        assert address_problem(url, settings) == problem

    def test_private_allowed_by_setting(self, tmp_path: Any) -> None:
        settings = Settings(data_dir=tmp_path, video_allow_private=True)
        assert address_problem("http://192.168.1.10/live", settings) is None
        assert address_problem("file:///etc/passwd", settings) == "invalid"

    async def test_refused_live_address(self, app: FastAPI, team: Team) -> None:
        ok(await bind(team.admin))

        async def private(token: str, serial: str, channel: int, protocol: str = "hls") -> str:
            return "http://127.0.0.1:8080/api/admin"

        local = provider(app)
        original = local.live_address
        local.live_address = private  # type: ignore[method-assign]
        try:
            refused(await team.admin.get("/third/party/live?serial=LOCAL0001"), 100025, "url")
        finally:
            local.live_address = original  # type: ignore[method-assign]


class TestEzviz:
    """The Ezviz client against its documented answers (never the network)."""

    @staticmethod
    def client(answers: dict[str, Any], seen: list[httpx.Request]) -> EzvizProvider:
        def handle(request: httpx.Request) -> httpx.Response:
            seen.append(request)
            return httpx.Response(200, json=answers[request.url.path])

        return EzvizProvider("https://open.ys7.com", transport=httpx.MockTransport(handle))

    async def test_token_cameras_live(self) -> None:
        seen: list[httpx.Request] = []
        answers = {
            "/api/lapp/token/get": {"code": "200", "data": {"accessToken": "at.x", "expireTime": 1893456000000}},
            "/api/lapp/device/list": {
                "code": "200",
                "data": [{"deviceSerial": "C123", "deviceName": "Door", "status": 1}, {"deviceSerial": "C124"}],
            },
            "/api/lapp/v2/live/address/get": {
                "code": "200",
                "data": {"url": "https://open.ys7.com/v3/openlive/C123_1_1.m3u8"},
            },
        }
        ez = self.client(answers, seen)
        token, expires = await ez.token("k", "s")
        assert token == "at.x" and expires.year == 2030
        assert b"appKey=k" in seen[0].content and b"appSecret=s" in seen[0].content
        cams = await ez.cameras(token)
        assert [(c.serial, c.channel, c.name, c.online) for c in cams] == [
            ("C123", 1, "Door", True),
            ("C124", 1, "C124", False),
        ]
        url = await ez.live_address(token, "C123", 1, "hls")
        assert url.endswith(".m3u8") and b"protocol=2" in seen[-1].content and b"channelNo=1" in seen[-1].content

    async def test_refusals(self) -> None:
        seen: list[httpx.Request] = []
        wrong = self.client({"/api/lapp/token/get": {"code": "10017", "msg": "appKey not exist"}}, seen)
        with pytest.raises(WrongKey):
            await wrong.token("k", "s")
        failed = self.client({"/api/lapp/token/get": {"code": "49999", "msg": "data error"}}, seen)
        with pytest.raises(ProviderError):
            await failed.token("k", "s")
        malformed = self.client({"/api/lapp/token/get": {"code": "200", "data": {}}}, seen)
        with pytest.raises(ProviderError):
            await malformed.token("k", "s")

        def down(request: httpx.Request) -> httpx.Response:
            raise httpx.ConnectError("down")

        with pytest.raises(ProviderError):
            await EzvizProvider(transport=httpx.MockTransport(down)).cameras("t")
