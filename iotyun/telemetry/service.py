"""Telemetry reads as a service: query_series answers many (device, data source) series over one time range in a
few statements, on the devices the caller reads; the device detail's history and its export are built on it."""

import itertools
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.permissions import DEVICE_EXPORT, DEVICE_HISTORY
from iotyun.telemetry import history as hist
from iotyun.telemetry import repository as repo
from iotyun.telemetry.configs import ConfigCache, Source
from iotyun.telemetry.history import Agg, Point, Query

Pair = tuple[int, int]  # (device id, data source id)
Folded = dict[Pair, dict[int, Agg]]  # each pair's aggregation state per bucket start

# Aggregations that fold with SUM/MIN/MAX, so the database groups the hourly rollup itself: a 30-day daily query
# returns 30 rows per variable instead of 720 (first/last need each row's time and are folded here).
_SQL_AGGS = frozenset({"avg", "sum", "count", "min", "max"})


@dataclass(frozen=True, slots=True)
class Series:
    """One (device, data source) series. `band` holds each filled bucket's [start, min, max]: an average over a long
    range never hides a spike from a caller that draws it. `downsampled`: raw values reduced to the chart's width
    (each pixel column keeps its minimum and maximum)."""

    device_id: int
    source: Source
    points: list[Point]
    band: list[Point]
    downsampled: bool = False


async def query_series(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    pairs: Sequence[Pair],
    q: Query,
    readable: Mapping[int, str] | None = None,
) -> list[Series]:
    """The series of `pairs` (in their order, each once) over q's range, in q's bucket, aggregation, fill and time
    zone, of the stored values meeting q's value filters (`q.values`, applied in SQL before aggregating): 100004 for a query outside the rules, 110506 for a device `actor` does not read (another tenant's, say),
    115401 for a data source the device's published template does not hold. `readable`: the SNs of the registered
    devices `actor` reads, when the caller looked them up already (readable_device_sns' answer); read here otherwise."""
    unique = list(dict.fromkeys(pairs))
    hist.check(q, len(unique))
    sources = await _sources(session, actor, configs, unique, readable)
    if q.bucket == "raw":
        return await _raw(session, sources, q)
    return await _bucketed(session, sources, q)


async def _sources(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    pairs: list[Pair],
    readable: Mapping[int, str] | None = None,
) -> dict[Pair, Source]:
    device_ids = list(dict.fromkeys(d for d, _ in pairs))
    sns = readable if readable is not None else await repo.readable_device_sns(session, actor, device_ids)
    if any(d not in sns for d in device_ids):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    found: dict[Pair, Source] = {}
    for device_id, source_id in pairs:
        # The published configuration from the ingest's cache (a publish shows within its TTL): history queries are
        # frequent and the publication snapshot holds the screens too.
        config = await configs.get(sns[device_id])
        source = None if config is None else config.sources.get(source_id)
        if source is None:
            raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="ids")
        found[(device_id, source_id)] = source
    return found


def _wanted(pairs: Iterable[Pair]) -> dict[int, list[int]]:
    wanted: dict[int, list[int]] = defaultdict(list)
    for device_id, source_id in pairs:
        wanted[device_id].append(source_id)
    return wanted


# --- raw values --------------------------------------------------------------------------------------------------


async def _raw(session: AsyncSession, sources: dict[Pair, Source], q: Query) -> list[Series]:
    limit = 2 * q.width
    counts = await repo.value_counts(session, _wanted(sources), q.start, q.end, q.values)
    out: dict[Pair, list[Point]] = {p: [] for p in sources}
    dense = {p for p in sources if counts.get(p, 0) > limit}
    sparse = [p for p in sources if 0 < counts.get(p, 0) <= limit]
    if sparse:
        for d, sid, ts, value, text in await repo.values(session, _wanted(sparse), q.start, q.end, q.values):
            out[(int(d), int(sid))].append([int(ts), text if text is not None else value])
    numeric = [p for p in sources if p in dense and sources[p].kind != "str"]
    for p in dense - set(numeric):
        # Text cannot be reduced: the first `limit` values of the range.
        out[p] = [[int(ts), text] for ts, text in await repo.first_texts(session, *p, q.start, q.end, limit)]
    if numeric:
        _columns(out, await _column_rows(session, numeric, q))
    return [Series(p[0], s, out[p], [], p in dense) for p, s in sources.items()]


