"""Telemetry queries: control passwords, the devices a live socket may follow, and the
stored history (values and their hourly rollup)."""

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Dialect,
    Float,
    Row,
    Select,
    and_,
    bindparam,
    delete,
    func,
    or_,
    select,
    text,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.telemetry.history import ValueFilter
from iotyun.telemetry.models import ControlSetting, history_hour, history_value

HOUR_MS = 3_600_000

_ALL = {ALL_TENANTS: True}


async def control_setting(session: AsyncSession, tenant_id: int) -> ControlSetting | None:
    """A tenant's control setting (any tenant: a shared device is guarded by its owner's tenant default)."""
    stmt = select(ControlSetting).where(ControlSetting.tenant_id == tenant_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def readable_device_ids(session: AsyncSession, actor: Actor, ids: list[int] | None = None) -> set[int]:
    """The registered devices among `ids` (all when None) that `actor` reads."""
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.registered.is_(True))
    if ids is not None:
        stmt = stmt.where(Device.id.in_(ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def readable_device_sns(session: AsyncSession, actor: Actor, ids: Sequence[int]) -> dict[int, str]:
    """The registered devices among `ids` that `actor` reads, with their SNs."""
    stmt = (await scope.readable(session, actor, Device.id, Device.sn)).where(
        Device.registered.is_(True), Device.id.in_(list(ids))
    )
    return {int(i): str(sn) for i, sn in (await session.execute(stmt)).all()}


# --- stored history ----------------------------------------------------------------------------------------------
# `wanted` maps each device id to its data source ids: one statement reads every (device, data source) pair.

Wanted = Mapping[int, Sequence[int]]


def _pairs(device: ColumnElement[Any], source: ColumnElement[Any], wanted: Wanted) -> ColumnElement[bool]:
    return or_(*(and_(device == d, source.in_(list(ids))) for d, ids in wanted.items()))


def _value_condition(f: ValueFilter) -> ColumnElement[bool]:
    v = history_value.c.value
    if f.op == "null":
        return v.is_(None)
    if f.op == "not_null":
        return v.is_not(None)
    if f.op == "range":
        return and_(v >= f.value, v <= f.value2)
    built: ColumnElement[bool] = {
        "eq": lambda: v == f.value,
        "ne": lambda: v != f.value,
        "gt": lambda: v > f.value,
        "ge": lambda: v >= f.value,
        "lt": lambda: v < f.value,
        "le": lambda: v <= f.value,
    }[f.op]()
    return built


def _values_in(
    wanted: Wanted, start: int, end: int, where: Sequence[ValueFilter] = ()
) -> tuple[ColumnElement[bool], ...]:
    """The stored values of the pairs in [start, end] meeting every value filter."""
    hv = history_value.c
    return (
        _pairs(hv.device_id, hv.data_source_id, wanted),
        hv.ts >= start,
        hv.ts <= end,
        *(_value_condition(f) for f in where),
    )


def _rollup_in(wanted: Wanted, start: int, end: int) -> tuple[ColumnElement[bool], ...]:
    hh = history_hour.c
    return _pairs(hh.device_id, hh.data_source_id, wanted), hh.bucket >= start - start % HOUR_MS, hh.bucket <= end


async def value_counts(
    session: AsyncSession, wanted: Wanted, start: int, end: int, where: Sequence[ValueFilter] = ()
) -> dict[tuple[int, int], int]:
    """How many values each (device, data source) stored in [start, end]."""
    hv = history_value.c
    stmt = (
        select(hv.device_id, hv.data_source_id, func.count())
        .where(*_values_in(wanted, start, end, where))
        .group_by(hv.device_id, hv.data_source_id)
    )
    return {(int(d), int(s)): int(n) for d, s, n in (await session.execute(stmt)).all()}


async def values(
    session: AsyncSession, wanted: Wanted, start: int, end: int, where: Sequence[ValueFilter] = ()
) -> Sequence[Row[int, int, int, float | None, str | None]]:
    """(device, data source, ts, value, text) in time order per pair."""
    hv = history_value.c
    stmt = (
        select(hv.device_id, hv.data_source_id, hv.ts, hv.value, hv.text)
        .where(*_values_in(wanted, start, end, where))
        .order_by(hv.device_id, hv.data_source_id, hv.ts)
    )
    return (await session.execute(stmt)).all()


async def first_texts(
    session: AsyncSession, device_id: int, source_id: int, start: int, end: int, limit: int
) -> Sequence[Row[int, str | None]]:
    """The first `limit` (ts, text) of one text data source in [start, end]."""
    hv = history_value.c
    stmt = select(hv.ts, hv.text).where(*_values_in({device_id: [source_id]}, start, end)).order_by(hv.ts).limit(limit)
    return (await session.execute(stmt)).all()


async def value_columns(
    session: AsyncSession, wanted: Wanted, start: int, end: int, px: int, where: Sequence[ValueFilter] = ()
) -> Sequence[Row[int, int, int, float, float, int, int]]:
    """(device, data source, column, min, max, first ts, last ts) of each `px`-millisecond column from `start`."""
    hv = history_value.c
    col = (hv.ts - start) // px
    stmt = (
        select(
            hv.device_id,
            hv.data_source_id,
            col.label("col"),
            func.min(hv.value),
            func.max(hv.value),
            func.min(hv.ts),
            func.max(hv.ts),
        )
        .where(*_values_in(wanted, start, end, where))
        .group_by(hv.device_id, hv.data_source_id, "col")
        .order_by(hv.device_id, hv.data_source_id, "col")
    )
    return (await session.execute(stmt)).all()


async def numbers(
    session: AsyncSession, wanted: Wanted, start: int, end: int, where: Sequence[ValueFilter] = ()
) -> list[tuple[int, int, int, float]]:
    """(device, data source, ts, value) of the numeric values in [start, end] meeting the value filters."""
    hv = history_value.c
    stmt = select(hv.device_id, hv.data_source_id, hv.ts, hv.value).where(
        *_values_in(wanted, start, end, where), hv.value.is_not(None)
    )
    return [(int(d), int(s), int(ts), float(v)) for d, s, ts, v in (await session.execute(stmt)).all()]


async def rollup(
    session: AsyncSession, wanted: Wanted, start: int, end: int
) -> Sequence[Row[int, int, int, int, float, float, float, int, float, int, float]]:
    """The hourly rollup rows from `start`'s hour to `end`: (device, data source, hour, count, sum, min, max, first
    ts, first, last ts, last)."""
    hh = history_hour.c
    stmt = select(
        hh.device_id,
        hh.data_source_id,
        hh.bucket,
        hh.count,
        hh.sum,
        hh.min,
        hh.max,
        hh.first_ts,
        hh.first,
        hh.last_ts,
        hh.last,
    ).where(*_rollup_in(wanted, start, end))
    return (await session.execute(stmt)).all()


def rollup_hours_stmt(shape: Sequence[int]) -> Select[Any]:
    """The hourly rollup rows of the pairs of `shape` (each device's count of data sources, in `wanted`'s order), each
    with its integer local-hour key k = (hour + shift) // size: (device, data source, k, count, sum, min, max). Its
    bind parameters are named (d0, s0_0, s0_1, d1, …, shift, size, start, end) so the statement is compiled once per
    shape (rollup_grouped). Hours are not grouped: each rollup hour has a k of its own whatever the shift, so a GROUP
    BY would only hash or sort them (half the bare SQL's time of a 30-day hourly report, B9)."""
    hh = history_hour.c
    key = ((hh.bucket + bindparam("shift", type_=BigInteger)) // bindparam("size", type_=BigInteger)).label("k")
    pairs = or_(
        *(
            and_(
                hh.device_id == bindparam(f"d{i}", type_=BigInteger),
                hh.data_source_id.in_([bindparam(f"s{i}_{j}", type_=BigInteger) for j in range(n)]),
            )
            for i, n in enumerate(shape)
        )
    )
    return select(hh.device_id, hh.data_source_id, key, hh.count, hh.sum, hh.min, hh.max).where(
        pairs, hh.bucket >= bindparam("start", type_=BigInteger), hh.bucket <= bindparam("end", type_=BigInteger)
    )


def rollup_hours_params(wanted: Wanted, start: int, end: int, size: int, shift: int) -> dict[str, int]:
    """rollup_hours_stmt's parameters for `wanted` over [start's hour, end]."""
    params = {"shift": shift, "size": size, "start": start - start % HOUR_MS, "end": end}
    for i, (d, ids) in enumerate(wanted.items()):
        params[f"d{i}"] = d
        for j, s in enumerate(ids):
            params[f"s{i}_{j}"] = s
    return params


@lru_cache(maxsize=256)
def rollup_hours_sql(dialect: Dialect, shape: tuple[int, ...]) -> tuple[str, tuple[str, ...]]:
    """rollup_hours_stmt compiled by `dialect`: its text and its parameters' names in the driver's order."""
    compiled = rollup_hours_stmt(shape).compile(dialect=dialect)
    return str(compiled), tuple(compiled.positiontup or ())


async def rollup_grouped(
    session: AsyncSession, wanted: Wanted, start: int, end: int, size: int, shift: int
) -> Sequence[Sequence[Any]]:
    """The hourly rollup folded in the database into integer buckets k = (hour + shift) // size: (device, data
    source, k, count, sum, min, max). Hours are the rollup's rows themselves (rollup_hours_stmt), run as the driver's
    own rows (tuples, asyncpg records) of a statement compiled once per shape: a 30-day hourly report reads ~7,200
    of them, and SQLAlchemy's Row objects, statement building and compilation were half its query time (B9)."""
    hh = history_hour.c
    if size == HOUR_MS:
        conn = await session.connection()
        sql, names = rollup_hours_sql(conn.dialect, tuple(len(ids) for ids in wanted.values()))
        params = rollup_hours_params(wanted, start, end, size, shift)
        result = await conn.exec_driver_sql(sql, tuple(params[n] for n in names))
        try:
            rows: Sequence[Sequence[Any]] = result.cursor.fetchall()
        finally:
            result.close()
        return rows
    key = ((hh.bucket + shift) // size).label("k")
    stmt = (
        select(
            hh.device_id,
            hh.data_source_id,
            key,
            func.sum(hh.count),
            func.sum(hh.sum),
            func.min(hh.min),
            func.max(hh.max),
        )
        .where(*_rollup_in(wanted, start, end))
        .group_by(hh.device_id, hh.data_source_id, "k")
    )
    return (await session.execute(stmt)).all()


# --- the hourly rollup as rounded arrays (PostgreSQL) --------------------------------------------------------------
# A 30-day hourly report reads ~7,200 rollup rows and answers ~21,600 numbers rounded to their data source's decimals:
# Python's round(x, d) costs ~200 ns a number (a decimal conversion each), the largest part of the request (B9). The
# database rounds them instead, provably as Python does (below), and answers each pair as arrays (one row a pair).

# Each aggregation's value of one rollup hour, as service._fold_grouped computes it (sums from 0.0). PostgreSQL raises
# on a float result that underflows to 0 or overflows: an average of subnormal sums becomes NaN instead, and every
# value is held within ±1e300 before it is scaled, so a pathological value is left to Python (`big`, below) rather
# than failing the request.
_HOUR_VALUE = {
    "avg": "CASE WHEN h.sum = 0 OR abs(h.sum) >= 1e-290 THEN (0.0::float8 + h.sum) / h.count ELSE 'NaN'::float8 END",
    "sum": "0.0::float8 + h.sum",
    "count": "h.count::float8",
    "min": "h.min",
    "max": "h.max",
}
ROUNDED_AGGS = frozenset(_HOUR_VALUE)


def rounded_exactly(gap: float | None, big: float | None) -> bool:
    """Whether the database's rounding of a pair is Python's round(x, d). The database rounds x to d decimals in float
    arithmetic: y = x·10^d, n = rint(y), n / 10^d. The product carries an error of at most |y|·2^-53, so n is the
    integer nearest to x·10^d exactly, as round() takes it, whenever |y − n| plus that error stays under a half; n /
    10^d (both exact) is then the float nearest that decimal, which is what round(x, d) answers (−0.0 included: rint
    keeps the sign). `gap` is the pair's largest |y − n|, `big` its largest |y|: bounding each value's error by twice
    the largest, the check fails only on or next to a tie (2.675 to two places), for |y| ≥ 2^51 and for an
    infinity or NaN (held at 1e300), where the caller rounds the pair itself."""
    return gap is not None and big is not None and gap < 0.5 - 1e-9 - big * 2.0**-52


def _clamped(value: str) -> str:
    return f"least(greatest({value}, -1e300::float8), 1e300::float8)"


_ROUNDED_HOURS = """
SELECT a.ks, a.av, a.lo, a.hi, a.gap, a.big
FROM unnest(:devices, :sources, :scales) WITH ORDINALITY AS w(d, s, p, i)
CROSS JOIN LATERAL (
    SELECT array_agg(x.k) AS ks,
           array_agg(round(x.ya) / w.p) AS av,
           array_agg(round(x.yl) / w.p) AS lo,
           array_agg(round(x.yh) / w.p) AS hi,
           max(greatest(abs(x.ya - round(x.ya)), abs(x.yl - round(x.yl)), abs(x.yh - round(x.yh)))) AS gap,
           max(greatest(abs(x.ya), abs(x.yl), abs(x.yh))) AS big
    FROM (SELECT (h.bucket + :shift) / :size AS k, {value} * w.p AS ya, {low} * w.p AS yl, {high} * w.p AS yh
          FROM history_hour AS h
          WHERE h.device_id = w.d AND h.data_source_id = w.s AND h.bucket >= :start AND h.bucket <= :end
          ORDER BY h.bucket) AS x
) AS a
ORDER BY w.i
"""


@lru_cache(maxsize=32)
def rollup_hours_rounded_sql(dialect: Dialect, agg: str) -> tuple[str, tuple[str, ...]]:
    """The rounded arrays' statement for `agg` compiled by `dialect` (PostgreSQL's): its text and its parameters' names
    in the driver's order."""
    sql = _ROUNDED_HOURS.format(value=_clamped(_HOUR_VALUE[agg]), low=_clamped("h.min"), high=_clamped("h.max"))
    stmt = text(sql).bindparams(
        bindparam("devices", type_=ARRAY(BigInteger)),
        bindparam("sources", type_=ARRAY(BigInteger)),
        bindparam("scales", type_=ARRAY(Float)),
        *(bindparam(n, type_=BigInteger) for n in ("shift", "size", "start", "end")),
    )
    compiled = stmt.compile(dialect=dialect)
    return str(compiled), tuple(compiled.positiontup or ())


RoundedHours = tuple[
    list[int] | None, list[float] | None, list[float] | None, list[float] | None, float | None, float | None
]


async def rollup_hours_rounded(
    session: AsyncSession,
    pairs: Sequence[tuple[int, int]],
    scales: Sequence[float],
    start: int,
    end: int,
    shift: int,
    agg: str,
) -> list[RoundedHours] | None:
    """Each pair's hourly rollup from `start`'s hour to `end` as arrays in hour order, one row per pair in `pairs`'
    order: (k, value, min, max, gap, big) where k = (hour + shift) // HOUR_MS, value is `agg` of the hour, and value,
    min and max are multiplied by the pair's scale (10 ** decimals), rounded to an integer and divided again; gap and
    big tell whether that rounding is Python's (rounded_exactly). All None for a pair without rows. None on a database
    other than PostgreSQL (SQLite has no arrays; its rows come from rollup_grouped)."""
    conn = await session.connection()
    if conn.dialect.name != "postgresql":
        return None
    sql, names = rollup_hours_rounded_sql(conn.dialect, agg)
    params: dict[str, Any] = {
        "devices": [d for d, _ in pairs],
        "sources": [s for _, s in pairs],
        "scales": list(scales),
        "shift": shift,
        "size": HOUR_MS,
        "start": start - start % HOUR_MS,
        "end": end,
    }
    result = await conn.exec_driver_sql(sql, tuple(params[n] for n in names))
    try:
        rows: list[RoundedHours] = [tuple(r) for r in result.cursor.fetchall()]
    finally:
        result.close()
    return rows


async def values_grouped(
    session: AsyncSession, wanted: Wanted, start: int, end: int, size: int, shift: int, where: Sequence[ValueFilter]
) -> Sequence[Row[int, int, int, int, float, float, float]]:
    """The stored numeric values meeting the value filters, grouped in the database into integer buckets k = (ts +
    shift) // size: (device, data source, k, count, sum, min, max) — rollup_grouped's rows, from the values."""
    hv = history_value.c
    key = ((hv.ts + shift) // size).label("k")
    stmt = (
        select(
            hv.device_id,
            hv.data_source_id,
            key,
            func.count(),
            func.sum(hv.value),
            func.min(hv.value),
            func.max(hv.value),
        )
        .where(*_values_in(wanted, start, end, where), hv.value.is_not(None))
        .group_by(hv.device_id, hv.data_source_id, "k")
    )
    return (await session.execute(stmt)).all()


async def stored_per_device(session: AsyncSession) -> dict[int, int]:
    """How many values each device stored (the storage limits' sweep)."""
    hv = history_value.c
    stmt = select(hv.device_id, func.count()).group_by(hv.device_id)
    return {int(d): int(n) for d, n in (await session.execute(stmt)).all()}


async def delete_oldest_values(session: AsyncSession, device_ids: list[int], n: int) -> int:
    """Delete the `n` oldest values of the devices (ties at the cutoff go too) and the rollup hours wholly before
    it, so aggregated and raw answers agree; returns how many values went."""
    hv, hh = history_value.c, history_hour.c
    cutoff_stmt = select(hv.ts).where(hv.device_id.in_(device_ids)).order_by(hv.ts).offset(n - 1).limit(1)
    cutoff = (await session.execute(cutoff_stmt)).scalar()
    if cutoff is None:
        result = await session.execute(delete(history_value).where(hv.device_id.in_(device_ids)))
        await session.execute(delete(history_hour).where(hh.device_id.in_(device_ids)))
    else:
        result = await session.execute(delete(history_value).where(hv.device_id.in_(device_ids), hv.ts <= cutoff))
        await session.execute(delete(history_hour).where(hh.device_id.in_(device_ids), hh.bucket + HOUR_MS <= cutoff))
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
