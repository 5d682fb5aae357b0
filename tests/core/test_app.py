"""The app shell: envelope, error rendering, request ids, OpenAPI, the console under /iotyun/ and the catalogue."""

import gzip
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import NamedTuple

import httpx
import pytest
import sqlalchemy
from fastapi import FastAPI, Request, Response
from fastapi import routing as fastapi_routing
from fastapi.responses import FileResponse

from iotyun.app import create_app
from iotyun.core.errors import CATALOGUE, AppError, ErrorCode, text
from iotyun.core.inputs import check_params
from iotyun.core.spreadsheets import XLSX_MEDIA
from iotyun.web import IMMUTABLE, AssetMemory, pick_encoding
from tests import conftest
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


class Sent(NamedTuple):
    status_code: int
    headers: httpx.Headers
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode()


class TestPrecompressedConsole:
    """The build's .br and .gz copies are sent to browsers that accept them, with the original's type."""

    # Above the API's gzip threshold, so a response compressed on the fly would show.
    JS = "console.log('plain');" * 100
    CSS = "body{}" * 300

    @pytest.fixture
    def dist(self, tmp_path: Path) -> Path:
        dist = tmp_path / "dist"
        (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text("<html>console</html>")
        (dist / "index.html.gz").write_bytes(gzip.compress(b"<html>console</html>"))
        (dist / "assets" / "app-123.js").write_text(self.JS)
        (dist / "assets" / "app-123.js.gz").write_bytes(gzip.compress(self.JS.encode()))
        # Not real brotli: the test reads which copy was sent, the browser would decode it.
        (dist / "assets" / "app-123.js.br").write_bytes(b"BROTLI")
        (dist / "assets" / "style-9.css").write_text(self.CSS)
        (dist / "config.js").write_text("window.edited = true;")
        (dist / "config.js.gz").write_bytes(gzip.compress(b"window.before = true;"))
        stale = (dist / "config.js").stat().st_mtime - 60
        os.utime(dist / "config.js.gz", (stale, stale))
        (tmp_path / "secret.txt").write_text("nope")
        (tmp_path / "secret.txt.gz").write_bytes(gzip.compress(b"nope"))
        return dist

    @pytest.fixture
    async def console(self, database_url: str, tmp_path: Path, dist: Path) -> AsyncIterator[httpx.AsyncClient]:
        app = create_app(make_settings(database_url, tmp_path, web_dist=dist))
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            yield c
        await app.state.db.dispose()

    @staticmethod
    async def raw(c: httpx.AsyncClient, path: str, accept: str) -> Sent:
        """The response with its body as sent (httpx would otherwise decode gzip)."""
        request = c.build_request("GET", path, headers={"Accept-Encoding": accept})
        resp = await c.send(request, stream=True)
        body = b"".join([chunk async for chunk in resp.aiter_raw()])
        await resp.aclose()
        return Sent(resp.status_code, resp.headers, body)

    async def test_brotli_first(self, console: httpx.AsyncClient) -> None:
        resp = await self.raw(console, "/iotyun/assets/app-123.js", "gzip, deflate, br, zstd")
        assert resp.status_code == 200
        assert resp.headers["content-encoding"] == "br"
        assert resp.headers["content-type"].startswith("text/javascript")
        assert resp.headers["vary"] == "Accept-Encoding"
        assert resp.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert resp.headers["content-length"] == "6"
        assert resp.content == b"BROTLI"

    async def test_gzip_when_brotli_is_not_accepted(self, console: httpx.AsyncClient) -> None:
        resp = await self.raw(console, "/iotyun/assets/app-123.js", "gzip")
        assert resp.headers["content-encoding"] == "gzip"
        assert resp.headers["content-type"].startswith("text/javascript")
        assert gzip.decompress(resp.content).decode() == self.JS

    async def test_q_values_are_respected(self, console: httpx.AsyncClient) -> None:
        assert (await self.raw(console, "/iotyun/assets/app-123.js", "br;q=0, gzip")).headers[
            "content-encoding"
        ] == "gzip"
        assert (await self.raw(console, "/iotyun/assets/app-123.js", "br;q=0.5, gzip;q=0.8")).headers[
            "content-encoding"
        ] == "gzip"
        assert (await self.raw(console, "/iotyun/assets/app-123.js", "*")).headers["content-encoding"] == "br"

    async def test_plain_without_accept_encoding(self, console: httpx.AsyncClient) -> None:
        for accept in ("", "identity", "br;q=0, gzip;q=0", "deflate"):
            resp = await self.raw(console, "/iotyun/assets/app-123.js", accept)
            assert "content-encoding" not in resp.headers, accept
            assert resp.text == self.JS and resp.headers["vary"] == "Accept-Encoding"
            assert resp.headers["cache-control"] == "public, max-age=31536000, immutable"
            assert resp.headers["content-length"] == str(len(self.JS))

    async def test_plain_when_the_build_made_no_copy(self, console: httpx.AsyncClient) -> None:
        resp = await self.raw(console, "/iotyun/assets/style-9.css", "gzip, br")
        assert "content-encoding" not in resp.headers
        assert resp.text == self.CSS and resp.headers["content-type"].startswith("text/css")

    async def test_a_file_edited_after_the_build_is_not_shadowed_by_its_stale_copy(
        self, console: httpx.AsyncClient
    ) -> None:
        resp = await self.raw(console, "/iotyun/config.js", "gzip, br")
        assert "content-encoding" not in resp.headers
        assert resp.text == "window.edited = true;" and resp.headers["cache-control"] == "no-cache"

    async def test_index_and_history_routes(self, console: httpx.AsyncClient) -> None:
        for path in ("/iotyun/", "/iotyun/login", "/iotyun/device/devgroup"):
            resp = await self.raw(console, path, "gzip, br")
            assert resp.headers["content-encoding"] == "gzip", path
            assert resp.headers["content-type"].startswith("text/html"), path
            assert resp.headers["cache-control"] == "no-cache", path
            assert gzip.decompress(resp.content) == b"<html>console</html>", path

    async def test_path_traversal_still_refused(self, console: httpx.AsyncClient) -> None:
        for path in ("/iotyun/../secret.txt", "/iotyun/%2e%2e/secret.txt", "/iotyun/..%2fsecret.txt"):
            for accept in ("", "gzip"):
                resp = await console.get(path, headers={"Accept-Encoding": accept})
                assert "nope" not in resp.text, (path, accept)

    async def test_large_api_answers_are_gzipped_small_ones_not(self, app: FastAPI, client: httpx.AsyncClient) -> None:
        @app.get("/api/test/large")
        async def large() -> dict[str, str]:
            return {"text": "x" * 5000}

        big = await self.raw(client, "/api/test/large", "gzip, br")
        assert big.headers["content-encoding"] == "gzip" and big.headers["vary"] == "Accept-Encoding"
        assert len(big.content) < 1000
        assert gzip.decompress(big.content).decode() == '{"text":"' + "x" * 5000 + '"}'
        small = await self.raw(client, "/api/yun/sys/info/timestamp", "gzip, br")
        assert "content-encoding" not in small.headers

    async def test_exports_are_not_compressed_again(self, app: FastAPI, client: httpx.AsyncClient) -> None:
        @app.get("/api/test/export")
        async def export() -> Response:
            return Response(b"PK" + b"\0" * 5000, media_type=XLSX_MEDIA)

        resp = await self.raw(client, "/api/test/export", "gzip")
        assert "content-encoding" not in resp.headers and len(resp.content) == 5002


class TestAssetMemory:
    """The build's assets are read from disk once per coding and then answered from memory (iotyun/web.py)."""

    @pytest.fixture
    def root(self, tmp_path: Path) -> Path:
        root = tmp_path / "dist"
        (root / "assets").mkdir(parents=True)
        (root / "assets" / "app-1.js").write_text("plain")
        (root / "assets" / "app-1.js.br").write_bytes(b"BR")
        (root / "assets" / "app-1.js.gz").write_bytes(b"GZ")
        (tmp_path / "secret.txt").write_text("nope")
        return root.resolve()

    @staticmethod
    def request(accept: str) -> Request:
        return Request({"type": "http", "method": "GET", "headers": [(b"accept-encoding", accept.encode())]})

    async def test_each_coding_read_once_then_from_memory(self, root: Path) -> None:
        memory = AssetMemory(root, 1024)
        first = await memory.response("assets/app-1.js", self.request("gzip, br"))
        assert first is not None and first.body == b"BR" and first.headers["content-encoding"] == "br"
        assert first.headers["cache-control"] == IMMUTABLE and first.headers["vary"] == "Accept-Encoding"
        assert first.media_type == "text/javascript"
        # Gone from disk: the next answers come from memory, each coding as it was read.
        for name in ("app-1.js", "app-1.js.br"):
            (root / "assets" / name).rename(root / "assets" / f"{name}.moved")
        again = await memory.response("assets/app-1.js", self.request("br"))
        assert again is not None and again.body == b"BR"
        gz = await memory.response("assets/app-1.js", self.request("gzip"))
        assert gz is not None and gz.body == b"GZ" and gz.headers["content-encoding"] == "gzip"

    async def test_only_files_under_the_root_by_their_own_name(self, root: Path) -> None:
        memory = AssetMemory(root, 1024)
        assert await memory.response("assets/../../secret.txt", self.request("")) is None
        assert await memory.response("assets/none.js", self.request("")) is None
        # A name longer than the file system allows is no file, not a server error.
        assert await memory.response("assets/" + "x" * 5000 + ".js", self.request("")) is None
        # Another spelling of a real file is sent from disk, not kept under that spelling.
        other = await memory.response("assets/./app-1.js", self.request(""))
        assert isinstance(other, FileResponse)
        assert memory._kinds == {} and memory._bodies == {}

    async def test_past_its_budget_files_are_sent_from_disk(self, root: Path) -> None:
        memory = AssetMemory(root, 3)
        assert isinstance(await memory.response("assets/app-1.js", self.request("br")), Response)
        assert memory._used == 2
        plain = await memory.response("assets/app-1.js", self.request(""))
        assert isinstance(plain, FileResponse) and memory._used == 2


def test_pick_encoding() -> None:
    assert pick_encoding("gzip, deflate, br, zstd", ["br", "gzip"]) == "br"
    assert pick_encoding("gzip, deflate, br", ["gzip"]) == "gzip"
    assert pick_encoding("GZIP;Q=1.0", ["br", "gzip"]) == "gzip"
    assert pick_encoding("br;q=0.1, gzip;q=0.9", ["br", "gzip"]) == "gzip"
    assert pick_encoding("br;q=bad, gzip", ["br", "gzip"]) == "gzip"
    assert pick_encoding("*;q=0", ["br", "gzip"]) is None
    assert pick_encoding("identity", ["br", "gzip"]) is None
    assert pick_encoding("", ["br", "gzip"]) is None
    assert pick_encoding("br", []) is None


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


class TestRouteStateSharedByTheHarness:
    """tests/conftest.py builds a route's state once per process for the apps of all tests (the suite's speed
    depends on it); an app that overrides a dependency gets its own."""

    def test_the_sharing_is_in_effect(self) -> None:
        build = fastapi_routing._IncludedRouter._build_effective_context
        assert getattr(build, "shared", False), "FastAPI moved the hook tests/conftest.py shares route state through"

    async def test_an_override_still_applies(self, tmp_path: Path) -> None:
        url = f"sqlite+aiosqlite:///{tmp_path / 'unused.db'}"

        async def refuse() -> None:
            raise AppError(ErrorCode.PARAM_INVALID)

        for overridden in (False, True, False):
            app = create_app(make_settings(url, tmp_path))
            if overridden:
                app.dependency_overrides[check_params] = refuse
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                body = (await client.get("/api/yun/sys/info/timestamp")).json()
            assert body["meta"]["success"] == (0 if overridden else 1), body
            await app.state.db.dispose()


class TestCompiledSqlSharedByTheHarness:
    """tests/conftest.py gives the apps of a database's tests one initialised dialect and one compiled-statement
    cache (the suite's speed depends on it); each app keeps its own engine, pool and connections."""

    async def test_a_second_app_reuses_the_statements_the_first_compiled(
        self, app: FastAPI, database_url: str, tmp_path: Path
    ) -> None:
        first = app.state.db.engine.sync_engine
        assert first.dialect.server_version_info is not None, "the shared dialect is initialised"
        async with app.state.db.engine.connect() as conn:
            await conn.execute(sqlalchemy.select(sqlalchemy.literal(1)).where(sqlalchemy.literal(2) > 1))
        cached = len(first._compiled_cache)
        second = create_app(make_settings(database_url, tmp_path / "second"))
        try:
            await conftest._share_compiled_sql(second, database_url)
            engine = second.state.db.engine
            assert engine.sync_engine is not first and engine.sync_engine.pool is not first.pool
            assert engine.sync_engine.dialect is first.dialect
            assert engine.sync_engine._compiled_cache is first._compiled_cache
            async with engine.connect() as conn:
                value = (
                    await conn.execute(sqlalchemy.select(sqlalchemy.literal(1)).where(sqlalchemy.literal(2) > 1))
                ).scalar()
            assert value == 1
            assert len(first._compiled_cache) == cached, "the statement was compiled again"
        finally:
            await second.state.db.dispose()
