"""Serves the built console under /iotyun/ with history-route fallback: any /iotyun/<route> returns the app."""

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

BASE = "/iotyun"
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>iotyun</title>"
    "<p>The console is not built yet. Run <code>make run</code> (or <code>make web</code>).</p>"
)


def mount_console(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()

    @app.get("/", include_in_schema=False)
    async def _root() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE, include_in_schema=False)
    async def _base() -> RedirectResponse:
        return RedirectResponse(f"{BASE}/")

    @app.get(BASE + "/{path:path}", include_in_schema=False)
    async def _console(path: str) -> Response:
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        if path:
            candidate = (root / path).resolve()
            if candidate.is_relative_to(root) and candidate.is_file():
                # Vite fingerprints everything under assets/, so it can be cached for good.
                immutable = path.startswith("assets/")
                headers = {"Cache-Control": "public, max-age=31536000, immutable" if immutable else "no-cache"}
                return FileResponse(candidate, headers=headers)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})


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
