"""Test harness: the app over HTTP (httpx + ASGI) on a migrated SQLite database and, when it answers, PostgreSQL.

With CI=true PostgreSQL must answer: its tests fail instead of skipping.
"""

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import re
import socket
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi import FastAPI
from fastapi import routing as fastapi_routing
from sqlalchemy import text
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import LRUCache

from iotyun import migrate
from iotyun.app import create_app
from iotyun.core import security
from iotyun.core.config import Settings
from iotyun.core.db import make_engine
from iotyun.models import Base
from iotyun.video.runtime import stop_video

CI = os.environ.get("CI", "").lower() == "true"

# The modules whose tests run longest (a fuzz run, a gateway cut off for a minute, servers started and killed, the
# authorization matrix): handed to the workers first. Left where collection put them, the longest of them started in
# the last minutes of the run, and two of the three workers stood idle while the third finished them (a fresh-clone
# run: 711 s, against the 627 s its 1,881 worker-seconds fill on three workers).
LONGEST_FIRST = (
    "tests/core/test_schema_fuzz.py",
    "tests/telemetry/test_faults.py",
    "tests/scale/test_two_servers.py",
    "tests/core/test_matrix.py",
    "tests/telemetry/test_stop.py",
    "tests/gateway/test_upgrade_e2e.py",
    "tests/core/test_cli.py",
)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The LONGEST_FIRST modules' tests first, in the order collection put them; the rest after, in theirs. Every
    worker collects the same list and sorts it the same way, so the workers agree on it."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return LONGEST_FIRST.index(path) if path in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)


def _share_route_state_between_apps() -> None:
    """Every test builds its own app (create_app), and FastAPI (0.16x) builds the state of an included router's routes
    — each endpoint's dependency tree, body and response fields — lazily, per app, on the first request that walks
    that router: 0.2–0.5 s on a test's first calls, more than half of the suite's time. That state depends on the
    route and on how it is included (prefix, dependencies), which are the same in every app (iotyun.api.mount_api),
    not on the app's settings: it is built once per process here and shared by the apps that follow.

    Not shared where an app overrides a dependency (the state reads the overrides of the app it was built for; no
    test overrides one today). Should a FastAPI upgrade move this private hook, the suite runs unshared, only slower
    (tests/core/test_app.py checks that the sharing is in effect)."""
    included = getattr(fastapi_routing, "_IncludedRouter", None)
    build = getattr(included, "_build_effective_context", None)
    if included is None or build is None:
        return
    built: dict[tuple[Any, ...], tuple[Any, Any]] = {}

    def build_once(self: Any, route: Any) -> Any:
        context = self.include_context
        overrides = getattr(context.dependency_overrides_provider, "dependency_overrides", None)
        if not isinstance(route, fastapi_routing.APIRoute) or overrides:
            return build(self, route)
        key = (
            id(route),
            context.prefix,
            tuple(getattr(d, "dependency", d) for d in context.dependencies),
            context.max_body_size,
        )
        if key not in built:
            # The route is kept with its state, so its id is not reused while the key lives.
            built[key] = (route, build(self, route))
        return built[key][1]

    build_once.shared = True  # type: ignore[attr-defined]
    included._build_effective_context = build_once


_share_route_state_between_apps()

PG_ADMIN_URL = os.environ.get("IOTYUN_TEST_PG", "postgresql+asyncpg://postgres@127.0.0.1:5432/postgres")


def _pg_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return True
    except OSError:
        return False


class CodeLog(logging.Handler):
    """Collects what the default senders write to the server log: captcha answers and verification codes."""

    CAPTCHA = re.compile(r"captcha (\S+): (\S+)")
    CODE = re.compile(r"verification code for \w+ (\S+) \((\w+)\): (\d+)")

    def __init__(self) -> None:
        super().__init__()
        self.captchas: dict[str, str] = {}
        self.codes: dict[tuple[str, str], str] = {}

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if m := self.CAPTCHA.match(msg):
            self.captchas[m.group(1)] = m.group(2)
        elif m := self.CODE.match(msg):
            self.codes[(m.group(1), m.group(2))] = m.group(3)


