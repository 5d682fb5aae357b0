"""Report rules (SPEC §5): a title (118201, 118202) unique per owner (118213); at least one dimension (118203), at
most REPORT_DIMENSION_GROUPS_MAX (118209); an aggregation and its value field (118204); for history data, devices
and data sources (118205), at most REPORT_COMPARISON_MAX series (118208), on devices the caller reads (110506);
end not before start (118206); a range filter's maximum not below its minimum (118207); hourly and minute buckets
limit the range to REPORT_HOUR_RANGE_MAX_DAYS / REPORT_MINUTE_RANGE_MAX_DAYS (118210); at most REPORT_FILTERS_MAX
filters (118211); at most REPORT_COLOUR_CONDITIONS_MAX colour conditions (100004 `conditions`), each band's max
above its min (118207 `conditions`). What the fields make together must be computable (`computable`): the range
within the dates a report may query (118214), at most REPORT_BUCKETS_MAX buckets (118215), history data over at
most HISTORY_RANGE_MAX_DAYS (118217), filter values that fit their field's column, fields the statistic groups by.
A stored definition is checked again when computed (`stored_config`, `computable`): one saved before a rule, or
written to the database directly, answers its code (118216 when it does not even parse), never a server error.
A report is its owner's; the tenant's administrator sees and edits every report of the tenant; anyone else's answers
118212 and changes nothing."""

import time
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import (
    EPOCH_MS_MAX,
    EPOCH_MS_MIN,
    HISTORY_RANGE_MAX_DAYS,
    REPORT_BUCKETS_MAX,
    REPORT_CHART_TYPES,
    REPORT_COLOUR_CONDITIONS_MAX,
    REPORT_COMPARISON_MAX,
    REPORT_DIMENSION_GROUPS_MAX,
    REPORT_FILTERS_MAX,
    REPORT_HOUR_RANGE_MAX_DAYS,
    REPORT_MINUTE_RANGE_MAX_DAYS,
    REPORT_TIME_MAX_MS,
    REPORT_TITLE_MAX,
    has_control_characters,
    rule_app_error,
)
from iotyun.core.pagination import Page, PageParams
from iotyun.reports import counts, filters, groups, history_filters
from iotyun.reports import repository as repo
from iotyun.reports.fields import FIELDS, H_DEVICE, H_SOURCE, H_TIME, HISTORY, TIME_FIELD
from iotyun.reports.models import Report
from iotyun.reports.schemas import ReportConfig, ReportIdIn, ReportIn, ReportOut, ReportUpdateIn
from iotyun.telemetry.public import ConfigCache, readable_device_sns

DAY_MS = 86_400_000
_UNIT_MS = {"hour": 3_600_000, "minute": 60_000}
_RANGE_DAYS = {"hour": REPORT_HOUR_RANGE_MAX_DAYS, "minute": REPORT_MINUTE_RANGE_MAX_DAYS}
_CONFIG_FIELDS = frozenset(ReportConfig.model_fields)
# A default range of `time_offset` units counts a month and a year at their longest (statistic.time_range); the
# buckets of a range count them at their shortest.
_OFFSET_MS = {
    "minute": 60_000,
    "hour": 3_600_000,
    "day": DAY_MS,
    "week": 7 * DAY_MS,
    "month": 31 * DAY_MS,
    "year": 366 * DAY_MS,
}
_BUCKET_MS = {**_OFFSET_MS, "month": 28 * DAY_MS, "year": 365 * DAY_MS}


def stored_config(report: Report) -> ReportConfig:
    """The stored definition of `report`: its first problem as the API answers it (a rule's code, else 118216 on
    the field), for a row that no longer parses."""
    try:
        return ReportConfig.model_validate(report.config)
    except ValidationError as e:
        raise rule_app_error(e, ErrorCode.REPORT_DEFINITION_INVALID) from None


