"""The filters of a history-data report (kind 6): field 41 (value) becomes telemetry's value filters, applied in SQL
to the stored values before they aggregate; field 38 (time, epoch ms) narrows the range; fields 39 (device, by its
name) and 40 (data source, by its name) narrow the (device, data source) pairs. A filter of the wrong kind (text on
the value, `contain` on the time) answers 100004 on filters."""

import math
from collections.abc import Callable
from dataclasses import dataclass

from iotyun.core.errors import AppError, ErrorCode
from iotyun.reports.fields import H_DEVICE, H_SOURCE, H_TIME, H_VALUE
from iotyun.reports.schemas import ReportFilter
from iotyun.telemetry.public import ValueFilter

_COMPARE = frozenset({"eq", "ne", "gt", "ge", "lt", "le", "range"})
_VALUE = _COMPARE | {"null", "not_null"}
_TEXT = frozenset({"eq", "ne", "contain", "not_contain", "null", "not_null"})


def _bad() -> AppError:
    return AppError(ErrorCode.PARAM_INVALID, field="filters")


def _number(value: float | str | None) -> float:
    try:
        number = float(value) if value is not None else math.nan
    except ValueError:
        raise _bad() from None
    if not math.isfinite(number):
        raise _bad()
    return number


def check(filters: list[ReportFilter]) -> None:
    """Each filter of a history-data report fits its field (100004 on filters)."""
    for f in filters:
        if f.field_id == H_VALUE:
            if f.operator not in _VALUE:
                raise _bad()
            if f.operator not in ("null", "not_null"):
                _number(f.value)
                if f.operator == "range":
                    _number(f.value2)
        elif f.field_id == H_TIME:
            if f.operator not in _COMPARE or f.operator == "ne":
                raise _bad()
            _number(f.value)
            if f.operator == "range":
                _number(f.value2)
        elif f.field_id in (H_DEVICE, H_SOURCE):
            if f.operator not in _TEXT:
                raise _bad()
        else:
            raise _bad()


@dataclass(frozen=True)
class Applied:
    start: int
    end: int
    values: tuple[ValueFilter, ...]


def applied(filters: list[ReportFilter], start: int, end: int) -> Applied:
    """The range narrowed by the time filters and the value filters for telemetry; start > end when nothing is left."""
    check(filters)
    values: list[ValueFilter] = []
    for f in filters:
        if f.field_id == H_VALUE:
            if f.operator in ("null", "not_null"):
                values.append(ValueFilter(f.operator))
            elif f.operator == "range":
                values.append(ValueFilter("range", _number(f.value), _number(f.value2)))
            else:
                values.append(ValueFilter(f.operator, _number(f.value)))
        elif f.field_id == H_TIME:
            v = int(_number(f.value))
            if f.operator in ("ge", "eq", "range"):
                start = max(start, v)
            if f.operator == "gt":
                start = max(start, v + 1)
            if f.operator in ("le", "eq"):
                end = min(end, v)
            if f.operator == "lt":
                end = min(end, v - 1)
            if f.operator == "range":
                end = min(end, int(_number(f.value2)))
    return Applied(start, end, tuple(values))


def _matches(f: ReportFilter, name: str) -> bool:
    text = "" if f.value is None else str(f.value)
    tests: dict[str, Callable[[], bool]] = {
        "eq": lambda: name == text,
        "ne": lambda: name != text,
        "contain": lambda: text in name,
        "not_contain": lambda: text not in name,
        "null": lambda: False,
        "not_null": lambda: True,
    }
    return tests[f.operator]()


def keeps(filters: list[ReportFilter], field_id: int, name: str) -> bool:
    """Whether a device (39) or data source (40) of this name meets every filter on its field."""
    return all(_matches(f, name) for f in filters if f.field_id == field_id)


def names_source(filters: list[ReportFilter]) -> bool:
    return any(f.field_id == H_SOURCE for f in filters)
