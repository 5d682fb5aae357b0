"""History queries (/hDev): raw values downsampled to the chart's width, or time buckets (minute … year) with SPEC
§9's aggregations and fill types. Hour and longer buckets read the hourly rollup, so a month of one variable is
~720 rows whatever its sample rate."""

import calendar
import io
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import openpyxl
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    EXPORT_ROW_CAP,
    HISTORY_AGGREGATES,
    HISTORY_BUCKETS,
    HISTORY_FILLS,
    HISTORY_RANGE_MAX_DAYS,
    HISTORY_SOURCES_MAX,
)
from iotyun.core.spreadsheets import safe_row
from iotyun.core.texts import phrase
from iotyun.telemetry.configs import Source
from iotyun.telemetry.models import history_hour, history_value

MINUTE_MS = 60_000
HOUR_MS = 3_600_000
DAY_MS = 86_400_000
WEEK_MS = 7 * DAY_MS
# 1970-01-01 was a Thursday: weeks start on Monday, four days later.
WEEK_SHIFT_MS = 4 * DAY_MS
FIXED = {"minute": MINUTE_MS, "hour": HOUR_MS, "day": DAY_MS, "week": WEEK_MS}
MAX_BUCKETS = 200_000

Point = list[Any]  # [ts, value]


@dataclass(frozen=True)
class Query:
    start: int
    end: int
    bucket: str = "raw"
    agg: str = "avg"
    fill: str = "none"
    width: int = 1000
    tz: int = 0  # minutes east of UTC

    def fill_number(self) -> float | None:
        if self.fill in HISTORY_FILLS:
            return None
        return float(self.fill)


def check(q: Query, source_count: int) -> None:
    """The query's own rules (100004 with the offending field)."""
    if not 1 <= source_count <= HISTORY_SOURCES_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="ids")
    if q.end < q.start:
        raise AppError(ErrorCode.PARAM_INVALID, field="end")
    if q.end - q.start > HISTORY_RANGE_MAX_DAYS * DAY_MS:
        raise AppError(ErrorCode.PARAM_INVALID, field="start")
    if q.bucket not in HISTORY_BUCKETS:
        raise AppError(ErrorCode.PARAM_INVALID, field="bucket")
    if q.agg not in HISTORY_AGGREGATES:
        raise AppError(ErrorCode.PARAM_INVALID, field="agg")
    if q.fill not in HISTORY_FILLS:
        try:
            float(q.fill)
        except ValueError:
            raise AppError(ErrorCode.PARAM_INVALID, field="fill") from None
    if q.bucket in FIXED and (q.end - q.start) // FIXED[q.bucket] > MAX_BUCKETS:
        raise AppError(ErrorCode.PARAM_INVALID, field="bucket")


# --- bucket arithmetic -------------------------------------------------------------------------------------------


def bucket_start(ts: int, bucket: str, tz: int) -> int:
    """The start (epoch ms) of the local-time bucket holding `ts`."""
    shift = tz * MINUTE_MS
    if bucket in ("minute", "hour", "day"):
        size = FIXED[bucket]
        return (ts + shift) // size * size - shift
    if bucket == "week":
        return (ts + shift - WEEK_SHIFT_MS) // WEEK_MS * WEEK_MS + WEEK_SHIFT_MS - shift
    local = datetime.fromtimestamp((ts + shift) / 1000, UTC)
    first = local.replace(
        month=1 if bucket == "year" else local.month, day=1, hour=0, minute=0, second=0, microsecond=0
    )
    return int(first.timestamp() * 1000) - shift


def next_bucket(start: int, bucket: str, tz: int) -> int:
    if bucket in FIXED:
        return start + FIXED[bucket]
    shift = tz * MINUTE_MS
    local = datetime.fromtimestamp((start + shift) / 1000, UTC)
    if bucket == "year":
        nxt = local.replace(year=local.year + 1)
    else:
        days = calendar.monthrange(local.year, local.month)[1]
        nxt = local + timedelta(days=days)
    return int(nxt.timestamp() * 1000) - shift


