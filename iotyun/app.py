"""create_app(): settings, database, middleware, error handlers, the /api routers and the console."""

import asyncio
import gc
import logging
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http.cookies import SimpleCookie
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from iotyun.api import allowed_methods, mount_api
from iotyun.auth.senders import make_mail_sender, make_sender
from iotyun.automations import events as automation_events
from iotyun.automations.engine import AutomationEngine
from iotyun.automations.runner import AutomationRunner
from iotyun.core.config import Settings, get_settings
from iotyun.core.context import lang_var, pick_lang, protect_logs, request_id_var
from iotyun.core.db import Database, Timeouts, unavailable
from iotyun.core.envelope import error_body
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.inputs import BodyTooLarge, InputGuardMiddleware, InputRejected
from iotyun.core.ratelimit import Limiters
from iotyun.core.spreadsheets import XLSX_MEDIA
from iotyun.messages.runner import MessageRunner
from iotyun.notifications.runner import NotifyRunner
from iotyun.operations.health.runner import HealthRunner
from iotyun.reports.exports.runner import ExportRunner
from iotyun.software import storage as software_storage
from iotyun.software.device_reports import UpgradeReports
from iotyun.software.runner import UpgradeRunner
from iotyun.telemetry.public import Telemetry
from iotyun.video.runtime import stop_video
from iotyun.web import mount_console, mount_docs

log = logging.getLogger("iotyun.app")

GZIP_MIN_BYTES = 1024
GZIP_LEVEL = 6
# The collector's youngest generation is collected after this many more containers allocated than freed, not 700: a
# 30-day hourly report's request holds ~4,500 at once (its rows, arrays and answer), 6 young collections and one of
# the middle generation every other request at 700 (docs/decisions.md "The report statistic's hot path").
GC_GEN0_THRESHOLD = 20_000


# Bytes that are compressed already or served by ranges (software packages, archives, images): gzipping them costs
# the CPU of every download for nothing (bench/upgrades.py: a package download ran at a third of a bare server's).
PACKED_MEDIA = (
    "application/octet-stream",
    "application/gzip",
    "application/zip",
    "image/png",
    "image/jpeg",
    "image/webp",
    # The demo stream's segments (video/demo_stream.py): H.264, compressed already.
    "video/mp2t",
    "image/gif",
)


class ApiGZipMiddleware:
    """Gzips /api answers when the client accepts it and they are worth it: a device list page or a history series
    shrinks 5-10 times; small envelopes go as they are. Level 6, not gzip's 9: nearly the same size for JSON at a
    fraction of the CPU per request. Exports (xlsx, a zip already), packages and images pass through; WebSockets are not
    HTTP responses.
    The console's files are left to iotyun/web.py, which sends the build's precompressed copies."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(
            app,
            minimum_size=GZIP_MIN_BYTES,
            compresslevel=GZIP_LEVEL,
            exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, XLSX_MEDIA, *PACKED_MEDIA),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


class RequestContextMiddleware:
    """Gives each request an id (X-Request-ID in and out, in every log line) and its language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        # Only the three headers it reads (ASGI servers send names in lower case), and the cookie parsed only when it
        # may name a language: this runs on every request.
        rid = accept = cookies = ""
        for k, v in scope["headers"]:
            if k == b"x-request-id":
                rid = v.decode("latin-1")[:64]
            elif k == b"accept-language":
                accept = v.decode("latin-1")
            elif k == b"cookie":
                cookies = v.decode("latin-1")
        rid = rid or uuid.uuid4().hex[:16]
        hint = None
        if "lang" in cookies:
            cookie = SimpleCookie()
            try:
                cookie.load(cookies)
            except Exception:  # a malformed cookie header only loses the language hint
                cookie = SimpleCookie()
            hint = cookie["lang"].value if "lang" in cookie else None
        lang = pick_lang(accept or None, hint)
        request_id_var.set(rid)
        lang_var.set(lang)
        scope.setdefault("state", {})["request_id"] = rid

        if scope["type"] == "websocket":
            # Nothing of a socket's messages carries the id; a live socket sends thousands, each through every
            # wrapper of `send` (bench/live_latency.py).
            await self.app(scope, receive, send)
            return

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", []).append((b"x-request-id", rid.encode()))
            await send(message)

        await self.app(scope, receive, send_with_id)


