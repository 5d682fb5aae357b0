"""Personalization and white label (issue 36 point 1, docs/api-system.md): every user of a tenant reads its brand,
only P81000 writes it; texts, colour and domain are checked with their codes and a refused save changes nothing;
images are judged by their bytes, never their names or declared types; a domain is bound by one tenant only; a host's
brand shows its public parts to anyone, the platform's for any other host; a save reaches the tenant's open consoles
on the live socket and no one else's."""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import orjson
import pytest
import uvicorn
from fastapi import FastAPI
from starlette.requests import Request
from websockets.asyncio.client import ClientConnection, connect

from iotyun.core.addresses import request_host
from iotyun.core.errors import ErrorCode
from iotyun.core.limits import BRAND_FOOTER_MAX, BRAND_NAME_MAX, BRAND_PENDING_IMAGES_MAX, BRAND_SLOGAN_MAX
from tests.conftest import Api, code
from tests.resources.factories import jpeg, png
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team
from tests.telemetry.factories import free_port

__all__ = ["other_tenant", "team"]

SVG_LOGO = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" onload="alert(1)">'
    b'<script>alert(2)</script><rect width="40" height="20" fill="#0a7"/></svg>'
)
FULL = {
    "platform_name": "  Acme 云平台 ",
    "slogan": "Plants that talk back",
    "footer": "© Acme Industrial",
    "primary_color": "#0a7b5c",
    "default_language": "en",
    "map_theme": "midnight",
    "domain": "Brand.Example.COM.",
}


def ok(body: dict[str, Any]) -> Any:
    assert body["meta"]["success"] == 1, body
    return body["data"]


async def upload(api: Api, slot: str, data: bytes, name: str = "logo.png", kind: str = "image/png") -> dict[str, Any]:
    return await api.call("POST", "/yun/individuation/image", data={"slot": slot}, files={"file": (name, data, kind)})


async def public(client: httpx.AsyncClient, host: str) -> dict[str, Any]:
    """The login page's read: no token, no signature, only the Host header."""
    resp = await client.get("/api/yun/individuation/public", headers={"Host": host})
    data: dict[str, Any] = ok(resp.json())
    return data


class TestRead:
    async def test_anonymous(self, api: Api) -> None:
        assert code(await api.get("/yun/individuation")) == ErrorCode.ILLEGAL_TOKEN

    async def test_the_platform_defaults_before_any_save(self, team: Team) -> None:
        brand = ok(await team.admin.get("/yun/individuation"))
        assert brand == {
            "platform_name": "",
            "slogan": "",
            "footer": "",
            "primary_color": None,
            "default_language": "zh",
            "map_theme": None,
            "domain": None,
            "logo_light": None,
            "logo_dark": None,
            "favicon": None,
            "background": None,
            "version": 0,
            "updated_at": None,
        }

    async def test_every_user_of_the_tenant_reads_it(self, team: Team) -> None:
        ok(await team.admin.put("/yun/individuation", {"platform_name": "Acme"}))
        plain = await team.without()
        assert ok(await plain.get("/yun/individuation"))["platform_name"] == "Acme"

    async def test_another_tenant_reads_its_own(self, team: Team, other_tenant: Api) -> None:
        ok(await team.admin.put("/yun/individuation", {"platform_name": "Acme", "domain": "acme.example.com"}))
        theirs = ok(await other_tenant.get("/yun/individuation"))
        assert theirs["platform_name"] == "" and theirs["domain"] is None

    async def test_the_device_map_takes_the_brands_theme(self, app: FastAPI, team: Team, other_tenant: Api) -> None:
        platform = app.state.settings.map_theme
        assert ok(await team.admin.get("/dev/map"))["theme"] == platform
        ok(await team.admin.put("/yun/individuation", {"map_theme": "midnight"}))
        assert ok(await team.admin.get("/dev/map"))["theme"] == "midnight"
        assert ok(await other_tenant.get("/dev/map"))["theme"] == platform
        ok(await team.admin.put("/yun/individuation", {"map_theme": None}))
        assert ok(await team.admin.get("/dev/map"))["theme"] == platform


