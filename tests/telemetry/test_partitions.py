"""History partitions on PostgreSQL (telemetry/partitions.py, migration 2026-12-19_history_partitions): one per UTC
month plus a DEFAULT one, made ahead of time by a leased loop; the storage limits drop a past month whose values all
go. SQLite keeps one table: the tests that read answers run on both databases and expect the same ones."""

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from fastapi import FastAPI
from sqlalchemy import func, select, text

from iotyun import migrate
from iotyun.core.db import make_engine
from iotyun.core.limits import HISTORY_VALUE_BYTES
from iotyun.telemetry import partitions, retention
from iotyun.telemetry.models import history_hour, history_value
from tests.conftest import Api, fresh_pg_database
from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.templates.factories import ok

HOUR = 3_600_000
MINUTE = 60_000
REVISION = "4e8a2c6f0b13"
ALLOWED = 1024 * 1024 // HISTORY_VALUE_BYTES  # values in 1 MB


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> int:
    return int(datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp() * 1000)


def postgres(app: FastAPI) -> bool:
    return bool(app.state.db.engine.dialect.name == "postgresql")


def need_postgres(app: FastAPI) -> None:
    if not postgres(app):
        pytest.skip("history partitions are PostgreSQL's (SQLite keeps one table)")


async def ensure(app: FastAPI, lo: int, hi: int) -> list[str]:
    async with app.state.db.engine.begin() as conn:
        made: list[str] = await conn.run_sync(partitions.ensure, lo, hi)
    return made


async def where_rows_are(app: FastAPI) -> dict[str, int]:
    async with app.state.db.engine.connect() as conn:
        rows = await conn.execute(text("SELECT tableoid::regclass::text, count(*) FROM history_value GROUP BY 1"))
        return {str(name): int(n) for name, n in rows.all()}


async def partition_names(app: FastAPI) -> set[str]:
    async with app.state.db.engine.connect() as conn:
        found = await conn.run_sync(partitions.layout)
    assert found is not None
    return {p.name for p in found[0]}


async def put(app: FastAPI, rows: list[tuple[int, int, int, float]]) -> None:
    """Values through the history writer (COPY on PostgreSQL, the rollup kept as the ingest keeps it)."""
    telemetry = app.state.telemetry
    telemetry.writer.add([(d, s, ts, v, None) for d, s, ts, v in rows], 0, None)
    await telemetry.writer.flush()


# --- the scheme ---------------------------------------------------------------------------------------------------


def test_month_partitions_cover_utc_months() -> None:
    p = partitions.month_partition(2024, 12)
    assert (p.name, p.lo, p.hi) == ("history_value_p202412", ms(2024, 12, 1), ms(2025, 1, 1))
    assert [q.name for q in partitions.months(ms(2025, 1, 31, 23), ms(2025, 3, 1))] == [
        "history_value_p202501",
        "history_value_p202502",
        "history_value_p202503",
    ]
    assert partitions.is_partition_name("history_value_p202501") and partitions.is_partition_name(
        "history_value_default"
    )
    assert not partitions.is_partition_name("history_value") and not partitions.is_partition_name("history_hour")


async def test_values_land_in_their_month(app: FastAPI, plant: Plant) -> None:
    need_postgres(app)
    assert await ensure(app, ms(2024, 3, 1), ms(2024, 4, 1)) in (
        ["history_value_p202403", "history_value_p202404"],
        [],  # made by an earlier test on this database
    )
    sid = plant.sources["出水压力"]
    edge = ms(2024, 4, 1)
    await put(app, [(plant.device_id, sid, edge + k, float(k)) for k in (-2, -1, 0, 1, 2)])
    await put(app, [(plant.device_id, sid, 5_000, 1.0)])  # 1970: no month partition, the DEFAULT one takes it
    assert await where_rows_are(app) == {
        "history_value_p202403": 2,
        "history_value_p202404": 3,
        "history_value_default": 1,
    }


