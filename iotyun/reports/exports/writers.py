"""The export centre's xlsx files, written in a worker thread:
- `report`: the report's chart data as a table (a column per series) with the chart as a native Excel chart
  (chart types 3 line, 4 grouped bar, 5 stacked bar, 6 pie, 7 horizontal bar, 8 sorted bar; 1 card and 2 table
  give the table alone); a scheduled history-data report adds a sheet per device with its history over the period;
- `report_data`: the table view (reports/table.py), min and max columns included;
- `history`: a device's history as /yun/his/export writes it (telemetry/history.py write_sheet).
Every file holds at most EXPORT_ROW_CAP rows per sheet; texts go in as text (core/spreadsheets.py safe_row), times as
date cells in the export's zone with a date format, numbers as numbers in their decimals' format, units in the
headers, and the first column is named (no empty A1)."""

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
from iotyun.core.spreadsheets import decimals_format, formatted, safe_row
from iotyun.core.texts import phrase
from iotyun.reports.schemas import StatisticOut
from iotyun.reports.table import Column, Row, series_unit
from iotyun.telemetry.public import Rows, Source, excel_time_format, write_sheet

_SHEET_NAME_MAX = 31
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class DeviceSheet:
    name: str
    sources: list[Source]
    rows: Rows
    tz: int  # minutes east of UTC
    bucket: str = "raw"


