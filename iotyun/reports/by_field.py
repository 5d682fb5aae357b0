"""History data (kind 6) with a device or data source as the dimension: each (device, data source) pair's values over
the whole range folded to one figure. query_series groups them by year (one GROUP BY; a range holds at most two) and
the years fold here: sum and count add up, min and max compare, first and last take the earliest and latest, the
average is the sum over the count (a second query). Distinct counts do not fold (100004 on aggregation)."""

from collections.abc import Awaitable, Callable
from dataclasses import replace

from iotyun.core.errors import AppError, ErrorCode
from iotyun.reports.decimals import decimals_of, rounded
from iotyun.reports.fields import H_DEVICE
from iotyun.reports.schemas import ReportConfig, StatisticOut, StatisticSeries
from iotyun.telemetry.public import Pair, Query, Series

Run = Callable[[Query], Awaitable[list[Series]]]


def _values(s: Series) -> list[float]:
    return [float(v) for _, v in s.points if isinstance(v, int | float)]


def _fold(agg: str, values: list[float]) -> float | None:
    if not values:
        return None
    if agg in ("sum", "count"):
        return sum(values)
    if agg == "first":
        return values[0]
    if agg == "last":
        return values[-1]
    return min(values) if agg == "min" else max(values)


async def _figures(agg: str, q: Query, run: Run) -> tuple[list[Series], dict[Pair, float | None]]:
    if agg == "distinct_count":
        raise AppError(ErrorCode.PARAM_INVALID, field="aggregation")
    found = await run(replace(q, agg="sum" if agg == "avg" else agg))
    if agg != "avg":
        return found, {(s.device_id, s.source.id): _fold(agg, _values(s)) for s in found}
    counts = {(s.device_id, s.source.id): sum(_values(s)) for s in await run(replace(q, agg="count"))}
    figures: dict[Pair, float | None] = {}
    for s in found:
        n = counts.get((s.device_id, s.source.id), 0.0)
        figures[(s.device_id, s.source.id)] = sum(_values(s)) / n if n else None
    return found, figures


async def history_by_field(
    config: ReportConfig, names: dict[int, str], sources: list[int], q: Query, run: Run, *, sorted_bar: bool
) -> StatisticOut:
    """Categories are the devices (field 39) or the data sources (40) in the report's order, a series per the other;
        min and max are each pair's smallest and largest stored value over the range. Sorted as the report says; the
    sorted bar (chart type 8) without a sort by value, descending."""
    found, figures = await _figures(config.aggregation or "avg", q, run)
    source_names = {s.source.id: s.source.name for s in found}
    devices = list(dict.fromkeys(s.device_id for s in found))
    by_device = config.dimension_field_id[0].id == H_DEVICE
    rows, columns = (devices, sources) if by_device else (sources, devices)
    label_row = names.get if by_device else source_names.get
    label_col = source_names.get if by_device else names.get
    band = {(s.device_id, s.source.id): s.band for s in found}

    def pair(r: int, c: int) -> Pair:
        return (r, c) if by_device else (c, r)

    order = list(range(len(rows)))
    sort = config.sort
    by_value = sort.by == "value" if sort else sorted_bar
    descending = sort.order == "desc" if sort else sorted_bar
    totals = [sum(figures.get(pair(r, c)) or 0.0 for c in columns) for r in rows]
    if by_value:
        order.sort(key=lambda i: totals[i], reverse=descending)
    elif descending:
        order.reverse()
    agg = config.aggregation or "avg"
    sources_of = {s.source.id: s.source for s in found}
    series = []
    for c in columns:
        lows = [[lo for _, lo, _ in band.get(pair(rows[i], c), [])] for i in order]
        highs = [[hi for _, _, hi in band.get(pair(rows[i], c), [])] for i in order]
        # A series' data sources: itself when it is one (the device dimension), its row's when it is a device.
        own = [sources_of[k] for k in ([c] if by_device else rows) if k in sources_of]
        units = {s.unit for s in own}
        places = max((decimals_of(s.decimals, agg) for s in own), default=0)
        series.append(
            StatisticSeries(
                name=str(label_col(c) or c),
                values=rounded([figures.get(pair(rows[i], c)) for i in order], places),
                min=rounded([min(v) if v else None for v in lows], places),
                max=rounded([max(v) if v else None for v in highs], places),
                unit=(units.pop() or None) if len(units) == 1 else None,
                decimals=places,
            )
        )
    units = {s.source.unit for s in found}
    return StatisticOut(
        categories=[str(label_row(rows[i]) or rows[i]) for i in order],
        dimension_is_time=False,
        bucket=None,
        series=series,
        unit=units.pop() if len(units) == 1 else None,
        total_rows=len(rows),
    )