# Production argon2 costs 0.1–0.8 s per hash on this machine (64 MiB × 3 passes for people, 19 MiB × 2 for gateway
# secrets), and the suite hashes thousands of passwords. Tests hash with the cheapest argon2id parameters instead: the
# same code paths, the same hash format (a hash carries its parameters, so verification is unchanged). Tests marked
# `production_argon2` keep the real hashers; tests/core/test_passwords.py pins their parameters.
_CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture(autouse=True)
def cheap_argon2(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("production_argon2") is None:
        monkeypatch.setattr(security, "_hasher", _CHEAP_HASHER)
        monkeypatch.setattr(security, "_device_hasher", _CHEAP_HASHER)


@pytest.fixture(scope="session")
def code_log() -> Iterator[CodeLog]:
    handler = CodeLog()
    for name in ("iotyun.auth", "iotyun.codes"):
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).setLevel(logging.INFO)
    yield handler
    for name in ("iotyun.auth", "iotyun.codes"):
        logging.getLogger(name).removeHandler(handler)


async def _create_pg_database(name: str) -> str:
    engine = make_engine(PG_ADMIN_URL)
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    await engine.dispose()
    return PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name


async def _drop_pg_database(name: str) -> None:
    engine = make_engine(PG_ADMIN_URL)
    async with engine.connect() as conn:
        conn = await conn.execution_options(isolation_level="AUTOCOMMIT")
        await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    await engine.dispose()


@contextlib.asynccontextmanager
async def fresh_pg_database(prefix: str) -> AsyncIterator[str]:
    """The URL of an empty PostgreSQL database of the test's own, dropped afterwards. Without PostgreSQL the test is
    skipped, or fails under CI=true."""
    if not _pg_answers():
        if CI:
            pytest.fail("PostgreSQL at 127.0.0.1:5432 does not answer, and CI=true requires it")
        pytest.skip("PostgreSQL at 127.0.0.1:5432 does not answer")
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    url = await _create_pg_database(name)
    try:
        yield url
    finally:
        await _drop_pg_database(name)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
async def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("db") / "iotyun.db"
        url = f"sqlite+aiosqlite:///{path}"
        await asyncio.to_thread(migrate.upgrade, Settings(data_dir=path.parent), url)
        yield url
        return
    async with fresh_pg_database("iotyun_test") as url:
        await asyncio.to_thread(migrate.upgrade, Settings(), url)
        _WIPERS[url] = make_engine(url)
        try:
            yield url
        finally:
            await _WIPERS.pop(url).dispose()


def make_settings(database_url: str, tmp: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": tmp,
        "database_url": database_url,
        "captcha": "on",
        "captcha_echo": True,
        "web_dist": tmp / "no-dist",
        "verify_code_resend_seconds": 60,
        # A request's statement, and its wait for a pooled connection, may take this long on a busy test machine
        # (SQLite's write lock under the concurrency tests: SQLAlchemy's and SQLite's own defaults before the
        # timeouts were settings); tests of the timeouts set their own.
        "db_statement_timeout_seconds": 30.0,
        "db_pool_timeout_seconds": 30.0,
    }
    values.update(overrides)
    return Settings(**values)


# A PostgreSQL database's own engine for _wipe, kept for the session: its connection's server process has the
# catalogue of every table in its caches. The probe below, on each test app's new connection, read them afresh: 25 ms
# of the server's time per test, against 2 ms on a connection that has run it before.
_WIPERS: dict[str, AsyncEngine] = {}


