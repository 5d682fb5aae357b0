"""Every SELECT of the alarm notifications: rules of a tenant, the outbox's events and deliveries, and what a rule
needs to know about an alarm's device and its recipients."""

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


async def device_facts(session: AsyncSession, device_id: int) -> tuple[int | None, int | None]:
    """The device's group and the template bound to it."""
    group = (await session.execute(select(Device.group_id).where(Device.id == device_id))).scalar_one_or_none()
    template = (
        await session.execute(select(TemplateBinding.template_id).where(TemplateBinding.device_id == device_id))
    ).scalar_one_or_none()
    return group, template


async def alarm(session: AsyncSession, alarm_id: int) -> Alarm | None:
    return (await session.execute(select(Alarm).where(Alarm.id == alarm_id))).scalar_one_or_none()


# --- the outbox --------------------------------------------------------------------------------------------------


async def open_events(session: AsyncSession, limit: int) -> list[NotifyEvent]:
    stmt = select(NotifyEvent).where(NotifyEvent.done_at.is_(None)).order_by(NotifyEvent.id).limit(limit)
    return list((await session.execute(stmt)).scalars())


async def existing_keys(session: AsyncSession, keys: Collection[str]) -> set[str]:
    if not keys:
        return set()
    stmt = select(NotifyDelivery.key).where(NotifyDelivery.key.in_(list(keys)))
    return {str(k) for k in (await session.execute(stmt)).scalars()}


async def due_deliveries(session: AsyncSession, now: datetime, limit: int) -> list[int]:
    """Deliveries to send now: waiting ones whose time has come, and ones left `sending` by a runner that died."""
    stmt = (
        select(NotifyDelivery.id)
        .where(
            or_(
                and_(NotifyDelivery.state.in_([PENDING, RETRYING]), NotifyDelivery.next_at <= now),
                and_(NotifyDelivery.state == SENDING, NotifyDelivery.lease_until < now),
            )
        )
        .order_by(NotifyDelivery.next_at, NotifyDelivery.id)
        .limit(limit)
    )
    return [int(i) for i in (await session.execute(stmt)).scalars()]


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
    stmt = select(NotifyDelivery).where(NotifyDelivery.tenant_id == tenant_id)
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


async def recent_count(session: AsyncSession, rule_id: int, channel: str, user_id: int | None, since: datetime) -> int:
    """Single notifications (not digests) of a rule over a channel to one recipient since `since`."""
    stmt = select(func.count()).where(
        NotifyDelivery.rule_id == rule_id,
        NotifyDelivery.channel == channel,
        NotifyDelivery.user_id.is_(None) if user_id is None else NotifyDelivery.user_id == user_id,
        NotifyDelivery.created_at >= since,
        NotifyDelivery.event != "digest",
    )
    return int((await session.execute(stmt)).scalar_one())


async def delivery_by_key(session: AsyncSession, key: str) -> NotifyDelivery | None:
    return (await session.execute(select(NotifyDelivery).where(NotifyDelivery.key == key))).scalar_one_or_none()


async def recent_alarm_messages(
    session: AsyncSession, user_ids: Collection[int], since: datetime, at_least: int
) -> set[int]:
    """The users among `user_ids` who got `at_least` single alarm messages since `since`."""
    if not user_ids:
        return set()
    stmt = (
        select(Message.user_id)
        .where(
            Message.user_id.in_(list(user_ids)),
            Message.kind == "alarm",
            Message.created_at >= since,
            Message.text_key != "messages.alarm.digest",
        )
        .group_by(Message.user_id)
        .having(func.count() >= at_least)
    )
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def console_digest(session: AsyncSession, user_id: int, minute: datetime) -> Message | None:
    stmt = (
        select(Message)
        .where(
            Message.user_id == user_id,
            Message.text_key == "messages.alarm.digest",
            Message.created_at >= minute,
        )
        .order_by(Message.id.desc())
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


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
