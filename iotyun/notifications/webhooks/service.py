"""Outgoing webhooks (issue 36 point 5, docs/api-system.md "Outgoing webhooks"): the subscriptions a tenant's
administrator keeps, their delivery log, a test event and a resend. The events reach a subscription through the
notifications' outbox and fan-out (fanout.py `_to_subscriptions`) and leave through its runner, with the alarm
rules' deliveries: one runner, one retry policy, one log table."""

import secrets
from datetime import timedelta

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import WEBHOOK_NAME_MAX, WEBHOOKS_PER_TENANT_MAX
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.notifications import channels
from iotyun.notifications import repository as notify_repo
from iotyun.notifications.fanout import webhook_payload
from iotyun.notifications.models import (
    FAILED,
    PENDING,
    RETRYING,
    SKIPPED,
    NotifyDelivery,
    WebhookSubscription,
)
from iotyun.notifications.schemas import NamedOut
from iotyun.notifications.webhooks import repository as repo
from iotyun.notifications.webhooks.schemas import (
    WebhookCreatedOut,
    WebhookDeliveryOut,
    WebhookDeviceOut,
    WebhookIn,
    WebhookOut,
    WebhookSecretOut,
)

TEST_EVENT = "webhook.test"
SECRET_PREFIX = "whsec_"  # noqa: S105 - the prefix of the secrets made here, not one
# A subscription's count of failed deliveries looks back this far.
FAILED_WINDOW = timedelta(days=1)


def _admin(actor: Actor) -> None:
    if not actor.is_admin:
        raise AppError(ErrorCode.NO_PRIVILEGE)


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


async def _check(session: AsyncSession, actor: Actor, settings: Settings, body: WebhookIn) -> tuple[str, str]:
    """The name and URL when every field holds; otherwise the first refusal (nothing is written)."""
    name = body.name.strip()
    if not 1 <= len(name) <= WEBHOOK_NAME_MAX:
        raise AppError(ErrorCode.WEBHOOK_NAME_INVALID, field="name", limit=WEBHOOK_NAME_MAX)
    url = body.url.strip()
    if channels.url_problem(url, settings) is not None:
        raise AppError(ErrorCode.NOTIFY_URL_INVALID, field="url")
    if not body.events:
        raise AppError(ErrorCode.WEBHOOK_EVENTS_EMPTY, field="events")
    device_ids = set(body.device_ids)
    if set(await repo.readable_devices(session, actor, device_ids)) != device_ids:
        raise AppError(ErrorCode.DEVICE_NOT_FOUND, field="device_ids")
    group_ids = set(body.device_group_ids)
    if set(await repo.device_groups(session, actor.tenant_id, group_ids)) != group_ids:
        raise AppError(ErrorCode.DEVICE_GROUP_NOT_FOUND, field="device_group_ids")
    return name, url


def _apply(row: WebhookSubscription, body: WebhookIn, name: str, url: str) -> None:
    row.name, row.url = name, url
    row.events = list(dict.fromkeys(body.events))
    row.device_ids = list(dict.fromkeys(body.device_ids))
    row.device_group_ids = list(dict.fromkeys(body.device_group_ids))
    row.enabled = body.enabled


async def _outs(session: AsyncSession, actor: Actor, rows: list[WebhookSubscription]) -> list[WebhookOut]:
    devices = await repo.readable_devices(session, actor, {d for r in rows for d in r.device_ids})
    groups = await repo.device_groups(session, actor.tenant_id, {g for r in rows for g in r.device_group_ids})
    owners = await notify_repo.user_names(session, actor.tenant_id, {r.owner_id for r in rows if r.owner_id})
    waiting, failed = await repo.delivery_counts(session, [r.id for r in rows], utcnow() - FAILED_WINDOW)
    return [
        WebhookOut(
            id=r.id,
            name=r.name,
            url=r.url,
            events=r.events,
            devices=[
                WebhookDeviceOut(id=d, sn_code=devices[d][0], alias=devices[d][1]) for d in r.device_ids if d in devices
            ],
            device_groups=[NamedOut(id=g, name=groups[g]) for g in r.device_group_ids if g in groups],
            enabled=r.enabled,
            waiting=waiting[r.id],
            failed=failed[r.id],
            owner_name=owners.get(r.owner_id) if r.owner_id else None,
            created_at=epoch_ms(r.created_at) or 0,
            updated_at=epoch_ms(r.updated_at) or 0,
        )
        for r in rows
    ]


