"""telemetry.history.fill_values (the fill over a bucket array, as query_series and the report statistic build their
series) answers what history.fill answers for the same buckets: empty buckets at either end, between values, all or
none empty, uneven bucket starts (calendar months), every fill type."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from iotyun.reports.timezones import local
from iotyun.telemetry.history import Query, fill, fill_values

HOUR = 3_600_000
T0 = 1_767_542_400_000  # 2026-01-04 16:00 UTC
FILLS = ["none", "null", "zero", "-2.5", "previous", "linear"]
HOURS = [T0 + i * HOUR for i in range(7)]
# Month starts (uneven widths): the linear fill weighs by the buckets' starts, not their positions.
MONTHS = [T0, T0 + 31 * 24 * HOUR, T0 + 59 * 24 * HOUR, T0 + 90 * 24 * HOUR, T0 + 120 * 24 * HOUR]
CASES = [
    (HOURS, [None, 1.0, None, None, 4.0, None, None]),  # empty at both ends and between
    (HOURS, [2.0, None, None, None, None, None, -1.0]),
    (HOURS, [None] * 7),
    (HOURS, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]),
    (HOURS, [None, None, None, 0.0, None, None, None]),
    (MONTHS, [1.0, None, None, 10.0, None]),
    ([T0], [None]),
    ([T0], [3.0]),
]


def _expected(buckets: list[int], values: list[float | None], q: Query) -> list[float | None]:
    """history.fill's answer on the same buckets, as an array (None where it leaves a bucket out)."""
    known = {b: v for b, v in zip(buckets, values, strict=True) if v is not None}
    filled = {b: v for b, v in fill(buckets, known, q)}
    return [filled.get(b) for b in buckets]


@pytest.mark.parametrize("fill_type", FILLS)
@pytest.mark.parametrize(("buckets", "values"), CASES)
def test_fill_values_answers_as_fill(fill_type: str, buckets: list[int], values: list[float | None]) -> None:
    q = Query(start=buckets[0], end=buckets[-1], bucket="hour", fill=fill_type)
    before = list(values)
    got = fill_values(buckets, list(values), q)
    assert got == _expected(buckets, values, q)
    assert values == before  # the caller's array is not changed


def test_fill_values_at_the_ends() -> None:
    def q(fill_type: str) -> Query:
        return Query(start=T0, end=T0 + 6 * HOUR, bucket="hour", fill=fill_type)

    values: list[float | None] = [None, 1.0, None, None, 4.0, None, None]
    assert fill_values(HOURS, values, q("linear")) == [None, 1.0, 2.0, 3.0, 4.0, None, None]
    assert fill_values(HOURS, values, q("previous")) == [None, 1.0, 1.0, 1.0, 4.0, 4.0, 4.0]
    assert fill_values(HOURS, values, q("zero")) == [0.0, 1.0, 0.0, 0.0, 4.0, 0.0, 0.0]
    assert fill_values(HOURS, values, q("null")) == values
    assert fill_values(MONTHS, [1.0, None, None, 10.0, None], q("linear")) == [
        1.0,
        1.0 + 9.0 * 31 / 90,
        1.0 + 9.0 * 59 / 90,
        10.0,
        None,
    ]


@pytest.mark.parametrize("zone", ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"])
def test_local_times_follow_the_zone_across_its_changes(zone: str) -> None:
    """timezones.local labels each bucket with the zone's offset at that moment (daylight saving included), as the
    UTC-then-astimezone formula it replaced."""
    z = ZoneInfo(zone)
    # 2026-03-27 … 2026-04-07 and 2026-10-23 … 2026-11-03, hourly and on the half hour: Europe's changes (March and
    # October), the US's (November) and Lord Howe's 30-minute one (April).
    for first in (1_774_569_600_000, 1_792_713_600_000):
        for ts in range(first, first + 12 * 24 * HOUR, HOUR // 2):
            assert local(ts, z) == datetime.fromtimestamp(ts / 1000, UTC).astimezone(z).isoformat(timespec="seconds")
