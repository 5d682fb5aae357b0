"""The path of one alarm change (docs/api-notifications.md): the alarm engine (or a confirmation) writes the alarm and,
in the same transaction, a `notify_event` (`record`, connected to the alarms hook): nothing is lost to a crash between
the two. The runner's `fan_out` turns each open event into the console messages and the recorded deliveries its
matching rules ask for, and marks it done, in one transaction; `escalate_due` writes the escalation events; in a storm
the rest of a minute folds into one digest per recipient and channel. A recipient is a user of the alarm's tenant who
reads the alarm's device at that moment; a rule never reaches anyone else."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.alarms import hooks as alarm_hooks
from iotyun.alarms import service as alarm_service
from iotyun.alarms.models import Alarm
from iotyun.auth import service as auth_service
from iotyun.auth.models import User
from iotyun.core import access, lease
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.tenancy import system_session
from iotyun.core.texts import phrase
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.messages import service as message_service
from iotyun.notifications import channels
from iotyun.notifications import repository as repo
from iotyun.notifications.models import PENDING, SKIPPED, NotifyDelivery, NotifyEvent, NotifyRule
from iotyun.team import service as team_service

EVENTS_PER_TICK = 200
ESCALATED_EVENT = "escalated"
# Escalation looks back this far at most (an older unconfirmed alarm is not escalated by a rule made today).
ESCALATE_LOOKBACK = timedelta(days=1)
# An alarm storm (a device flapping, a plant tripping): past STORM_AFTER notifications in STORM_WINDOW for one rule,
# channel and recipient (or console messages for one user), the rest of the minute goes in one digest each.
STORM_AFTER = 3
STORM_WINDOW = timedelta(seconds=60)
DIGEST_LINES = 20
DIGEST_ALARMS = 100
# The daily quotas (SPEC §3 user quotas) the push channels count against: SMS per recipient, WeChat per rule owner.
QUOTA_OF = {channels.SMS: "sms_push", channels.WECHAT: "wechat_push"}


# --- the outbox: events in the alarm's transaction ---------------------------------------------------------------


@alarm_hooks.alarm_changed.connect
async def record(session: AsyncSession, alarms: list[Alarm], event: str) -> None:
    """One outbox event per alarm change, in the transaction that makes the change."""
    now = utcnow()
    session.add_all(NotifyEvent(tenant_id=a.tenant_id, alarm_id=a.id, event=event, created_at=now) for a in alarms)
    await session.flush()


# --- fan-out -----------------------------------------------------------------------------------------------------


def _matches(rule: NotifyRule, alarm: Alarm, event: str, group_id: int | None, template_id: int | None) -> bool:
    if event == ESCALATED_EVENT:
        return rule.escalate_after is not None
    if event == alarm_hooks.RECOVERED_EVENT and not rule.on_recover:
        return False
    if event == alarm_hooks.CONFIRMED_EVENT and not rule.on_confirm:
        return False
    if not rule.level_min <= alarm.alarm_level <= rule.level_max:
        return False
    if rule.source_ids and alarm.data_source_id not in rule.source_ids:
        return False
    if rule.template_ids and template_id not in rule.template_ids:
        return False
    return not rule.device_group_ids or group_id in rule.device_group_ids


def quiet_until(rule: NotifyRule, now: datetime) -> datetime | None:
    """When the rule's quiet hours end, if `now` is inside them."""
    if rule.quiet_start is None or rule.quiet_end is None:
        return None
    local = now.astimezone(ZoneInfo(rule.timezone))
    minute = local.hour * 60 + local.minute
    start, end = rule.quiet_start, rule.quiet_end
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    ahead = (end - minute) % 1440
    until = local.replace(second=0, microsecond=0) + timedelta(minutes=ahead)
    return until.astimezone(now.tzinfo)