async def list_subscriptions(session: AsyncSession, actor: Actor, page: PageParams) -> Page[WebhookOut]:
    _admin(actor)
    rows, total = await paginate(session, repo.subscriptions(actor.tenant_id), page)
    items = await _outs(session, actor, list(rows))
    return Page[WebhookOut](items=items, total=total, page=page.page, page_size=page.page_size)


async def create(session: AsyncSession, actor: Actor, settings: Settings, body: WebhookIn) -> WebhookCreatedOut:
    """A new subscription with a secret made here, shown in this answer only."""
    _admin(actor)
    if await repo.count(session, actor.tenant_id) >= WEBHOOKS_PER_TENANT_MAX:
        raise AppError(ErrorCode.WEBHOOK_LIMIT_REACHED, limit=WEBHOOKS_PER_TENANT_MAX)
    name, url = await _check(session, actor, settings, body)
    row = WebhookSubscription(tenant_id=actor.tenant_id, owner_id=actor.user_id, secret=new_secret())
    _apply(row, body, name, url)
    session.add(row)
    await session.flush()
    (out,) = await _outs(session, actor, [row])
    return WebhookCreatedOut(**out.model_dump(), secret=row.secret)


async def _subscription(session: AsyncSession, actor: Actor, subscription_id: int) -> WebhookSubscription:
    _admin(actor)
    row = await repo.subscription(session, actor.tenant_id, subscription_id)
    if row is None:
        raise AppError(ErrorCode.WEBHOOK_NOT_FOUND, field="id")
    return row


async def update_subscription(
    session: AsyncSession, actor: Actor, settings: Settings, subscription_id: int, body: WebhookIn
) -> WebhookOut:
    row = await _subscription(session, actor, subscription_id)
    name, url = await _check(session, actor, settings, body)
    _apply(row, body, name, url)
    row.updated_at = utcnow()
    await session.flush()
    (out,) = await _outs(session, actor, [row])
    return out


async def set_enabled(session: AsyncSession, actor: Actor, subscription_id: int, enabled: bool) -> WebhookOut:
    """Switch a subscription off or on, nothing else changed (switched off, it hears nothing; what waits is sent)."""
    row = await _subscription(session, actor, subscription_id)
    row.enabled = enabled
    row.updated_at = utcnow()
    await session.flush()
    (out,) = await _outs(session, actor, [row])
    return out


async def renew_secret(session: AsyncSession, actor: Actor, subscription_id: int) -> WebhookSecretOut:
    """A new secret, shown in this answer only; every delivery sent from now on is signed with it."""
    row = await _subscription(session, actor, subscription_id)
    row.secret = new_secret()
    row.updated_at = utcnow()
    await session.flush()
    return WebhookSecretOut(secret=row.secret)


async def delete(session: AsyncSession, actor: Actor, subscription_id: int) -> None:
    """The subscription goes; its deliveries stay in the log, and those still waiting are not sent."""
    row = await _subscription(session, actor, subscription_id)
    await session.execute(
        update(NotifyDelivery)
        .where(NotifyDelivery.subscription_id == row.id, NotifyDelivery.state.in_([PENDING, RETRYING]))
        .values(state=SKIPPED, last_error="subscription deleted")
        .execution_options(synchronize_session=False)
    )
    await session.delete(row)
    await session.flush()


# --- the delivery log, a test, a resend --------------------------------------------------------------------------