def grid(q: Query) -> list[int]:
    out: list[int] = []
    b = bucket_start(q.start, q.bucket, q.tz)
    while b <= q.end and len(out) <= MAX_BUCKETS:
        out.append(b)
        b = next_bucket(b, q.bucket, q.tz)
    return out


# --- aggregation state ---------------------------------------------------------------------------------------------


class Agg:
    """count, sum, min, max, first (with its time), last (with its time) of one bucket."""

    __slots__ = ("count", "first", "first_ts", "last", "last_ts", "max", "min", "sum")

    def __init__(self) -> None:
        self.count = 0
        self.sum = 0.0
        self.min = float("inf")
        self.max = float("-inf")
        self.first_ts = 2**62
        self.first = 0.0
        self.last_ts = -(2**62)
        self.last = 0.0

    def add_rollup(self, count: int, s: float, lo: float, hi: float, fts: int, f: float, lts: int, la: float) -> None:
        self.count += count
        self.sum += s
        self.min = min(self.min, lo)
        self.max = max(self.max, hi)
        if fts < self.first_ts:
            self.first_ts, self.first = fts, f
        if lts >= self.last_ts:
            self.last_ts, self.last = lts, la

    def add(self, ts: int, v: float) -> None:
        self.add_rollup(1, v, v, v, ts, v, ts, v)

    def result(self, agg: str) -> float:
        if agg == "avg":
            return self.sum / self.count
        return float(
            {
                "sum": self.sum,
                "count": self.count,
                "min": self.min,
                "max": self.max,
                "first": self.first,
                "last": self.last,
            }[agg]
        )


# --- queries ---------------------------------------------------------------------------------------------------------


async def series(
    session: AsyncSession, device_id: int, sources: list[Source], q: Query
) -> tuple[dict[int, list[Point]], bool]:
    """Points per data source id, and whether raw values were downsampled."""
    if q.bucket == "raw":
        return await _raw(session, device_id, sources, q)
    return await _bucketed(session, device_id, sources, q), False