class _Readers:
    """Whether a user reads a device now, each asked once per fan-out round (a session of the user's own)."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession]) -> None:
        self.sessionmaker = sessionmaker
        self.known: dict[tuple[int, int], bool] = {}

    async def reads(self, user_id: int, device_id: int) -> bool:
        key = (user_id, device_id)
        if key not in self.known:
            async with self.sessionmaker() as session:
                actor = await auth_service.actor_for_user(session, user_id)
                found = None
                if actor is not None:
                    stmt = (await scope.readable(session, actor, Device.id)).where(Device.id == device_id)
                    found = (await session.execute(stmt)).first()
            self.known[key] = found is not None
        return self.known[key]


def _texts(rule: NotifyRule, alarm: Alarm, event: str) -> tuple[str, str]:
    zone = ZoneInfo(rule.timezone)
    at = {
        alarm_hooks.PRODUCED_EVENT: alarm.alarm_time,
        alarm_hooks.RECOVERED_EVENT: alarm.recover_time,
        alarm_hooks.CONFIRMED_EVENT: alarm.confirm_time,
        ESCALATED_EVENT: alarm.alarm_time,
    }[event] or utcnow()
    params: dict[str, Any] = {
        "device": alarm.dev_alias or alarm.sn,
        "sn": alarm.sn,
        "source": alarm.data_source_name,
        "name": alarm.alarm_name,
        "level": alarm.alarm_level,
        "value": "-" if alarm.value is None else f"{alarm.value:g}",
        "time": at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
        "info": alarm.alarm_info,
        "user": alarm.confirm_user_name or "",
        "note": alarm.alarm_note or "",
        "minutes": rule.escalate_after or 0,
    }
    subject = phrase(f"notify.alarm.{event}.subject", rule.lang, **params)
    body = phrase(f"notify.alarm.{event}.body", rule.lang, **params).strip()
    return subject, body


def _payload(rule: NotifyRule, alarm: Alarm, event: str, key: str) -> dict[str, Any]:
    return {
        "event": f"alarm.{event}",
        "key": key,
        "rule": {"id": rule.id, "name": rule.name},
        "alarm": alarm_service.to_out(alarm).model_dump(mode="json"),
    }


async def _skipped(session: AsyncSession, channel: str, owner: int | None, address: str, now: datetime) -> str:
    """Why a delivery is recorded without being sent ("" when it is to be sent): no address for the channel, or the
    day's quota of the user it counts against (SMS: the recipient; WeChat: the rule's owner) is used up."""
    if not address:
        return "no address"
    if channel in QUOTA_OF and owner is not None:
        since = now.replace(hour=0, minute=0, second=0, microsecond=0)
        limit = await team_service.quota_limit(session, owner, QUOTA_OF[channel])
        if await repo.pushes_since(session, channel, owner, since) >= limit:
            return "quota"
    return ""


async def _fan_out_one(
    session: AsyncSession, readers: _Readers, event: NotifyEvent, now: datetime
) -> list[NotifyDelivery]:
    alarm = await repo.alarm(session, event.alarm_id)
    if alarm is None or alarm_service.shelved(alarm, now):
        return []  # a shelved alarm notifies nobody until its shelving ends
    rules = [r for r in await repo.enabled_rules(session, event.tenant_id)]
    escalation = event.event == ESCALATED_EVENT
    if escalation:
        # Escalated once the alarm is confirmed meanwhile: nobody needs to hear it any more.
        if alarm.confirm_time is not None:
            return []
        rules = [r for r in rules if r.id == event.rule_id and r.escalate_after is not None]
    if not rules:
        return []
    group_id, template_id = await repo.device_facts(session, alarm.device_id)
    made: list[NotifyDelivery] = []
    console: set[int] = set()
    groups = await repo.groups(session, event.tenant_id)
    for rule in rules:
        if not _matches(rule, alarm, event.event, group_id, template_id):
            continue
        named = (
            (rule.escalate_user_ids, rule.escalate_role_ids, rule.escalate_group_ids)
            if escalation
            else (rule.user_ids, rule.role_ids, rule.group_ids)
        )
        under: set[int] = set()
        for g in named[2]:
            under |= team_service.subtree(groups, g)
        users = [
            u
            for u in await repo.recipients(session, event.tenant_id, named[0], named[1], under)
            if await readers.reads(u.id, alarm.device_id)
        ]
        if channels.CONSOLE in rule.channels:
            console.update(u.id for u in users)
        subject, body = _texts(rule, alarm, event.event)
        hold = quiet_until(rule, now)
        for channel in rule.channels:
            if channel == channels.CONSOLE:
                continue
            targets: list[tuple[User | None, str]]
            if channel == channels.EMAIL:
                targets = [(u, u.email or "") for u in users]
            elif channel == channels.SMS:
                targets = [(u, u.phone or "") for u in users]
            elif channel == channels.WECHAT:
                targets = [(None, rule.wechat_url)] if users else []
            else:
                targets = [(None, rule.webhook_url)] if users else []
            for user, address in targets:
                owner = user.id if user else (rule.owner_id if channel == channels.WECHAT else None)
                if await repo.recent_count(session, rule.id, channel, owner, now - STORM_WINDOW) >= STORM_AFTER:
                    digest = await _fold(session, rule, alarm, event, channel, owner, address, now, hold)
                    if digest is not None:
                        made.append(digest)
                    continue
                key = f"a{alarm.id}.{event.event}.r{rule.id}.{channel}.u{user.id if user else 0}"
                error = await _skipped(session, channel, owner, address, now)
                state = SKIPPED if error else PENDING
                made.append(
                    NotifyDelivery(
                        tenant_id=event.tenant_id,
                        rule_id=rule.id,
                        alarm_id=alarm.id,
                        event=event.event,
                        channel=channel,
                        user_id=owner,
                        address=address,
                        key=key,
                        subject=subject,
                        body=body,
                        payload=_payload(rule, alarm, event.event, key) if channel == channels.WEBHOOK else {},
                        state=state,
                        last_error=error,
                        next_at=hold or now,
                        created_at=now,
                        updated_at=now,
                    )
                )
    # In a storm each user's console gets one digest message a minute in place of the rest.
    stormy = await repo.recent_alarm_messages(session, console, now - STORM_WINDOW, STORM_AFTER)
    for user_id in sorted(stormy):
        await _fold_console(session, event.tenant_id, user_id, alarm, now)
    console -= stormy
    if console:
        await message_service.deliver(
            session,
            event.tenant_id,
            sorted(console),
            "alarm",
            text_key=f"messages.alarm.{event.event}",
            params={
                "device": alarm.dev_alias or alarm.sn,
                "name": alarm.alarm_name,
                "level": alarm.alarm_level,
                "source": alarm.data_source_name,
                "value": alarm.value,
                "user": alarm.confirm_user_name or "",
                "minutes": next((r.escalate_after for r in rules if r.escalate_after), 0) if escalation else 0,
            },
            link=("alarm", alarm.id),
            at=now,
        )
    known = await repo.existing_keys(session, [d.key for d in made if d.id is None])
    fresh = [d for d in made if d.id is None and d.key not in known]
    session.add_all(fresh)
    await session.flush()
    return fresh


def _line(alarm: Alarm, rule: NotifyRule) -> str:
    at = alarm.alarm_time.astimezone(ZoneInfo(rule.timezone)).strftime("%H:%M:%S")
    return f"{at} {alarm.dev_alias or alarm.sn} {alarm.alarm_name}"


def _summary(alarm: Alarm, event: str) -> dict[str, Any]:
    return {
        "id": alarm.id,
        "event": event,
        "device_id": alarm.device_id,
        "sn": alarm.sn,
        "dev_alias": alarm.dev_alias,
        "alarm_name": alarm.alarm_name,
        "alarm_level": alarm.alarm_level,
        "alarm_time": epoch_ms(alarm.alarm_time),
    }


async def _fold(
    session: AsyncSession,
    rule: NotifyRule,
    alarm: Alarm,
    event: NotifyEvent,
    channel: str,
    owner: int | None,
    address: str,
    now: datetime,
    hold: datetime | None,
) -> NotifyDelivery | None:
    """An alarm storm: this (rule, channel, recipient) had STORM_AFTER notifications in the last minute, so the alarm
    joins the recipient's digest of the current minute, sent when the minute ends; a new digest is returned."""
    minute = now.replace(second=0, microsecond=0)
    key = f"digest.r{rule.id}.{channel}.u{owner or 0}.{minute:%Y%m%d%H%M}"
    row = await repo.delivery_by_key(session, key)
    if row is not None and row.state != PENDING:
        return None  # the minute's digest went already (a clock far behind): the alarm stays in the log only
    count = (row.payload.get("count", 0) if row is not None else 0) + 1
    alarms = (list(row.payload.get("alarms", [])) if row is not None else []) + [_summary(alarm, event.event)]
    lines = ([row.body] if row is not None and row.body else []) + (
        [_line(alarm, rule)] if count <= DIGEST_LINES else []
    )
    subject = phrase("notify.alarm.digest.subject", rule.lang, rule=rule.name, count=count)
    payload = {
        "event": "alarm.digest",
        "key": key,
        "rule": {"id": rule.id, "name": rule.name},
        "count": count,
        "alarms": alarms[:DIGEST_ALARMS],
    }
    body = "\n".join(lines)
    if row is not None:
        row.subject, row.body, row.payload, row.updated_at = subject, body, payload, now
        return None
    error = await _skipped(session, channel, owner, address, now)
    state = SKIPPED if error else PENDING
    return NotifyDelivery(
        tenant_id=rule.tenant_id,
        rule_id=rule.id,
        alarm_id=None,
        event="digest",
        channel=channel,
        user_id=owner,
        address=address,
        key=key,
        subject=subject,
        body=body,
        payload=payload if channel == channels.WEBHOOK else {"count": count},
        state=state,
        last_error=error,
        next_at=max(minute + STORM_WINDOW, hold or now),
        created_at=now,
        updated_at=now,
    )


