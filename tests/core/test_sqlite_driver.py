"""The SQLite driver with one thread hop per statement (core/sqlite_driver.py): what SQLAlchemy reads off a cursor
after a statement is what sqlite3 said, errors keep their DBAPI classes, and a statement is one hop."""

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from iotyun.core import sqlite_driver
from iotyun.core.db import make_engine


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    eng = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'd.sqlite'}")
    yield eng
    await eng.dispose()


async def test_sqlite_urls_get_the_one_hop_driver(engine: AsyncEngine) -> None:
    assert engine.dialect.driver == sqlite_driver.DRIVER
    assert engine.dialect.name == "sqlite"


async def test_rows_rowcount_lastrowid_and_many(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INTEGER)"))
        inserted = await conn.execute(text("INSERT INTO t (name, n) VALUES ('a', 1)"))
        assert inserted.lastrowid == 1
        many = await conn.execute(
            text("INSERT INTO t (name, n) VALUES (:name, :n)"), [{"name": f"b{i}", "n": i} for i in range(5)]
        )
        assert many.rowcount == 5
        changed = await conn.execute(text("UPDATE t SET n = n + 10 WHERE n < 3"))
        assert changed.rowcount == 4
        rows = (await conn.execute(text("SELECT name, n FROM t ORDER BY id"))).all()
        assert [tuple(r) for r in rows] == [("a", 11), ("b0", 10), ("b1", 11), ("b2", 12), ("b3", 3), ("b4", 4)]
        assert (await conn.execute(text("SELECT name FROM t WHERE n > 99"))).first() is None
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 6
        returned = await conn.execute(text("UPDATE t SET n = 0 WHERE name = 'a' RETURNING id, n"))
        assert [tuple(r) for r in returned] == [(1, 0)]


async def test_errors_keep_their_dbapi_classes(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE u (name TEXT UNIQUE)"))
        await conn.execute(text("INSERT INTO u VALUES ('x')"))
    with pytest.raises(IntegrityError):
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO u VALUES ('x')"))
    with pytest.raises(OperationalError):
        async with engine.begin() as conn:
            await conn.execute(text("SELECT * FROM nowhere"))
    # The connection that failed is usable again.
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM u"))).scalar_one() == 1


async def test_a_statement_is_one_hop(engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    async with engine.connect() as conn:
        await conn.execute(text("SELECT 1"))  # the connection and its pragmas, before counting
        raw: Any = (await conn.get_raw_connection()).driver_connection
        hops = 0
        real = raw._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal hops
            hops += 1
            return await real(fn, *args, **kwargs)

        monkeypatch.setattr(raw, "_execute", counted)
        assert (await conn.execute(text("SELECT 40 + 2"))).scalar_one() == 42
        assert hops == 1
