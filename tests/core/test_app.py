"""The app shell: envelope, error rendering, request ids, OpenAPI, the console under /iotyun/ and the catalogue."""

from pathlib import Path

import httpx
from fastapi import FastAPI

from iotyun.app import create_app
from iotyun.core.errors import CATALOGUE, ErrorCode, text
from tests.conftest import make_settings


async def test_unknown_api_path_is_an_envelope(api: object, client: httpx.AsyncClient) -> None:
    resp = await client.get("/api/no/such/thing")
    assert resp.status_code == 404
    assert resp.json()["meta"] == {
        "success": 0,
        "message": "100005",
        "detail": resp.json()["meta"]["detail"],
        "field": None,
        "request_id": resp.headers["x-request-id"],
    }


async def test_500_has_request_id_and_no_trace(app: FastAPI, client: httpx.AsyncClient) -> None:
    @app.get("/api/test/boom")
    async def boom() -> None:
        raise RuntimeError("secret internals")

    resp = await client.get("/api/test/boom", headers={"X-Request-ID": "req-abc"})
    assert resp.status_code == 500
    body = resp.json()
    assert body["meta"]["message"] == "100003" and body["meta"]["request_id"] == "req-abc"
    assert "secret" not in resp.text and "Traceback" not in resp.text


async def test_openapi_docs(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/docs")).status_code == 200
    spec = (await client.get("/api/openapi.json")).json()
    assert "/api/yun/v2/user/login" in spec["paths"]


async def test_language_from_cookie(client: httpx.AsyncClient) -> None:
    zh = (await client.get("/api/no/such")).json()["meta"]["detail"]
    en = (await client.get("/api/no/such", headers={"Cookie": "lang=en"})).json()["meta"]["detail"]
    assert zh == text(ErrorCode.NOT_FOUND, "zh") and en == text(ErrorCode.NOT_FOUND, "en") and zh != en


async def test_console_history_fallback(database_url: str, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<html>console</html>")
    (dist / "assets" / "app-123.js").write_text("js")
    (tmp_path / "secret.txt").write_text("nope")
    app = create_app(make_settings(database_url, tmp_path, web_dist=dist))
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
        assert (await c.get("/")).headers["location"] == "/iotyun/"
        for path in ("/iotyun/", "/iotyun/login", "/iotyun/device/devgroup", "/iotyun/designConfigure/id=3"):
            resp = await c.get(path)
            assert resp.status_code == 200 and resp.text == "<html>console</html>", path
        asset = await c.get("/iotyun/assets/app-123.js")
        assert asset.text == "js" and "immutable" in asset.headers["cache-control"]
        assert "nope" not in (await c.get("/iotyun/../secret.txt")).text
        assert "nope" not in (await c.get("/iotyun/%2e%2e/secret.txt")).text
    await app.state.db.dispose()


def test_catalogue_complete_in_both_languages() -> None:
    assert set(CATALOGUE) == {int(c) for c in ErrorCode}
    for number, (zh, en) in CATALOGUE.items():
        assert zh and en, number
        assert en.isascii(), number


def test_catalogue_fills_and_drops_placeholders() -> None:
    assert "30" in text(ErrorCode.ACCOUNT_LOCKED, "en", seconds=30)
    assert "{" not in text(ErrorCode.ACCOUNT_LOCKED, "en")
    assert "{" not in text(ErrorCode.PARAM_INVALID, "zh")


async def test_docs_use_bundled_swagger_when_built(database_url: str, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "swagger").mkdir(parents=True)
    (dist / "swagger" / "swagger-ui-bundle.js").write_text("//")
    app = create_app(make_settings(database_url, tmp_path, web_dist=dist))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        html = (await c.get("/api/docs")).text
        assert "/iotyun/swagger/swagger-ui-bundle.js" in html and "cdn" not in html
    await app.state.db.dispose()
