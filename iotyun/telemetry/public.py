"""Telemetry's front door: everything the other parts of the server may use of live values, history and writes.

The other domains, the app and the demo import from here only; the modules behind it are telemetry's own and may be
reshaped freely (pyproject.toml's import contract "telemetry is reached through telemetry.public" holds this).
Tests may reach further in."""

from iotyun.telemetry import models
from iotyun.telemetry.configs import ConfigCache, DeviceConfig, Source
from iotyun.telemetry.configs import load as load_config
from iotyun.telemetry.control import live as live_values
from iotyun.telemetry.control import screens as device_screens
from iotyun.telemetry.control import user_can_write
from iotyun.telemetry.control import write as write_value
from iotyun.telemetry.control import write_config as device_write_config
from iotyun.telemetry.dependencies import ConfigsDep, TelemetryDep, telemetry_of
from iotyun.telemetry.history import (
    DAY_MS,
    FIXED,
    MINUTE_MS,
    Query,
    Rows,
    ValueFilter,
    bucket_start,
    check_cap,
    excel_time_format,
    next_bucket,
    write_sheet,
)
from iotyun.telemetry.history import grid as bucket_grid
from iotyun.telemetry.ingest import vpn_report
from iotyun.telemetry.models import history_value
from iotyun.telemetry.repository import readable_device_ids, readable_device_sns
from iotyun.telemetry.router import router
from iotyun.telemetry.runtime import Telemetry, TelemetryHealth
from iotyun.telemetry.schemas import DeviceScreensOut, LiveOut, PasswordMode, WriteConfigOut, WriteIn, WriteOut
from iotyun.telemetry.service import Columns, Pair, Series, history_table, query_columns, query_series
from iotyun.telemetry.store import Row
from iotyun.telemetry.ws import Principal, ws_router
from iotyun.telemetry.ws import serve as serve_live
from iotyun.telemetry.ws_schemas import document as live_messages_document
from iotyun.telemetry.ws_schemas import pushed_alarm as alarm_pushed

__all__ = [
    "DAY_MS",
    "FIXED",
    "MINUTE_MS",
    "Columns",
    "ConfigCache",
    "ConfigsDep",
    "DeviceConfig",
    "DeviceScreensOut",
    "LiveOut",
    "Pair",
    "PasswordMode",
    "Principal",
    "Query",
    "Row",
    "Rows",
    "Series",
    "Source",
    "Telemetry",
    "TelemetryDep",
    "TelemetryHealth",
    "ValueFilter",
    "WriteConfigOut",
    "WriteIn",
    "WriteOut",
    "alarm_pushed",
    "bucket_grid",
    "bucket_start",
    "check_cap",
    "device_screens",
    "device_write_config",
    "excel_time_format",
    "history_table",
    "history_value",
    "live_messages_document",
    "live_values",
    "load_config",
    "models",
    "next_bucket",
    "query_columns",
    "query_series",
    "readable_device_ids",
    "readable_device_sns",
    "router",
    "serve_live",
    "telemetry_of",
    "user_can_write",
    "vpn_report",
    "write_sheet",
    "write_value",
    "ws_router",
]
