"""A report's statistic (/yun/report/statistic). History data (kind 6) with the time dimension: one
telemetry.query_series call over the report's (device, data source) pairs, its bucket, aggregation and fill in the
viewer's zone; one series per pair, each with its buckets' min and max. The answer's shape is StatisticOut. Given a
`device`, history data is drawn for that device instead of the report's own (a dashboard card following the device
tree): data source ids belong to a template, so every device of the report's template publishes them."""

import time
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import PageParams
from iotyun.reports import by_field, counts, history_filters, service
from iotyun.reports import repository as repo
from iotyun.reports.decimals import decimals_of
from iotyun.reports.fields import H_DEVICE, H_SOURCE, H_TIME, HISTORY
from iotyun.reports.schemas import ReportConfig, StatisticOut, StatisticSeries, TableColumn, TableDataOut
from iotyun.reports.table import table_rows
from iotyun.reports.timezones import local, offset_minutes, zone
from iotyun.telemetry.public import ConfigCache, Pair, Query, Series, query_columns, query_series, readable_device_sns


def time_range(config: ReportConfig, start: int | None, end: int | None, now: int) -> tuple[int, int]:
    """The viewer's range, else the report's, else the last `time_offset` units up to now."""
    if start is not None and end is not None:
        return start, end
    return service.default_range(config, now)


async def statistic(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    report_id: int,
    start: int | None,
    end: int | None,
    tz: str,
    device: int | None = None,
) -> StatisticOut:
    """The report's chart data over `start` … `end` (epoch ms) in the viewer's zone `tz` (IANA). `device`, a device
    the viewer reads (110506 on device otherwise, another tenant's as a missing one), draws history data for it alone,
    the report's filters applied as to its own devices; the other kinds count over every device the viewer reads and
    answer the same with or without it."""
    report = await service.get(session, actor, report_id)
    config = service.stored_config(report)
    z = zone(tz)
    now = int(time.time() * 1000)
    service.computable(report.table_kind, config, now)
    start, end = time_range(config, start, end, now)
    service.check_range(config.time_unit, start, end, report.table_kind, service.bucketed(report.table_kind, config))
    if report.table_kind != HISTORY:
        if device is not None and not await repo.readable_device_ids(session, actor, [device]):
            raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device")
        return await counts.counts(session, actor, report, config, start, end, z)
    by_field_dim = config.dimension_field_id[0].id in (H_DEVICE, H_SOURCE)
    if not by_field_dim and config.dimension_field_id[0].id != H_TIME:
        raise AppError(ErrorCode.PARAM_INVALID, field="dimension_field_id")
    narrowed = history_filters.applied(config.filters, start, end)
    devices, sources, names, sns = await _devices(session, actor, configs, config, device)
    pairs = await _pairs(session, actor, configs, config, devices, sources, names, sns)
    if not pairs or narrowed.start > narrowed.end:
        bucket = None if by_field_dim else config.time_unit or "day"
        return StatisticOut(
            categories=[], dimension_is_time=not by_field_dim, bucket=bucket, series=[], unit=None, total_rows=0
        )
    if by_field_dim:
        q = Query(
            start=narrowed.start,
            end=narrowed.end,
            bucket="year",
            agg="sum",
            tz=offset_minutes(z, narrowed.start),
            values=narrowed.values,
        )
        kept = [s for s in sources if any(p[1] == s for p in pairs)]
        return await by_field.history_by_field(
            config,
            names,
            kept,
            q,
            lambda q: _query(session, actor, configs, pairs, q, sns),
            sorted_bar=report.chart_type == 8,
        )
    q = Query(
        start=narrowed.start,
        end=narrowed.end,
        bucket=config.time_unit or "day",
        agg=config.aggregation or "avg",
        fill=config.fill,
        tz=offset_minutes(z, narrowed.start),
        values=narrowed.values,
    )
    return await _history_over_time(session, actor, configs, config, q, pairs, names, sns, z, len(devices))


async def _pairs(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    config: ReportConfig,
    devices: list[int],
    sources: list[int],
    names: dict[int, str],
    readable: dict[int, str] | None,
) -> list[Pair]:
    """The report's (device, data source) pairs its device (39) and data source (40) filters keep; a data source's
    name comes from the device's published configuration (110506 on device_ids for a device the caller no longer
    reads, 115401 on data_source_ids for a data source it does not publish). `readable`: _devices' SNs, if it has
    them."""
    kept_devices = [d for d in devices if history_filters.keeps(config.filters, H_DEVICE, names[d])]
    if not history_filters.names_source(config.filters):
        return [(d, s) for d in kept_devices for s in sources]
    if readable is None:
        sns = await readable_device_sns(session, actor, kept_devices)
    else:
        sns = {d: readable[d] for d in kept_devices if d in readable}
    if len(sns) < len(kept_devices):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
    pairs: list[Pair] = []
    for d in kept_devices:
        published = await configs.get(sns[d])
        for s in sources:
            source = None if published is None else published.sources.get(s)
            if source is None:
                raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="data_source_ids")
            if history_filters.keeps(config.filters, H_SOURCE, source.name):
                pairs.append((d, s))
    return pairs


