"""Every SELECT of the alarm notifications: rules of a tenant, the outbox's events and deliveries, and what a rule
needs to know about an alarm's device and its recipients."""

from collections import Counter
from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms.models import PRODUCED, Alarm
from iotyun.auth.models import Role, User
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices.models import Device
from iotyun.messages.models import Message
from iotyun.notifications.models import (
    FAILED,
    PENDING,
    RETRYING,
    SENDING,
    SKIPPED,
    NotifyDelivery,
    NotifyEvent,
    NotifyRule,
    WebhookSubscription,
)
from iotyun.team.models import UserGroup
from iotyun.templates.models import TemplateBinding


def rules(tenant_id: int) -> Select[NotifyRule]:
    return select(NotifyRule).where(NotifyRule.tenant_id == tenant_id).order_by(NotifyRule.id)


async def rule(session: AsyncSession, tenant_id: int, rule_id: int) -> NotifyRule | None:
    stmt = select(NotifyRule).where(NotifyRule.tenant_id == tenant_id, NotifyRule.id == rule_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def name_taken(session: AsyncSession, tenant_id: int, name: str, exclude: int | None) -> bool:
    stmt = select(NotifyRule.id).where(NotifyRule.tenant_id == tenant_id, NotifyRule.name == name)
    if exclude is not None:
        stmt = stmt.where(NotifyRule.id != exclude)
    return (await session.execute(stmt)).first() is not None


async def enabled_rules(session: AsyncSession, tenant_id: int) -> list[NotifyRule]:
    stmt = select(NotifyRule).where(NotifyRule.tenant_id == tenant_id, NotifyRule.enabled.is_(True))
    return list((await session.execute(stmt)).scalars())


async def rules_by_id(session: AsyncSession, ids: Collection[int]) -> dict[int, NotifyRule]:
    if not ids:
        return {}
    stmt = select(NotifyRule).where(NotifyRule.id.in_(list(ids))).execution_options(**{ALL_TENANTS: True})
    return {r.id: r for r in (await session.execute(stmt)).scalars()}


# --- names -----------------------------------------------------------------------------------------------------


async def user_names(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(User.id, User.user_name).where(User.tenant_id == tenant_id, User.id.in_(list(ids)))
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def role_names(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(Role.id, Role.name).where(Role.tenant_id == tenant_id, Role.id.in_(list(ids)))
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def groups(session: AsyncSession, tenant_id: int) -> list[UserGroup]:
    return list((await session.execute(select(UserGroup).where(UserGroup.tenant_id == tenant_id))).scalars())


# --- recipients ------------------------------------------------------------------------------------------------


async def recipients(
    session: AsyncSession,
    tenant_id: int,
    user_ids: Collection[int],
    role_ids: Collection[int],
    group_ids: Collection[int],
) -> list[User]:
    """The tenant's active users named, holding one of the roles, or in one of the groups."""
    either = []
    if user_ids:
        either.append(User.id.in_(list(user_ids)))
    if role_ids:
        either.append(User.role_id.in_(list(role_ids)))
    if group_ids:
        either.append(User.group_id.in_(list(group_ids)))
    if not either:
        return []
    stmt = select(User).where(User.tenant_id == tenant_id, User.is_active.is_(True), or_(*either)).order_by(User.id)
    return list((await session.execute(stmt)).scalars())


async def device_facts(
    session: AsyncSession, device_ids: Collection[int]
) -> dict[int, tuple[int, int | None, int | None]]:
    """Each device's tenant, its group and the template bound to it."""
    if not device_ids:
        return {}
    stmt = (
        select(Device.id, Device.tenant_id, Device.group_id, TemplateBinding.template_id)
        .outerjoin(TemplateBinding, TemplateBinding.device_id == Device.id)
        .where(Device.id.in_(list(device_ids)))
        .execution_options(**{ALL_TENANTS: True})
    )
    return {int(d): (int(t), g, b) for d, t, g, b in (await session.execute(stmt)).all()}


async def alarms(session: AsyncSession, alarm_ids: Collection[int]) -> dict[int, Alarm]:
    if not alarm_ids:
        return {}
    return {a.id: a for a in (await session.execute(select(Alarm).where(Alarm.id.in_(list(alarm_ids))))).scalars()}


# --- the outbox --------------------------------------------------------------------------------------------------


async def open_events(session: AsyncSession, limit: int) -> list[NotifyEvent]:
    stmt = select(NotifyEvent).where(NotifyEvent.done_at.is_(None)).order_by(NotifyEvent.id).limit(limit)
    return list((await session.execute(stmt)).scalars())


async def existing_keys(session: AsyncSession, keys: Collection[str]) -> set[str]:
    if not keys:
        return set()
    stmt = select(NotifyDelivery.key).where(NotifyDelivery.key.in_(list(keys)))
    return {str(k) for k in (await session.execute(stmt)).scalars()}


async def due_deliveries(session: AsyncSession, now: datetime, limit: int, per_tenant: int) -> list[int]:
    """Deliveries to send now: waiting ones whose time has come, and ones left `sending` by a runner that died; at most
    `per_tenant` of one tenant, taken in turn (each tenant's first due, then each one's second, …)."""
    turn = (
        func.row_number()
        .over(partition_by=NotifyDelivery.tenant_id, order_by=(NotifyDelivery.next_at, NotifyDelivery.id))
        .label("turn")
    )
    due = (
        select(NotifyDelivery.id, NotifyDelivery.next_at, turn)
        .where(
            or_(
                and_(NotifyDelivery.state.in_([PENDING, RETRYING]), NotifyDelivery.next_at <= now),
                and_(NotifyDelivery.state == SENDING, NotifyDelivery.lease_until < now),
            )
        )
        .subquery()
    )
    stmt = select(due.c.id).where(due.c.turn <= per_tenant).order_by(due.c.turn, due.c.next_at, due.c.id).limit(limit)
    return [int(i) for i in (await session.execute(stmt)).scalars()]


async def deliveries_by_id(session: AsyncSession, ids: Collection[int]) -> list[NotifyDelivery]:
    if not ids:
        return []
    stmt = select(NotifyDelivery).where(NotifyDelivery.id.in_(list(ids))).order_by(NotifyDelivery.id)
    return list((await session.execute(stmt)).scalars())


async def delivery(session: AsyncSession, delivery_id: int) -> NotifyDelivery | None:
    stmt = select(NotifyDelivery).where(NotifyDelivery.id == delivery_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def pushes_since(session: AsyncSession, channel: str, user_id: int, since: datetime) -> int:
    """Deliveries over `channel` counted against `user_id`'s daily quota since `since` (skipped ones are not)."""
    stmt = select(func.count()).where(
        NotifyDelivery.channel == channel,
        NotifyDelivery.user_id == user_id,
        NotifyDelivery.created_at >= since,
        NotifyDelivery.state != SKIPPED,
    )
    return int((await session.execute(stmt)).scalar_one())


def deliveries(
    tenant_id: int,
    *,
    state: str | None,
    channel: str | None,
    rule_id: int | None,
    start: datetime | None,
    end: datetime | None,
) -> Select[NotifyDelivery]:
    # The rules' log: an outgoing webhook's deliveries are in its own (webhooks/repository.py).
    stmt = select(NotifyDelivery).where(NotifyDelivery.tenant_id == tenant_id, NotifyDelivery.subscription_id.is_(None))
    if state is not None:
        stmt = stmt.where(NotifyDelivery.state == state)
    if channel is not None:
        stmt = stmt.where(NotifyDelivery.channel == channel)
    if rule_id is not None:
        stmt = stmt.where(NotifyDelivery.rule_id == rule_id)
    if start is not None:
        stmt = stmt.where(NotifyDelivery.created_at >= start)
    if end is not None:
        stmt = stmt.where(NotifyDelivery.created_at <= end)
    return stmt.order_by(NotifyDelivery.created_at.desc(), NotifyDelivery.id.desc())


async def failed_count(session: AsyncSession, tenant_id: int) -> int:
    stmt = select(func.count()).where(NotifyDelivery.tenant_id == tenant_id, NotifyDelivery.state == FAILED)
    return int((await session.execute(stmt)).scalar_one())


async def recent_counts(session: AsyncSession, rule_id: int, since: datetime) -> Counter[tuple[str, int | None]]:
    """Single notifications (not digests) of a rule since `since`, per (channel, recipient)."""
    stmt = (
        select(NotifyDelivery.channel, NotifyDelivery.user_id, func.count())
        .where(NotifyDelivery.rule_id == rule_id, NotifyDelivery.created_at >= since, NotifyDelivery.event != "digest")
        .group_by(NotifyDelivery.channel, NotifyDelivery.user_id)
    )
    return Counter({(str(c), u): int(n) for c, u, n in (await session.execute(stmt)).all()})


async def digests_since(session: AsyncSession, tenant_id: int, minute: datetime) -> list[NotifyDelivery]:
    """The tenant's digests made since `minute`."""
    stmt = select(NotifyDelivery).where(
        NotifyDelivery.tenant_id == tenant_id, NotifyDelivery.created_at >= minute, NotifyDelivery.event == "digest"
    )
    return list((await session.execute(stmt)).scalars())


async def recent_alarm_message_counts(
    session: AsyncSession, user_ids: Collection[int], since: datetime
) -> dict[int, int]:
    """Single alarm messages (not digests) each of `user_ids` got since `since` (users without any left out)."""
    if not user_ids:
        return {}
    stmt = (
        select(Message.user_id, func.count())
        .where(
            Message.user_id.in_(list(user_ids)),
            Message.kind == "alarm",
            Message.created_at >= since,
            Message.text_key != "messages.alarm.digest",
        )
        .group_by(Message.user_id)
    )
    return {int(u): int(n) for u, n in (await session.execute(stmt)).all()}


async def console_digests(session: AsyncSession, user_ids: Collection[int], minute: datetime) -> dict[int, Message]:
    """Each user's console digest made since `minute` (the latest, when there are more)."""
    if not user_ids:
        return {}
    stmt = (
        select(Message)
        .where(
            Message.user_id.in_(list(user_ids)),
            Message.text_key == "messages.alarm.digest",
            Message.created_at >= minute,
        )
        .order_by(Message.id)
    )
    return {m.user_id: m for m in (await session.execute(stmt)).scalars()}


async def escalating_rules(session: AsyncSession) -> list[NotifyRule]:
    """Enabled rules with escalation, of every tenant (the runner's system session)."""
    stmt = select(NotifyRule).where(NotifyRule.enabled.is_(True), NotifyRule.escalate_after.is_not(None))
    return list((await session.execute(stmt)).scalars())


async def unconfirmed_before(
    session: AsyncSession, rule: NotifyRule, since: datetime, until: datetime, now: datetime
) -> list[Alarm]:
    """The rule's tenant's alarms that started between `since` and `until`, still active and unconfirmed, not
    shelved now, in the rule's level range (and data sources), and not escalated by this rule yet."""
    escalated = select(NotifyEvent.alarm_id).where(NotifyEvent.event == "escalated", NotifyEvent.rule_id == rule.id)
    stmt = select(Alarm).where(
        Alarm.tenant_id == rule.tenant_id,
        Alarm.alarm_type == PRODUCED,
        Alarm.alarm_time >= since,
        Alarm.alarm_time <= until,
        Alarm.alarm_level >= rule.level_min,
        Alarm.alarm_level <= rule.level_max,
        or_(Alarm.shelved_until.is_(None), Alarm.shelved_until <= now),
        Alarm.id.not_in(escalated),
    )
    if rule.source_ids:
        stmt = stmt.where(Alarm.data_source_id.in_(rule.source_ids))
    return list((await session.execute(stmt.order_by(Alarm.id).limit(200))).scalars())


# --- outgoing webhooks ---------------------------------------------------------------------------------------------


async def enabled_subscriptions(session: AsyncSession, tenant_id: int) -> list[WebhookSubscription]:
    stmt = select(WebhookSubscription).where(
        WebhookSubscription.tenant_id == tenant_id, WebhookSubscription.enabled.is_(True)
    )
    return list((await session.execute(stmt.order_by(WebhookSubscription.id))).scalars())


async def subscriptions_by_id(session: AsyncSession, ids: Collection[int]) -> dict[int, WebhookSubscription]:
    if not ids:
        return {}
    stmt = (
        select(WebhookSubscription)
        .where(WebhookSubscription.id.in_(list(ids)))
        .execution_options(**{ALL_TENANTS: True})
    )
    return {s.id: s for s in (await session.execute(stmt)).scalars()}


async def waiting_counts(session: AsyncSession, subscription_ids: Collection[int]) -> Counter[int]:
    """Deliveries of each subscription not sent yet (waiting, retrying or being sent)."""
    if not subscription_ids:
        return Counter()
    stmt = (
        select(NotifyDelivery.subscription_id, func.count())
        .where(
            NotifyDelivery.subscription_id.in_(list(subscription_ids)),
            NotifyDelivery.state.in_([PENDING, RETRYING, SENDING]),
        )
        .group_by(NotifyDelivery.subscription_id)
    )
    return Counter({int(s): int(n) for s, n in (await session.execute(stmt)).all() if s is not None})
