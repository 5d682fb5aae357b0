"""A schedule trigger's slots (docs/api-automations.md "Triggers"): daily at a time, weekly on some weekdays at a
time, or a cron expression (croniter), in the tenant's time zone; each slot as a UTC instant."""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from croniter import croniter

from iotyun.automations.schemas import Schedule

_TIME = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


def problem(schedule: Schedule) -> str | None:
    """The field of the schedule that is not valid (None: it is)."""
    if schedule.type == "cron":
        expr = schedule.cron.strip()
        if not expr or len(expr.split()) != 5 or not croniter.is_valid(expr):
            return "cron"
        return None
    if not _TIME.match(schedule.time):
        return "time"
    if schedule.type == "weekly" and (not schedule.weekdays or any(not 1 <= d <= 7 for d in schedule.weekdays)):
        return "weekdays"
    return None


def cron_of(schedule: Schedule) -> str:
    """The schedule as a five-field cron expression."""
    if schedule.type == "cron":
        return schedule.cron.strip()
    hour, minute = (int(x) for x in schedule.time.split(":"))
    if schedule.type == "daily":
        return f"{minute} {hour} * * *"
    # cron's day of week: 0 = Sunday … 6; ours 1 = Monday … 7 = Sunday
    days = ",".join(str(d % 7) for d in sorted(set(schedule.weekdays)))
    return f"{minute} {hour} * * {days}"


def next_slot(schedule: Schedule, after: datetime, zone: str) -> datetime:
    """The first slot strictly after `after` (UTC), judged on the wall clock of `zone`."""
    tz = ZoneInfo(zone)
    local = after.astimezone(tz)
    nxt: datetime = croniter(cron_of(schedule), local).get_next(datetime)
    if nxt.tzinfo is None:
        nxt = nxt.replace(tzinfo=tz)
    return nxt.astimezone(UTC)
