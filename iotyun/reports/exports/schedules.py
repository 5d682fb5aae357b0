"""Schedule arithmetic in the schedule's zone: the next run (daily at an hour, weekly on a weekday at an hour, monthly
on a day of the month at an hour) and the period a run exports, the one just ended (the previous day, Monday–Sunday
week or calendar month)."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo


def _at(day: date, hour: int, z: ZoneInfo) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=z).astimezone(UTC)


def _month_start(day: date, months: int = 0) -> date:
    n = day.year * 12 + day.month - 1 + months
    return date(n // 12, n % 12 + 1, 1)


def next_run(frequency: str, hour: int, weekday: int, monthday: int, z: ZoneInfo, after: datetime) -> datetime:
    """The first run strictly after `after` (UTC)."""
    today = after.astimezone(z).date()
    if frequency == "daily":
        candidates = [today + timedelta(days=n) for n in range(3)]
    elif frequency == "weekly":
        ahead = (weekday - today.isoweekday()) % 7
        candidates = [today + timedelta(days=ahead + 7 * n) for n in range(3)]
    else:
        candidates = [_month_start(today, n).replace(day=monthday) for n in range(3)]
    return next(t for t in (_at(d, hour, z) for d in candidates) if t > after)


def period(frequency: str, z: ZoneInfo, run_at: datetime) -> tuple[datetime, datetime]:
    """The period just ended at `run_at`, as [start, end) in UTC: the local day, Monday–Sunday week or month before
    the one `run_at` falls in."""
    today = run_at.astimezone(z).date()
    if frequency == "daily":
        first, nxt = today - timedelta(days=1), today
    elif frequency == "weekly":
        monday = today - timedelta(days=today.isoweekday() - 1)
        first, nxt = monday - timedelta(days=7), monday
    else:
        nxt = _month_start(today)
        first = _month_start(today, -1)
    return _at(first, 0, z), _at(nxt, 0, z)


def period_label(frequency: str, z: ZoneInfo, start: datetime, end: datetime) -> str:
    """ "2026-01-05" (a day), "2026-01-05 – 2026-01-11" (a week), "2026-01" (a month), in the zone."""
    first = start.astimezone(z).date()
    last = (end.astimezone(z) - timedelta(seconds=1)).date()
    if frequency == "daily":
        return first.isoformat()
    if frequency == "weekly":
        return f"{first.isoformat()} – {last.isoformat()}"
    return first.strftime("%Y-%m")
