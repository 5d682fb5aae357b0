"""A statistic as its table view (contract B of issue 17, /yun/report/table/data, and the export centre's
report_data files): one row per category; column `category` (the dimension: the ISO local time for a time dimension,
else the name), then a column per series (`s0`, `s1`, … titled by the series' name, with the series' unit, else the
report's, and its decimals), and for history data each series' bucket minimum and maximum (`s0_min`, `s0_max`, …)."""

from typing import Any

from iotyun.core.texts import phrase
from iotyun.reports.schemas import StatisticOut

Column = dict[str, Any]  # {key, title, unit, decimals}
Row = dict[str, Any]  # {<column key>: value}


def table_rows(stat: StatisticOut) -> tuple[list[Column], list[Row]]:
    """The columns and rows of `stat`, texts in the caller's language (core/texts.py)."""
    title = phrase("sheet.report.time" if stat.dimension_is_time else "sheet.report.category")
    columns: list[Column] = [{"key": "category", "title": title, "unit": None}]
    banded = [s.min is not None and s.max is not None for s in stat.series]
    for i, s in enumerate(stat.series):
        unit = series_unit(stat, i)
        shown = {"unit": unit, "decimals": s.decimals}
        columns.append({"key": f"s{i}", "title": s.name, **shown})
        if banded[i]:
            columns.append({"key": f"s{i}_min", "title": phrase("sheet.report.min", name=s.name), **shown})
            columns.append({"key": f"s{i}_max", "title": phrase("sheet.report.max", name=s.name), **shown})
    rows: list[Row] = []
    for n, category in enumerate(stat.categories):
        row: Row = {"category": category}
        for i, s in enumerate(stat.series):
            row[f"s{i}"] = _at(s.values, n)
            if banded[i]:
                row[f"s{i}_min"] = _at(s.min, n)
                row[f"s{i}_max"] = _at(s.max, n)
        rows.append(row)
    return columns, rows


def _at(values: list[float | None] | None, n: int) -> float | None:
    return values[n] if values is not None and n < len(values) else None


def series_unit(stat: StatisticOut, index: int) -> str | None:
    """The unit of the statistic's `index`-th series: its own, else the statistic's ('' reads as none)."""
    return stat.series[index].unit or stat.unit or None
