"""A card's used flow over time: every change of a card's `used_mb` (the provider's refresh, the owner's book, a
gateway's state message) sets it and appends a FlowSample, the series of the traffic detail (docs/api-reports.md).

Only the book and the provider say that a package renewed (its effective date moved on): that sample is a renewal, a
new counter whose value counts as used. A gateway's figure is believed only upward and only up to the package's
total the book knows: a lower one (100, 0, 100, 0 … would otherwise count each rise) or one past the total is kept
on the card as suspect and changes nothing else."""

from datetime import date, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import utcnow
from iotyun.devices.models import FlowCard, FlowSample


def set_used(
    session: AsyncSession, card: FlowCard, used_mb: float, at: datetime | None = None, *, renewal: bool = False
) -> bool:
    """The book or the provider sets the card's used flow; a change, or a renewal, is sampled (the caller flushes).
    Whether a sample was added."""
    if card.used_mb == used_mb and not renewal:
        return False
    card.used_mb = used_mb
    session.add(
        FlowSample(
            tenant_id=card.tenant_id, device_id=card.device_id, time=at or utcnow(), used_mb=used_mb, renewal=renewal
        )
    )
    return True


def renewed(known: date | None, said: date | None) -> bool:
    """Whether an effective date the book or the provider gives starts a new package: a later one than the card's
    (a first date is not a renewal: the counter so far belongs to it)."""
    return known is not None and said is not None and said > known


def gateway_reported(session: AsyncSession, card: FlowCard, used_mb: float, at: datetime | None = None) -> bool:
    """A gateway's figure: taken when it rises, capped at the package's total when the book knows one; a figure
    below the card's counter, or past the total, is recorded as suspect. Whether a sample was added."""
    when = at or utcnow()
    taken = min(used_mb, card.total_mb) if card.total_mb > 0 else used_mb
    if taken != used_mb or used_mb < card.used_mb:
        card.suspect_mb, card.suspect_at = used_mb, when
    if taken <= card.used_mb:
        return False
    return set_used(session, card, taken, when)