async def _column_rows(session: AsyncSession, pairs: list[Pair], q: Query) -> Sequence[Any]:
    px = max(1, -(-(q.end - q.start + 1) // q.width))
    return await repo.value_columns(session, _wanted(pairs), q.start, q.end, px, q.values)


def _columns(out: dict[Pair, list[Point]], rows: Sequence[Any]) -> None:
    """Each pixel column as its minimum and maximum (in time order), the shape a line chart draws anyway."""
    for d, sid, _, lo, hi, first_ts, last_ts in rows:
        points = out[(int(d), int(sid))]
        if lo == hi or first_ts == last_ts:
            points.append([int(first_ts), lo])
        else:
            mid = (int(first_ts) + int(last_ts)) // 2
            points.append([int(first_ts), lo])
            points.append([max(mid, int(first_ts) + 1), hi])


# --- time buckets ------------------------------------------------------------------------------------------------
# Buckets are arrays on the bucket grid (hist.grid): each pair's value (the aggregation), minimum and maximum at the
# bucket's position, None where the bucket is empty. A fixed-width bucket's position is arithmetic on the database's
# integer key; the rows go straight into the arrays (no per-bucket objects: a 30-day hourly report reads ~7,200).

Arrays = tuple[list[float | None], list[float | None], list[float | None]]  # values, minimums, maximums


@dataclass(frozen=True, slots=True)
class Columns:
    """One (device, data source) series on query_columns' bucket grid: each bucket's value (the aggregation, then the
    fill: None where empty and not filled; always None for a text data source), minimum and maximum (None where the
    bucket holds no stored value)."""

    device_id: int
    source: Source
    values: list[float | None]
    min: list[float | None]
    max: list[float | None]


async def query_columns(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    pairs: Sequence[Pair],
    q: Query,
    places: Callable[[Source], int] | None = None,
    readable: Mapping[int, str] | None = None,
) -> tuple[list[int], list[Columns]]:
    """query_series' bucketed answer as arrays: the bucket grid's starts and, for each of `pairs` (in their order,
    each once), its values, minimums and maximums aligned on them; with `places`, each series' numbers rounded to
    places(its source) decimals, as round(x, places) rounds them (after the fill). Same refusals and `readable` as
    query_series (and 100004 on bucket for raw values)."""
    unique = list(dict.fromkeys(pairs))
    hist.check(q, len(unique))
    if q.bucket == "raw":
        raise AppError(ErrorCode.PARAM_INVALID, field="bucket")
    sources = await _sources(session, actor, configs, unique, readable)
    return await _bucket_arrays(session, sources, q, places)


async def _bucketed(session: AsyncSession, sources: dict[Pair, Source], q: Query) -> list[Series]:
    buckets, columns = await _bucket_arrays(session, sources, q)
    return [_series_of(c, buckets, q) for c in columns]


def _series_of(c: Columns, buckets: list[int], q: Query) -> Series:
    if c.source.kind == "str":
        return Series(c.device_id, c.source, [], [])
    if q.fill == "none":
        points: list[Point] = [[b, v] for b, v in zip(buckets, c.values, strict=True) if v is not None]
    else:
        points = [[b, v] for b, v in zip(buckets, c.values, strict=True)]
    band: list[Point] = [[b, lo, hi] for b, lo, hi in zip(buckets, c.min, c.max, strict=True) if lo is not None]
    return Series(c.device_id, c.source, points, band)


async def _bucket_arrays(
    session: AsyncSession, sources: dict[Pair, Source], q: Query, places: Callable[[Source], int] | None = None
) -> tuple[list[int], list[Columns]]:
    buckets = hist.grid(q)
    n = len(buckets)
    arrays: dict[Pair, Arrays] = {
        p: ([None] * n, [None] * n, [None] * n) for p, s in sources.items() if s.kind != "str"
    }
    exact: set[Pair] = set()  # pairs the database rounded already
    if arrays and n:
        if places is not None and _rounds_in_sql(q):
            exact = await _fold_rounded(session, q, buckets, arrays, [places(sources[p]) for p in arrays])
        rest = {p: a for p, a in arrays.items() if p not in exact}
        if rest:
            await _fold(session, _wanted(rest), q, buckets, rest)
    out: list[Columns] = []
    for p, s in sources.items():
        a = arrays.get(p)
        if a is None:
            out.append(Columns(p[0], s, [None] * n, [None] * n, [None] * n))
            continue
        values, mins, maxs = hist.fill_values(buckets, a[0], q), a[1], a[2]
        if places is not None and p not in exact:
            d = places(s)
            values, mins, maxs = _rounded(values, d), _rounded(mins, d), _rounded(maxs, d)
        out.append(Columns(p[0], s, values, mins, maxs))
    return buckets, out


def _rounded(values: list[float | None], decimals: int) -> list[float | None]:
    if None in values:
        return [None if v is None else round(v, decimals) for v in values]
    return list(map(round, values, itertools.repeat(decimals)))  # type: ignore[arg-type]


_ROUNDED_PLACES_MAX = 15


def _rounds_in_sql(q: Query) -> bool:
    """Whether the database may round q's buckets (repository.rollup_hours_rounded): hours of the rollup itself, an
    aggregation it folds, no value filter, and a fill that commutes with rounding (previous copies a rounded value;
    zero, a number and linear make numbers of their own)."""
    return q.bucket == "hour" and not q.values and q.agg in repo.ROUNDED_AGGS and q.fill in ("none", "null", "previous")


async def _fold_rounded(
    session: AsyncSession, q: Query, buckets: list[int], arrays: dict[Pair, Arrays], places: list[int]
) -> set[Pair]:
    """The hourly rollup of the pairs of `arrays` (`places` decimals each, in their order) rounded by the database into
    the arrays; the pairs it rounded as Python does, the others (a value next to a tie, say) left to the caller. Nothing
    on SQLite."""
    if not all(0 <= d <= _ROUNDED_PLACES_MAX for d in places):
        return set()  # 10 ** d is no longer exact as a float, or round() would round to tens
    pairs = list(arrays)
    shift = q.tz * hist.MINUTE_MS
    scales = [10.0**d for d in places]
    found = await repo.rollup_hours_rounded(session, pairs, scales, q.start, q.end, shift, q.agg)
    if found is None:
        return set()
    k0 = (buckets[0] + shift) // hist.HOUR_MS
    n = len(buckets)
    exact: set[Pair] = set()
    for p, (ks, av, lo, hi, gap, big) in zip(pairs, found, strict=True):
        if ks is None or av is None or lo is None or hi is None:
            exact.add(p)  # no rollup hour in the range
            continue
        if not repo.rounded_exactly(gap, big):
            continue
        values, mins, maxs = arrays[p]
        first, count = ks[0] - k0, len(ks)
        if ks[-1] - ks[0] + 1 == count and first >= 0 and first + count <= n and ks == sorted(ks):
            # Every hour of a stretch, in order (the usual case): the arrays as they come.
            values[first : first + count] = av
            mins[first : first + count] = lo
            maxs[first : first + count] = hi
        else:
            for k, v, low, high in zip(ks, av, lo, hi, strict=True):
                i = k - k0
                if 0 <= i < n:
                    values[i], mins[i], maxs[i] = v, low, high
        exact.add(p)
    return exact


async def _fold(
    session: AsyncSession, wanted: dict[int, list[int]], q: Query, buckets: list[int], arrays: dict[Pair, Arrays]
) -> None:
    folded: Folded = defaultdict(lambda: defaultdict(Agg))
    if q.agg == "distinct_count" or q.bucket == "minute" or (q.values and q.agg not in _SQL_AGGS):
        # Distinct counts cannot come from a rollup, nor minutes from an hourly one, nor the values meeting a value
        # filter: read the values themselves.
        distinct: dict[Pair, dict[int, set[float]]] = defaultdict(lambda: defaultdict(set))
        for d, sid, ts, v in await repo.numbers(session, wanted, q.start, q.end, q.values):
            b = hist.bucket_start(ts, q.bucket, q.tz)
            folded[(d, sid)][b].add(ts, v)
            distinct[(d, sid)][b].add(v)
        _put(arrays, folded, buckets, q, distinct if q.agg == "distinct_count" else None)
    elif q.agg in _SQL_AGGS:
        await _fold_grouped(session, wanted, q, buckets, arrays)
    else:
        for d, sid, b, count, s, lo, hi, fts, f, lts, la in await repo.rollup(session, wanted, q.start, q.end):
            start = hist.bucket_start(int(b), q.bucket, q.tz)
            folded[(int(d), int(sid))][start].add_rollup(int(count), s, lo, hi, int(fts), f, int(lts), la)
        _put(arrays, folded, buckets, q)


def _put(
    arrays: dict[Pair, Arrays],
    folded: Folded,
    buckets: list[int],
    q: Query,
    distinct: dict[Pair, dict[int, set[float]]] | None = None,
) -> None:
    """Each pair's aggregation state per bucket start into its arrays (buckets off the grid are left out); `distinct`:
    the values are the distinct counts."""
    position = {b: i for i, b in enumerate(buckets)}
    for p, aggs in folded.items():
        cols = arrays.get(p)
        if cols is None:
            continue
        values, mins, maxs = cols
        for b, agg in aggs.items():
            i = position.get(b)
            if i is None:
                continue
            values[i] = float(len(distinct[p][b])) if distinct is not None else agg.result(q.agg)
            mins[i], maxs[i] = agg.min, agg.max


async def _fold_grouped(
    session: AsyncSession, wanted: dict[int, list[int]], q: Query, buckets: list[int], arrays: dict[Pair, Arrays]
) -> None:
    """One GROUP BY on an integer bucket: fixed-size buckets group directly (hours are the rollup's rows) and go
    straight into the arrays at position k − k(first bucket); months and years group by local day, then fold here
    (at most 366 rows each)."""
    shift = q.tz * hist.MINUTE_MS
    size = hist.FIXED.get(q.bucket, hist.DAY_MS)
    base = hist.WEEK_SHIFT_MS if q.bucket == "week" else 0
    rows: Sequence[Sequence[Any]]
    if q.values:
        # Value filters hold for each stored value, which the hourly rollup no longer knows: group the values.
        rows = await repo.values_grouped(session, wanted, q.start, q.end, size, shift - base, q.values)
    else:
        rows = await repo.rollup_grouped(session, wanted, q.start, q.end, size, shift - base)
    if q.bucket not in hist.FIXED:
        folded: Folded = defaultdict(lambda: defaultdict(Agg))
        for d, sid, k, count, total, lo, hi in rows:
            start = hist.bucket_start(int(k) * size + base - shift, q.bucket, q.tz)
            folded[(int(d), int(sid))][start].add_grouped(int(count), float(total), float(lo), float(hi))
        _put(arrays, folded, buckets, q)
        return
    # The grid starts on a bucket border: its key, and each row's key is its bucket's position from there. One row per
    # (pair, key): the GROUP BY's, or an hour's own (the rollup's primary key).
    k0 = (buckets[0] + shift - base) // size
    n = len(buckets)
    if size == hist.HOUR_MS and not q.values and q.agg == "avg":
        # The 30-day hourly report's path (B9): the rollup's own columns (Integer count, Float sum/min/max).
        for d, sid, k, count, total, lo, hi in rows:
            i = k - k0
            cols = arrays.get((d, sid))
            if cols is None or i < 0 or i >= n:
                continue
            cols[0][i] = (0.0 + total) / count
            cols[1][i] = lo
            cols[2][i] = hi
        return
    agg = q.agg
    for d, sid, k, count, total, lo, hi in rows:
        i = int(k) - k0
        cols = arrays.get((int(d), int(sid)))
        if cols is None or i < 0 or i >= n:
            continue
        # As hist.Agg folds one group: sum from 0.0, min/max as floats.
        c, t, low, high = int(count), 0.0 + float(total), float(lo), float(hi)
        if agg == "avg":
            cols[0][i] = t / c
        else:
            cols[0][i] = {"sum": t, "count": float(c), "min": low}.get(agg, high)
        cols[1][i] = low
        cols[2][i] = high


# --- the device detail's history ---------------------------------------------------------------------------------


def parse_ids(raw: str) -> list[int]:
    """The comma-separated data source ids of a request, each once (100004 on ids)."""
    try:
        ids = [int(p) for p in raw.split(",") if p.strip()]
    except ValueError:
        raise AppError(ErrorCode.PARAM_INVALID, field="ids") from None
    return list(dict.fromkeys(ids))


async def device_history(
    session: AsyncSession, actor: Actor, configs: ConfigCache, device_id: int, ids: str, q: Query
) -> dict[str, Any]:
    """/hDev's data: the device's series, each rounded to its source's decimals."""
    actor.need_device(DEVICE_HISTORY)
    found = await query_series(session, actor, configs, [(device_id, sid) for sid in parse_ids(ids)], q)
    return {
        "device_id": device_id,
        "bucket": q.bucket,
        "agg": q.agg,
        "downsampled": any(s.downsampled for s in found),
        "series": [
            {
                "id": s.source.id,
                "name": s.source.name,
                "unit": s.source.unit,
                "decimals": s.source.decimals,
                "points": hist.rounded(s.points, s.source.decimals),
            }
            for s in found
        ],
    }


async def export_history(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    device_id: int,
    ids: str,
    q: Query,
    *,
    accept_cap: bool,
    english: bool,
) -> bytes:
    """The device's series as an xlsx sheet (history.export_xlsx; the export centre writes the same rows,
    history_table)."""
    actor.need_device(DEVICE_EXPORT)
    found = await query_series(session, actor, configs, [(device_id, sid) for sid in parse_ids(ids)], q)
    points = {s.source.id: s.points for s in found}
    sources = [s.source for s in found]
    return hist.export_xlsx(sources, points, q.tz, accept_cap=accept_cap, english=english, bucket=q.bucket)


async def history_table(
    session: AsyncSession, actor: Actor, configs: ConfigCache, device_id: int, source_ids: list[int], q: Query
) -> tuple[list[Source], hist.Rows]:
    """What /yun/his/export exports, as its sources and rows (history.history_rows), for the export centre."""
    actor.need_device(DEVICE_EXPORT)
    found = await query_series(session, actor, configs, [(device_id, sid) for sid in source_ids], q)
    sources = [s.source for s in found]
    return sources, hist.history_rows(sources, {s.source.id: s.points for s in found})