async def _raw(
    session: AsyncSession, device_id: int, sources: list[Source], q: Query
) -> tuple[dict[int, list[Point]], bool]:
    hv = history_value.c
    ids = [s.id for s in sources]
    where = (hv.device_id == device_id, hv.data_source_id.in_(ids), hv.ts >= q.start, hv.ts <= q.end)
    limit = 2 * q.width
    counted = await session.execute(select(hv.data_source_id, func.count()).where(*where).group_by(hv.data_source_id))
    counts: dict[int, int] = {int(sid): int(n) for sid, n in counted.all()}
    out: dict[int, list[Point]] = {s.id: [] for s in sources}
    dense = [s for s in sources if counts.get(s.id, 0) > limit]
    sparse = [s.id for s in sources if 0 < counts.get(s.id, 0) <= limit]
    if sparse:
        rows = await session.execute(
            select(hv.data_source_id, hv.ts, hv.value, hv.text)
            .where(hv.device_id == device_id, hv.data_source_id.in_(sparse), hv.ts >= q.start, hv.ts <= q.end)
            .order_by(hv.data_source_id, hv.ts)
        )
        for sid, ts, value, text in rows.all():
            out[int(sid)].append([int(ts), text if text is not None else value])
    numeric_dense = [s.id for s in dense if s.kind != "str"]
    for s in dense:
        if s.kind == "str":
            # Text cannot be reduced: the first `limit` values of the range.
            texts = await session.execute(
                select(hv.ts, hv.text)
                .where(hv.device_id == device_id, hv.data_source_id == s.id, hv.ts >= q.start, hv.ts <= q.end)
                .order_by(hv.ts)
                .limit(limit)
            )
            out[s.id] = [[int(ts), text] for ts, text in texts.all()]
    if numeric_dense:
        # Each pixel column keeps its minimum and maximum (in time order), the shape a line chart draws anyway.
        px = max(1, -(-(q.end - q.start + 1) // q.width))
        col = (hv.ts - q.start) // px
        columns = await session.execute(
            select(
                hv.data_source_id,
                col.label("col"),
                func.min(hv.value),
                func.max(hv.value),
                func.min(hv.ts),
                func.max(hv.ts),
            )
            .where(hv.device_id == device_id, hv.data_source_id.in_(numeric_dense), hv.ts >= q.start, hv.ts <= q.end)
            .group_by(hv.data_source_id, "col")
            .order_by(hv.data_source_id, "col")
        )
        for sid, _, lo, hi, first_ts, last_ts in columns.all():
            points = out[int(sid)]
            if lo == hi or first_ts == last_ts:
                points.append([int(first_ts), lo])
            else:
                mid = (int(first_ts) + int(last_ts)) // 2
                points.append([int(first_ts), lo])
                points.append([max(mid, int(first_ts) + 1), hi])
    return out, bool(dense)


async def _bucketed(session: AsyncSession, device_id: int, sources: list[Source], q: Query) -> dict[int, list[Point]]:
    numeric = [s for s in sources if s.kind != "str"]
    aggs: dict[int, dict[int, Agg]] = {s.id: defaultdict(Agg) for s in numeric}
    distinct: dict[int, dict[int, set[float]]] = {s.id: defaultdict(set) for s in numeric}
    ids = [s.id for s in numeric]
    if ids and q.agg == "distinct_count":
        # Distinct counts cannot come from a rollup: read the values themselves.
        for sid, ts, v in await _raw_rows(session, device_id, ids, q):
            distinct[sid][bucket_start(ts, q.bucket, q.tz)].add(v)
    elif ids and q.bucket == "minute":
        for sid, ts, v in await _raw_rows(session, device_id, ids, q):
            aggs[sid][bucket_start(ts, "minute", q.tz)].add(ts, v)
    elif ids and q.agg in _SQL_AGGS:
        await _grouped_rollup(session, device_id, ids, q, aggs)
    elif ids:
        hh = history_hour.c
        rows = await session.execute(
            select(
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
            ).where(
                hh.device_id == device_id,
                hh.data_source_id.in_(ids),
                hh.bucket >= q.start - q.start % HOUR_MS,
                hh.bucket <= q.end,
            )
        )
        for sid, b, count, s, lo, hi, fts, f, lts, la in rows.all():
            aggs[int(sid)][bucket_start(int(b), q.bucket, q.tz)].add_rollup(
                int(count), s, lo, hi, int(fts), f, int(lts), la
            )
    buckets = grid(q)
    out: dict[int, list[Point]] = {}
    for s in sources:
        if s.kind == "str":
            out[s.id] = []
            continue
        if q.agg == "distinct_count":
            values = {b: float(len(v)) for b, v in distinct[s.id].items()}
        else:
            values = {b: a.result(q.agg) for b, a in aggs[s.id].items()}
        out[s.id] = fill(buckets, values, q)
    return out


# Aggregations that fold with SUM/MIN/MAX, so the database groups the hourly rollup itself: a 30-day daily query
# returns 30 rows per variable instead of 720 (first/last need each row's time and are folded here).
_SQL_AGGS = frozenset({"avg", "sum", "count", "min", "max"})


async def _grouped_rollup(
    session: AsyncSession, device_id: int, ids: list[int], q: Query, aggs: dict[int, dict[int, "Agg"]]
) -> None:
    hh = history_hour.c
    shift = q.tz * MINUTE_MS
    # Fixed-size buckets group directly; months and years group by local day, then fold here (≤ 366 rows each).
    size = FIXED.get(q.bucket, DAY_MS)
    base = WEEK_SHIFT_MS if q.bucket == "week" else 0
    key = ((hh.bucket + (shift - base)) // size).label("k")
    rows = await session.execute(
        select(hh.data_source_id, key, func.sum(hh.count), func.sum(hh.sum), func.min(hh.min), func.max(hh.max))
        .where(
            hh.device_id == device_id,
            hh.data_source_id.in_(ids),
            hh.bucket >= q.start - q.start % HOUR_MS,
            hh.bucket <= q.end,
        )
        .group_by(hh.data_source_id, "k")
    )
    for sid, k, count, total, lo, hi in rows.all():
        start = int(k) * size + base - shift
        if q.bucket not in FIXED:
            start = bucket_start(start, q.bucket, q.tz)
        agg = aggs[int(sid)][start]
        agg.count += int(count)
        agg.sum += float(total)
        agg.min = min(agg.min, float(lo))
        agg.max = max(agg.max, float(hi))


async def _raw_rows(
    session: AsyncSession, device_id: int, ids: list[int], q: Query
) -> Iterable[tuple[int, int, float]]:
    hv = history_value.c
    rows = await session.execute(
        select(hv.data_source_id, hv.ts, hv.value).where(
            hv.device_id == device_id,
            hv.data_source_id.in_(ids),
            hv.ts >= q.start,
            hv.ts <= q.end,
            hv.value.is_not(None),
        )
    )
    return [(int(sid), int(ts), float(v)) for sid, ts, v in rows.all()]


def fill(buckets: list[int], values: dict[int, float], q: Query) -> list[Point]:
    """Apply the fill type to the bucket grid (none leaves empty buckets out)."""
    if q.fill == "none":
        return [[b, values[b]] for b in buckets if b in values]
    number = q.fill_number()
    points: list[Point] = []
    known = [b for b in buckets if b in values]
    prev: float | None = None
    nxt_index = 0
    for b in buckets:
        if b in values:
            prev = values[b]
            points.append([b, prev])
            continue
        if q.fill == "null":
            points.append([b, None])
        elif q.fill == "zero":
            points.append([b, 0.0])
        elif number is not None:
            points.append([b, number])
        elif q.fill == "previous":
            points.append([b, prev])
        else:  # linear between the known neighbours; null at the edges
            while nxt_index < len(known) and known[nxt_index] < b:
                nxt_index += 1
            after = known[nxt_index] if nxt_index < len(known) else None
            before = known[nxt_index - 1] if nxt_index > 0 else None
            if before is None or after is None:
                points.append([b, None])
            else:
                va, vb = values[before], values[after]
                points.append([b, va + (vb - va) * (b - before) / (after - before)])
    return points


def rounded(points: list[Point], decimals: int) -> list[Point]:
    r: Callable[[Any], Any] = lambda v: round(v, decimals) if isinstance(v, float) else v  # noqa: E731
    return [[ts, r(v)] for ts, v in points]


# --- export ----------------------------------------------------------------------------------------------------------


def table(series_by_id: dict[int, list[Point]], order: list[int]) -> list[tuple[int, list[Any]]]:
    """Rows of (ts, [value per source in `order`]) over the union of the series' times."""
    by_time: dict[int, dict[int, Any]] = defaultdict(dict)
    for sid, points in series_by_id.items():
        for ts, v in points:
            by_time[int(ts)][sid] = v
    return [(ts, [by_time[ts].get(sid) for sid in order]) for ts in sorted(by_time)]


def export_xlsx(
    sources: list[Source], points: dict[int, list[Point]], tz: int, *, accept_cap: bool, english: bool
) -> bytes:
    """The series as one xlsx sheet (time in the viewer's zone, a column per source): 110526 when empty, 110525
    (with the row count) above SPEC §9's 5000 rows unless accepted, then the first 5000."""
    rows = table({s.id: rounded(points[s.id], s.decimals) for s in sources}, [s.id for s in sources])
    if not rows:
        raise AppError(ErrorCode.EXPORT_EMPTY)
    if len(rows) > EXPORT_ROW_CAP and not accept_cap:
        raise AppError(ErrorCode.EXPORT_ROW_LIMIT, total=len(rows))
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    titles = [f"{s.name} ({s.unit})" if s.unit else s.name for s in sources]
    sheet.append(safe_row(sheet, [phrase("sheet.history.time", "en" if english else "zh"), *titles]))
    zone = timedelta(minutes=tz)
    for ts, values in rows[:EXPORT_ROW_CAP]:
        sheet.append(safe_row(sheet, [(datetime.fromtimestamp(ts / 1000, UTC) + zone).replace(tzinfo=None), *values]))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