class TestSave:
    async def test_saves_and_reads_back(self, team: Team) -> None:
        saved = ok(await team.admin.put("/yun/individuation", FULL))
        assert saved["platform_name"] == "Acme 云平台"
        assert saved["primary_color"] == "#0A7B5C"
        assert saved["domain"] == "brand.example.com"
        assert (saved["default_language"], saved["map_theme"], saved["version"]) == ("en", "midnight", 1)
        assert ok(await team.admin.get("/yun/individuation")) == saved
        again = ok(await team.admin.put("/yun/individuation", {**FULL, "platform_name": "Acme"}))
        assert again["version"] == 2

    async def test_an_internationalised_domain_is_kept_in_ascii(self, team: Team) -> None:
        saved = ok(await team.admin.put("/yun/individuation", {"domain": "例子.中国"}))
        assert saved["domain"] == "xn--fsqu00a.xn--fiqs8s"

    async def test_without_P81000(self, team: Team) -> None:
        plain = await team.without()
        assert code(await plain.put("/yun/individuation", FULL)) == ErrorCode.NO_PRIVILEGE
        assert code(await plain.call("DELETE", "/yun/individuation")) == ErrorCode.NO_PRIVILEGE
        assert code(await upload(plain, "logo_light", png())) == ErrorCode.NO_PRIVILEGE
        assert ok(await team.admin.get("/yun/individuation"))["version"] == 0

    async def test_a_role_given_P81000_writes(self, team: Team) -> None:
        await team.role("brander", ["P80000", "P81000"])
        await team.user("bea", "brander")
        bea = await team.login("bea")
        assert ok(await bea.put("/yun/individuation", {"platform_name": "Bea's"}))["platform_name"] == "Bea's"

    @pytest.mark.parametrize(
        ("change", "expected", "field"),
        [
            ({"platform_name": "x" * (BRAND_NAME_MAX + 1)}, ErrorCode.BRAND_NAME_TOO_LONG, "platform_name"),
            ({"slogan": "x" * (BRAND_SLOGAN_MAX + 1)}, ErrorCode.BRAND_SLOGAN_TOO_LONG, "slogan"),
            ({"footer": "x" * (BRAND_FOOTER_MAX + 1)}, ErrorCode.BRAND_FOOTER_TOO_LONG, "footer"),
            ({"platform_name": "two\nlines"}, ErrorCode.PARAM_INVALID, "platform_name"),
            ({"primary_color": "red"}, ErrorCode.BRAND_COLOR_INVALID, "primary_color"),
            ({"primary_color": "#12345"}, ErrorCode.BRAND_COLOR_INVALID, "primary_color"),
            ({"primary_color": "#12345g"}, ErrorCode.BRAND_COLOR_INVALID, "primary_color"),
            ({"default_language": "fr"}, ErrorCode.PARAM_INVALID, "default_language"),
            ({"map_theme": "neon"}, ErrorCode.PARAM_INVALID, "map_theme"),
            ({"logo_light_id": "x"}, ErrorCode.PARAM_INVALID, "logo_light_id"),
            ({"unknown": 1}, ErrorCode.PARAM_INVALID, "unknown"),
            ({"domain": "https://brand.example.com"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "brand.example.com:8443"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "brand.example.com/login"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "*.example.com"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "-brand.example.com"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "brand_1.example.com"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": f"{'x' * 64}.example.com"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": ".".join(["abcdefghi"] * 26)}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "intranet"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "10.0.0.7"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "[::1]"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "localhost"}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
            ({"domain": "x" * 100_000}, ErrorCode.ILLEGAL_DOMAIN, "domain"),
        ],
    )
    async def test_bad_input_changes_nothing(
        self, team: Team, change: dict[str, Any], expected: ErrorCode, field: str
    ) -> None:
        before = ok(await team.admin.put("/yun/individuation", FULL))
        body = await team.admin.put("/yun/individuation", {**FULL, **change})
        assert (code(body), body["meta"].get("field")) == (expected, field), body
        assert ok(await team.admin.get("/yun/individuation")) == before

    async def test_the_platforms_own_host_is_not_bound(self, app: FastAPI, team: Team) -> None:
        platform = app.state.settings.public_url.split("//", 1)[1].split(":", 1)[0].split("/", 1)[0]
        body = await team.admin.put("/yun/individuation", {"domain": platform})
        assert code(body) == ErrorCode.ILLEGAL_DOMAIN

    async def test_a_domain_is_bound_by_one_tenant(self, team: Team, other_tenant: Api) -> None:
        ok(await team.admin.put("/yun/individuation", {"domain": "acme.example.com"}))
        taken = await other_tenant.put("/yun/individuation", {"platform_name": "Mal", "domain": "ACME.example.com"})
        assert (code(taken), taken["meta"].get("field")) == (ErrorCode.DOMAIN_TAKEN, "domain")
        # Nothing of the first tenant in the answer, and the refused save made no brand for the other.
        assert "acme" not in str(taken).lower().replace("acme.example.com", "")
        assert ok(await other_tenant.get("/yun/individuation"))["version"] == 0
        # Saving again with one's own domain is no conflict; once it is given up, another may take it.
        ok(await team.admin.put("/yun/individuation", {"platform_name": "Acme", "domain": "acme.example.com"}))
        ok(await team.admin.put("/yun/individuation", {"platform_name": "Acme", "domain": None}))
        assert ok(await other_tenant.put("/yun/individuation", {"domain": "acme.example.com"}))["domain"]

    async def test_concurrent_bindings_of_one_domain(self, team: Team, other_tenant: Api) -> None:
        first, second = await asyncio.gather(
            team.admin.put("/yun/individuation", {"domain": "race.example.com"}),
            other_tenant.put("/yun/individuation", {"domain": "race.example.com"}),
        )
        assert sorted([code(first), code(second)]) == [ErrorCode.SUCCESS, ErrorCode.DOMAIN_TAKEN]

    async def test_reset_goes_back_to_the_platform(self, team: Team, client: httpx.AsyncClient) -> None:
        logo = ok(await upload(team.admin, "logo_light", png()))
        ok(await team.admin.put("/yun/individuation", {**FULL, "logo_light_id": logo["id"]}))
        reset = ok(await team.admin.call("DELETE", "/yun/individuation"))
        assert (reset["platform_name"], reset["domain"], reset["logo_light"]) == ("", None, None)
        assert ok(await team.admin.get("/yun/individuation"))["platform_name"] == ""
        assert (await public(client, "brand.example.com"))["platform_name"] == ""
        gone = await client.get(logo["url"])
        assert gone.json()["meta"]["message"] == str(ErrorCode.RESOURCE_NOT_FOUND)


