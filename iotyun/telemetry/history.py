"""History arithmetic (/hDev): the query and its rules, local-time buckets (minute … year), SPEC §9's aggregations
and fill types, and the xlsx export. The reads themselves are telemetry.service.query_series."""

import calendar
import io
import itertools
import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import openpyxl

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    EXPORT_ROW_CAP,
    HISTORY_AGGREGATES,
    HISTORY_BUCKETS,
    HISTORY_BUCKETS_MAX,
    HISTORY_FILLS,
    HISTORY_RANGE_MAX_DAYS,
    HISTORY_SOURCES_MAX,
)
from iotyun.core.spreadsheets import decimals_format, formatted, safe_row
from iotyun.core.texts import phrase
from iotyun.telemetry.configs import Source

MINUTE_MS = 60_000
HOUR_MS = 3_600_000
DAY_MS = 86_400_000
WEEK_MS = 7 * DAY_MS
# 1970-01-01 was a Thursday: weeks start on Monday, four days later.
WEEK_SHIFT_MS = 4 * DAY_MS
FIXED = {"minute": MINUTE_MS, "hour": HOUR_MS, "day": DAY_MS, "week": WEEK_MS}

Point = list[Any]  # [ts, value]


@dataclass(frozen=True)
class ValueFilter:
    """A condition on the stored value itself, applied in SQL before any aggregation: `eq`, `ne`, `gt`, `ge`, `lt`,
    `le` (against `value`), `range` (`value` … `value2`, both included), `null`, `not_null`."""

    op: str
    value: float | None = None
    value2: float | None = None


VALUE_FILTER_OPS = frozenset({"eq", "ne", "gt", "ge", "lt", "le", "range", "null", "not_null"})


@dataclass(frozen=True)
class Query:
    start: int
    end: int
    bucket: str = "raw"
    agg: str = "avg"
    fill: str = "none"
    width: int = 1000
    tz: int = 0  # minutes east of UTC
    # Only stored values meeting every filter count (the hourly rollup cannot tell them: the values are read).
    values: tuple[ValueFilter, ...] = ()

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
    if q.bucket in FIXED and (q.end - q.start) // FIXED[q.bucket] > HISTORY_BUCKETS_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="bucket")
    for f in q.values:
        needs = 0 if f.op in ("null", "not_null") else 2 if f.op == "range" else 1
        given = [v for v in (f.value, f.value2)[:needs] if v is not None and math.isfinite(v)]
        if f.op not in VALUE_FILTER_OPS or len(given) < needs:
            raise AppError(ErrorCode.PARAM_INVALID, field="filters")


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
    while b <= q.end and len(out) <= HISTORY_BUCKETS_MAX:
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

    def add_grouped(self, count: int, s: float, lo: float, hi: float) -> None:
        """A group of rollup rows the database folded already (no first/last)."""
        self.count += count
        self.sum += s
        self.min = min(self.min, lo)
        self.max = max(self.max, hi)

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


def fill_values(buckets: list[int], values: list[float | None], q: Query) -> list[float | None]:
    """`fill` over an array: `values` aligned on the bucket grid (None where a bucket is empty) filled by q's fill type,
    each empty bucket as `fill` answers it (none and null leave it None; linear interpolates on the buckets' starts
    between the known neighbours, None at the edges; previous is None before the first value). `values` itself is
    returned when nothing is to fill."""
    if q.fill in ("none", "null") or None not in values:
        return values
    number = 0.0 if q.fill == "zero" else q.fill_number()
    if number is not None:
        return [number if v is None else v for v in values]
    out = list(values)
    if q.fill == "previous":
        prev: float | None = None
        for i, v in enumerate(out):
            if v is None:
                out[i] = prev
            else:
                prev = v
        return out
    known = [i for i, v in enumerate(values) if v is not None]
    for left, right in itertools.pairwise(known):
        if right - left < 2:
            continue
        before, after = buckets[left], buckets[right]
        va, vb = values[left], values[right]
        assert va is not None and vb is not None
        for i in range(left + 1, right):
            out[i] = va + (vb - va) * (buckets[i] - before) / (after - before)
    return out


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


Rows = list[tuple[int, list[Any]]]


def history_rows(sources: list[Source], points: dict[int, list[Point]]) -> Rows:
    """The export's rows: (ts, [value per source, rounded to its decimals]) over the union of the series' times."""
    return table({s.id: rounded(points[s.id], s.decimals) for s in sources}, [s.id for s in sources])


def check_cap(total: int, *, accept_cap: bool) -> None:
    """110526 when there is nothing to export, 110525 (with the row count) above SPEC §9's 5000 rows unless the
    caller accepted the first 5000."""
    if not total:
        raise AppError(ErrorCode.EXPORT_EMPTY)
    if total > EXPORT_ROW_CAP and not accept_cap:
        raise AppError(ErrorCode.EXPORT_ROW_LIMIT, total=total)


# Excel's format of a bucket's time: what the bucket tells, and seconds for raw values.
_EXCEL_TIME = {"year": "yyyy", "month": "yyyy-mm", "week": "yyyy-mm-dd", "day": "yyyy-mm-dd"}


def excel_time_format(bucket: str | None) -> str:
    """The number format of a time cell of `bucket` ('yyyy-mm-dd hh:mm' for hours and minutes, seconds for raw)."""
    if bucket == "raw":
        return "yyyy-mm-dd hh:mm:ss"
    return _EXCEL_TIME.get(bucket or "", "yyyy-mm-dd hh:mm")


def write_sheet(sheet: Any, sources: list[Source], rows: Rows, tz: int, lang: str, bucket: str = "raw") -> None:
    """A write-only sheet of the rows: time as date cells in the viewer's zone (`tz` minutes east of UTC) formatted
    for `bucket`, a column per source (its unit in the header, its values in its decimals' number format), the
    first EXPORT_ROW_CAP rows."""
    titles = [f"{s.name} ({s.unit})" if s.unit else s.name for s in sources]
    sheet.append(safe_row(sheet, [phrase("sheet.history.time", lang), *titles]))
    zone = timedelta(minutes=tz)
    time_format = excel_time_format(bucket)
    formats = [decimals_format(s.decimals) for s in sources]
    for ts, values in rows[:EXPORT_ROW_CAP]:
        at = (datetime.fromtimestamp(ts / 1000, UTC) + zone).replace(tzinfo=None)
        cells = [formatted(sheet, v, f) for v, f in zip(values, formats, strict=False)]
        sheet.append(safe_row(sheet, [formatted(sheet, at, time_format), *cells]))


def export_xlsx(
    sources: list[Source],
    points: dict[int, list[Point]],
    tz: int,
    *,
    accept_cap: bool,
    english: bool,
    bucket: str = "raw",
) -> bytes:
    """The series as one xlsx sheet (time in the viewer's zone, a column per source): 110526 when empty, 110525
    (with the row count) above SPEC §9's 5000 rows unless accepted, then the first 5000."""
    rows = history_rows(sources, points)
    check_cap(len(rows), accept_cap=accept_cap)
    book = openpyxl.Workbook(write_only=True)
    write_sheet(book.create_sheet(), sources, rows, tz, "en" if english else "zh", bucket)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
