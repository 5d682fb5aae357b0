"""Request and response models of /yun/report/basic, /yun/report/info and /yun/report/statistic. The title's rules
are checked here (118201, 118202, and 117814 for a control character: a title becomes a mail subject), and a colour
condition's colour (100004 `conditions`); the rules across fields (118203-118211, the conditions' count and bands) in
service.check."""

import math
import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.config import JsonDict, JsonValue

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    REPORT_AGGREGATIONS,
    REPORT_CHART_THEME_DEFAULT,
    REPORT_CHART_THEMES,
    REPORT_FILTER_OPERATORS,
    REPORT_REFRESH_MAX_S,
    REPORT_TIME_UNITS,
    REPORT_TITLE_MAX,
    ReportGroupName,
    has_control_characters,
    rule_error,
)


def _strip(value: object) -> object:
    return value.strip() if isinstance(value, str) else value


def _title(value: str) -> str:
    if not value:
        raise rule_error(ErrorCode.REPORT_TITLE_EMPTY)
    if len(value) > REPORT_TITLE_MAX:
        raise rule_error(ErrorCode.REPORT_TITLE_TOO_LONG, None, limit=REPORT_TITLE_MAX)
    if has_control_characters(value):
        raise rule_error(ErrorCode.TITLE_CONTROL_CHARACTERS)
    return value


def _fill(value: str) -> str:
    if value in ("none", "linear", "previous", "zero", "null"):
        return value
    try:
        number = float(value)
    except ValueError:
        raise rule_error(ErrorCode.PARAM_INVALID, "fill") from None
    # "1e999", "inf" and "nan" parse, but no JSON answer can hold the buckets they would fill.
    if not math.isfinite(number):
        raise rule_error(ErrorCode.PARAM_INVALID, "fill")
    return value


_COLOUR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")


def _colour(value: str) -> str:
    if not _COLOUR_RE.match(value):
        raise rule_error(ErrorCode.PARAM_INVALID, "conditions")
    return value.lower()


ReportTitle = Annotated[str, BeforeValidator(_strip), AfterValidator(_title)]
Fill = Annotated[str, AfterValidator(_fill)]
Aggregation = Literal[REPORT_AGGREGATIONS]  # type: ignore[valid-type]
TimeUnit = Literal[REPORT_TIME_UNITS]  # type: ignore[valid-type]
Operator = Literal[REPORT_FILTER_OPERATORS]  # type: ignore[valid-type]
ChartTheme = Literal[REPORT_CHART_THEMES]  # type: ignore[valid-type]
Colour = Annotated[str, AfterValidator(_colour)]


class FieldRef(BaseModel):
    """A field of the report's table kind (reports/fields.py) by id, with the name the designer showed."""

    id: int
    field_name: str = Field("", max_length=64)


class ReportFilter(BaseModel):
    """`value` for the comparisons and contain; `value` … `value2` for range (118207 when value2 < value); none
    for null / not_null."""

    field_id: int
    field_name: str = Field("", max_length=64)
    operator: Operator
    value: float | str | None = None
    value2: float | str | None = None


class ReportSort(BaseModel):
    by: Literal["dimension", "value"] = "dimension"
    order: Literal["asc", "desc"] = "asc"


class ReportConfig(BaseModel):
    """Everything of a report but its title, chart type, table kind, group, refresh interval and exportable flag."""

    dimension_field_id: list[FieldRef] = []
    compare_filed_id: list[FieldRef] = []
    aggregate_filed_id: FieldRef | None = None
    aggregation: Aggregation | None = None
    time_unit: TimeUnit | None = None
    # The default range: the last `time_offset` time units up to now, when the viewer gives no start and end.
    time_offset: int = Field(1, ge=1, le=100_000)
    start: int | None = None
    end: int | None = None
    fill: Fill = "none"
    filters: list[ReportFilter] = []
    sort: ReportSort | None = None
    # Kind 6 (history data): the devices and their data sources; each (device, data source) pair is a series.
    device_ids: list[int] = []
    data_source_ids: list[int] = []


class ColourCondition(BaseModel):
    """A data colour condition: a value in [min, max) takes `color` (#rrggbb, answered in lower case); a missing
    bound is open. min < max when both are given (118207, service.check)."""

    min: float | None = Field(None, allow_inf_nan=False)
    max: float | None = Field(None, allow_inf_nan=False)
    color: Colour