def _json(body: dict[str, Any], status: int) -> JSONResponse:
    return JSONResponse(body, status_code=status)


async def _app_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AppError)
    return _json(error_body(exc.code, field=exc.field, **exc.params), exc.http_status)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    first = errors[0] if errors else {}
    loc = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path", "header")]
    ctx = first.get("ctx") or {}
    if first.get("type") == "app_rule":
        field = ctx.get("field") or (loc[-1] if loc else None)
        params = {k: v for k, v in ctx.items() if k not in ("code", "field")}
        return _json(error_body(int(ctx["code"]), field=field, **params), 200)
    return _json(error_body(ErrorCode.PARAM_INVALID, field=".".join(loc) or None), 200)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if isinstance(exc, InputRejected):
        return _json(error_body(exc.code, field=exc.field), 200)
    if isinstance(exc, BodyTooLarge):
        return JSONResponse(error_body(exc.code, field=None, **exc.params), status_code=413)
    code = {
        400: ErrorCode.PARAM_INVALID,
        404: ErrorCode.NOT_FOUND,
        405: ErrorCode.METHOD_NOT_ALLOWED,
        413: ErrorCode.PAYLOAD_TOO_LARGE,
    }.get(exc.status_code, ErrorCode.OPERATION_FAILED)
    # A body FastAPI could not parse is an input error like any other (HTTP 200, DESIGN §3); 405 keeps its Allow
    # header (RFC 9110 §15.5.6).
    status = 200 if exc.status_code == 400 else exc.status_code
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        # Every method served at this path: Starlette's own Allow names only the first route's.
        headers["Allow"] = ", ".join(sorted(allowed_methods(request.url.path))) or headers.get("Allow", "")
    return JSONResponse(error_body(code), status_code=status, headers=headers)


async def _database_error(request: Request, exc: Exception) -> JSONResponse:
    """A database (or driver) error: 100026 with HTTP 503 when the database did not answer in time (core.db
    `unavailable`: statement, lock, connect or pool timeout), else what any unexpected error gets."""
    if not unavailable(exc):
        return await _unhandled(request, exc)
    request_id_var.set(getattr(request.state, "request_id", request_id_var.get()))
    log.warning("database did not answer in time on %s %s: %s", request.method, request.url.path, exc)
    return _json(error_body(ErrorCode.DATABASE_BUSY), 503)