class TestImages:
    async def test_a_png_named_svg_is_judged_by_its_bytes(self, team: Team, client: httpx.AsyncClient) -> None:
        logo = ok(await upload(team.admin, "logo_light", png(8, 4), "logo.svg", "image/svg+xml"))
        assert logo["url"].endswith(".png") and (logo["width"], logo["height"]) == (8, 4)
        served = await client.get(logo["url"])
        assert served.headers["content-type"] == "image/png"
        assert served.headers["x-content-type-options"] == "nosniff"
        assert served.content.startswith(b"\x89PNG\r\n\x1a\n")

    async def test_a_jpeg_is_kept_as_a_jpeg(self, team: Team, client: httpx.AsyncClient) -> None:
        background = ok(await upload(team.admin, "background", jpeg(30, 20), "bg.png", "image/png"))
        assert background["url"].endswith(".jpg")
        assert (await client.get(background["url"])).headers["content-type"] == "image/jpeg"

    @pytest.mark.parametrize(
        ("slot", "data", "expected"),
        [
            ("logo_light", b"<!doctype html><html><script>alert(1)</script></html>", ErrorCode.IMAGE_TYPE_INVALID),
            ("favicon", b"GIF89a\x01\x00\x01\x00", ErrorCode.IMAGE_TYPE_INVALID),
            ("background", SVG_LOGO, ErrorCode.IMAGE_TYPE_INVALID),
            ("logo_dark", b"\x89PNG\r\n\x1a\n<html><script>alert(1)</script></html>", ErrorCode.IMAGE_UNREADABLE),
            ("logo_dark", png()[:30], ErrorCode.IMAGE_UNREADABLE),
            ("favicon", png(pad=110 * 1024), ErrorCode.IMAGE_TOO_LARGE),
            ("logo_light", b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg/>', ErrorCode.SVG_DTD_REFUSED),
        ],
    )
    async def test_what_is_not_a_fitting_image_is_refused(
        self, team: Team, slot: str, data: bytes, expected: ErrorCode
    ) -> None:
        body = await upload(team.admin, slot, data, "logo.png", "image/png")
        assert code(body) == expected, body
        assert body["meta"].get("field") in ("file", None)

    async def test_an_unknown_place_is_refused(self, team: Team) -> None:
        assert code(await upload(team.admin, "header", png())) == ErrorCode.PARAM_INVALID

    async def test_an_svg_logo_is_sanitised(self, team: Team, client: httpx.AsyncClient) -> None:
        logo = ok(await upload(team.admin, "logo_light", SVG_LOGO, "logo.svg", "image/svg+xml"))
        served = await client.get(logo["url"])
        assert served.headers["content-type"].startswith("image/svg+xml")
        assert "sandbox" in served.headers["content-security-policy"]
        assert b"script" not in served.content and b"onload" not in served.content
        assert b"<rect" in served.content

    async def test_an_image_must_be_the_tenants_and_for_its_place(self, team: Team, other_tenant: Api) -> None:
        theirs = ok(await upload(other_tenant, "logo_light", png()))
        favicon = ok(await upload(team.admin, "favicon", png()))
        for body, field in (
            ({"logo_light_id": theirs["id"]}, "logo_light_id"),
            ({"logo_light_id": favicon["id"]}, "logo_light_id"),
            ({"background_id": 10**12}, "background_id"),
        ):
            refused = await team.admin.put("/yun/individuation", body)
            assert (code(refused), refused["meta"].get("field")) == (ErrorCode.RESOURCE_NOT_FOUND, field)
        assert ok(await team.admin.get("/yun/individuation"))["version"] == 0
        # The other tenant's brand still names its own image.
        assert ok(await other_tenant.put("/yun/individuation", {"logo_light_id": theirs["id"]}))["logo_light"]

    async def test_a_replaced_image_is_deleted_with_its_bytes(self, team: Team, client: httpx.AsyncClient) -> None:
        old = ok(await upload(team.admin, "logo_light", png(4, 4)))
        ok(await team.admin.put("/yun/individuation", {"logo_light_id": old["id"]}))
        new = ok(await upload(team.admin, "logo_light", png(6, 6)))
        # Uploaded but not saved: the brand still shows the old one.
        assert (await client.get(old["url"])).status_code == 200
        saved = ok(await team.admin.put("/yun/individuation", {"logo_light_id": new["id"]}))
        assert saved["logo_light"]["url"] == new["url"]
        assert (await client.get(old["url"])).json()["meta"]["message"] == str(ErrorCode.RESOURCE_NOT_FOUND)
        assert (await client.get(new["url"])).status_code == 200

    async def test_pending_uploads_are_capped(self, team: Team) -> None:
        for _ in range(BRAND_PENDING_IMAGES_MAX):
            ok(await upload(team.admin, "favicon", png()))
        refused = await upload(team.admin, "favicon", png())
        assert code(refused) == ErrorCode.LIMIT_REACHED

    async def test_a_name_that_is_no_image(self, client: httpx.AsyncClient) -> None:
        for name in ("x.png", "..%2F..%2Fetc%2Fpasswd", "A" * 32 + ".gif", "A" * 32 + ".png"):
            body = (await client.get(f"/api/yun/individuation/file/{name}")).json()
            assert body["meta"]["message"] in (str(ErrorCode.RESOURCE_NOT_FOUND), str(ErrorCode.NOT_FOUND)), name


class TestHost:
    async def test_an_unknown_host_gets_the_platforms(self, team: Team, client: httpx.AsyncClient) -> None:
        ok(await team.admin.put("/yun/individuation", FULL))
        for host in ("test", "other.example.com", "localhost:8080", "127.0.0.1", ""):
            assert await public(client, host) == {
                "platform_name": "",
                "slogan": "",
                "footer": "",
                "primary_color": None,
                "default_language": None,
                "logo_light_url": None,
                "logo_dark_url": None,
                "favicon_url": None,
                "background_url": None,
            }, host

    async def test_a_bound_host_gets_only_the_public_parts(self, team: Team, client: httpx.AsyncClient) -> None:
        logo = ok(await upload(team.admin, "logo_light", png()))
        background = ok(await upload(team.admin, "background", jpeg()))
        ok(
            await team.admin.put(
                "/yun/individuation", {**FULL, "logo_light_id": logo["id"], "background_id": background["id"]}
            )
        )
        for host in ("brand.example.com", "BRAND.example.com:8443", "brand.example.com."):
            shown = await public(client, host)
            assert shown == {
                "platform_name": "Acme 云平台",
                "slogan": "Plants that talk back",
                "footer": "© Acme Industrial",
                "primary_color": "#0A7B5C",
                "default_language": "en",
                "logo_light_url": logo["url"],
                "logo_dark_url": None,
                "favicon_url": None,
                "background_url": background["url"],
            }, host
        # Its images are served to a browser that has not signed in.
        assert (await client.get(logo["url"], headers={"Host": "brand.example.com"})).status_code == 200

    async def test_a_change_shows_at_once(self, team: Team, client: httpx.AsyncClient) -> None:
        ok(await team.admin.put("/yun/individuation", FULL))
        assert (await public(client, "brand.example.com"))["platform_name"] == "Acme 云平台"
        ok(await team.admin.put("/yun/individuation", {**FULL, "platform_name": "Renamed"}))
        assert (await public(client, "brand.example.com"))["platform_name"] == "Renamed"
        ok(await team.admin.put("/yun/individuation", {**FULL, "domain": "moved.example.com"}))
        assert (await public(client, "brand.example.com"))["platform_name"] == ""
        assert (await public(client, "moved.example.com"))["platform_name"] == "Acme 云平台"

    def test_the_forwarded_host_is_believed_from_a_trusted_proxy_only(self) -> None:
        class State:
            settings = type("S", (), {"trusted_proxies": "10.0.0.0/8"})()

        def host_of(peer: str, headers: dict[str, str]) -> str:
            app = type("App", (), {"state": State()})()
            scope = {
                "type": "http",
                "app": app,
                "client": (peer, 1234),
                "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
            }
            return request_host(Request(scope))

        forwarded = {"Host": "internal:8080", "X-Forwarded-Host": "Brand.Example.com, proxy.local"}
        assert host_of("10.1.2.3", forwarded) == "brand.example.com"
        assert host_of("203.0.113.9", forwarded) == "internal"
        assert host_of("10.1.2.3", {"Host": "Brand.example.com:443"}) == "brand.example.com"
        assert host_of("10.1.2.3", {"Host": "[::1]:8080"}) == ""


# --- the push to open consoles -------------------------------------------------------------------------------------


@pytest.fixture
async def server(app: FastAPI) -> AsyncIterator[str]:
    config = uvicorn.Config(app, host="127.0.0.1", port=free_port(), lifespan="off", log_config=None)
    srv = uvicorn.Server(config)
    task = asyncio.create_task(srv.serve())
    while not srv.started:  # noqa: ASYNC110 - uvicorn offers no start event
        await asyncio.sleep(0.02)
    yield f"ws://127.0.0.1:{config.port}/api/v2/ws/web/rtd"
    srv.should_exit = True
    await task


@contextlib.asynccontextmanager
async def console(server: str, token: str | None) -> AsyncIterator[ClientConnection]:
    """A console's live socket, signed in and subscribed to nothing."""
    async with connect(server) as ws:
        await ws.send(orjson.dumps({"op": "auth", "token": token}).decode())
        assert orjson.loads(await ws.recv())["type"] == "ready"
        yield ws


async def heard(ws: ClientConnection) -> list[dict[str, Any]]:
    """The frames that reached the socket before the answer to a ping."""
    await ws.send(orjson.dumps({"op": "ping"}).decode())
    frames: list[dict[str, Any]] = []
    async with asyncio.timeout(10):
        while (frame := orjson.loads(await ws.recv()))["type"] != "pong":
            frames.append(frame)
    return frames


async def test_a_save_reaches_the_tenants_consoles_only(server: str, team: Team, other_tenant: Api) -> None:
    plain = await team.without()
    async with (
        console(server, team.admin.token) as admin_ws,
        console(server, plain.token) as plain_ws,
        console(server, other_tenant.token) as other_ws,
    ):
        # A refused save pushes nothing.
        assert code(await team.admin.put("/yun/individuation", {"primary_color": "blue"})) != ErrorCode.SUCCESS
        assert await heard(admin_ws) == []
        ok(await team.admin.put("/yun/individuation", {"platform_name": "Acme"}))
        assert await heard(admin_ws) == [{"type": "brand", "version": 1}]
        assert await heard(plain_ws) == [{"type": "brand", "version": 1}]
        assert await heard(other_ws) == []
        ok(await team.admin.call("DELETE", "/yun/individuation"))
        assert await heard(plain_ws) == [{"type": "brand", "version": 2}]
        assert await heard(other_ws) == []