def _device_of(d: NotifyDelivery) -> tuple[int | None, str | None]:
    """The device a delivery tells of (its id and name), as its payload names it; none for a test."""
    device = d.payload.get("device") if isinstance(d.payload, dict) else None
    if not isinstance(device, dict) or device.get("id") is None:
        return None, None
    return int(device["id"]), str(device.get("alias") or device.get("sn") or "") or None


def _delivery_out(d: NotifyDelivery, names: dict[int, str]) -> WebhookDeliveryOut:
    device_id, device_name = _device_of(d)
    subscription_id = d.subscription_id or 0
    return WebhookDeliveryOut(
        id=d.id,
        subscription_id=subscription_id,
        subscription_name=names.get(subscription_id),
        event=d.event,
        key=d.key,
        address=channels.masked(d.address),
        device_id=device_id,
        device_name=device_name,
        state=d.state,
        attempts=d.attempts,
        status_code=d.status_code,
        last_error=d.last_error,
        next_at=epoch_ms(d.next_at) if d.state in (PENDING, RETRYING) else None,
        sent_at=epoch_ms(d.sent_at),
        created_at=epoch_ms(d.created_at) or 0,
        payload=d.payload,
    )


async def delivery_log(
    session: AsyncSession,
    actor: Actor,
    page: PageParams,
    *,
    subscription_id: int | None,
    event: str | None,
    state: str | None,
    start_ms: int | None,
    end_ms: int | None,
) -> Page[WebhookDeliveryOut]:
    _admin(actor)
    start, end = from_epoch_ms(start_ms, "start"), from_epoch_ms(end_ms, "end")
    stmt = repo.deliveries(
        actor.tenant_id, subscription_id=subscription_id, event=event, state=state, start=start, end=end
    )
    rows, total = await paginate(session, stmt, page)
    names = await repo.names(session, actor.tenant_id, {d.subscription_id for d in rows if d.subscription_id})
    items = [_delivery_out(d, names) for d in rows]
    return Page[WebhookDeliveryOut](items=items, total=total, page=page.page, page_size=page.page_size)


async def send_test(session: AsyncSession, actor: Actor, subscription_id: int) -> WebhookDeliveryOut:
    """A test delivery to the subscription's URL (enabled or not), signed and sent like any other by the runner
    within a second or two; it names no device."""
    row = await _subscription(session, actor, subscription_id)
    now = utcnow()
    key = f"t{secrets.token_hex(8)}.s{row.id}"
    data = {"subscription": {"id": row.id, "name": row.name}, "by": actor.user_name}
    delivery = NotifyDelivery(
        tenant_id=actor.tenant_id,
        subscription_id=row.id,
        event=TEST_EVENT,
        channel=channels.WEBHOOK,
        address=row.url,
        key=key,
        subject=TEST_EVENT,
        payload=webhook_payload(TEST_EVENT, key, actor.tenant_id, None, data, now),
        state=PENDING,
        next_at=now,
        created_at=now,
        updated_at=now,
    )
    session.add(delivery)
    await session.flush()
    return _delivery_out(delivery, {row.id: row.name})


async def resend(session: AsyncSession, actor: Actor, delivery_id: int) -> WebhookDeliveryOut:
    """A failed (or skipped) delivery of a subscription that still exists, tried again now with its key unchanged: a
    receiver that got it already drops the repeat. 117823 for any other."""
    _admin(actor)
    found = await repo.delivery(session, actor.tenant_id, delivery_id)
    if found is None or found.state not in (FAILED, SKIPPED):
        raise AppError(ErrorCode.NOTIFY_DELIVERY_NOT_FOUND, field="id")
    row = await repo.subscription(session, actor.tenant_id, found.subscription_id or 0)
    if row is None:
        raise AppError(ErrorCode.WEBHOOK_NOT_FOUND, field="id")
    found.state, found.next_at, found.last_error, found.updated_at = PENDING, utcnow(), "", utcnow()
    # Sent where the subscription points now (its URL may have been corrected since).
    found.address = row.url
    await session.flush()
    return _delivery_out(found, {row.id: row.name})