async def _devices(
    session: AsyncSession, actor: Actor, configs: ConfigCache, config: ReportConfig, device: int | None
) -> tuple[list[int], list[int], dict[int, str], dict[int, str] | None]:
    """The devices drawn, the report's data sources, the devices' names and, for the report's own devices, the SNs of
    the registered ones (telemetry's readable_device_sns, from the same statement: one statement for the three). The
    report's own devices: 118205 on device_ids when one was deleted, 110506 when the viewer no longer reads one (a
    share or distribution withdrawn, a transfer), refused before the device filters read its name, so a filter cannot
    tell the current name of a device that is gone. `device` instead: one the viewer reads (110506 on device)
    publishing every data source of the report (115401 on data_source_ids: a device of another template), checked
    before the filters too."""
    sources = list(dict.fromkeys(config.data_source_ids))
    if device is not None:
        await service.check_published(session, actor, configs, [device], sources, "device")
        return [device], sources, await repo.device_names(session, [device]), None
    devices = list(dict.fromkeys(config.device_ids))
    seen = await repo.devices_seen(session, actor, devices)
    if any(d not in seen for d in devices):
        raise AppError(ErrorCode.REPORT_DATA_SOURCE_REQUIRED, field="device_ids")
    if not all(seen[d].readable for d in devices):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
    names = {d: seen[d].name for d in devices}
    return devices, sources, names, {d: seen[d].sn for d in devices if seen[d].registered}


async def _query(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    pairs: list[Pair],
    q: Query,
    readable: dict[int, str] | None,
) -> list[Series]:
    """query_series over the (device, data source) pairs, its refusals named by the report's fields."""
    try:
        return await query_series(session, actor, configs, pairs, q, readable)
    except AppError as e:
        raise _renamed(e) from None


def _renamed(e: AppError) -> AppError:
    """query_series' refusals named by the report's fields (the others as they are)."""
    if e.code == ErrorCode.DATA_SOURCE_NOT_FOUND:
        return AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="data_source_ids")
    if e.code == ErrorCode.DEVICE_NOT_FOUND:
        return AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
    return e


async def _history_over_time(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    config: ReportConfig,
    q: Query,
    pairs: list[Pair],
    names: dict[int, str],
    readable: dict[int, str] | None,
    z: ZoneInfo,
    devices: int,
) -> StatisticOut:
    """One series per pair on the bucket grid (telemetry query_columns: the arrays as the rows filled them, rounded
    to the series' decimals, by the database where it can), named as `devices` devices (those drawn) and the report's
    data sources vary; with fill none a bucket empty in every series is left out. Built without validation
    (model_construct): every number is a float or None already, and the route serializes the answer once (the 30-day
    hourly report holds ~22,000)."""
    sources = len(dict.fromkeys(config.data_source_ids))
    try:
        buckets, found = await query_columns(
            session, actor, configs, pairs, q, lambda source: decimals_of(source.decimals, q.agg), readable
        )
    except AppError as e:
        raise _renamed(e) from None
    numeric = [c for c in found if c.source.kind != "str"]
    keep: list[int] | None = None  # the grid's positions answered; None: all of them
    if not numeric:
        keep = []
    elif q.fill == "none" and all(None in c.values for c in numeric):
        present = [False] * len(buckets)
        for c in numeric:
            for i, v in enumerate(c.values):
                if v is not None:
                    present[i] = True
        if not all(present):
            keep = [i for i, p in enumerate(present) if p]
    grid = buckets if keep is None else [buckets[i] for i in keep]
    by_compare = config.compare_filed_id[0].id if config.compare_filed_id else None
    series = []
    for c in found:
        series.append(
            StatisticSeries.model_construct(
                name=_name(c.device_id, c.source.name, names, by_compare, devices, sources),
                values=_at(c.values, keep),
                min=_at(c.min, keep),
                max=_at(c.max, keep),
                unit=c.source.unit or None,
                decimals=decimals_of(c.source.decimals, q.agg),
            )
        )
    units = {c.source.unit for c in found}
    return StatisticOut.model_construct(
        categories=[local(b, z) for b in grid],
        dimension_is_time=True,
        bucket=q.bucket,
        series=series,
        unit=units.pop() if len(units) == 1 else None,
        total_rows=len(grid),
    )


def _at(values: list[float | None], keep: list[int] | None) -> list[float | None]:
    return values if keep is None else [values[i] for i in keep]


def _name(device_id: int, source: str, names: dict[int, str], by: int | None, devices: int, sources: int) -> str:
    """The device's name when comparing devices, the data source's when comparing data sources, both when both vary."""
    device = names[device_id]
    both = f"{device} · {source}"
    if by == H_DEVICE:
        return device if sources == 1 else both
    if by == H_SOURCE or devices == 1:
        return source if devices == 1 else both
    return device if sources == 1 else both


# --- the table view ------------------------------------------------------------------------------------------------


async def table_data(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    report_id: int,
    start: int | None,
    end: int | None,
    tz: str,
    params: PageParams,
    sort_by: str,
    order: str,
) -> TableDataOut:
    """The report's statistic as its table view (reports/table.py), sorted by the column `sort_by` (100004 when the
    table has no such column; nulls last in either order) and paged."""
    stat = await statistic(session, actor, configs, report_id, start, end, tz)
    columns, rows = table_rows(stat)
    if sort_by not in {c["key"] for c in columns}:
        raise AppError(ErrorCode.PARAM_INVALID, field="sort_by")
    config = service.stored_config(await service.get(session, actor, report_id))
    columns[0]["title"] = config.dimension_field_id[0].field_name if config.dimension_field_id else ""
    present = [r for r in rows if r.get(sort_by) is not None]
    present.sort(key=lambda r: r[sort_by], reverse=order == "desc")
    ordered = present + [r for r in rows if r.get(sort_by) is None]
    first = (params.page - 1) * params.page_size
    return TableDataOut(
        columns=[TableColumn.model_validate(c) for c in columns],
        items=ordered[first : first + params.page_size],
        total=len(ordered),
        page=params.page,
        page_size=params.page_size,
    )