def _readable_config(raw: Any) -> dict[str, Any]:
    """The stored definition for reading it back: fields that no longer parse take their defaults, so the report
    still lists and opens to be corrected."""
    config = dict(raw) if isinstance(raw, dict) else {}
    while True:
        try:
            return ReportConfig.model_validate(config).model_dump(mode="json")
        except ValidationError as e:
            bad = {str(err["loc"][0]) for err in e.errors() if err.get("loc")}
            if not bad & config.keys():
                return ReportConfig().model_dump(mode="json")
            config = {k: v for k, v in config.items() if k not in bad}


def out(report: Report) -> ReportOut:
    return ReportOut.model_validate(
        {
            **_readable_config(report.config),
            "id": report.id,
            "owner_id": report.owner_id,
            "title": report.title,
            "chart_type": report.chart_type,
            "table_kind": report.table_kind,
            "time_field_id": TIME_FIELD[report.table_kind],
            "group_id": report.group_id,
            "refresh_interval": report.refresh_interval,
            "exportable": report.exportable,
            "theme": report.theme,
            "conditions": report.conditions,
            "created_at": epoch_ms(report.created_at),
            "updated_at": epoch_ms(report.updated_at),
        }
    )


def check_range(unit: str | None, start: int, end: int, kind: int | None = None, bucketed: bool = False) -> None:
    """118206 when end is before start; 118214 outside EPOCH_MS_MIN … REPORT_TIME_MAX_MS; 118210 when an hourly or
    minute range is longer than its days; 118217 history data (kind 6) over HISTORY_RANGE_MAX_DAYS; 118215 more than
    REPORT_BUCKETS_MAX buckets of `unit` when the range is `bucketed` (the time dimension)."""
    if end < start:
        raise AppError(ErrorCode.REPORT_END_BEFORE_START, field="end")
    if start < EPOCH_MS_MIN:
        raise AppError(ErrorCode.REPORT_TIME_OUT_OF_RANGE, field="start")
    if end > REPORT_TIME_MAX_MS:
        raise AppError(ErrorCode.REPORT_TIME_OUT_OF_RANGE, field="end")
    if unit in _RANGE_DAYS and end - start > _RANGE_DAYS[unit] * DAY_MS:
        raise AppError(ErrorCode.REPORT_TIME_RANGE_TOO_LONG, field="start", days=_RANGE_DAYS[unit])
    if kind == HISTORY and end - start > HISTORY_RANGE_MAX_DAYS * DAY_MS:
        raise AppError(ErrorCode.REPORT_HISTORY_RANGE_TOO_LONG, field="start", days=HISTORY_RANGE_MAX_DAYS)
    if bucketed and (end - start) // _BUCKET_MS[unit or "day"] + 1 > REPORT_BUCKETS_MAX:
        raise AppError(ErrorCode.REPORT_TOO_MANY_BUCKETS, field="time_unit", limit=REPORT_BUCKETS_MAX)


def default_range(config: ReportConfig, now: int) -> tuple[int, int]:
    """The report's own range, else the last `time_offset` units up to `now`."""
    if config.start is not None and config.end is not None:
        return config.start, config.end
    return now - config.time_offset * _OFFSET_MS[config.time_unit or "day"], now


def bucketed(kind: int, config: ReportConfig) -> bool:
    """Whether the statistic buckets the range by the time unit: its dimension is the kind's time field."""
    return bool(config.dimension_field_id) and config.dimension_field_id[0].id == TIME_FIELD.get(kind)


