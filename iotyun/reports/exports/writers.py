"""The export centre's xlsx files, written in a worker thread:
- `report`: the report's chart data as a table (a column per series) with the chart as a native Excel chart
  (chart types 3 line, 4 grouped bar, 5 stacked bar, 6 pie, 7 horizontal bar, 8 sorted bar; 1 card and 2 table
  give the table alone); a scheduled history-data report adds a sheet per device with its history over the period;
- `report_data`: the table view (reports/table.py), min and max columns included;
- `history`: a device's history as /yun/his/export writes it (telemetry/history.py write_sheet).
Every file holds at most EXPORT_ROW_CAP rows per sheet; texts go in as text (core/spreadsheets.py safe_row)."""

import io
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import openpyxl
from openpyxl.chart import BarChart, LineChart, PieChart, Reference
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from iotyun.core.limits import EXPORT_ROW_CAP
from iotyun.core.spreadsheets import safe_row
from iotyun.reports.schemas import StatisticOut
from iotyun.reports.table import Column, Row
from iotyun.telemetry.configs import Source
from iotyun.telemetry.history import Rows, write_sheet

_SHEET_NAME_MAX = 31
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")
_LABELS = {"year": "%Y", "month": "%Y-%m", "week": "%Y-%m-%d", "day": "%Y-%m-%d"}


@dataclass(frozen=True)
class DeviceSheet:
    name: str
    sources: list[Source]
    rows: Rows
    tz: int  # minutes east of UTC


def sheet_name(name: str, taken: set[str]) -> str:
    """An Excel sheet name: at most 31 characters, none of []:*?/\\, unique in the book."""
    base = _BAD_SHEET_CHARS.sub("_", name).strip("'")[:_SHEET_NAME_MAX] or "Sheet"
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[: _SHEET_NAME_MAX - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def category_label(category: str, bucket: str | None, is_time: bool) -> str:
    """A category as the chart's axis shows it: a time bucket's local start to its bucket, any other as it is."""
    if not is_time:
        return category
    try:
        at = datetime.fromisoformat(category)
    except ValueError:
        return category
    return at.strftime(_LABELS.get(bucket or "", "%Y-%m-%d %H:%M"))


def _save(book: openpyxl.Workbook) -> bytes:
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def report_book(title: str, chart_type: int, stat: StatisticOut, sheets: list[DeviceSheet], lang: str) -> bytes:
    book = openpyxl.Workbook()
    ws = book.active
    assert isinstance(ws, Worksheet)
    taken: set[str] = set()
    ws.title = sheet_name(title, taken)
    unit = f" ({stat.unit})" if stat.unit else ""
    ws.append(safe_row(ws, ["", *(s.name + unit for s in stat.series)]))
    n = min(len(stat.categories), EXPORT_ROW_CAP)
    for i in range(n):
        label = category_label(stat.categories[i], stat.bucket, stat.dimension_is_time)
        ws.append(safe_row(ws, [label, *(s.values[i] if i < len(s.values) else None for s in stat.series)]))
    add_chart(ws, chart_type, title, n, len(stat.series))
    for sheet in sheets:
        target = book.create_sheet(sheet_name(sheet.name, taken))
        write_sheet(target, sheet.sources, sheet.rows, sheet.tz, lang)
    return _save(book)


def add_chart(ws: Worksheet, chart_type: int, title: str, rows: int, series: int) -> None:
    """The report's chart beside its table, over the table's cells."""
    if chart_type in (1, 2) or rows == 0 or series == 0:
        return
    chart: Any
    if chart_type == 3:
        chart = LineChart()
    elif chart_type == 6:
        chart = PieChart()
        series = 1  # a pie shows one series
    else:
        chart = BarChart()
        chart.type = "bar" if chart_type in (7, 8) else "col"
        if chart_type == 5:
            chart.grouping = "stacked"
            chart.overlap = 100
    chart.title = title
    chart.add_data(Reference(ws, min_col=2, max_col=1 + series, min_row=1, max_row=1 + rows), titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=1 + rows))
    chart.width, chart.height = 24, 12
    ws.add_chart(chart, f"{get_column_letter(series + 3)}2")


def table_book(title: str, columns: list[Column], rows: list[Row]) -> bytes:
    book = openpyxl.Workbook(write_only=True)
    ws = book.create_sheet(sheet_name(title, set()))
    ws.append(safe_row(ws, [f"{c['title']} ({c['unit']})" if c.get("unit") else c["title"] for c in columns]))
    for row in rows[:EXPORT_ROW_CAP]:
        ws.append(safe_row(ws, [row.get(c["key"]) for c in columns]))
    return _save(book)


def history_book(sheets: list[DeviceSheet], lang: str) -> bytes:
    book = openpyxl.Workbook(write_only=True)
    taken: set[str] = set()
    for sheet in sheets:
        write_sheet(book.create_sheet(sheet_name(sheet.name, taken)), sheet.sources, sheet.rows, sheet.tz, lang)
    return _save(book)