async def test_partitions_are_made_ahead_once_across_servers(app: FastAPI, plant: Plant) -> None:
    need_postgres(app)
    # The runtime's keeper made this month's and the next three months' at start.
    telemetry = app.state.telemetry
    assert telemetry.partitions is not None
    now = datetime.now(UTC)
    this_month = partitions.month_partition(now.year, now.month).name
    for _ in range(50):
        if this_month in await partition_names(app):
            break
        await asyncio.sleep(0.1)
    assert this_month in await partition_names(app)
    # A value of a month to come, while its partition does not exist yet, waits in the DEFAULT partition, and moves
    # into its partition when that is made.
    sid = plant.sources["出水压力"]
    later = ms(2031, 6, 10)
    await put(app, [(plant.device_id, sid, later, 7.0)])
    assert (await where_rows_are(app)).get("history_value_default") == 1
    keeper = partitions.PartitionKeeper(app.state.db.sessionmaker, holder="test-keeper-a")
    other = partitions.PartitionKeeper(app.state.db.sessionmaker, holder="test-keeper-b")
    try:
        # The runtime's own keeper holds the lease: another process's keeper does nothing.
        assert await keeper.tick(datetime(2031, 5, 15, tzinfo=UTC)) is None
        await telemetry.partitions.stop()  # a clean stop gives the lease back
        made = await keeper.tick(datetime(2031, 5, 15, tzinfo=UTC))
        assert made is not None and {"history_value_p203106", "history_value_p203108"} <= set(made)
        assert "history_value_p203109" not in await partition_names(app)  # three months ahead
        assert await where_rows_are(app) == {"history_value_p203106": 1}
        assert await keeper.tick(datetime(2031, 5, 16, tzinfo=UTC)) == []  # nothing twice
        assert await other.tick(datetime(2031, 5, 16, tzinfo=UTC)) is None  # one keeper across servers
    finally:
        await keeper.stop()
        await other.stop()


# --- the storage limits -------------------------------------------------------------------------------------------


async def counts(app: FastAPI, device_id: int) -> tuple[int, int]:
    async with app.state.db.sessionmaker() as s:
        hv = history_value.c
        n = (await s.execute(select(func.count()).where(hv.device_id == device_id))).scalar_one()
        oldest = (await s.execute(select(func.min(hv.ts)).where(hv.device_id == device_id))).scalar_one()
        return int(n), int(oldest or 0)


async def test_the_limit_drops_a_past_month_and_trims_the_next(app: FastAPI, team: Team, plant: Plant) -> None:
    """1200 values in January 2025 and ALLOWED + 300 in February: 1500 too many, so 2000 go (SPEC §9's steps of
    1000): all of January, which PostgreSQL drops as a partition, and February's oldest 800, deleted row by row."""
    if postgres(app):
        await ensure(app, ms(2025, 1, 1), ms(2025, 2, 1))
    sid = plant.sources["出水压力"]
    jan, feb = ms(2025, 1, 10), ms(2025, 2, 1)
    await put(app, [(plant.device_id, sid, jan + i * 1000, float(i)) for i in range(1200)])
    await put(app, [(plant.device_id, sid, feb + i * 1000, float(i)) for i in range(ALLOWED + 300)])
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"history_storage_mb": 1}))
    removed = await retention.enforce(app.state.db)
    assert removed["values"] == 2000
    assert await counts(app, plant.device_id) == (ALLOWED + 300 - 800, feb + 800 * 1000)
    async with app.state.db.sessionmaker() as s:
        first_hour = (await s.execute(select(func.min(history_hour.c.bucket)))).scalar_one()
    assert first_hour == feb  # January's rollup went with it; February's first hour holds values still
    if postgres(app):
        names = await partition_names(app)
        assert "history_value_p202501" not in names and "history_value_p202502" in names
        assert await where_rows_are(app) == {"history_value_p202502": ALLOWED + 300 - 800}
        # The month is made again when a value of it comes back (the keeper or a migration).
        assert await ensure(app, ms(2025, 1, 1), ms(2025, 1, 2)) == ["history_value_p202501"]