async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
    request_id_var.set(getattr(request.state, "request_id", request_id_var.get()))
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return _json(error_body(ErrorCode.SERVICE_EXCEPTION), 500)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    # Request lines carry URLs: their secret parameters are masked whoever configured the handlers.
    protect_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything built at start-up (routes, models, compiled statements) lives as long as the process: moved out
        # of the collector's generations, full collections stop walking it (p99 of the device list 94 → see
        # docs/decisions.md "Read caches and the request path").
        swept = await asyncio.to_thread(
            software_storage.sweep_incoming, software_storage.root_of(settings.data_dir), time.time()
        )
        if swept:
            log.info("software: removed %d unfinished uploads", swept)
        app.state.upgrade_reports.start()
        await app.state.telemetry.start()
        await app.state.automations.start()
        app.state.automation_runner.start()
        app.state.upgrades.start()
        app.state.exports.start()
        app.state.messages.start()
        app.state.notifications.start()
        app.state.health.start()
        for hook in app.state.on_start:
            await hook(app)
        gc.collect()
        gc.freeze()
        _, gen1, gen2 = gc.get_threshold()
        gc.set_threshold(GC_GEN0_THRESHOLD, gen1, gen2)
        yield
        for hook in app.state.on_stop:
            await hook(app)
        await stop_video(app.state)
        await app.state.health.stop()
        await app.state.notifications.stop()
        await app.state.messages.stop()
        await app.state.exports.stop()
        await app.state.upgrades.stop()
        await app.state.automation_runner.stop()
        await app.state.telemetry.stop()
        await app.state.automations.stop()
        await app.state.upgrade_reports.stop()
        await app.state.db.dispose()

    app = FastAPI(
        title="iotyun",
        version="0.1.0",
        docs_url=None,
        openapi_url="/api/openapi.json",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.settings = settings
    timeouts = Timeouts(
        statement_s=settings.db_statement_timeout_seconds,
        background_s=settings.db_background_timeout_seconds,
        connect_s=settings.db_connect_timeout_seconds,
        pool_s=settings.db_pool_timeout_seconds,
    )
    app.state.db = Database(
        settings.resolved_database_url, settings.read_cache_seconds, timeouts, settings.quota_ceilings
    )
    app.state.code_sender = make_sender(settings)
    app.state.limiters = Limiters()
    app.state.telemetry = Telemetry(settings, app.state.db)
    app.state.mail_sender = make_mail_sender(settings)
    # The export centre's runner (reports/exports/runner.py): started with the app, not by the test client.
    app.state.exports = ExportRunner(app.state.db, app.state.telemetry.configs, settings, app.state.mail_sender)
    # Scheduled notices (messages/runner.py), likewise.
    app.state.messages = MessageRunner(app.state.db)
    # Alarm notifications: the outbox's fan-out and sending (notifications/runner.py), likewise.
    app.state.notifications = NotifyRunner(app.state.db, settings, app.state.mail_sender)
    # Full-network monitoring (operations/health/runner.py): this process's heartbeat; the lease holder samples the
    # platform, keeps its alerts and sends them to the operators. Likewise started with the app only.
    app.state.health = HealthRunner(app.state.db, settings, app.state.telemetry, app.state.mail_sender)
    # Upgrades (software/): the gateways' reports, written off the MQTT loop, and the rollouts' runner, likewise.
    app.state.upgrade_reports = UpgradeReports(app.state.db.sessionmaker)
    app.state.telemetry.upgrade_reports = app.state.upgrade_reports
    app.state.upgrades = UpgradeRunner(app.state.db, app.state.telemetry)
    # Automations (docs/api-automations.md): the engine judges every accepted batch beside the alarm engine (handed
    # to the ingest, which imports nothing above it); device and alarm events fire rules through their hooks
    # (automations/events.py, connected on import); the runner, started with the app only, runs the firings.
    assert automation_events.device_changed is not None
    app.state.automations = AutomationEngine(app.state.db.sessionmaker, app.state.telemetry.cache.get)
    app.state.telemetry.ingest.observers.append(app.state.automations.evaluate)
    app.state.automation_runner = AutomationRunner(app.state.db.sessionmaker, settings, app.state.telemetry)
    # Extra start/stop work of the command that runs the app (`serve --demo` starts simulated gateways).
    app.state.on_start = []
    app.state.on_stop = []
    app.add_middleware(ApiGZipMiddleware)
    app.add_middleware(InputGuardMiddleware)
    app.add_middleware(RequestContextMiddleware)
    app.add_exception_handler(AppError, _app_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    # Handled here, not by the catch-all below (whose error the server logs again as an ASGI exception).
    for database_error in (SQLAlchemyError, OSError):
        app.add_exception_handler(database_error, _database_error)
    app.add_exception_handler(Exception, _unhandled)
    mount_api(app)
    mount_docs(app, settings.web_dist, app.openapi_url or "/api/openapi.json")
    mount_console(app, settings.web_dist)
    return app
