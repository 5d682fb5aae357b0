"""The report workbook's native chart: a unit per value axis (issue 30 defect 4), read back as Excel would."""

import io
from typing import Any

import openpyxl
import pytest
from openpyxl.chart import BarChart, LineChart

from iotyun.reports.exports.writers import report_book
from iotyun.reports.schemas import StatisticOut, StatisticSeries

HOURS = ["2026-01-05T00:00:00+08:00", "2026-01-05T01:00:00+08:00", "2026-01-05T02:00:00+08:00"]


def _stat(*series: tuple[str, str | None, list[float | None]]) -> StatisticOut:
    return StatisticOut(
        categories=HOURS,
        dimension_is_time=True,
        bucket="hour",
        series=[StatisticSeries(name=n, unit=u, values=v, decimals=2) for n, u, v in series],
        unit=None,
        total_rows=3,
    )


def _chart(stat: StatisticOut, chart_type: int) -> Any:
    book = openpyxl.load_workbook(io.BytesIO(report_book("压力与温度", chart_type, stat, [], "zh")))
    (chart,) = book.worksheets[0]._charts  # type: ignore[attr-defined]
    return chart


def _columns(chart: Any) -> list[list[str]]:
    """Each plotted chart's series, as the table columns they read."""
    return [[s.val.numRef.f.split("!")[1].split(":")[0].strip("$").rstrip("0123456789$") for s in c.series] for c in
            chart._charts]  # fmt: skip


@pytest.mark.parametrize(("chart_type", "kind"), [(3, LineChart), (4, BarChart), (7, BarChart)])
def test_each_unit_has_its_own_value_axis(chart_type: int, kind: type[Any]) -> None:
    # Pressures near 0.6 MPa beside temperatures near 80 ℃: on one axis the pressures would lie flat at 0.
    stat = _stat(
        ("排气压力", "MPa", [0.61, 0.63, 0.6]),
        ("排气温度", "℃", [80.0, 82.5, 81.0]),
        ("储气罐压力", "MPa", [0.58, 0.6, 0.59]),
    )
    chart = _chart(stat, chart_type)
    left, right = chart._charts
    assert isinstance(left, kind) and isinstance(right, kind)
    # The pressures on the left axis, titled MPa; the temperature on the right, titled ℃, crossing at the far side.
    assert _columns(chart) == [["B", "D"], ["C"]]
    assert left.y_axis.title.tx.rich.p[0].r[0].t == "MPa"
    assert right.y_axis.title.tx.rich.p[0].r[0].t == "℃"
    assert left.y_axis.axId != right.y_axis.axId and right.y_axis.crosses == "max"
    # Both share the time axis, which reads as the cells' dates.
    assert left.x_axis.axId == right.x_axis.axId
    # Series indexes stay distinct (each series its own colour in Excel).
    assert sorted(s.idx for c in chart._charts for s in c.series) == [0, 1, 2]


def test_a_third_unit_shares_the_right_axis_which_names_both() -> None:
    stat = _stat(("压力", "MPa", [0.6, 0.6, 0.6]), ("温度", "℃", [80.0, 81.0, 82.0]), ("电流", "A", [40.0, 41.0, 0.0]))
    left, right = _chart(stat, 3)._charts
    assert right.y_axis.title.tx.rich.p[0].r[0].t == "℃ / A"
    assert left.y_axis.title.tx.rich.p[0].r[0].t == "MPa"


def test_one_unit_keeps_one_axis() -> None:
    stat = _stat(("排气压力", "MPa", [0.61, 0.63, 0.6]), ("储气罐压力", "MPa", [0.58, 0.6, 0.59]))
    (only,) = _chart(stat, 3)._charts
    assert only.y_axis.title.tx.rich.p[0].r[0].t == "MPa"


def test_a_stacked_bar_keeps_one_axis() -> None:
    # A stacked bar adds its series up: mixed units stay on one axis rather than splitting the stack.
    stat = _stat(("压力", "MPa", [0.6, 0.6, 0.6]), ("温度", "℃", [80.0, 81.0, 82.0]))
    assert len(_chart(stat, 5)._charts) == 1