async def _wipe(app: FastAPI) -> None:
    """Empty every table a test wrote to and restart the ids, so the next test starts as on a fresh database.

    One query finds the tables holding rows (most tests touch a few of the 94); only those are emptied."""
    tables = Base.metadata.sorted_tables
    engine = _WIPERS.get(app.state.db.url, app.state.db.engine)
    async with engine.begin() as conn:
        # Table names come from the models' metadata, never from input.
        probe = " UNION ALL ".join(
            f"SELECT '{t.name}' WHERE EXISTS (SELECT 1 FROM \"{t.name}\")"  # noqa: S608
            for t in tables
        )
        filled = {name for (name,) in (await conn.execute(text(probe))).all()}
        # DELETE, children first: on PostgreSQL a TRUNCATE of the few filled tables cost 0.26 s per test (it makes new
        # files for each table and its indexes), a DELETE of their few rows 0.02 s.
        for table in reversed(tables):
            if table.name in filled:
                await conn.execute(table.delete())
        if conn.dialect.name == "postgresql":
            # Every sequence, also those of tables that are empty again after a rollback or a delete. (SQLite hands
            # out max(id) + 1 again once a table is empty.)
            await conn.execute(text("SELECT setval(c.oid, 1, false) FROM pg_class c WHERE c.relkind = 'S'"))


# One dialect and compiled-statement cache per database for the apps of all tests (see _share_compiled_sql).
_COMPILED_SQL: dict[str, tuple[Dialect, LRUCache[Any, Any]]] = {}
_COMPILED_SQL_ENTRIES = 5000


async def _share_compiled_sql(application: FastAPI, database_url: str) -> None:
    """SQLAlchemy caches each statement's compiled form per engine, keyed by the engine's dialect: every test makes
    its app, so its engine, so every statement of every test was compiled anew — a third of the suite's processor
    time (tests/templates: 79 → 51 s of CPU once shared). The apps of a database's tests share the first app's
    dialect, initialised by a first connection (server version, defaults), and one larger cache. A dialect holds no
    per-engine state here (iotyun.core.db.make_engine passes it nothing; its timeouts go to the connections)."""
    engine = application.state.db.engine
    if database_url not in _COMPILED_SQL:
        async with engine.connect():
            pass
        _COMPILED_SQL[database_url] = (engine.sync_engine.dialect, LRUCache(_COMPILED_SQL_ENTRIES))
    engine.sync_engine.dialect, engine.sync_engine._compiled_cache = _COMPILED_SQL[database_url]


@pytest.fixture
async def app(database_url: str, tmp_path: Path) -> AsyncIterator[FastAPI]:
    application = create_app(make_settings(database_url, tmp_path))
    await _share_compiled_sql(application, database_url)
    yield application
    # The demo stream's encoder, if a test asked for the stream (the matrix, the fuzz run): the test client runs no
    # lifespan, whose shutdown would stop it.
    await stop_video(application.state)
    await _wipe(application)
    await application.state.db.dispose()


class Signer:
    """What the console's lib/sign.ts does: an Ed25519 pair, TS strictly increasing, SIG over PubKey, TS, TTL, the
    method, the path under /api and the body's SHA-256 (docs/security.md)."""

    def __init__(self) -> None:
        self.key = Ed25519PrivateKey.generate()
        self.pub = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
        self.last_ts = 0

    def headers(
        self, method: str, path: str, body: bytes = b"", *, ts: int | None = None, ttl: int = 60
    ) -> dict[str, str]:
        if ts is None:
            ts = max(int(time.time() * 1000), self.last_ts + 1)
            self.last_ts = ts
        digest = hashlib.sha256(body).hexdigest()
        sig = self.key.sign(f"{self.pub}\n{ts}\n{ttl}\n{method.upper()}\n{path}\n{digest}".encode()).hex()
        return {
            "TS": str(ts),
            "TTL": str(ttl),
            "SIG": sig,
            "PubKey": self.pub,
            "Version": "V2",
            "RequestType": "Web",
        }