async def test_a_drop_that_cannot_get_the_lock_deletes_instead(app: FastAPI, team: Team, plant: Plant) -> None:
    """A long read (an export) holds history_value: the drop waits DROP_LOCK_TIMEOUT, then the month's values are
    deleted row by row, with the same answer, and the partition stays."""
    need_postgres(app)
    await ensure(app, ms(2025, 1, 1), ms(2025, 2, 1))
    sid = plant.sources["出水压力"]
    jan, feb = ms(2025, 1, 10), ms(2025, 2, 1)
    await put(app, [(plant.device_id, sid, jan + i * 1000, float(i)) for i in range(1200)])
    await put(app, [(plant.device_id, sid, feb + i * 1000, float(i)) for i in range(ALLOWED + 300)])
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"history_storage_mb": 1}))
    async with app.state.db.engine.connect() as reader:
        await reader.execute(text("SELECT count(*) FROM history_value WHERE ts < 0"))  # holds ACCESS SHARE
        assert (await retention.enforce(app.state.db))["values"] == 2000
        await reader.rollback()
    assert await counts(app, plant.device_id) == (ALLOWED + 300 - 800, feb + 800 * 1000)
    names = await partition_names(app)
    assert {"history_value_p202501", "history_value_p202502"} <= names
    assert await where_rows_are(app) == {"history_value_p202502": ALLOWED + 300 - 800}


async def test_a_month_shared_with_other_devices_is_trimmed_not_dropped(app: FastAPI, team: Team, plant: Plant) -> None:
    """Values of a device nobody holds (no quota applies) keep January's partition; the owner's January values are
    deleted from it row by row, with the same answer."""
    if postgres(app):
        await ensure(app, ms(2025, 1, 1), ms(2025, 2, 1))
    sid = plant.sources["出水压力"]
    stray = 987_654_321
    jan, feb = ms(2025, 1, 10), ms(2025, 2, 1)
    await put(app, [(stray, sid, jan, 1.0)])
    await put(app, [(plant.device_id, sid, jan + i * 1000, float(i)) for i in range(1200)])
    await put(app, [(plant.device_id, sid, feb + i * 1000, float(i)) for i in range(ALLOWED + 300)])
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"history_storage_mb": 1}))
    assert (await retention.enforce(app.state.db))["values"] == 2000
    assert await counts(app, plant.device_id) == (ALLOWED + 300 - 800, feb + 800 * 1000)
    assert await counts(app, stray) == (1, jan)
    if postgres(app):
        assert await where_rows_are(app) == {"history_value_p202501": 1, "history_value_p202502": ALLOWED - 500}


async def test_values_in_the_default_partition_are_trimmed_first(app: FastAPI, team: Team, plant: Plant) -> None:
    """A value of 1970 (the DEFAULT partition) is the oldest: the trim goes row by row over the whole table then."""
    if postgres(app):
        await ensure(app, ms(2025, 2, 1), ms(2025, 2, 2))
    sid = plant.sources["出水压力"]
    feb = ms(2025, 2, 1)
    await put(app, [(plant.device_id, sid, 1_000, 0.0)])
    await put(app, [(plant.device_id, sid, feb + i * 1000, float(i)) for i in range(ALLOWED + 500)])
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"history_storage_mb": 1}))
    assert (await retention.enforce(app.state.db))["values"] == 1000
    assert await counts(app, plant.device_id) == (ALLOWED + 501 - 1000, feb + 999 * 1000)


# --- answers across a month boundary ------------------------------------------------------------------------------


async def query(api: Api, plant: Plant, start: int, end: int, **params: Any) -> list[list[Any]]:
    resp = await api.get(
        "/hDev",
        params={"device_id": plant.device_id, "ids": plant.sources["出水压力"], "start": start, "end": end, **params},
    )
    return ok(resp)["series"][0]["points"]  # type: ignore[no-any-return]


