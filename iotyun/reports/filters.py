"""A report's filters as SQL conditions (SPEC §9's 11 operators) on the columns of its table kind; time fields take
epoch ms. A value that does not fit its column (text for a number, a number beyond the column's integers) answers
100004 on filters, a time outside EPOCH_MS_MIN … EPOCH_MS_MAX 118214; reports/service.py checks them when a report
is saved."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, ColumnElement, SmallInteger, and_, not_

from iotyun.core.db import UTCDateTime
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import EPOCH_MS_MAX, EPOCH_MS_MIN, INT64_MAX, INT64_MIN
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.reports.schemas import ReportFilter


def _bounds(kind: Any) -> tuple[int, int]:
    """The integers a column holds (on PostgreSQL; SQLite's are wider)."""
    if isinstance(kind, BigInteger):
        return INT64_MIN, INT64_MAX
    if isinstance(kind, SmallInteger):
        return -(2**15), 2**15 - 1
    return -(2**31), 2**31 - 1


def _value(column: Any, value: float | str | None) -> Any:
    if value is None:
        raise AppError(ErrorCode.PARAM_INVALID, field="filters")
    try:
        kind = column.type.python_type
        if kind is datetime or isinstance(column.type, UTCDateTime):
            ms = float(value)
            if not EPOCH_MS_MIN <= ms <= EPOCH_MS_MAX:
                raise AppError(ErrorCode.REPORT_TIME_OUT_OF_RANGE, field="filters")
            return datetime.fromtimestamp(ms / 1000, UTC)
        if kind is int:
            number = float(value)
            low, high = _bounds(column.type)
            # Beyond the column's integers the database refuses the parameter (PostgreSQL) or cannot bind it.
            if not low <= number <= high:
                raise AppError(ErrorCode.PARAM_INVALID, field="filters")
            return int(number) if number.is_integer() else number
        return kind(value)
    except (NotImplementedError, TypeError, ValueError, OverflowError, OSError):
        raise AppError(ErrorCode.PARAM_INVALID, field="filters") from None


def condition(column: ColumnElement[Any], f: ReportFilter) -> ColumnElement[bool]:
    op = f.operator
    if op == "null":
        return column.is_(None)
    if op == "not_null":
        return column.is_not(None)
    if op in ("contain", "not_contain"):
        like = column.like(like_pattern(str(f.value or "")), escape=LIKE_ESCAPE)
        return like if op == "contain" else not_(like)
    v = _value(column, f.value)
    if op == "range":
        return and_(column >= v, column <= _value(column, f.value2))
    built: ColumnElement[bool] = {
        "eq": lambda: column == v,
        "ne": lambda: column != v,
        "gt": lambda: column > v,
        "ge": lambda: column >= v,
        "lt": lambda: column < v,
        "le": lambda: column <= v,
    }[op]()
    return built


def conditions(columns: dict[int, Any], filters: list[ReportFilter]) -> list[ColumnElement[bool]]:
    """Every filter on a field of `columns`; a filter on another field answers 100004 on filters."""
    out = []
    for f in filters:
        if f.field_id not in columns:
            raise AppError(ErrorCode.PARAM_INVALID, field="filters")
        out.append(condition(columns[f.field_id], f))
    return out
