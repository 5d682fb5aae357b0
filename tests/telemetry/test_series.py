"""telemetry.service.query_series: many (device, data source) series in one call, each bucket, aggregation and fill
of SPEC §9, calendar months and years in the viewer's time zone, the min/max band of each bucket, and the caller's
device rights, on SQLite and PostgreSQL."""

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.permissions import RoleCode
from iotyun.core.tenancy import bind_tenant
from iotyun.telemetry.history import Query
from iotyun.telemetry.service import Pair, Series, query_series
from tests.conftest import Api
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant

MIN = 60_000
HOUR = 3_600_000
DAY = 86_400_000


def ms(year: int, month: int, day: int, hour: int = 0, minute: int = 0, *, tz: int = 0) -> int:
    """Epoch ms of a local wall-clock time `tz` minutes east of UTC."""
    return int(datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp() * 1000) - tz * MIN


# 2026-01-05 00:00 in China (UTC+8): a Monday.
T0 = ms(2026, 1, 5, tz=480)


def admin_of(api: Api) -> Actor:
    assert api.user_id is not None and api.tenant_id is not None
    return Actor(
        user_id=api.user_id,
        tenant_id=api.tenant_id,
        user_name="admin",
        role_code=RoleCode.ADMINISTRATOR,
        permissions=frozenset(),
        token_id=0,
    )


@asynccontextmanager
async def request_session(app: FastAPI, actor: Actor) -> AsyncIterator[AsyncSession]:
    async with app.state.db.sessionmaker() as session:
        bind_tenant(session, actor.tenant_id)
        yield session


async def put(app: FastAPI, device_id: int, source_id: int, points: list[tuple[int, float]]) -> None:
    """Values through the history writer (the ingest's path, hourly rollup included)."""
    writer = app.state.telemetry.writer
    writer.add([(device_id, source_id, ts, v, None) for ts, v in points], 0, None)
    await writer.flush()


async def series(app: FastAPI, api: Api, pairs: list[Pair], **query: Any) -> list[Series]:
    actor = admin_of(api)
    async with request_session(app, actor) as session:
        return await query_series(session, actor, app.state.telemetry.configs, pairs, Query(**query))


def pair(plant: Plant, name: str) -> Pair:
    return plant.device_id, plant.sources[name]


