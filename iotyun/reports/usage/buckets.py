"""The buckets of a traffic or online-time detail: day, month or hour in the viewer's zone (its offset at the range's
start, as report statistics take it), and the rules of the range: 118206 when end is before start, 118210 for hour
buckets over more than ONLINE_HOUR_RANGE_MAX_DAYS, 100004 on start past TRAFFIC_RANGE_MAX_DAYS, 100004 on bucket."""

from zoneinfo import ZoneInfo

from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import ONLINE_HOUR_RANGE_MAX_DAYS, TRAFFIC_RANGE_MAX_DAYS
from iotyun.reports.timezones import local, offset_minutes
from iotyun.telemetry.public import DAY_MS, bucket_start, next_bucket


def check(start: int, end: int, bucket: str, allowed: tuple[str, ...]) -> None:
    if bucket not in allowed:
        raise AppError(ErrorCode.PARAM_INVALID, field="bucket")
    if end < start:
        raise AppError(ErrorCode.REPORT_END_BEFORE_START, field="end")
    if bucket == "hour" and end - start > ONLINE_HOUR_RANGE_MAX_DAYS * DAY_MS:
        raise AppError(ErrorCode.REPORT_TIME_RANGE_TOO_LONG, field="start", days=ONLINE_HOUR_RANGE_MAX_DAYS)
    if end - start > TRAFFIC_RANGE_MAX_DAYS * DAY_MS:
        raise AppError(ErrorCode.PARAM_INVALID, field="start")


def grid(start: int, end: int, bucket: str, z: ZoneInfo) -> tuple[list[int], list[str]]:
    """Each bucket's start (epoch ms) from the one holding `start` to the one holding `end`, and its ISO local time."""
    tz = offset_minutes(z, start)
    starts: list[int] = []
    b = bucket_start(start, bucket, tz)
    while b <= end:
        starts.append(b)
        b = next_bucket(b, bucket, tz)
    return starts, [local(b, z) for b in starts]


def ends(starts: list[int], bucket: str, z: ZoneInfo, start: int) -> list[int]:
    """Each bucket's end (the next one's start)."""
    tz = offset_minutes(z, start)
    return [next_bucket(b, bucket, tz) for b in starts]