def check(body: ReportIn) -> None:
    """The definition's own rules, in the order the designer's form shows its fields."""
    if body.chart_type not in REPORT_CHART_TYPES:
        raise AppError(ErrorCode.PARAM_INVALID, field="chart_type")
    if body.table_kind not in FIELDS:
        raise AppError(ErrorCode.PARAM_INVALID, field="table_kind")
    fields = FIELDS[body.table_kind]
    if not body.dimension_field_id:
        raise AppError(ErrorCode.REPORT_DIMENSION_REQUIRED, field="dimension_field_id")
    if len(body.dimension_field_id) > REPORT_DIMENSION_GROUPS_MAX:
        raise AppError(
            ErrorCode.REPORT_DIMENSION_GROUP_LIMIT, field="dimension_field_id", limit=REPORT_DIMENSION_GROUPS_MAX
        )
    for name in ("dimension_field_id", "compare_filed_id"):
        if any(f.id not in fields for f in getattr(body, name)):
            raise AppError(ErrorCode.PARAM_INVALID, field=name)
    if body.aggregate_filed_id is None or body.aggregate_filed_id.id not in fields:
        raise AppError(ErrorCode.REPORT_AGGREGATION_REQUIRED, field="aggregate_filed_id")
    if body.aggregation is None:
        raise AppError(ErrorCode.REPORT_AGGREGATION_REQUIRED, field="aggregation")
    if len(body.compare_filed_id) > REPORT_COMPARISON_MAX:
        raise AppError(ErrorCode.REPORT_COMPARISON_LIMIT, field="compare_filed_id", limit=REPORT_COMPARISON_MAX)
    if body.table_kind == HISTORY:
        _check_history(body)
    if body.start is not None and body.end is not None:
        check_range(body.time_unit, body.start, body.end)
    if (
        body.time_unit in _RANGE_DAYS
        and body.time_offset * _UNIT_MS[body.time_unit] > _RANGE_DAYS[body.time_unit] * DAY_MS
    ):
        raise AppError(ErrorCode.REPORT_TIME_RANGE_TOO_LONG, field="time_offset", days=_RANGE_DAYS[body.time_unit])
    _check_filters(body)
    _check_conditions(body)
    computable(body.table_kind, body, int(time.time() * 1000))


def computable(kind: int, config: ReportConfig, now: int) -> None:
    """What the fields make together can be computed: the default range (118214, 118215, 118217; on time_offset
    when it is the last units up to now), the fields the statistic groups by (100004), the filters' count and values
    against their columns, history data's series. Checked when saved and again on a stored definition each time it
    is computed (a fill that is not a finite number is the schema's: stored_config)."""
    if kind not in FIELDS:
        raise AppError(ErrorCode.PARAM_INVALID, field="table_kind")
    if not config.dimension_field_id:
        raise AppError(ErrorCode.REPORT_DIMENSION_REQUIRED, field="dimension_field_id")
    start, end = default_range(config, now)
    try:
        check_range(config.time_unit, start, end, kind, bucketed(kind, config))
    except AppError as e:
        if config.start is None or config.end is None:
            e.field = "time_unit" if e.code == ErrorCode.REPORT_TOO_MANY_BUCKETS else "time_offset"
        raise
    _check_grouping(kind, config)
    if len(config.filters) > REPORT_FILTERS_MAX:
        raise AppError(ErrorCode.REPORT_FILTER_LIMIT, field="filters", limit=REPORT_FILTERS_MAX)
    if kind == HISTORY:
        series = len(set(config.device_ids)) * len(set(config.data_source_ids))
        if series > REPORT_COMPARISON_MAX:
            raise AppError(ErrorCode.REPORT_COMPARISON_LIMIT, field="compare_filed_id", limit=REPORT_COMPARISON_MAX)
        history_filters.check(config.filters)
        for f in config.filters:
            if f.field_id == H_TIME:
                _check_time_filter(f.value, f.value2 if f.operator == "range" else None)
    else:
        filters.conditions(counts.FILTERABLE[kind], config.filters)


def _check_time_filter(*values: float | str | None) -> None:
    for v in values:
        if v is not None and not EPOCH_MS_MIN <= float(v) <= EPOCH_MS_MAX:
            raise AppError(ErrorCode.REPORT_TIME_OUT_OF_RANGE, field="filters")


