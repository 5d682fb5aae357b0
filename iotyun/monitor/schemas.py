"""Answers of the monitor area (docs/api-monitor.md)."""

from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from iotyun.core.errors import ErrorCode
from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    MONITOR_GROUP_TABLES_MAX,
    MONITOR_REFRESH_S,
    MONITOR_SETTING_TABLES_MAX,
    MonitorGroupName,
    rule_error,
)
from iotyun.templates.monitor_tables.schemas import MonitorTableDesign, MonitorTableSummary


class WatchedTable(MonitorTableSummary):
    """A monitoring table the viewer may watch: its template is bound to devices they read."""

    template_name: str
    # Devices bound to the template that the viewer reads: the table's rows.
    devices: int


class ColumnSource(BaseModel):
    """The data source behind a column, as the template holds it now."""

    id: int
    name: str
    unit: str
    decimals: int
    data_type: str
    rw: str


class MonitorRow(BaseModel):
    device_id: int
    sn_code: str
    dev_alias: str
    dev_state: int
    report_time: int | None
    # One per column of the design: [value, ts (epoch ms), quality] of the latest value, or null when none came.
    cells: list[tuple[Any, int, int] | None]
    # One per column: the highest level (1-5) of the alarms of that data source not recovered yet, 0 for none.
    alarms: list[int]


class MonitorTableLive(BaseModel):
    """A table with its rows now; the console then follows the rows' devices on the live socket."""

    id: int
    name: str
    description: str
    revision: int
    template_id: int
    template_name: str
    design: MonitorTableDesign
    # One per column of the design; null for a data source the template no longer has.
    sources: list[ColumnSource | None]
    rows: list[MonitorRow]
    # Rows the viewer reads in all; `rows` holds at most MONITOR_ROWS_MAX of them, by device name.
    total: int
    # How long after its last report a device counts as offline (the telemetry setting), for the console's greying.
    offline_timeout_ms: int
    now: int


# --- the monitor setting --------------------------------------------------------------------------------------------

SETTING_SCHEMA_VERSION = 1  # MonitorSettingDocument.schema_version


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_serialization_defaults_required=True)


RefreshS = Literal[0, 5, 10, 30, 60]
assert get_args(RefreshS) == MONITOR_REFRESH_S  # one list of periods: limits.py, which the console reads too


class MonitorSettingDocument(_Strict):
    """What one user's monitor area shows (/monitor/monitorSetting). Strict (an unknown field is refused, so a typo is
    never silently lost) and versioned like a table's design: `schema_version` 1 today."""

    schema_version: Literal[1] = 1
    # The tables the area shows, in this order; empty: every table the user may watch, in the server's order.
    table_ids: list[int] = Field(default_factory=list, max_length=MONITOR_SETTING_TABLES_MAX)
    # 0: values follow the live socket; 5, 10, 30 or 60: the table is read again every that many seconds instead.
    refresh_s: RefreshS = 0
    # The table opened first; null: the first shown. One of `table_ids` when some are chosen.
    default_table_id: int | None = None
    density: Literal["compact", "normal"] = "normal"
    # Rows whose every value is out of date (or that hold none) are shown greyed; false: they are hidden.
    show_stale: BodyBool = True

    @field_validator("table_ids")
    @classmethod
    def _each_once(cls, ids: list[int]) -> list[int]:
        for i, table_id in enumerate(ids):
            if table_id in ids[:i]:
                raise rule_error(ErrorCode.PARAM_INVALID, f"table_ids.{i}")
        return ids

    @model_validator(mode="after")
    def _default_chosen(self) -> "MonitorSettingDocument":
        if self.table_ids and self.default_table_id is not None and self.default_table_id not in self.table_ids:
            raise rule_error(ErrorCode.PARAM_INVALID, "default_table_id")
        return self


class MonitorSettingOut(MonitorSettingDocument):
    """The setting as it reads now: tables the user may no longer watch (deleted, a share ended) are left out, and a
    default among them reads null. `saved`: whether the user has saved one (false: these are the defaults)."""

    saved: bool
    updated_at: int | None


# --- groups of monitoring tables ------------------------------------------------------------------------------------

TableIds = Annotated[list[int], Field(max_length=MONITOR_GROUP_TABLES_MAX)]


def _ids_once(ids: list[int]) -> list[int]:
    for i, table_id in enumerate(ids):
        if table_id in ids[:i]:
            raise rule_error(ErrorCode.PARAM_INVALID, f"table_ids.{i}")
    return ids


class MonitorGroupIn(BaseModel):
    name: MonitorGroupName
    table_ids: Annotated[TableIds, AfterValidator(_ids_once)] = Field(default_factory=list)


class MonitorGroupUpdateIn(BaseModel):
    """Fields left out stay."""

    id: int
    name: MonitorGroupName | None = None
    table_ids: Annotated[TableIds, AfterValidator(_ids_once)] | None = None


class MonitorGroupOut(BaseModel):
    """A group with the tables of it that the caller may watch, in its order (`tables`); `hidden`: how many more it
    holds that the caller may not watch (kept as they are when the caller changes the group)."""

    id: int
    name: str
    position: int
    tables: list[WatchedTable]
    hidden: int
    updated_at: int
