"""IANA time zones (issue 36 point 3, docs/api-system.md "Time zones"): the zones a tenant or a user may choose, the
platform's default, and a zone's offset at a moment. Every time the console shows, exports, reports and schedules
follows the caller's effective zone (`Actor.time_zone`: the user's own, else the tenant's)."""

from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

# The tenant's zone until its administrator chooses another (the platform's users are in China).
DEFAULT_TIME_ZONE = "Asia/Shanghai"
TIME_ZONE_MAX = 64

# Names the zone database carries that are no place a person lives in.
_NOT_PLACES = frozenset({"Factory", "localtime", "posixrules", "posix", "right"})


@cache
def zone_ids() -> tuple[str, ...]:
    """The zones one may choose, sorted: the database's canonical and link names (UTC, Etc/GMT+5 too)."""
    return tuple(sorted(z for z in available_timezones() if z.split("/")[0] not in _NOT_PLACES))


def is_zone(name: str | None) -> bool:
    """Whether `name` is a zone one may choose (exactly as listed: case matters)."""
    return name is not None and name in _known()


@cache
def _known() -> frozenset[str]:
    return frozenset(zone_ids())


def zone_or_default(name: str | None) -> ZoneInfo:
    """`name` as a zone; the default for none or one no longer known (a zone database update)."""
    try:
        return ZoneInfo(name) if name else ZoneInfo(DEFAULT_TIME_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_TIME_ZONE)


def offset_minutes(z: ZoneInfo, at_ms: int | None = None) -> int:
    """The zone's UTC offset in minutes east at `at_ms` (epoch ms; now when None), daylight saving included."""
    at = datetime.now(UTC) if at_ms is None else datetime.fromtimestamp(at_ms / 1000, UTC)
    delta = at.astimezone(z).utcoffset()
    return int(delta.total_seconds() // 60) if delta is not None else 0
