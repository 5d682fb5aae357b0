"""A statistic as its table view (reports/table.py, contract B of issue 17): the category column, a column per series
titled by its name with the report's unit, and min/max columns only where the statistic has them."""

from iotyun.core.context import lang_var
from iotyun.reports.schemas import StatisticOut, StatisticSeries
from iotyun.reports.table import table_rows


def test_history_data_has_min_and_max_columns() -> None:
    stat = StatisticOut(
        categories=["2026-01-05T00:00:00+08:00", "2026-01-05T01:00:00+08:00"],
        dimension_is_time=True,
        bucket="hour",
        series=[StatisticSeries(name="压力", values=[2.0, None], min=[1.0, None], max=[3.0, None])],
        unit="MPa",
        total_rows=2,
    )
    token = lang_var.set("en")
    try:
        columns, rows = table_rows(stat)
    finally:
        lang_var.reset(token)
    assert columns == [
        {"key": "category", "title": "Time", "unit": None},
        {"key": "s0", "title": "压力", "unit": "MPa", "decimals": None},
        {"key": "s0_min", "title": "压力 min", "unit": "MPa", "decimals": None},
        {"key": "s0_max", "title": "压力 max", "unit": "MPa", "decimals": None},
    ]
    assert rows == [
        {"category": "2026-01-05T00:00:00+08:00", "s0": 2.0, "s0_min": 1.0, "s0_max": 3.0},
        {"category": "2026-01-05T01:00:00+08:00", "s0": None, "s0_min": None, "s0_max": None},
    ]


def test_counts_have_a_column_per_series() -> None:
    stat = StatisticOut(
        categories=["GW100", "GW200"],
        dimension_is_time=False,
        bucket=None,
        series=[StatisticSeries(name="1", values=[1.0, 0.0]), StatisticSeries(name="2", values=[1.0, 1.0])],
        unit=None,
        total_rows=2,
    )
    columns, rows = table_rows(stat)
    assert [(c["key"], c["title"]) for c in columns] == [("category", "名称"), ("s0", "1"), ("s1", "2")]
    assert rows[1] == {"category": "GW200", "s0": 0.0, "s1": 1.0}
