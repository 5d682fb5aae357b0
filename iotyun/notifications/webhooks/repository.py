"""Every SELECT of the outgoing webhooks: a tenant's subscriptions, their deliveries, and the devices and groups a
subscription may name."""

from collections import Counter
from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.devices import scope
from iotyun.devices.models import Device, DeviceGroup
from iotyun.notifications.models import FAILED, PENDING, RETRYING, SENDING, NotifyDelivery, WebhookSubscription


def subscriptions(tenant_id: int) -> Select[WebhookSubscription]:
    return (
        select(WebhookSubscription).where(WebhookSubscription.tenant_id == tenant_id).order_by(WebhookSubscription.id)
    )


async def subscription(session: AsyncSession, tenant_id: int, subscription_id: int) -> WebhookSubscription | None:
    stmt = select(WebhookSubscription).where(
        WebhookSubscription.tenant_id == tenant_id, WebhookSubscription.id == subscription_id
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).where(WebhookSubscription.tenant_id == tenant_id)
    return int((await session.execute(stmt)).scalar_one())


async def names(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(WebhookSubscription.id, WebhookSubscription.name).where(
        WebhookSubscription.tenant_id == tenant_id, WebhookSubscription.id.in_(list(ids))
    )
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def readable_devices(session: AsyncSession, actor: Actor, ids: Collection[int]) -> dict[int, tuple[str, str]]:
    """Of `ids`, the devices of the actor's own tenant the actor reads, with their SN and alias. A device shared from
    another tenant is not one: its events are its own tenant's."""
    if not ids:
        return {}
    stmt = (await scope.readable(session, actor, Device.id, Device.alias, Device.sn)).where(
        Device.id.in_(list(ids)), Device.tenant_id == actor.tenant_id
    )
    return {int(i): (str(sn), str(alias or "")) for i, alias, sn in (await session.execute(stmt)).all()}


async def device_groups(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(DeviceGroup.id, DeviceGroup.name).where(
        DeviceGroup.tenant_id == tenant_id, DeviceGroup.id.in_(list(ids))
    )
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def delivery_counts(
    session: AsyncSession, subscription_ids: Collection[int], failed_since: datetime
) -> tuple[Counter[int], Counter[int]]:
    """Per subscription: its deliveries not sent yet, and those that failed since `failed_since`."""
    if not subscription_ids:
        return Counter(), Counter()
    ids = list(subscription_ids)
    waiting_stmt = (
        select(NotifyDelivery.subscription_id, func.count())
        .where(NotifyDelivery.subscription_id.in_(ids), NotifyDelivery.state.in_([PENDING, RETRYING, SENDING]))
        .group_by(NotifyDelivery.subscription_id)
    )
    failed_stmt = (
        select(NotifyDelivery.subscription_id, func.count())
        .where(
            NotifyDelivery.subscription_id.in_(ids),
            NotifyDelivery.state == FAILED,
            NotifyDelivery.updated_at >= failed_since,
        )
        .group_by(NotifyDelivery.subscription_id)
    )
    waiting = Counter({int(s): int(n) for s, n in (await session.execute(waiting_stmt)).all() if s is not None})
    failed = Counter({int(s): int(n) for s, n in (await session.execute(failed_stmt)).all() if s is not None})
    return waiting, failed


def deliveries(
    tenant_id: int,
    *,
    subscription_id: int | None,
    event: str | None,
    state: str | None,
    start: datetime | None,
    end: datetime | None,
) -> Select[NotifyDelivery]:
    """The tenant's outgoing webhooks' deliveries, newest first."""
    stmt = select(NotifyDelivery).where(
        NotifyDelivery.tenant_id == tenant_id, NotifyDelivery.subscription_id.is_not(None)
    )
    if subscription_id is not None:
        stmt = stmt.where(NotifyDelivery.subscription_id == subscription_id)
    if event is not None:
        stmt = stmt.where(NotifyDelivery.event == event)
    if state is not None:
        stmt = stmt.where(NotifyDelivery.state == state)
    if start is not None:
        stmt = stmt.where(NotifyDelivery.created_at >= start)
    if end is not None:
        stmt = stmt.where(NotifyDelivery.created_at <= end)
    return stmt.order_by(NotifyDelivery.created_at.desc(), NotifyDelivery.id.desc())


async def delivery(session: AsyncSession, tenant_id: int, delivery_id: int) -> NotifyDelivery | None:
    stmt = select(NotifyDelivery).where(
        NotifyDelivery.tenant_id == tenant_id,
        NotifyDelivery.id == delivery_id,
        NotifyDelivery.subscription_id.is_not(None),
    )
    return (await session.execute(stmt)).scalar_one_or_none()