async def test_history_answers_across_a_month_boundary(app: FastAPI, team: Team, plant: Plant) -> None:
    """Values every 10 minutes from 23:00 on 31 March to 01:00 on 1 April (UTC): two partitions on PostgreSQL, one
    table on SQLite, the same answers."""
    edge = ms(2025, 4, 1)
    if postgres(app):
        await ensure(app, edge - 1, edge)
    sid = plant.sources["出水压力"]
    values = [(edge - HOUR + i * 10 * MINUTE, float(i)) for i in range(12)]
    await put(app, [(plant.device_id, sid, ts, v) for ts, v in values])
    if postgres(app):
        assert await where_rows_are(app) == {"history_value_p202503": 6, "history_value_p202504": 6}
    raw = await query(team.admin, plant, edge - 20 * MINUTE, edge + 20 * MINUTE)
    assert raw == [[edge - 20 * MINUTE, 4.0], [edge - 10 * MINUTE, 5.0], [edge, 6.0], [edge + 10 * MINUTE, 7.0],
                   [edge + 20 * MINUTE, 8.0]]  # fmt: skip
    for agg, expected in (
        ("avg", [2.5, 8.5]),
        ("min", [0.0, 6.0]),
        ("max", [5.0, 11.0]),
        ("count", [6.0, 6.0]),
        ("first", [0.0, 6.0]),
        ("last", [5.0, 11.0]),
        ("distinct_count", [6.0, 6.0]),
    ):
        got = await query(team.admin, plant, edge - HOUR, edge + HOUR - 1, bucket="hour", agg=agg)
        assert got == [[edge - HOUR, expected[0]], [edge, expected[1]]], agg
    # One bucket over both months (local day of UTC+8: 08:00 on 1 April is its midnight's 8th hour).
    day = await query(team.admin, plant, edge - HOUR, edge + HOUR - 1, bucket="day", agg="sum", tz=480)
    assert day == [[edge - 8 * HOUR, 66.0]]


# --- the migration ----------------------------------------------------------------------------------------------


@pytest.fixture
async def fresh_pg() -> Any:
    async with fresh_pg_database("iotyun_part") as url:
        yield url


async def test_migration_partitions_and_back_keeping_every_value(fresh_pg: str) -> None:
    cfg = migrate.alembic_config(fresh_pg)
    before = ScriptDirectory.from_config(cfg).get_revision(REVISION).down_revision
    assert isinstance(before, str)
    await asyncio.to_thread(command.upgrade, cfg, before)
    rows = [
        (1, 10, ms(2025, 1, 31, 23, 59), 1.5, None),
        (1, 10, ms(2025, 2, 1), 2.5, None),
        (1, 11, ms(2025, 2, 14), None, "on"),
        (2, 10, ms(2025, 7, 1, 12), -3.0, None),
        (2, 10, 7_000, 4.0, None),  # 1970: left to the DEFAULT partition
    ]
    engine = make_engine(fresh_pg)
    read = "SELECT device_id, data_source_id, ts, value, text FROM history_value ORDER BY ts, device_id"
    kind = "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('history_value')"
    index = "SELECT count(*) FROM pg_indexes WHERE indexname = 'ix_history_value_device_source_ts'"
    try:
        async with engine.begin() as conn:
            await conn.execute(
                text("INSERT INTO history_value VALUES (:d, :s, :ts, :v, :t)"),
                [{"d": d, "s": s, "ts": ts, "v": v, "t": t} for d, s, ts, v, t in rows],
            )
        expected = sorted(rows, key=lambda r: (r[2], r[0]))
        await asyncio.to_thread(command.upgrade, cfg, "head")
        async with engine.connect() as conn:
            assert (await conn.execute(text(kind))).scalar() == "p"
            assert [tuple(r) for r in (await conn.execute(text(read))).all()] == expected
            assert (await conn.execute(text(index))).scalar() == 1
            by_table = await conn.execute(
                text("SELECT tableoid::regclass::text, count(*) FROM history_value GROUP BY 1")
            )
            placed = {str(name): int(n) for name, n in by_table.all()}
            found = await conn.run_sync(partitions.layout)
        assert placed == {
            "history_value_p202501": 1,
            "history_value_p202502": 2,
            "history_value_p202507": 1,
            "history_value_default": 1,
        }
        assert found is not None and found[1] is True
        now = datetime.now(UTC)
        y, m = now.year, now.month
        for _ in range(4):  # this month and three ahead
            assert f"history_value_p{y:04d}{m:02d}" in {p.name for p in found[0]}
            y, m = partitions.next_month(y, m)
        await asyncio.to_thread(command.downgrade, cfg, before)
        async with engine.connect() as conn:
            assert (await conn.execute(text(kind))).scalar() == "r"
            assert [tuple(r) for r in (await conn.execute(text(read))).all()] == expected
            assert (await conn.execute(text(index))).scalar() == 1
            left = await conn.execute(text("SELECT count(*) FROM pg_class WHERE relname LIKE 'history_value_p%'"))
            assert left.scalar() == 0
    finally:
        await engine.dispose()
