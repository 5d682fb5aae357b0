"""A card's used flow over time: every change of a card's `used_mb` (the provider's refresh, the owner's book, a
gateway's state message) sets it and appends a FlowSample, the series of the traffic detail (docs/api-reports.md)."""

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import utcnow
from iotyun.devices.models import FlowCard, FlowSample


def set_used(session: AsyncSession, card: FlowCard, used_mb: float, at: datetime | None = None) -> bool:
    """Set the card's used flow; a change is sampled (the caller flushes). Whether it changed."""
    if card.used_mb == used_mb:
        return False
    card.used_mb = used_mb
    session.add(FlowSample(tenant_id=card.tenant_id, device_id=card.device_id, time=at or utcnow(), used_mb=used_mb))
    return True