def _check_grouping(kind: int, config: ReportConfig) -> None:
    """The dimension, comparison and aggregation the statistic of `kind` groups by (100004 on the field)."""
    dim = config.dimension_field_id[0].id
    if kind == HISTORY:
        if dim not in (H_TIME, H_DEVICE, H_SOURCE):
            raise AppError(ErrorCode.PARAM_INVALID, field="dimension_field_id")
        if dim != H_TIME and config.aggregation == "distinct_count":
            raise AppError(ErrorCode.PARAM_INVALID, field="aggregation")
        return
    columns = counts.COLUMNS[kind]
    if dim != TIME_FIELD[kind] and dim not in columns:
        raise AppError(ErrorCode.PARAM_INVALID, field="dimension_field_id")
    if config.compare_filed_id and config.compare_filed_id[0].id not in columns:
        raise AppError(ErrorCode.PARAM_INVALID, field="compare_filed_id")
    if config.aggregation not in (None, "count", "distinct_count"):
        raise AppError(ErrorCode.PARAM_INVALID, field="aggregation")
    if config.aggregation == "distinct_count" and (
        config.aggregate_filed_id is None or config.aggregate_filed_id.id not in columns
    ):
        raise AppError(ErrorCode.PARAM_INVALID, field="aggregate_filed_id")


def _check_history(body: ReportIn) -> None:
    if not body.device_ids:
        raise AppError(ErrorCode.REPORT_DATA_SOURCE_REQUIRED, field="device_ids")
    if not body.data_source_ids:
        raise AppError(ErrorCode.REPORT_DATA_SOURCE_REQUIRED, field="data_source_ids")
    series = len(set(body.device_ids)) * len(set(body.data_source_ids))
    if series > REPORT_COMPARISON_MAX:
        raise AppError(ErrorCode.REPORT_COMPARISON_LIMIT, field="compare_filed_id", limit=REPORT_COMPARISON_MAX)


def _check_filters(body: ReportIn) -> None:
    if len(body.filters) > REPORT_FILTERS_MAX:
        raise AppError(ErrorCode.REPORT_FILTER_LIMIT, field="filters", limit=REPORT_FILTERS_MAX)
    for f in body.filters:
        if f.field_id not in FIELDS[body.table_kind]:
            raise AppError(ErrorCode.PARAM_INVALID, field="filters")
        if body.table_kind == HISTORY:
            history_filters.check([f])
        if f.operator == "range":
            if f.value is None or f.value2 is None:
                raise AppError(ErrorCode.PARAM_INVALID, field="filters")
            try:
                low, high = float(f.value), float(f.value2)
            except ValueError:
                raise AppError(ErrorCode.PARAM_INVALID, field="filters") from None
            if high < low:
                raise AppError(ErrorCode.REPORT_MAX_BELOW_MIN, field="filters")


def _check_conditions(body: ReportIn) -> None:
    if len(body.conditions) > REPORT_COLOUR_CONDITIONS_MAX:
        raise AppError(ErrorCode.PARAM_INVALID, field="conditions")
    for c in body.conditions:
        # [min, max) must hold a value: an equal or reversed band never colours anything.
        if c.min is not None and c.max is not None and c.max <= c.min:
            raise AppError(ErrorCode.REPORT_MAX_BELOW_MIN, field="conditions")


async def _check_devices(session: AsyncSession, actor: Actor, configs: ConfigCache, body: ReportIn) -> None:
    if body.table_kind == HISTORY:
        await check_published(session, actor, configs, body.device_ids, body.data_source_ids, "device_ids")


async def check_published(
    session: AsyncSession,
    actor: Actor,
    configs: ConfigCache,
    device_ids: list[int],
    data_source_ids: list[int],
    device_field: str,
) -> None:
    """History data: devices the caller reads (110506 on `device_field`: another tenant's reads as a missing one),
    each publishing every data source of the report (115401 on data_source_ids). A report's own devices on saving,
    the device a statistic is drawn for (its `device`)."""
    wanted = list(dict.fromkeys(device_ids))
    sns = await readable_device_sns(session, actor, wanted)
    if len(sns) < len(wanted):
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field=device_field)
    for sn in sns.values():
        config = await configs.get(sn)
        if config is None or any(s not in config.sources for s in data_source_ids):
            raise AppError(ErrorCode.DATA_SOURCE_NOT_FOUND, field="data_source_ids")