# Examples in the OpenAPI document (the fuzz run sends them first, then reads back what they saved): devices counted
# by registration year over the last ten years, alarms by level over the last week, and the year unit with the largest
# offset, whose range would start before year 1 (refused: 118214).
_REPORT_EXAMPLES: list[JsonDict] = [
    {
        "title": "注册趋势",
        "chart_type": 3,
        "table_kind": 8,
        "dimension_field_id": [{"id": 62, "field_name": "注册时间"}],
        "aggregate_filed_id": {"id": 66, "field_name": "设备"},
        "aggregation": "count",
        "time_unit": "year",
        "time_offset": 10,
    },
    {
        "title": "告警等级",
        "chart_type": 6,
        "table_kind": 7,
        "dimension_field_id": [{"id": 55, "field_name": "告警等级"}],
        "aggregate_filed_id": {"id": 55, "field_name": "告警"},
        "aggregation": "count",
        "time_unit": "day",
        "time_offset": 7,
        "fill": "0",
    },
    {
        "title": "百年",
        "chart_type": 3,
        "table_kind": 8,
        "dimension_field_id": [{"id": 62, "field_name": "注册时间"}],
        "aggregate_filed_id": {"id": 66, "field_name": "设备"},
        "aggregation": "count",
        "time_unit": "year",
        "time_offset": 100_000,
    },
]


def _examples(**extra: JsonValue) -> JsonDict:
    examples: list[JsonValue] = [{**e, **extra} for e in _REPORT_EXAMPLES]
    return {"examples": examples}


class ReportIn(ReportConfig):
    model_config = ConfigDict(json_schema_extra=_examples())

    title: ReportTitle
    chart_type: int
    table_kind: int
    group_id: int | None = None
    refresh_interval: int = Field(0, ge=0, le=REPORT_REFRESH_MAX_S)
    exportable: BodyBool = True
    # The chart's theme (SPEC §9: its 10-colour palette) and data colour conditions (the first matching one wins;
    # at most REPORT_COLOUR_CONDITIONS_MAX).
    theme: ChartTheme = REPORT_CHART_THEME_DEFAULT
    conditions: list[ColourCondition] = []


class ReportUpdateIn(ReportIn):
    """Replaces the whole definition of report `id`."""

    model_config = ConfigDict(json_schema_extra=_examples(id=1))

    id: int


class ReportIdIn(BaseModel):
    id: int


class ReportOut(ReportIn):
    model_config = ConfigDict(json_schema_extra={})

    id: int
    owner_id: int
    time_field_id: int
    created_at: int
    updated_at: int


class StatisticSeries(BaseModel):
    name: str
    values: list[float | None]
    # Each bucket's minimum and maximum (time dimension on history data), so a spike is never averaged away.
    min: list[float | None] | None = None
    max: list[float | None] | None = None
    # The series' own unit (its data source's; None when it has none or its values mix units) and how many decimals
    # its values read with (the data source's; 0 for counts; None when unknown). A chart puts each unit on an axis of
    # its own, a table names the unit in the column's header (docs/api-reports.md "Units and decimals").
    unit: str | None = None
    decimals: int | None = None


class StatisticOut(BaseModel):
    categories: list[str]
    dimension_is_time: bool
    bucket: TimeUnit | None
    series: list[StatisticSeries]
    unit: str | None
    total_rows: int


# --- report groups (docs/api-reports.md "Report groups") ------------------------------------------------------------


class ReportGroupIn(BaseModel):
    name: ReportGroupName


class ReportGroupUpdateIn(ReportGroupIn):
    id: int


class ReportGroupOut(BaseModel):
    id: int
    name: str
    # The group's reports.
    count: int


# --- the table view (/yun/report/table/data) ---------------------------------------------------------------------

TableValue = float | str | None


class TableColumn(BaseModel):
    """`category` (the dimension), then `s0`, `s1`, … (a series each) and for history data `s0_min`, `s0_max`, …"""

    key: str
    title: str
    unit: str | None
    # How many decimals the column's values read with (its data source's; 0 for counts); None for the dimension.
    decimals: int | None = None


class TableDataOut(BaseModel):
    columns: list[TableColumn]
    items: list[dict[str, TableValue]]
    total: int
    page: int
    page_size: int
