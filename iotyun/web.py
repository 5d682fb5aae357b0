"""Serves the built console under /iotyun/ with history-route fallback: any /iotyun/<route> returns the app.

The build writes `<file>.br` and `<file>.gz` next to each text file (web/vite.config.ts, `precompressed`): a file is
sent in the encoding the request accepts, brotli before gzip, else as it is; never compressed per request.
"""

import mimetypes
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

BASE = "/iotyun"
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>iotyun</title>"
    "<p>The console is not built yet. Run <code>make run</code> (or <code>make web</code>).</p>"
)
# Vite fingerprints everything under assets/, so it can be cached for good; the rest (index.html, config.js, which
# is edited at deploy time) is revalidated on every use.
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# Content codings the build precompresses, the server's preference first, with their file suffix.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def accepted_codings(accept_encoding: str) -> dict[str, float]:
    """The codings of an Accept-Encoding header with their q-values (RFC 9110 §12.5.3); `*` stands for the others."""
    out: dict[str, float] = {}
    for item in accept_encoding.split(","):
        coding, _, params = item.partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value.strip())
                except ValueError:
                    q = 0.0
        out[coding] = q
    return out


def pick_encoding(accept_encoding: str, available: list[str]) -> str | None:
    """The coding to send, among those a file has a precompressed copy in: the highest q above 0, ties going to the
    order of `available` (br, then gzip); None for the file as it is."""
    accepted = accepted_codings(accept_encoding)
    best: tuple[float, str] | None = None
    for coding in available:
        q = accepted.get(coding, accepted.get("*", 0.0))
        if q > 0 and (best is None or q > best[0]):
            best = (q, coding)
    return best[1] if best else None


def send_file(path: Path, request: Request, cache_control: str) -> FileResponse:
    """`path`, or its precompressed copy in an encoding the request accepts (one at least as new as the file, so a
    file edited after the build, such as config.js, is never shadowed by a stale copy)."""
    headers = {"Cache-Control": cache_control, "Vary": "Accept-Encoding"}
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    copies: dict[str, Path] = {}
    mtime = path.stat().st_mtime
    for coding, suffix in PRECOMPRESSED:
        copy = path.with_name(path.name + suffix)
        if copy.is_file() and copy.stat().st_mtime >= mtime:
            copies[coding] = copy
    chosen = pick_encoding(request.headers.get("accept-encoding", ""), list(copies))
    if chosen is None:
        return FileResponse(path, media_type=media_type, headers=headers)
    return FileResponse(copies[chosen], media_type=media_type, headers={**headers, "Content-Encoding": chosen})


def mount_console(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()

    @app.get("/", include_in_schema=False)
    async def _root() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE, include_in_schema=False)
    async def _base() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE + "/{path:path}", include_in_schema=False)
    async def _console(path: str, request: Request) -> Response:
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        if path:
            candidate = (root / path).resolve()
            if candidate.is_relative_to(root) and candidate.is_file():
                return send_file(candidate, request, IMMUTABLE if path.startswith("assets/") else REVALIDATE)
        return send_file(index, request, REVALIDATE)


def mount_docs(app: FastAPI, dist: Path, openapi_url: str) -> None:
    """/api/docs with the Swagger UI bundled into the console build (web/dist/swagger), so it works offline."""
    bundled = (dist / "swagger" / "swagger-ui-bundle.js").is_file()

    @app.get("/api/docs", include_in_schema=False)
    async def _docs() -> HTMLResponse:
        if not bundled:
            return get_swagger_ui_html(openapi_url=openapi_url, title="iotyun API")
        return get_swagger_ui_html(
            openapi_url=openapi_url,
            title="iotyun API",
            swagger_js_url=f"{BASE}/swagger/swagger-ui-bundle.js",
            swagger_css_url=f"{BASE}/swagger/swagger-ui.css",
            swagger_favicon_url=f"{BASE}/favicon.svg",
        )
