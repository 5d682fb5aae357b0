"""Hourly series rounded by the database (telemetry repository.rollup_hours_rounded, PostgreSQL's arrays) answer
exactly what the rows of rollup_grouped rounded by Python's round() answer: each aggregation, 0 to 6 decimals, ties
and values next to them (left to Python), values rounding to −0.0, huge and tiny values, gaps, hours outside the
grid, every fill; on SQLite the database does not round and query_columns rounds the rows itself."""

import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import insert

from iotyun.telemetry import repository as repo
from iotyun.telemetry.configs import Source
from iotyun.telemetry.history import Query
from iotyun.telemetry.models import history_hour
from iotyun.telemetry.service import query_columns
from tests.team.factories import Team
from tests.telemetry.factories import Plant
from tests.telemetry.test_series import HOUR, MIN, T0, admin_of, history_reads, pair, put, request_session

# Pairs written straight into the rollup (its table has no foreign keys): device 9_000_001, data sources 1–6.
DEVICE = 9_000_001
RANDOM, TIES, NEGATIVE, HUGE, GAPS, EMPTY = ((DEVICE, s) for s in range(1, 7))
HOURS = 48


def _hour(pair: tuple[int, int], k: int, values: list[float]) -> dict[str, Any]:
    total = 0.0
    for v in values:
        total += v
    return {
        "device_id": pair[0],
        "data_source_id": pair[1],
        "bucket": T0 + k * HOUR,
        "count": len(values),
        "sum": total,
        "min": min(values),
        "max": max(values),
        "first_ts": T0 + k * HOUR,
        "first": values[0],
        "last_ts": T0 + k * HOUR + 1,
        "last": values[-1],
    }


def _rollup() -> list[dict[str, Any]]:
    rnd = random.Random(33)
    rows = [_hour(RANDOM, k, [rnd.uniform(-50, 50) for _ in range(rnd.randint(1, 9))]) for k in range(HOURS)]
    # Exact binary ties (0.125, 2.5, 0.5) and decimals written with one digit more than asked (2.675 is just below).
    ties = [2.675, 0.125, 2.5, 0.5, 1.0005, 1.005, -2.675, 0.0]
    rows += [_hour(TIES, k, [ties[k % len(ties)]]) for k in range(HOURS)]
    # Small negatives round to −0.0; −0.0 itself; averages that land on −0.0.
    negatives = [[-0.0001], [-0.0], [-0.4], [0.0001, -0.0003], [-1e-9], [-3.25, 3.25]]
    rows += [_hour(NEGATIVE, k, negatives[k % len(negatives)]) for k in range(HOURS)]
    huge = [[1e300], [9.1e15], [123456789.123456], [5e-324], [1e-300, 2.0], [-7.5e14]]
    rows += [_hour(HUGE, k, huge[k % len(huge)]) for k in range(HOURS)]
    rows += [_hour(GAPS, k, [k * 1.23456789]) for k in range(-3, HOURS + 3) if k % 7 not in (2, 3)]
    return rows


def _value(agg: str, count: int, total: float, lo: float, hi: float) -> float:
    """An hour's value as service._fold_grouped takes it."""
    t = 0.0 + float(total)
    return {"avg": t / count, "sum": t, "count": float(count), "min": float(lo)}.get(agg, float(hi))


def _same(a: list[Any], b: list[Any]) -> bool:
    """Equal float for float, the sign of zero included."""
    return len(a) == len(b) and all(
        x == y and (x is None or math.copysign(1.0, x) == math.copysign(1.0, y)) for x, y in zip(a, b, strict=True)
    )


