"""SPEC §9 storage limits, per device owner's quota: history beyond history_storage_mb loses its oldest values 1000
at a time; alarms beyond alarm_storage lose their oldest 200 (tested in tests/alarms)."""

from fastapi import FastAPI
from sqlalchemy import func, select

from iotyun.core.limits import HISTORY_VALUE_BYTES
from iotyun.telemetry import retention
from iotyun.telemetry.models import history_hour, history_value
from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.templates.factories import ok

T0 = 1_790_000_000_000
ALLOWED = 1024 * 1024 // HISTORY_VALUE_BYTES  # values in 1 MB


async def counts(app: FastAPI) -> tuple[int, int]:
    async with app.state.db.sessionmaker() as s:
        values = (await s.execute(select(func.count()).select_from(history_value))).scalar_one()
        oldest = (await s.execute(select(func.min(history_value.c.ts)))).scalar_one()
        return int(values), int(oldest or 0)


async def test_history_beyond_the_quota_loses_its_oldest_values(app: FastAPI, team: Team, plant: Plant) -> None:
    telemetry = app.state.telemetry
    sid = plant.sources["出水压力"]
    n = ALLOWED + 1500
    telemetry.writer.add([(plant.device_id, sid, T0 + i * 1000, float(i), None) for i in range(n)], 0, None)
    await telemetry.writer.flush()
    # Within the default 200 MB nothing goes.
    assert await retention.enforce(app.state.db) == {"values": 0, "alarms": 0}
    ok(await team.admin.put(f"/yun/userInfo/{team.admin.user_id}/quota", {"history_storage_mb": 1}))
    removed = await retention.enforce(app.state.db)
    assert removed["values"] == 2000  # 1500 too many: two steps of 1000
    assert await counts(app) == (n - 2000, T0 + 2000 * 1000)
    async with app.state.db.sessionmaker() as s:
        first_hour = (await s.execute(select(func.min(history_hour.c.bucket)))).scalar_one()
    assert first_hour >= T0 + 2000 * 1000 - 3_600_000  # whole hours before the cutoff left the rollup too