def sheet_name(name: str, taken: set[str]) -> str:
    """An Excel sheet name: at most 31 characters, none of []:*?/\\, unique in the book."""
    base = _BAD_SHEET_CHARS.sub("_", name).strip("'")[:_SHEET_NAME_MAX] or "Sheet"
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[: _SHEET_NAME_MAX - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def category_cell(sheet: Worksheet | Any, category: Any, bucket: str | None, is_time: bool) -> Any:
    """A category as its cell: a time bucket's start as a date cell (the local time of the export's zone, formatted
    for its bucket), any other as the text it is."""
    if not is_time or not isinstance(category, str):
        return category
    try:
        at = datetime.fromisoformat(category)
    except ValueError:
        return category
    return formatted(sheet, at.replace(tzinfo=None), excel_time_format(bucket))


def _save(book: openpyxl.Workbook) -> bytes:
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _header(title: str, unit: str | None) -> str:
    return f"{title} ({unit})" if unit else title


def report_book(title: str, chart_type: int, stat: StatisticOut, sheets: list[DeviceSheet], lang: str) -> bytes:
    book = openpyxl.Workbook()
    ws = book.active
    assert isinstance(ws, Worksheet)
    taken: set[str] = set()
    ws.title = sheet_name(title, taken)
    first = phrase("sheet.report.time" if stat.dimension_is_time else "sheet.report.category", lang)
    headers = [_header(s.name, series_unit(stat, i)) for i, s in enumerate(stat.series)]
    ws.append(safe_row(ws, [first, *headers]))
    formats = [decimals_format(s.decimals) for s in stat.series]
    n = min(len(stat.categories), EXPORT_ROW_CAP)
    for i in range(n):
        label = category_cell(ws, stat.categories[i], stat.bucket, stat.dimension_is_time)
        values = [
            formatted(ws, s.values[i] if i < len(s.values) else None, f)
            for s, f in zip(stat.series, formats, strict=True)
        ]
        ws.append(safe_row(ws, [label, *values]))
    _widths(ws, [first, *headers], stat.dimension_is_time)
    add_chart(
        ws,
        chart_type,
        title,
        n,
        len(stat.series),
        excel_time_format(stat.bucket) if stat.dimension_is_time else None,
        [series_unit(stat, i) for i in range(len(stat.series))],
    )
    for sheet in sheets:
        target = book.create_sheet(sheet_name(sheet.name, taken))
        write_sheet(target, sheet.sources, sheet.rows, sheet.tz, lang, sheet.bucket)
    return _save(book)


def _widths(ws: Worksheet, headers: list[str], is_time: bool) -> None:
    """Columns wide enough for their header, and the time column for a full date and time."""
    for i, text in enumerate(headers):
        wide = 18 if i == 0 and is_time else 10
        ws.column_dimensions[get_column_letter(i + 1)].width = max(wide, min(40, len(text) * 2 + 2))


# Excel draws two value axes at most: the first unit on the left, every other unit on the right (its title lists them).
_SECONDARY_AXIS_ID = 200


def _unit_groups(units: list[str | None]) -> list[list[int]]:
    """The series' indexes on the left axis (the first series' unit) and, when any is left, on the right (the rest)."""
    left = [i for i, unit in enumerate(units) if unit == units[0]]
    right = [i for i, unit in enumerate(units) if unit != units[0]]
    return [left, right] if right else [left]


def _new_chart(chart_type: int) -> Any:
    if chart_type == 3:
        return LineChart()
    if chart_type == 6:
        return PieChart()
    chart = BarChart()
    chart.type = "bar" if chart_type in (7, 8) else "col"
    if chart_type == 5:
        chart.grouping = "stacked"
        chart.overlap = 100
    return chart


def _axis_title(units: list[str | None], indexes: list[int]) -> str | None:
    named = list(dict.fromkeys(u for u in (units[i] for i in indexes) if u))
    return " / ".join(named) or None


def add_chart(
    ws: Worksheet,
    chart_type: int,
    title: str,
    rows: int,
    series: int,
    time_format: str | None = None,
    units: list[str | None] | None = None,
) -> None:
    """The report's chart beside its table, over the table's cells (its time axis in the cells' date format). Series
    of different units do not share a value axis: as on the console's charts (web/src/components/charts/unit-axes.ts)
    the first unit's series are drawn on the left axis, titled with the unit, and the others on a right axis titled
    with theirs (Excel has two value axes; a third unit shares the right one, its title naming both). A stacked bar
    or a pie keeps one axis: it adds its series up."""
    if chart_type in (1, 2) or rows == 0 or series == 0:
        return
    if chart_type == 6:
        series = 1  # a pie shows one series
    units = [(units[i] if units and i < len(units) else None) for i in range(series)]
    groups = _unit_groups(units) if chart_type not in (5, 6) else [list(range(series))]
    categories = Reference(ws, min_col=1, min_row=2, max_row=1 + rows)
    charts: list[Any] = []
    for g, indexes in enumerate(groups):
        chart = _new_chart(chart_type)
        for i in indexes:
            chart.add_data(
                Reference(ws, min_col=2 + i, max_col=2 + i, min_row=1, max_row=1 + rows), titles_from_data=True
            )
        chart.set_categories(categories)
        if chart_type != 6:
            chart.y_axis.title = _axis_title(units, indexes)
            if g == 1:
                chart.y_axis.axId = _SECONDARY_AXIS_ID
                chart.y_axis.crosses = "max"
                chart.y_axis.majorGridlines = None
        charts.append(chart)
    chart = charts[0]
    if len(charts) == 2:
        chart += charts[1]
    chart.title = title
    if time_format and chart_type != 6:
        chart.x_axis.number_format = time_format
    chart.width, chart.height = 24, 12
    ws.add_chart(chart, f"{get_column_letter(series + 3)}2")


def table_book(
    title: str, columns: list[Column], rows: list[Row], bucket: str | None = None, is_time: bool = False
) -> bytes:
    """The table view: the dimension (a date cell for a time), then each column's numbers at its decimals."""
    book = openpyxl.Workbook(write_only=True)
    ws = book.create_sheet(sheet_name(title, set()))
    ws.append(safe_row(ws, [_header(c["title"], c.get("unit")) for c in columns]))
    formats = [decimals_format(c.get("decimals")) for c in columns]
    for row in rows[:EXPORT_ROW_CAP]:
        cells = [
            category_cell(ws, row.get("category"), bucket, is_time)
            if c["key"] == "category"
            else formatted(ws, row.get(c["key"]), f)
            for c, f in zip(columns, formats, strict=True)
        ]
        ws.append(safe_row(ws, cells))
    return _save(book)


def history_book(sheets: list[DeviceSheet], lang: str) -> bytes:
    book = openpyxl.Workbook(write_only=True)
    taken: set[str] = set()
    for sheet in sheets:
        target = book.create_sheet(sheet_name(sheet.name, taken))
        write_sheet(target, sheet.sources, sheet.rows, sheet.tz, lang, sheet.bucket)
    return _save(book)
