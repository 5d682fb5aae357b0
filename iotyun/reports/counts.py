"""Statistics of history alarms (7), device info (8) and user info (9): counts by one field, optionally split by a
comparison field, each one GROUP BY over the caller's scope (the devices he reads, their alarms; the users he
manages). Categories are the dimension's values as text; a series per comparison value (else one series)."""

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import Alarm
from iotyun.auth.models import Role, User
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.texts import phrase
from iotyun.devices.models import Device, DeviceGroup, Gateway
from iotyun.reports import fields as f
from iotyun.reports import filters
from iotyun.reports import repository as repo
from iotyun.reports.models import Report
from iotyun.reports.schemas import ReportConfig, StatisticOut, StatisticSeries
from iotyun.reports.timezones import local, offset_minutes
from iotyun.team import service as team_service
from iotyun.team.models import UserGroup
from iotyun.telemetry.public import DAY_MS, FIXED, MINUTE_MS, Query, bucket_grid, bucket_start

# The column each field groups by; the time fields group by time bucket (TIME_COLUMNS).
COLUMNS: dict[int, dict[int, Any]] = {
    f.ALARM: {f.A_LEVEL: Alarm.alarm_level, f.A_DEVICE: Alarm.dev_alias, f.A_NAME: Alarm.alarm_name},
    f.DEVICE_INFO: {
        f.D_GROUP: DeviceGroup.name,
        f.D_STATE: Gateway.dev_state,
        f.D_MODEL: Gateway.model,
        f.D_DEVICE: Device.id,
    },
    f.USER_INFO: {f.U_ROLE: Role.name, f.U_GROUP: UserGroup.name, f.U_USER: User.id},
}


# The columns filters may name: the grouping columns and the kind's time field.
FILTERABLE: dict[int, dict[int, Any]] = {
    f.ALARM: {**COLUMNS[f.ALARM], f.A_TIME: Alarm.alarm_time},
    f.DEVICE_INFO: {**COLUMNS[f.DEVICE_INFO], f.D_TIME: Device.registered_at},
    f.USER_INFO: {**COLUMNS[f.USER_INFO], f.U_TIME: User.created_at},
}


def _column(kind: int, field_id: int, name: str) -> Any:
    column = COLUMNS[kind].get(field_id)
    if column is None:
        raise AppError(ErrorCode.PARAM_INVALID, field=name)
    return column


def _measure(kind: int, config: ReportConfig) -> Any | None:
    """None counts rows; distinct_count counts the value field's distinct values; other aggregations do not apply."""
    if config.aggregation == "count":
        return None
    if config.aggregation == "distinct_count" and config.aggregate_filed_id is not None:
        return _column(kind, config.aggregate_filed_id.id, "aggregate_filed_id")
    raise AppError(ErrorCode.PARAM_INVALID, field="aggregation")


TIME_COLUMNS: dict[int, Any] = {
    f.ALARM: Alarm.alarm_time,
    f.DEVICE_INFO: Device.registered_at,
    f.USER_INFO: User.created_at,
}


async def counts(
    session: AsyncSession, actor: Actor, report: Report, config: ReportConfig, start: int, end: int, z: ZoneInfo
) -> StatisticOut:
    kind = report.table_kind
    cmp = _column(kind, config.compare_filed_id[0].id, "compare_filed_id") if config.compare_filed_id else None
    measure = _measure(kind, config)
    where = filters.conditions(FILTERABLE[kind], config.filters)
    over_time = config.dimension_field_id[0].id == f.TIME_FIELD[kind]
    if kind == f.ALARM or over_time:
        # Alarms always within the range; devices and users only when counted over time (else as they are now).
        since, until = (datetime.fromtimestamp(t / 1000, UTC) for t in (start, end))
        where += [TIME_COLUMNS[kind] >= since, TIME_COLUMNS[kind] <= until]
    users = await team_service.managed_user_ids(session, actor) if kind == f.USER_INFO else None
    stmt, row_id = await repo.scoped(session, actor, kind, users)
    if over_time:
        out = await _over_time(session, stmt, row_id, TIME_COLUMNS[kind], config, start, end, z, cmp, measure, where)
        return await _label_series(session, stmt, kind, config, out)
    dim = _column(kind, config.dimension_field_id[0].id, "dimension_field_id")
    rows = await repo.counted(session, stmt, row_id, dim, cmp, measure, where)
    out = shape(rows, config, report.chart_type)
    names = await _labels(session, stmt, kind, config.dimension_field_id[0].id, set(out.categories))
    out.categories = [names.get(c, c) for c in out.categories]
    return await _label_series(session, stmt, kind, config, out)


