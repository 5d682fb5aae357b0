"""Traffic (issue 17 contract E): the readable devices' flow cards with their warning flag and a summary, and one
card's usage per day or month from its samples (devices/flowsamples.py).

Usage in a bucket adds up the increases between consecutive samples, led by the last sample before the range: the
difference of a sample and the one before it when it rose; a renewal sample (the book or the provider said a new
package started) counts its whole value; a drop without one (a correction) counts nothing. `used_total` is the card's counter at each bucket's end (the last sample at or
before it) and `remaining` what it leaves of total_mb."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import PageParams
from iotyun.devices import scope
from iotyun.reports.timezones import zone
from iotyun.reports.usage import buckets
from iotyun.reports.usage import repository as repo
from iotyun.reports.usage.schemas import FlowAnalysisOut, FlowCardRow, FlowDetailOut, FlowSummary


def _row(r: Any) -> FlowCardRow:
    remaining = max(float(r.total_mb) - float(r.used_mb), 0.0)
    return FlowCardRow(
        device_id=r.id,
        sn=r.sn,
        name=r.name,
        group_id=r.group_id,
        group_name=r.group_name,
        iccid=r.iccid,
        package_name=r.package_name,
        total_mb=r.total_mb,
        used_mb=r.used_mb,
        remaining_mb=remaining,
        warning_mb=r.warning_mb,
        warning=r.warning_mb > 0 and remaining <= r.warning_mb,
        status=r.status,
        expiry_date=r.expiry_date,
    )


async def analysis(
    session: AsyncSession,
    actor: Actor,
    params: PageParams,
    keyword: str | None,
    group_id: int | None,
    status: str | None,
) -> FlowAnalysisOut:
    rows, (cards, warning, shutdown, used, total) = await repo.card_page(
        session, actor, keyword, group_id, status, params.page_size, (params.page - 1) * params.page_size
    )
    return FlowAnalysisOut(
        items=[_row(r) for r in rows],
        total=cards,
        page=params.page,
        page_size=params.page_size,
        summary=FlowSummary(cards=cards, warning=warning, shutdown=shutdown, used_mb=used, total_mb=total),
    )


def _at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


async def detail(
    session: AsyncSession, actor: Actor, device_id: int, start: int, end: int, tz: str, bucket: str
) -> FlowDetailOut:
    """The card's usage per bucket over [start, end]: 110506 for a device the caller does not read, 110542 when it
    has no card."""
    z = zone(tz)
    buckets.check(start, end, bucket, ("day", "month"))
    if await scope.readable_device(session, actor, device_id) is None:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_id")
    card = await repo.card_row(session, actor, device_id)
    if card is None:
        raise AppError(ErrorCode.FLOW_CARD_NOT_BOUND, field="device_id")
    row = _row(card)
    starts, categories = buckets.grid(start, end, bucket, z)
    stops = buckets.ends(starts, bucket, z, start)
    rows = await repo.flow_samples(session, device_id, _at(start), _at(end))
    samples = [(epoch_ms(t) or 0, v, renewal) for t, v, renewal in rows]
    used, counter = _usage(samples, start, starts, stops)
    return FlowDetailOut(
        card=row,
        categories=categories,
        used=[round(u, 3) for u in used],
        used_total=[round(c, 3) for c in counter],
        remaining=[round(max(row.total_mb - c, 0.0), 3) for c in counter],
        warning_mb=row.warning_mb,
    )


def _usage(
    samples: list[tuple[int, float, bool]], start: int, starts: list[int], stops: list[int]
) -> tuple[list[float], list[float]]:
    """(MB used in each bucket, the counter at each bucket's end) from the samples in time order (the first may be
    the baseline before `start`)."""
    used = [0.0] * len(starts)
    counter = [0.0] * len(starts)
    previous: float | None = None
    j = 0
    for ts, value, renewal in samples:
        while j < len(starts) and ts >= stops[j]:
            counter[j] = previous or 0.0
            j += 1
        if previous is not None and ts >= start and j < len(starts):
            # A renewal is a new package whose counter started from nothing; a drop without one corrects the counter.
            used[j] += value if renewal else max(value - previous, 0.0)
        previous = value
    while j < len(starts):
        counter[j] = previous or 0.0
        j += 1
    return used, counter
