"""A statistic as its table view (issue 17 contract B): one row per category; column `category` (the dimension: the
ISO local time of a time bucket, else the name), then a column per series (`s0`, `s1`, … titled by the series' name,
with the report's unit) and, for history data, each series' bucket minimum and maximum (`s0_min`, `s0_max`, …)."""

from typing import Any

from iotyun.reports.schemas import StatisticOut

CATEGORY = "category"


def table_rows(stat: StatisticOut) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(columns [{key, title, unit}], rows [{key: value}]) of `stat`, the rows in the statistic's order."""
    columns: list[dict[str, Any]] = [{"key": CATEGORY, "title": "", "unit": None}]
    for i, s in enumerate(stat.series):
        columns.append({"key": f"s{i}", "title": s.name, "unit": stat.unit})
        if s.min is not None:
            columns.append({"key": f"s{i}_min", "title": f"{s.name} min", "unit": stat.unit})
        if s.max is not None:
            columns.append({"key": f"s{i}_max", "title": f"{s.name} max", "unit": stat.unit})
    rows: list[dict[str, Any]] = []
    for j, category in enumerate(stat.categories):
        row: dict[str, Any] = {CATEGORY: category}
        for i, s in enumerate(stat.series):
            row[f"s{i}"] = _at(s.values, j)
            if s.min is not None:
                row[f"s{i}_min"] = _at(s.min, j)
            if s.max is not None:
                row[f"s{i}_max"] = _at(s.max, j)
        rows.append(row)
    return columns, rows


def _at(values: list[float | None], j: int) -> float | None:
    return values[j] if j < len(values) else None
