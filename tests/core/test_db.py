"""SQLite transactions under concurrent writers (core/db.py): a savepoint nests in the request's transaction instead
of committing on its own, and a transaction that read before writing never fails with "database is locked"."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from iotyun.core.db import make_engine


@pytest.fixture
async def engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    eng = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}")
    async with eng.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)"))
    yield eng
    await eng.dispose()


async def rows(engine: AsyncEngine) -> list[str]:
    async with engine.connect() as conn:
        return [r[0] for r in (await conn.execute(text("SELECT v FROM t ORDER BY id"))).all()]


async def test_released_savepoint_is_undone_by_the_rollback(engine: AsyncEngine) -> None:
    sessions = async_sessionmaker(engine)
    async with sessions() as s:
        await s.execute(text("SELECT count(*) FROM t"))
        async with s.begin_nested():
            await s.execute(text("INSERT INTO t (v) VALUES ('kept by the savepoint')"))
        await s.rollback()
    assert await rows(engine) == []


async def test_read_then_write_waits_for_another_writer(engine: AsyncEngine) -> None:
    sessions = async_sessionmaker(engine)

    async def other_writer() -> None:
        async with sessions() as b:
            await b.execute(text("INSERT INTO t (v) VALUES ('b')"))
            await b.commit()

    async with sessions() as a:
        async with a.begin_nested():
            await a.execute(text("SELECT count(*) FROM t"))
            other = asyncio.create_task(other_writer())
            await asyncio.sleep(0.1)  # the other writer commits (or queues behind us) before our write
            await a.execute(text("INSERT INTO t (v) VALUES ('a')"))
        await a.commit()
        await other
    assert sorted(await rows(engine)) == ["a", "b"]
