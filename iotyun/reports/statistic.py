"""A report's statistic (/yun/report/statistic). History data (kind 6) with the time dimension: one
telemetry.query_series call over the report's (device, data source) pairs, its bucket, aggregation and fill in the
viewer's zone; one series per pair, each with its buckets' min and max. The answer's shape is StatisticOut."""

import time
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.reports import by_field, counts, service
from iotyun.reports import repository as repo
from iotyun.reports.fields import H_DEVICE, H_SOURCE, H_TIME, HISTORY
from iotyun.reports.schemas import ReportConfig, StatisticOut, StatisticSeries
from iotyun.reports.timezones import local, offset_minutes, zone
from iotyun.telemetry.configs import ConfigCache
from iotyun.telemetry.history import Query
from iotyun.telemetry.service import Series, query_series

MINUTE_MS = 60_000
# A calendar month and year counted at their longest, for a default range of `time_offset` units.
_UNIT_MS = {
    "minute": MINUTE_MS,
    "hour": 60 * MINUTE_MS,
    "day": 1440 * MINUTE_MS,
    "week": 7 * 1440 * MINUTE_MS,
    "month": 31 * 1440 * MINUTE_MS,
    "year": 366 * 1440 * MINUTE_MS,
}


def time_range(config: ReportConfig, start: int | None, end: int | None, now: int) -> tuple[int, int]:
    """The viewer's range, else the report's, else the last `time_offset` units up to now."""
    if start is not None and end is not None:
        return start, end
    if config.start is not None and config.end is not None:
        return config.start, config.end
    unit = _UNIT_MS[config.time_unit or "day"]
    return now - config.time_offset * unit, now


async def statistic(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    report_id: int,
    start: int | None,
    end: int | None,
    tz: str,
) -> StatisticOut:
    """The report's chart data over `start` … `end` (epoch ms) in the viewer's zone `tz` (IANA)."""
    report = await service.get(session, actor, report_id)
    config = ReportConfig.model_validate(report.config)
    z = zone(tz)
    start, end = time_range(config, start, end, int(time.time() * 1000))
    service.check_range(config.time_unit, start, end)
    if report.table_kind != HISTORY:
        return await counts.counts(session, actor, report, config, start, end, z)
    if config.dimension_field_id[0].id in (H_DEVICE, H_SOURCE):
        devices, sources, names = await _devices(session, config)
        q = Query(start=start, end=end, bucket="year", agg="sum", tz=offset_minutes(z, start))
        return await by_field.history_by_field(
            config,
            names,
            sources,
            q,
            lambda q: _query(session, actor, configs, devices, sources, q),
            sorted_bar=report.chart_type == 8,
        )
    if config.dimension_field_id[0].id != H_TIME:
        raise AppError(ErrorCode.PARAM_INVALID, field="dimension_field_id")
    return await _history_over_time(session, actor, configs, config, start, end, z)


async def _devices(session: AsyncSession, config: ReportConfig) -> tuple[list[int], list[int], dict[int, str]]:
    """The report's devices, data sources and device names; 118205 on device_ids when a device was deleted."""
    devices = list(dict.fromkeys(config.device_ids))
    names = await repo.device_names(session, devices)
    if any(d not in names for d in devices):
        raise AppError(ErrorCode.REPORT_DATA_SOURCE_REQUIRED, field="device_ids")
    return devices, list(dict.fromkeys(config.data_source_ids)), names


async def _query(
    session: AsyncSession, actor: Actor, configs: ConfigCache, devices: list[int], sources: list[int], q: Query
) -> list[Series]:
    """query_series over every (device, data source) pair, its refusals named by the report's fields."""
    try:
        return await query_series(session, actor, configs, [(d, s) for d in devices for s in sources], q)
    except AppError as e:
        if e.code == ErrorCode.DATA_SOURCE_NOT_FOUND:
            raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="data_source_ids") from None
        if e.code == ErrorCode.DEVICE_NOT_FOUND:
            raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids") from None
        raise


async def _history_over_time(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    config: ReportConfig,
    start: int,
    end: int,
    z: ZoneInfo,
) -> StatisticOut:
    devices, sources, names = await _devices(session, config)
    bucket = config.time_unit or "day"
    q = Query(start=start, end=end, bucket=bucket, agg=config.aggregation or "avg", fill=config.fill)
    q = Query(**{**q.__dict__, "tz": offset_minutes(z, start)})
    found = await _query(session, actor, configs, devices, sources, q)
    grid = sorted({int(p[0]) for s in found for p in s.points})
    by_compare = config.compare_filed_id[0].id if config.compare_filed_id else None
    series = [_series(s, grid, _name(s, names, by_compare, len(devices), len(sources))) for s in found]
    units = {s.source.unit for s in found}
    return StatisticOut(
        categories=[local(b, z) for b in grid],
        dimension_is_time=True,
        bucket=bucket,
        series=series,
        unit=units.pop() if len(units) == 1 else None,
        total_rows=len(grid),
    )


def _name(s: Series, names: dict[int, str], by: int | None, devices: int, sources: int) -> str:
    """The device's name when comparing devices, the data source's when comparing data sources, both when both vary."""
    device, source = names[s.device_id], s.source.name
    both = f"{device} · {source}"
    if by == H_DEVICE:
        return device if sources == 1 else both
    if by == H_SOURCE or devices == 1:
        return source if devices == 1 else both
    return device if sources == 1 else both


def _series(s: Series, grid: list[int], name: str) -> StatisticSeries:
    values = {int(p[0]): p[1] for p in s.points}
    band = {int(b[0]): (b[1], b[2]) for b in s.band}
    return StatisticSeries(
        name=name,
        values=[_num(values.get(b)) for b in grid],
        min=[_num(band[b][0]) if b in band else None for b in grid],
        max=[_num(band[b][1]) if b in band else None for b in grid],
    )


def _num(v: object) -> float | None:
    return float(v) if isinstance(v, int | float) else None
