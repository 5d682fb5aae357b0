"""Access-change notices (core.access): announced once the unit of work commits, never for a rolled-back one."""

from pathlib import Path

from sqlalchemy import text

from iotyun.core import access
from iotyun.core.access import AccessChange
from iotyun.core.db import Database


async def test_announced_after_commit_only(tmp_path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'a.db'}")
    heard: list[AccessChange] = []
    db.access.listen(heard.append)
    try:
        async with db.sessionmaker() as session:
            await session.execute(text("SELECT 1"))
            access.changed(session, users=[1])
            access.changed(session, devices=[5, 6], tokens=[9])
            assert heard == []
            await session.commit()
        assert heard == [AccessChange(frozenset({1}), frozenset(), frozenset({5, 6}), frozenset({9}))]
        async with db.sessionmaker() as session:
            await session.execute(text("SELECT 1"))
            access.changed(session, tenants=[2])
            await session.rollback()
            await session.commit()
        assert len(heard) == 1
        async with db.sessionmaker() as session:
            access.changed(session)  # nothing named: nothing announced
            await session.commit()
        assert len(heard) == 1
    finally:
        await db.dispose()


def test_round_trips_as_json() -> None:
    change = AccessChange(frozenset({1}), frozenset({2}), frozenset({3, 4}), frozenset({5}))
    assert AccessChange.from_json(change.to_json()) == change
    assert not AccessChange.from_json({"users": "x"})
