"""The time ranges operators ask for (device statistics, the audit): both ends or neither, start before end (810107),
at most STATISTICS_RANGE_DAYS_MAX days (810108)."""

from datetime import datetime, timedelta

from iotyun.core.db import from_epoch_ms
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import STATISTICS_RANGE_DAYS_MAX


def checked_range(start: int | None, end: int | None) -> tuple[datetime | None, datetime | None]:
    """`start`..`end` (epoch ms) as datetimes, or (None, None) for no range; the first rule it breaks otherwise."""
    if start is None and end is None:
        return None, None
    if start is None or end is None or start < 0 or end <= start:
        raise AppError(ErrorCode.MONITOR_RANGE_INVALID, field="start" if start is None or start < 0 else "end")
    begin, finish = from_epoch_ms(start, "start"), from_epoch_ms(end, "end")
    assert begin is not None and finish is not None
    if finish - begin > timedelta(days=STATISTICS_RANGE_DAYS_MAX):
        raise AppError(ErrorCode.MONITOR_RANGE_TOO_LONG, field="end", days=STATISTICS_RANGE_DAYS_MAX)
    return begin, finish