@contextmanager
def history_reads(app: FastAPI) -> Iterator[list[str]]:
    """The SQL statements run on the history tables meanwhile."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "history_value" in statement or "history_hour" in statement:
            seen.append(statement)

    engine = app.state.db.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


class TestManyPairs:
    async def test_two_devices_in_one_statement_each_step(self, app: FastAPI, team: Team, plant: Plant) -> None:
        other = await make_plant(team.admin)
        await put(app, plant.device_id, plant.sources["出水压力"], [(T0 + 10 * MIN, 1.0), (T0 + 70 * MIN, 3.0)])
        await put(app, other.device_id, other.sources["出水压力"], [(T0 + 20 * MIN, 5.0)])
        await put(app, plant.device_id, plant.sources["温度"], [(T0 + 30 * MIN, 40.0)])
        pairs = [pair(plant, "出水压力"), pair(other, "出水压力"), pair(plant, "温度")]
        with history_reads(app) as seen:
            got = await series(app, team.admin, pairs, start=T0, end=T0 + 2 * HOUR - 1, bucket="hour", tz=480)
        assert len(seen) == 1  # one GROUP BY over the rollup for all three pairs
        assert [(s.device_id, s.source.id) for s in got] == pairs
        assert [s.points for s in got] == [[[T0, 1.0], [T0 + HOUR, 3.0]], [[T0, 5.0]], [[T0, 40.0]]]
        raw = await series(app, team.admin, pairs, start=T0, end=T0 + 2 * HOUR)
        assert [s.points for s in raw] == [
            [[T0 + 10 * MIN, 1.0], [T0 + 70 * MIN, 3.0]],
            [[T0 + 20 * MIN, 5.0]],
            [[T0 + 30 * MIN, 40.0]],
        ]

    async def test_a_pair_asked_twice_comes_once(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        got = await series(app, team.admin, [p, p], start=T0, end=T0 + HOUR)
        assert len(got) == 1 and got[0].points == []


class TestAggregations:
    async def test_each_aggregation_and_the_min_max_band(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        # Two local days; a spike of 9 in the first hour of day one.
        values = [(T0 + i * HOUR, 1.0) for i in range(48)]
        values[0] = (T0, 9.0)
        await put(app, *p, values)
        end = T0 + 2 * DAY - 1
        expected = {
            "avg": [(9 + 23) / 24, 1.0],
            "max": [9.0, 1.0],
            "min": [1.0, 1.0],
            "sum": [32.0, 24.0],
            "count": [24.0, 24.0],
            "first": [9.0, 1.0],
            "last": [1.0, 1.0],
            "distinct_count": [2.0, 1.0],
        }
        for agg, want in expected.items():
            (s,) = await series(app, team.admin, [p], start=T0, end=end, bucket="day", agg=agg, tz=480)
            assert s.points == [[T0, want[0]], [T0 + DAY, want[1]]], agg
            assert s.band == [[T0, 1.0, 9.0], [T0 + DAY, 1.0, 1.0]], agg  # the spike survives the average


class TestBuckets:
    async def test_each_bucket(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        await put(app, *p, [(T0 + 30_000, 1.0), (T0 + 90_000, 2.0), (T0 + 8 * DAY, 4.0)])
        end = T0 + 9 * DAY
        cases: dict[str, list[list[Any]]] = {
            "minute": [[T0, 1.0], [T0 + MIN, 2.0], [T0 + 8 * DAY, 4.0]],
            "hour": [[T0, 3.0], [T0 + 8 * DAY, 4.0]],
            "day": [[T0, 3.0], [T0 + 8 * DAY, 4.0]],
            "week": [[T0, 3.0], [T0 + 7 * DAY, 4.0]],
            "month": [[ms(2026, 1, 1, tz=480), 7.0]],
            "year": [[ms(2026, 1, 1, tz=480), 7.0]],
        }
        for bucket, want in cases.items():
            (s,) = await series(app, team.admin, [p], start=T0, end=end, bucket=bucket, agg="sum", tz=480)
            assert s.points == want, bucket

    async def test_month_and_year_boundaries_in_local_time(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        # Local (UTC+8) times around the turns of the year, of January (31 days) and of February (28 days).
        await put(
            app,
            *p,
            [(ms(2026, 1, 1, 0, 30, tz=480), 1.0), (ms(2026, 1, 31, 23, 30, tz=480), 2.0),
             (ms(2026, 2, 1, 0, 30, tz=480), 3.0), (ms(2026, 2, 28, 23, 30, tz=480), 4.0),
             (ms(2026, 3, 1, 0, 30, tz=480), 5.0)],
        )  # fmt: skip
        start, end = ms(2025, 12, 1), ms(2026, 3, 31)
        local = [ms(2026, 1, 1, tz=480), ms(2026, 2, 1, tz=480), ms(2026, 3, 1, tz=480)]
        for agg, want in (("sum", [3.0, 7.0, 5.0]), ("last", [2.0, 4.0, 5.0])):  # grouped in SQL / folded here
            (s,) = await series(app, team.admin, [p], start=start, end=end, bucket="month", agg=agg, tz=480)
            assert s.points == [list(x) for x in zip(local, want, strict=True)], agg
        # In UTC the first value is still 2025 and the last two fall on 28 February.
        (utc,) = await series(app, team.admin, [p], start=start, end=end, bucket="month", agg="sum")
        assert utc.points == [[ms(2025, 12, 1), 1.0], [ms(2026, 1, 1), 5.0], [ms(2026, 2, 1), 9.0]]
        (year,) = await series(app, team.admin, [p], start=start, end=end, bucket="year", agg="count", tz=480)
        assert year.points == [[ms(2026, 1, 1, tz=480), 5.0]]
        (year_utc,) = await series(app, team.admin, [p], start=start, end=end, bucket="year", agg="count")
        assert year_utc.points == [[ms(2025, 1, 1), 1.0], [ms(2026, 1, 1), 4.0]]

    async def test_hours_are_the_rollups_own_in_any_zone(self, app: FastAPI, team: Team, plant: Plant) -> None:
        """An hourly bucket is one rollup hour, under the local hour holding its start (India, UTC+5:30: the UTC
        hour from 00:00 is the local hour from 05:00, starting at 23:30 UTC the day before): each aggregation that
        SQL folds, its band, and two devices in one statement, not grouped (B9 measured the grouping's cost)."""
        other = await make_plant(team.admin)
        p, q = pair(plant, "出水压力"), pair(other, "出水压力")
        u0 = ms(2026, 1, 5)
        await put(app, *p, [(u0 + 10 * MIN, 1.0), (u0 + 50 * MIN, 3.0), (u0 + HOUR + 5 * MIN, 7.0)])
        await put(app, *q, [(u0 + 20 * MIN, 5.0)])
        expected = {
            "avg": ([2.0, 7.0], [5.0]),
            "sum": ([4.0, 7.0], [5.0]),
            "count": ([2.0, 1.0], [1.0]),
            "min": ([1.0, 7.0], [5.0]),
            "max": ([3.0, 7.0], [5.0]),
        }
        for tz, first in ((330, u0 - 30 * MIN), (480, u0), (0, u0), (-300, u0)):
            for agg, (want_p, want_q) in expected.items():
                with history_reads(app) as seen:
                    got = await series(
                        app, team.admin, [p, q], start=first, end=u0 + 2 * HOUR, bucket="hour", agg=agg, tz=tz
                    )
                assert len(seen) == 1 and "GROUP BY" not in seen[0].upper(), (tz, agg)
                assert got[0].points == [[first, want_p[0]], [first + HOUR, want_p[1]]], (tz, agg)
                assert got[1].points == [[first, want_q[0]]], (tz, agg)
                assert got[0].band == [[first, 1.0, 3.0], [first + HOUR, 7.0, 7.0]], (tz, agg)
        # A day still groups its hours in the database.
        with history_reads(app) as seen:
            (day,) = await series(app, team.admin, [p], start=u0, end=u0 + DAY - 1, bucket="day", agg="avg")
        assert "GROUP BY" in seen[0].upper() and day.points == [[u0, 11.0 / 3]]

    async def test_days_follow_the_viewers_time_zone(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        # 2026-01-05 20:00 UTC: the 6th in China, still the 5th in New York (UTC-5).
        at = ms(2026, 1, 5, 20)
        await put(app, *p, [(at, 2.0)])
        for tz, day in ((480, ms(2026, 1, 6, tz=480)), (-300, ms(2026, 1, 5, tz=-300)), (0, ms(2026, 1, 5))):
            (s,) = await series(app, team.admin, [p], start=at - DAY, end=at + DAY, bucket="day", tz=tz)
            assert s.points == [[day, 2.0]], tz


class TestFill:
    @pytest.mark.parametrize(
        ("fill", "expected"),
        [
            ("none", [[0, 1.0], [3, 4.0]]),
            ("null", [[0, 1.0], [1, None], [2, None], [3, 4.0]]),
            ("zero", [[0, 1.0], [1, 0.0], [2, 0.0], [3, 4.0]]),
            ("previous", [[0, 1.0], [1, 1.0], [2, 1.0], [3, 4.0]]),
            ("linear", [[0, 1.0], [1, 2.0], [2, 3.0], [3, 4.0]]),
            ("2.5", [[0, 1.0], [1, 2.5], [2, 2.5], [3, 4.0]]),
        ],
    )
    async def test_each_fill(self, app: FastAPI, team: Team, plant: Plant, fill: str, expected: list[Any]) -> None:
        p = pair(plant, "出水压力")
        await put(app, *p, [(T0, 1.0), (T0 + 3 * HOUR, 4.0)])
        (s,) = await series(app, team.admin, [p], start=T0, end=T0 + 3 * HOUR, bucket="hour", fill=fill, tz=480)
        assert s.points == [[T0 + i * HOUR, v] for i, v in expected]
        assert s.band == [[T0, 1.0, 1.0], [T0 + 3 * HOUR, 4.0, 4.0]]  # only buckets that hold values


class TestRights:
    async def test_another_tenants_device_is_refused(
        self, app: FastAPI, team: Team, plant: Plant, other_tenant: Api
    ) -> None:
        p = pair(plant, "出水压力")
        await put(app, *p, [(T0, 1.0)])
        with pytest.raises(AppError) as refused:
            await series(app, other_tenant, [p], start=T0, end=T0 + HOUR)
        assert refused.value.code == ErrorCode.DEVICE_NOT_FOUND
        theirs = await make_plant(other_tenant)
        with pytest.raises(AppError) as mixed:  # their own device does not open ours
            await series(app, other_tenant, [pair(theirs, "出水压力"), p], start=T0, end=T0 + HOUR, bucket="hour")
        assert mixed.value.code == ErrorCode.DEVICE_NOT_FOUND
        (mine,) = await series(app, team.admin, [p], start=T0, end=T0 + HOUR)
        assert mine.points == [[T0, 1.0]]

    async def test_query_rules(self, app: FastAPI, team: Team, plant: Plant) -> None:
        p = pair(plant, "出水压力")
        for bad in ({"end": T0 - 1}, {"bucket": "fortnight"}, {"agg": "median"}, {"fill": "maybe"}):
            with pytest.raises(AppError) as refused:
                await series(app, team.admin, [p], **{"start": T0, "end": T0 + HOUR, **bad})
            assert refused.value.code == ErrorCode.PARAM_INVALID, bad
        with pytest.raises(AppError) as unknown:
            await series(app, team.admin, [(plant.device_id, 999_999)], start=T0, end=T0 + HOUR)
        assert unknown.value.code == ErrorCode.DATA_SOURCE_NOT_FOUND