def _apply(report: Report, body: ReportIn) -> None:
    report.title = body.title
    report.chart_type = body.chart_type
    report.table_kind = body.table_kind
    report.group_id = body.group_id
    report.refresh_interval = body.refresh_interval
    report.exportable = body.exportable
    report.theme = body.theme
    report.conditions = [c.model_dump(mode="json") for c in body.conditions]
    report.config = body.model_dump(mode="json", include=set(_CONFIG_FIELDS))


async def list_reports(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    title: str | None,
    chart_type: int | None,
    group_id: int | None = None,
) -> Page[ReportOut]:
    rows, total = await repo.page(session, actor, params, title, chart_type, group_id)
    return Page(items=[out(r) for r in rows], total=total, page=params.page, page_size=params.page_size)


async def get(session: AsyncSession, actor: Actor, report_id: int) -> Report:
    report = await repo.report(session, actor, report_id)
    if report is None:
        raise AppError(ErrorCode.REPORT_NOT_FOUND, field="id")
    return report


async def info(session: AsyncSession, actor: Actor, report_id: int) -> ReportOut:
    return out(await get(session, actor, report_id))


async def create(session: AsyncSession, actor: Actor, configs: ConfigCache, body: ReportIn) -> ReportOut:
    check(body)
    if await repo.title_taken(session, actor.user_id, body.title):
        raise AppError(ErrorCode.REPORT_TITLE_EXISTS, field="title")
    await groups.check_report_group(session, actor.user_id, body.group_id)
    await _check_devices(session, actor, configs, body)
    report = Report(tenant_id=actor.tenant_id, owner_id=actor.user_id)
    _apply(report, body)
    session.add(report)
    await session.flush()
    await session.refresh(report)
    return out(report)


async def update(session: AsyncSession, actor: Actor, configs: ConfigCache, body: ReportUpdateIn) -> ReportOut:
    report = await get(session, actor, body.id)
    check(body)
    if await repo.title_taken(session, report.owner_id, body.title, exclude=report.id):
        raise AppError(ErrorCode.REPORT_TITLE_EXISTS, field="title")
    await groups.check_report_group(session, report.owner_id, body.group_id)
    await _check_devices(session, actor, configs, body)
    _apply(report, body)
    await session.flush()
    await session.refresh(report)
    return out(report)


async def delete(session: AsyncSession, actor: Actor, report_id: int) -> None:
    await session.delete(await get(session, actor, report_id))
    await session.flush()


async def copy(session: AsyncSession, actor: Actor, body: ReportIdIn) -> ReportOut:
    """A copy owned by the caller, titled "<title>-copy" (then -copy2, -copy3 …, cut to fit 32 characters)."""
    source = await get(session, actor, body.id)
    if has_control_characters(source.title):  # stored before titles were checked for them
        raise AppError(ErrorCode.TITLE_CONTROL_CHARACTERS, field="title")
    taken = await repo.owner_titles(session, actor.user_id)
    n = 1
    while True:
        suffix = "-copy" if n == 1 else f"-copy{n}"
        title = source.title[: REPORT_TITLE_MAX - len(suffix)] + suffix
        if title not in taken:
            break
        n += 1
    report = Report(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        title=title,
        chart_type=source.chart_type,
        table_kind=source.table_kind,
        # The source's group is its owner's: a copy the administrator takes of another user's report has none.
        group_id=source.group_id if source.owner_id == actor.user_id else None,
        refresh_interval=source.refresh_interval,
        exportable=source.exportable,
        theme=source.theme,
        conditions=list(source.conditions),
        config=dict(source.config),
    )
    session.add(report)
    await session.flush()
    await session.refresh(report)
    return out(report)