async def _labels(session: AsyncSession, stmt: Any, kind: int, field_id: int, keys: set[str]) -> dict[str, str]:
    """What a grouped value reads as in the caller's language: an alarm level `"2"` → "2 级", the online state `"1"`
    → "在线", no group `""` → "未分组", a device's or user's id → its name (read within the caller's scope)."""
    if field_id == f.A_LEVEL:
        return {k: phrase("report.alarm_level", level=k) for k in keys}
    if field_id == f.D_STATE:
        return {"1": phrase("report.online"), "2": phrase("report.offline")}
    if field_id in (f.D_GROUP, f.U_GROUP):
        return {"": phrase("report.no_group")}
    if field_id in (f.D_DEVICE, f.U_USER) and keys:
        ids = [int(k) for k in keys if k.isdigit()]
        return {str(i): name for i, name in await repo.row_names(session, stmt, kind, ids)}
    return {}


async def _label_series(
    session: AsyncSession, stmt: Any, kind: int, config: ReportConfig, out: StatisticOut
) -> StatisticOut:
    """The series of a comparison named as `_labels` reads them."""
    if config.compare_filed_id:
        names = await _labels(session, stmt, kind, config.compare_filed_id[0].id, {s.name for s in out.series})
        for s in out.series:
            s.name = names.get(s.name, s.name)
    return out


async def _over_time(
    session: AsyncSession,
    stmt: Any,
    row_id: Any,
    column: Any,
    config: ReportConfig,
    start: int,
    end: int,
    z: ZoneInfo,
    cmp: Any | None,
    measure: Any | None,
    where: list[Any],
) -> StatisticOut:
    """Rows per local time bucket of `column`: minutes and hours group directly; days, weeks, months and years group by local
    day in SQL and fold here onto their bucket (at most a few hundred rows)."""
    unit = config.time_unit or "day"
    tz = offset_minutes(z, start)
    size = FIXED[unit] if unit in ("minute", "hour") else DAY_MS
    shift = tz * MINUTE_MS
    table: dict[int, dict[str, float]] = {}
    key = repo.time_key(session, column, size, shift)
    for k, c, n in await repo.counted(session, stmt, row_id, key, cmp, measure, where):
        b = bucket_start(int(k) * size - shift, unit, tz)
        cell = table.setdefault(b, {})
        cell[_text(c)] = cell.get(_text(c), 0.0) + n
    grid = bucket_grid(Query(start=start, end=end, bucket=unit, tz=tz))
    names = sorted({c for cell in table.values() for c in cell}) or [""]
    single = config.aggregate_filed_id.field_name if config.aggregate_filed_id else ""
    return StatisticOut(
        categories=[local(b, z) for b in grid],
        dimension_is_time=True,
        bucket=unit,
        series=[
            StatisticSeries(
                name=name if config.compare_filed_id else single,
                values=[table.get(b, {}).get(name, 0.0) for b in grid],
                decimals=0,
            )
            for name in names
        ],
        unit=None,
        total_rows=len(grid),
    )


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def shape(rows: list[tuple[Any, Any, int]], config: ReportConfig, chart_type: int) -> StatisticOut:
    """Categories (the dimension's values), a series per comparison value (0 where a pair has no row), sorted as the
    report says (the sorted bar, chart type 8, by value descending unless told)."""
    table: dict[str, dict[str, float]] = {}
    for d, c, n in rows:
        cell = table.setdefault(_text(d), {})
        cell[_text(c)] = cell.get(_text(c), 0.0) + n
    names = sorted({c for cell in table.values() for c in cell})
    categories = sorted(table)
    sort = config.sort
    by_value = sort.by == "value" if sort else chart_type == 8
    descending = sort.order == "desc" if sort else chart_type == 8
    if by_value:
        categories.sort(key=lambda k: sum(table[k].values()), reverse=descending)
    elif descending:
        categories.reverse()
    single = config.aggregate_filed_id.field_name if config.aggregate_filed_id else ""
    series = [
        StatisticSeries(
            name=name or single if not config.compare_filed_id else name,
            values=[table[k].get(name, 0.0) for k in categories],
            decimals=0,
        )
        for name in names
    ]
    return StatisticOut(
        categories=categories,
        dimension_is_time=False,
        bucket=None,
        series=series,
        unit=None,
        total_rows=len(categories),
    )
