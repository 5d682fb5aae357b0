"""Serves the built console under /iotyun/ with history-route fallback: any /iotyun/<route> returns the app.

The build writes `<file>.br` and `<file>.gz` next to each text file (web/vite.config.ts, `precompressed`): a file is
sent in the encoding the request accepts, brotli before gzip, else as it is; never compressed per request.
"""

import mimetypes
from pathlib import Path

import anyio
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
# What AssetMemory keeps of the build's assets at most (the console's brotli copies are ~2 MB, its plain files ~10).
ASSET_MEMORY_BYTES = 32 * 1024 * 1024


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


def _copies(path: Path) -> dict[str, Path]:
    """The precompressed copies of `path` by coding, each at least as new as the file (so a file edited after the
    build, such as config.js, is never shadowed by a stale copy)."""
    copies: dict[str, Path] = {}
    mtime = path.stat().st_mtime
    for coding, suffix in PRECOMPRESSED:
        copy = path.with_name(path.name + suffix)
        if copy.is_file() and copy.stat().st_mtime >= mtime:
            copies[coding] = copy
    return copies


def _served(root: Path, path: str) -> Path | None:
    """The file `path` names under `root`, None when it names none there (outside it, missing, or a name the file
    system refuses, such as one longer than it allows: a 404's history fallback, not a server error)."""
    try:
        candidate = (root / path).resolve()
        return candidate if candidate.is_relative_to(root) and candidate.is_file() else None
    except (OSError, ValueError):
        return None


def _media_type(path: Path) -> str:
    return mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def send_file(path: Path, request: Request, cache_control: str) -> FileResponse:
    """`path`, or its precompressed copy in an encoding the request accepts."""
    headers = {"Cache-Control": cache_control, "Vary": "Accept-Encoding"}
    copies = _copies(path)
    chosen = pick_encoding(request.headers.get("accept-encoding", ""), list(copies))
    if chosen is None:
        return FileResponse(path, media_type=_media_type(path), headers=headers)
    return FileResponse(copies[chosen], media_type=_media_type(path), headers={**headers, "Content-Encoding": chosen})


class AssetMemory:
    """The build's fingerprinted files (assets/: a name never changes its content) answered from memory once read.

    Opening the designer in a fresh browser fetches some thirty of them at once, six at a time, beside the screen's
    own request; FileResponse paid for each a stat of the file and its copies and three trips to a worker thread
    (stat, open, read). From memory a file is one plain response. Each (file, coding) is read once, up to `budget`
    bytes in all (the build's brotli copies are ~2 MB); past it files are sent from disk as before.
    """

    def __init__(self, root: Path, budget: int) -> None:
        self._root = root
        self._budget = budget
        self._used = 0
        # "assets/x.js" -> its media type and the codings it has a copy in (br, gzip).
        self._kinds: dict[str, tuple[str, list[str]]] = {}
        self._bodies: dict[tuple[str, str | None], bytes] = {}

    async def response(self, path: str, request: Request) -> Response | None:
        """The answer for `path` (as requested: only canonical names of files under assets/ are kept), None when it
        is no such file."""
        kind = self._kinds.get(path)
        if kind is None:
            candidate = _served(self._root, path)
            if candidate is None:
                return None
            if candidate.relative_to(self._root).as_posix() != path:
                return send_file(candidate, request, IMMUTABLE)
            kind = (_media_type(candidate), list(_copies(candidate)))
            self._kinds[path] = kind
        media_type, codings = kind
        chosen = pick_encoding(request.headers.get("accept-encoding", ""), codings)
        body = self._bodies.get((path, chosen))
        if body is None:
            file = self._root / (path + dict(PRECOMPRESSED)[chosen] if chosen else path)
            body = await anyio.to_thread.run_sync(file.read_bytes)
            if self._used + len(body) > self._budget:
                return send_file(self._root / path, request, IMMUTABLE)
            self._bodies[(path, chosen)] = body
            self._used += len(body)
        headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
        if chosen:
            headers["Content-Encoding"] = chosen
        return Response(body, media_type=media_type, headers=headers)


def mount_console(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()
    assets = AssetMemory(root, ASSET_MEMORY_BYTES)

    @app.get("/", include_in_schema=False)
    async def _root() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE, include_in_schema=False)
    async def _base() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE + "/{path:path}", include_in_schema=False)
    async def _console(path: str, request: Request) -> Response:
        if path.startswith("assets/"):
            answer = await assets.response(path, request)
            if answer is not None:
                return answer
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        if path and not path.startswith("assets/"):
            candidate = _served(root, path)
            if candidate is not None:
                return send_file(candidate, request, REVALIDATE)
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