async def test_the_databases_rounding_is_pythons(app: FastAPI, team: Team) -> None:
    actor = admin_of(team.admin)
    pairs = [RANDOM, TIES, NEGATIVE, HUGE, GAPS, EMPTY]
    async with request_session(app, actor) as session:
        await session.execute(insert(history_hour), _rollup())
        await session.commit()
    start, end, shift = T0 + 30 * MIN, T0 + (HOURS - 1) * HOUR + 5, 330 * MIN
    async with request_session(app, actor) as session:
        rows = await repo.rollup_grouped(session, {DEVICE: [s for _, s in pairs]}, start, end, HOUR, shift)
        by_pair: dict[tuple[int, int], list[Any]] = {p: [] for p in pairs}
        for d, s, k, count, total, lo, hi in sorted(rows, key=lambda r: (r[0], r[1], r[2])):
            by_pair[(int(d), int(s))].append((int(k), int(count), total, lo, hi))
        flagged: set[tuple[str, int, tuple[int, int]]] = set()
        for agg in sorted(repo.ROUNDED_AGGS):
            for places in range(7):
                scales = [10.0**places] * len(pairs)
                found = await repo.rollup_hours_rounded(session, pairs, scales, start, end, shift, agg)
                if app.state.db.engine.dialect.name != "postgresql":
                    assert found is None
                    return
                assert found is not None and len(found) == len(pairs)
                for p, (ks, av, lo, hi, gap, big) in zip(pairs, found, strict=True):
                    want = by_pair[p]
                    if not want:
                        assert ks is None and gap is None and big is None
                        continue
                    assert ks == [k for k, *_ in want], (agg, places, p)
                    assert av is not None and lo is not None and hi is not None
                    if not repo.rounded_exactly(gap, big):
                        flagged.add((agg, places, p))
                        continue
                    assert _same(av, [round(_value(agg, c, t, lw, h), places) for _, c, t, lw, h in want]), (agg, p)
                    assert _same(lo, [round(float(lw), places) for _, _, _, lw, _ in want]), (agg, places, p)
                    assert _same(hi, [round(float(h), places) for _, _, _, _, h in want]), (agg, places, p)
    # Random values and gaps never come near a tie; the ties and huge values are left to Python.
    assert not {f for f in flagged if f[2] in (RANDOM, GAPS)}
    assert ("min", 2, TIES) in flagged and ("avg", 0, TIES) in flagged and ("max", 3, HUGE) in flagged
    # Small negatives rounding to −0.0 need no help: rint keeps the sign.
    assert ("avg", 3, NEGATIVE) not in flagged


Places = Callable[[Source], int]


@pytest.mark.parametrize("fill", ["none", "previous", "null", "zero", "linear"])
async def test_rounded_columns_agree_with_rounding_the_rows(app: FastAPI, team: Team, plant: Plant, fill: str) -> None:
    p, t = pair(plant, "出水压力"), pair(plant, "温度")
    rnd = random.Random(7)
    # Two hours without a value in the middle of `p` (three decimals), and ties (2.675 to two decimals) in `t`.
    await put(
        app,
        *p,
        [(T0 + h * HOUR + m * MIN, rnd.uniform(0, 1.6)) for h in range(30) if h not in (9, 10) for m in (5, 35)],
    )
    await put(app, *t, [(T0 + h * HOUR + 7 * MIN, 2.675 if h % 5 == 0 else rnd.uniform(-40, 80)) for h in range(30)])
    actor = admin_of(team.admin)
    configs = app.state.telemetry.configs
    places: Places = lambda source: 3 if source.id == p[1] else 2  # noqa: E731
    for agg in ("avg", "sum", "count", "min", "max", "first"):
        for tz in (330, 480, -300):
            q = Query(start=T0 - 2 * HOUR, end=T0 + 33 * HOUR - 1, bucket="hour", agg=agg, fill=fill, tz=tz)
            async with request_session(app, actor) as session:
                with history_reads(app) as seen:
                    grid, rounded = await query_columns(session, actor, configs, [p, t], q, places)
                plain_grid, plain = await query_columns(session, actor, configs, [p, t], q)
            assert grid == plain_grid
            for r, c in zip(rounded, plain, strict=True):
                d = places(c.source)
                for got, raw in ((r.values, c.values), (r.min, c.min), (r.max, c.max)):
                    assert _same(got, [None if v is None else round(v, d) for v in raw]), (agg, tz, fill)
            in_sql = (
                app.state.db.engine.dialect.name == "postgresql"
                and agg != "first"
                and fill in ("none", "previous", "null")
            )
            assert any("WITH ORDINALITY" in s for s in seen) == in_sql, (agg, fill)
            # The ties of `t` are rounded by Python from rollup_grouped's rows, `p` by the database.
            assert len(seen) == (2 if in_sql else 1), (agg, fill)
