"""The viewer's IANA time zone: its offset for the bucket arithmetic of telemetry.history (minutes east of UTC, taken
at the range's start) and the local ISO times of a statistic's categories."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from iotyun.core.errors import AppError, ErrorCode


def zone(tz: str) -> ZoneInfo:
    try:
        return ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise AppError(ErrorCode.PARAM_INVALID, field="tz") from None


def offset_minutes(z: ZoneInfo, at: int) -> int:
    """The zone's UTC offset at `at` (the range's start): buckets keep this offset over the whole range."""
    delta = datetime.fromtimestamp(at / 1000, UTC).astimezone(z).utcoffset()
    return int(delta.total_seconds() // 60) if delta is not None else 0


def local(ts: int, z: ZoneInfo) -> str:
    """`ts` as an ISO 8601 local time in `z` with the offset it has then (the zone's, daylight saving included)."""
    return datetime.fromtimestamp(ts / 1000, z).isoformat(timespec="seconds")
