"""Answers of the monitor area (docs/api-monitor.md)."""

from typing import Any

from pydantic import BaseModel

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