@dataclass
class Api:
    """An HTTP client of the API that signs when it has no token and sends X-Token, X-User, X-Tenant when it has."""

    client: httpx.AsyncClient
    code_log: CodeLog
    signer: Signer = field(default_factory=Signer)
    token: str | None = None
    user_id: int | None = None
    tenant_id: int | None = None
    lang: str = "zh"

    def _headers(self, method: str = "GET", path: str = "", body: bytes = b"") -> dict[str, str]:
        """Token headers, or a signature over `method`, `path` (under /api, no query) and `body`."""
        headers = {"Accept-Language": self.lang}
        if self.token:
            headers.update({"X-Token": self.token, "X-User": str(self.user_id), "X-Tenant": str(self.tenant_id)})
        else:
            headers.update(self.signer.headers(method, path.split("?", 1)[0], body))
        return headers

    async def call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        if "json" in kwargs:
            # Serialized here so the signature covers exactly the bytes sent.
            kwargs["content"] = json.dumps(kwargs.pop("json")).encode()
            kwargs["headers"] = {"Content-Type": "application/json", **kwargs.get("headers", {})}
        content = kwargs.get("content", b"")
        sent = content.encode() if isinstance(content, str) else content
        headers = {**self._headers(method, path, sent if isinstance(sent, bytes) else b""), **kwargs.pop("headers", {})}
        resp = await self.client.request(method, "/api" + path, headers=headers, **kwargs)
        body: dict[str, Any] = resp.json()
        body["status"] = resp.status_code
        return body

    async def get(self, path: str, **kw: Any) -> dict[str, Any]:
        return await self.call("GET", path, **kw)

    async def post(self, path: str, json: Any = None, **kw: Any) -> dict[str, Any]:
        return await self.call("POST", path, json=json, **kw)

    async def put(self, path: str, json: Any = None, **kw: Any) -> dict[str, Any]:
        return await self.call("PUT", path, json=json, **kw)

    async def captcha(self) -> tuple[str, str]:
        body = await self.get("/yun/login/check/code")
        key = body["data"]["code_key"]
        return key, self.code_log.captchas[key]

    async def send_code(self, account: str, scene: str = "register") -> str:
        key, answer = await self.captcha()
        path = "/register/sms/num" if scene == "register" else "/user/sms/num"
        body = await self.post(path, {"account": account, "code": answer, "code_key": key})
        assert body["meta"]["success"] == 1, body
        return self.code_log.codes[(account.lower(), scene)]

    async def register(self, user_name: str, account: str, password: str = "secret123") -> dict[str, Any]:
        code = await self.send_code(account)
        body = await self.post(
            "/user/register",
            {
                "user_name": user_name,
                "account": account,
                "sms_code": code,
                "password": password,
                "password2": password,
                "agree": True,
            },
        )
        assert body["meta"]["success"] == 1, body
        return self.adopt(body["data"])

    async def login(self, username: str, password: str) -> dict[str, Any]:
        key, answer = await self.captcha()
        body = await self.post(
            "/yun/v2/user/login",
            {"username": username, "password": password, "code": answer, "code_key": key},
        )
        if body["meta"]["success"] == 1:
            self.adopt(body["data"])
        return body

    def adopt(self, payload: dict[str, Any]) -> dict[str, Any]:
        self.token, self.user_id, self.tenant_id = (
            payload["x_Token"],
            payload["user_id"],
            payload["tenant_id"],
        )
        return payload

    def forget(self) -> None:
        self.token = self.user_id = self.tenant_id = None


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        yield c


@pytest.fixture
def api(client: httpx.AsyncClient, code_log: CodeLog) -> Api:
    return Api(client, code_log)


@pytest.fixture
def new_api(client: httpx.AsyncClient, code_log: CodeLog) -> Any:
    """Another browser: its own key pair and session."""
    return lambda: Api(client, code_log)


def code(body: dict[str, Any]) -> int:
    return int(body["meta"]["message"])
