"""A database that hangs makes requests fail fast with 100026 (HTTP 503) instead of holding them: a statement
blocked by another connection's lock past IOTYUN_DB_STATEMENT_TIMEOUT_SECONDS (PostgreSQL's statement_timeout,
SQLite's busy timeout), a database that accepts connections but never answers past IOTYUN_DB_CONNECT_TIMEOUT_SECONDS.
Background work (exports, scheduled reports, ingest) keeps the longer IOTYUN_DB_BACKGROUND_TIMEOUT_SECONDS.
Assertions are on codes, never on durations."""

import socket
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import text

from iotyun.app import create_app
from iotyun.core.db import BACKGROUND_KEY
from iotyun.core.tenancy import system_session
from tests.conftest import Api, CodeLog, _wipe, make_settings

SHORT = 0.3


@pytest.fixture
async def impatient(database_url: str, tmp_path: Path) -> AsyncIterator[FastAPI]:
    """The app with a short statement timeout (the test's own settings)."""
    application = create_app(make_settings(database_url, tmp_path, db_statement_timeout_seconds=SHORT))
    yield application
    await application.state.db.dispose()
    # Emptying the tables may take longer than the short timeout on a busy machine: with the usual settings.
    usual = create_app(make_settings(database_url, tmp_path))
    await _wipe(usual)
    await usual.state.db.dispose()


@pytest.fixture
async def admin(impatient: FastAPI, code_log: CodeLog) -> AsyncIterator[Api]:
    transport = httpx.ASGITransport(app=impatient, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        api = Api(client, code_log)
        await api.register("alice", "13800000001")
        yield api


async def test_a_statement_blocked_by_a_lock_answers_busy(impatient: FastAPI, admin: Api, database_url: str) -> None:
    engine = impatient.state.db.engine
    if engine.dialect.name == "postgresql":
        async with engine.connect() as holder:
            await holder.execute(text("LOCK TABLE user_group IN ACCESS EXCLUSIVE MODE"))
            answer = await admin.post("/yun/user/group", {"name": "plant"})
            await holder.rollback()
    else:
        holder = sqlite3.connect(database_url.split("///", 1)[1], isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            answer = await admin.post("/yun/user/group", {"name": "plant"})
            holder.execute("ROLLBACK")
        finally:
            holder.close()
    assert (answer["meta"]["message"], answer["status"]) == ("100026", 503), answer
    assert answer["meta"]["detail"]
    # Once the lock is gone the same request passes.
    assert (await admin.post("/yun/user/group", {"name": "plant"}))["meta"]["success"] == 1


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A loopback port that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    yield server.getsockname()[1]
    server.close()


async def test_a_database_that_never_answers_answers_busy(silent_port: int, tmp_path: Path, code_log: CodeLog) -> None:
    url = f"postgresql+asyncpg://iotyun@127.0.0.1:{silent_port}/iotyun"
    app = create_app(make_settings(url, tmp_path, db_connect_timeout_seconds=SHORT))
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            answer = await Api(client, code_log).get("/yun/login/check/code")
    finally:
        await app.state.db.dispose()
    assert (answer["meta"]["message"], answer["status"]) == ("100026", 503), answer


async def test_background_sessions_keep_the_long_timeout(impatient: FastAPI) -> None:
    db = impatient.state.db
    settings = impatient.state.settings
    long_ms = int(settings.db_background_timeout_seconds * 1000)
    short_ms = int(SHORT * 1000)
    if db.engine.dialect.name == "postgresql":
        probe = "SELECT setting::int FROM pg_settings WHERE name = 'statement_timeout'"  # in ms
    else:
        probe = "PRAGMA busy_timeout"
    expected = {"short": short_ms, "long": long_ms}
    async with db.sessionmaker() as session:
        assert (await session.execute(text(probe))).scalar() == expected["short"]
    async with system_session(db.sessionmaker) as session:
        assert (await session.execute(text(probe))).scalar() == expected["long"]
    async with db.sessionmaker(info={BACKGROUND_KEY: True}) as session:
        assert (await session.execute(text(probe))).scalar() == expected["long"]
    # The setting is back to the short one for the next request on the same pooled connection.
    async with db.sessionmaker() as session:
        assert (await session.execute(text(probe))).scalar() == expected["short"]