async def _fold_console(session: AsyncSession, tenant_id: int, user_id: int, alarm: Alarm, now: datetime) -> None:
    """The user's console digest of the current minute counts one alarm more (made on its first one)."""
    minute = now.replace(second=0, microsecond=0)
    found = await repo.console_digest(session, user_id, minute)
    if found is None:
        await message_service.deliver(
            session,
            tenant_id,
            [user_id],
            "alarm",
            text_key="messages.alarm.digest",
            params={"count": 1, "device": alarm.dev_alias or alarm.sn, "name": alarm.alarm_name},
            link=("alarm", alarm.id),
            at=now,
        )
        return
    found.params = {**found.params, "count": int(found.params.get("count", 0)) + 1}
    found.read_at = None
    found.updated_at = now
    access.inbox_changed(session, [user_id])


async def fan_out(sessionmaker: async_sessionmaker[AsyncSession], now: datetime | None = None) -> int:
    """Turn the open outbox events into console messages and recorded deliveries, each event in one transaction with
    its done mark; the deliveries made."""
    now = now or utcnow()
    readers = _Readers(sessionmaker)
    async with system_session(sessionmaker) as session:
        events = await repo.open_events(session, EVENTS_PER_TICK)
    made = 0
    for event in events:
        async with system_session(sessionmaker) as session:
            claim = update(NotifyEvent).where(NotifyEvent.id == event.id, NotifyEvent.done_at.is_(None))
            if not await lease.changed(session, claim.values(done_at=now)):
                continue
            made += len(await _fan_out_one(session, readers, event, now))
            await session.commit()
    return made


async def escalate_due(sessionmaker: async_sessionmaker[AsyncSession], now: datetime | None = None) -> int:
    """Write an escalation event for each alarm a rule with escalation matches that is still unconfirmed (and not
    recovered, not shelved) `escalate_after` minutes after it started; once per alarm and rule. The events made."""
    now = now or utcnow()
    made = 0
    async with system_session(sessionmaker) as session:
        for rule in await repo.escalating_rules(session):
            after = timedelta(minutes=rule.escalate_after or 0)
            since = max(rule.created_at, now - ESCALATE_LOOKBACK)
            for alarm in await repo.unconfirmed_before(session, rule, since, now - after, now):
                group_id, template_id = await repo.device_facts(session, alarm.device_id)
                if not _matches(rule, alarm, alarm_hooks.PRODUCED_EVENT, group_id, template_id):
                    continue
                session.add(
                    NotifyEvent(
                        tenant_id=rule.tenant_id,
                        alarm_id=alarm.id,
                        event=ESCALATED_EVENT,
                        rule_id=rule.id,
                        created_at=now,
                    )
                )
                made += 1
        await session.commit()
    return made
