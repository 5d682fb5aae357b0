"""The history of a day is that day in the user's zone (issue 36 point 3, docs/api-system.md "Time zones"): /hDev
without `tz` buckets in the caller's effective zone (the user's own, else the tenant's), a `tz` given still wins."""

from datetime import UTC, datetime

from fastapi import FastAPI

from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.telemetry.test_history import DAY, HOUR, points, put, query
from tests.templates.factories import ok

# 2026-01-05 00:00 in China (UTC+8) is 2026-01-04 16:00 UTC; a Monday.
T0 = int(datetime(2026, 1, 4, 16, 0, tzinfo=UTC).timestamp() * 1000)
# The same Monday's midnight in London (UTC+0 in winter) and New York (UTC-5).
LONDON = T0 + 8 * HOUR
NEW_YORK = T0 + 13 * HOUR


async def days(team: Team, plant: Plant, start: int, **params: object) -> list[list[object]]:
    return points(
        await query(team.admin, plant, ["出水压力"], start, start + 2 * DAY - 1, bucket="day", agg="sum", **params)
    )


async def test_days_follow_the_users_zone(app: FastAPI, team: Team, plant: Plant) -> None:
    # One value an hour over three days from Monday 00:00 in China.
    await put(app, plant, "出水压力", [(T0 + h * HOUR, 1.0) for h in range(72)])
    # The tenant's default, Asia/Shanghai: whole local days.
    assert await days(team, plant, T0) == [[T0, 24.0], [T0 + DAY, 24.0]]
    ok(await team.admin.put("/yun/timezone/user", {"time_zone": "Europe/London"}))
    assert await days(team, plant, LONDON) == [[LONDON, 24.0], [LONDON + DAY, 24.0]]
    ok(await team.admin.put("/yun/timezone/user", {"time_zone": None}))
    ok(await team.admin.put("/yun/timezone/tenant", {"time_zone": "America/New_York"}))
    assert await days(team, plant, NEW_YORK) == [[NEW_YORK, 24.0], [NEW_YORK + DAY, 24.0]]
    # A `tz` the console sends still wins.
    assert await days(team, plant, T0, tz=480) == [[T0, 24.0], [T0 + DAY, 24.0]]
