"""The path of one alarm change (docs/api-notifications.md): the alarm engine (or a confirmation) writes the alarm and,
in the same transaction, a `notify_event` (`record`, connected to the alarms hook): nothing is lost to a crash between
the two. The runner's `fan_out` turns each open event into the console messages and the recorded deliveries its
matching rules ask for, and marks it done, in one transaction; `escalate_due` writes the escalation events; in a storm
the rest of a minute folds into one digest per recipient and channel. A recipient is a user of the alarm's tenant who
reads the alarm's device at that moment; a rule never reaches anyone else.

The outgoing webhooks (docs/api-system.md "Outgoing webhooks") take their events from the same outbox: the alarm
changes, and the device events the devices hook tells (`record_device`: online, offline, a value written, an upgrade
finished), each written in the transaction of its fact. The fan-out makes one delivery per event and enabled
subscription of the event's tenant that chose the event and the device (`_to_subscriptions`)."""

import asyncio
from collections import Counter
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
from iotyun.core import access, lease, readcache
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.limits import WEBHOOK_BACKLOG_MAX
from iotyun.core.tenancy import bind_tenant, system_session
from iotyun.core.texts import phrase
from iotyun.devices import hooks as device_hooks
from iotyun.devices import scope
from iotyun.messages import service as message_service
from iotyun.messages.models import Message
from iotyun.notifications import channels
from iotyun.notifications import repository as repo
from iotyun.notifications.models import (
    PENDING,
    SKIPPED,
    NotifyDelivery,
    NotifyEvent,
    NotifyRule,
    WebhookSubscription,
)
from iotyun.team import quotas as team_quotas
from iotyun.team import service as team_service
from iotyun.team.models import UserGroup

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
# The alarm changes an outgoing webhook may hear, by the name it hears them under (escalations are the rules' own).
ALARM_WEBHOOK_EVENTS = {
    alarm_hooks.PRODUCED_EVENT: "alarm.produced",
    alarm_hooks.RECOVERED_EVENT: "alarm.recovered",
    alarm_hooks.CONFIRMED_EVENT: "alarm.confirmed",
}


# --- the outbox: events in the alarm's transaction ---------------------------------------------------------------


@alarm_hooks.alarm_changed.connect
async def record(session: AsyncSession, alarms: list[Alarm], event: str) -> None:
    """One outbox event per alarm change, in the transaction that makes the change."""
    now = utcnow()
    session.add_all(NotifyEvent(tenant_id=a.tenant_id, alarm_id=a.id, event=event, created_at=now) for a in alarms)
    await session.flush()


@device_hooks.device_event.connect
async def record_device(session: AsyncSession, events: list[device_hooks.DeviceEvent]) -> None:
    """One outbox event per device event (for the outgoing webhooks), in the transaction that records the fact."""
    now = utcnow()
    session.add_all(
        NotifyEvent(
            tenant_id=e.tenant_id,
            device_id=e.device_id,
            event=e.event,
            data={"device": {"id": e.device_id, "sn": e.sn, "alias": e.alias}, "data": e.data},
            created_at=now,
        )
        for e in events
    )
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


class _Round:
    """What one fan-out round asks the database once and then knows: the round's alarms, each tenant's enabled rules
    and user groups, each device's group and template, who reads which of the round's devices, and the storm's state
    (single notifications in the last minute per rule, channel and recipient; console alarm messages per user;
    pushes today against a quota; the minute's digests), kept up to date in memory as the round makes more. Nothing
    is written until the round ends (`write`), so a round holds the database's write lock only for its writes."""

    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], session: AsyncSession, now: datetime) -> None:
        self.sessionmaker = sessionmaker
        self.session = session
        self.now = now
        self.since = now - STORM_WINDOW
        self.minute = now.replace(second=0, microsecond=0)
        self.alarms: dict[int, Alarm] = {}
        self._rules: dict[int, list[NotifyRule]] = {}
        self._groups: dict[int, list[UserGroup]] = {}
        self._recipients: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], list[User]] = {}
        self._facts: dict[int, tuple[int, int | None, int | None]] = {}
        self._readable: dict[int, set[int]] = {}
        self._singles: dict[int, Counter[tuple[str, int | None]]] = {}
        self._console_singles: dict[int, int] = {}
        self._pushes: dict[tuple[str, int], int] = {}
        self._limits: dict[tuple[str, int], int] = {}
        self.digests: dict[str, NotifyDelivery] = {}
        self._digests_read: set[int] = set()
        self.console_digests: dict[int, Message | None] = {}
        self.new_console_digests: dict[int, tuple[int, Alarm, int]] = {}
        self.console_singles: list[tuple[int, list[int], dict[str, Any], int]] = []
        self.made: list[NotifyDelivery] = []
        self._subscriptions: dict[int, list[WebhookSubscription]] = {}
        self._waiting: Counter[int] = Counter()

    async def load(self, events: list[NotifyEvent]) -> None:
        self.alarms = await repo.alarms(self.session, {e.alarm_id for e in events if e.alarm_id is not None})
        devices = {a.device_id for a in self.alarms.values()} | {e.device_id for e in events if e.device_id}
        self._facts = await repo.device_facts(self.session, devices)

    async def subscriptions(self, tenant_id: int) -> list[WebhookSubscription]:
        """The tenant's enabled outgoing webhooks, with how many deliveries each has waiting."""
        if tenant_id not in self._subscriptions:
            found = await repo.enabled_subscriptions(self.session, tenant_id)
            self._subscriptions[tenant_id] = found
            self._waiting.update(await repo.waiting_counts(self.session, [s.id for s in found]))
        return self._subscriptions[tenant_id]

    def backlogged(self, subscription: WebhookSubscription) -> bool:
        """Whether the subscription has WEBHOOK_BACKLOG_MAX deliveries waiting (counting this round's); if not, the one
        about to be made counts from now."""
        if self._waiting[subscription.id] >= WEBHOOK_BACKLOG_MAX:
            return True
        self._waiting[subscription.id] += 1
        return False

    async def rules(self, tenant_id: int) -> list[NotifyRule]:
        if tenant_id not in self._rules:
            self._rules[tenant_id] = await repo.enabled_rules(self.session, tenant_id)
        return self._rules[tenant_id]

    async def groups(self, tenant_id: int) -> list[UserGroup]:
        if tenant_id not in self._groups:
            self._groups[tenant_id] = await repo.groups(self.session, tenant_id)
        return self._groups[tenant_id]

    async def recipients(
        self, tenant_id: int, user_ids: list[int], role_ids: list[int], group_ids: set[int]
    ) -> list[User]:
        key = (tenant_id, tuple(user_ids), tuple(role_ids), tuple(sorted(group_ids)))
        if key not in self._recipients:
            self._recipients[key] = await repo.recipients(self.session, tenant_id, user_ids, role_ids, group_ids)
        return self._recipients[key]

    def facts(self, device_id: int) -> tuple[int | None, int | None]:
        """The device's group and the template bound to it."""
        _, group_id, template_id = self._facts.get(device_id, (0, None, None))
        return group_id, template_id

    async def reads(self, user_id: int, device_id: int) -> bool:
        """Whether the user reads the device now (devices.scope, the user's own rights): asked once a round for all
        the round's devices, in a session of the user's tenant, and kept in the process's read cache (dropped the
        moment this process commits a change to the tables rights are made of)."""
        if user_id not in self._readable:
            self._readable[user_id] = await self._readable_of(user_id)
        return device_id in self._readable[user_id]

    async def _readable_of(self, user_id: int) -> set[int]:
        cache = readcache.caches(self.session).cache("notify_reads", scope.VISIBILITY_TABLES, maxsize=65536)
        answers = {d: cache.get((user_id, d)) for d in self._facts}
        missing = [d for d, known in answers.items() if known is None]
        if missing:
            generation = cache.generation()
            found = await self._reads_among(user_id, missing)
            for d in missing:
                answers[d] = d in found
                cache.put((user_id, d), d in found, generation)
        return {d for d, known in answers.items() if known}

    async def _reads_among(self, user_id: int, device_ids: list[int]) -> set[int]:
        actors = readcache.caches(self.session).cache("notify_actor", ("user_account", "role"))
        actor: Actor | None = actors.get(user_id)
        if actor is None:
            generation = actors.generation()
            async with self.sessionmaker() as session:
                actor = await auth_service.actor_for_user(session, user_id)
            if actor is None:
                return set()
            actors.put(user_id, actor, generation)
        # The devices of a tenant whose whole fleet the user reads need no query.
        whole = {d for d in device_ids if scope.reads_whole_tenant(actor, self._facts[d][0])}
        rest = [d for d in device_ids if d not in whole]
        if rest:
            async with self.sessionmaker() as session:
                bind_tenant(session, actor.tenant_id)
                whole |= await scope.readable_among(session, actor, rest)
        return whole

    async def stormy(self, rule: NotifyRule, channel: str, owner: int | None) -> bool:
        """Whether the rule sent STORM_AFTER single notifications over the channel to the recipient in the last
        minute (counting this round's)."""
        if rule.id not in self._singles:
            self._singles[rule.id] = await repo.recent_counts(self.session, rule.id, self.since)
        return self._singles[rule.id][(channel, owner)] >= STORM_AFTER

    def count_single(self, rule: NotifyRule, channel: str, owner: int | None) -> None:
        self._singles[rule.id][(channel, owner)] += 1

    async def console_stormy(self, user_ids: set[int]) -> set[int]:
        """The users among `user_ids` who got STORM_AFTER single alarm messages in the last minute."""
        unknown = user_ids - self._console_singles.keys()
        if unknown:
            counts = await repo.recent_alarm_message_counts(self.session, unknown, self.since)
            self._console_singles.update({u: counts.get(u, 0) for u in unknown})
        return {u for u in user_ids if self._console_singles[u] >= STORM_AFTER}

    def count_console(self, user_ids: set[int]) -> None:
        for u in user_ids:
            self._console_singles[u] += 1

    async def skipped(self, channel: str, owner: int | None, address: str) -> str:
        """Why a delivery is recorded without being sent ("" when it is to be sent): no address for the channel, or
        the day's quota of the user it counts against (SMS: the recipient; WeChat: the rule's owner) is used up
        (counting this round's). A delivery to be sent counts against the quota from then on."""
        if not address:
            return "no address"
        if channel in QUOTA_OF and owner is not None:
            key = (channel, owner)
            if key not in self._pushes:
                midnight = self.now.replace(hour=0, minute=0, second=0, microsecond=0)
                self._limits[key] = await team_quotas.quota_limit(self.session, owner, QUOTA_OF[channel])
                self._pushes[key] = await repo.pushes_since(self.session, channel, owner, midnight)
            if self._pushes[key] >= self._limits[key]:
                return "quota"
            self._pushes[key] += 1
        return ""

    async def digest(self, rule: NotifyRule, key: str) -> NotifyDelivery | None:
        """The digest called `key` of the current minute, if one is made (the tenant's digests of the minute are read
        at once, the first time one is asked for)."""
        if rule.tenant_id not in self._digests_read:
            self._digests_read.add(rule.tenant_id)
            found = await repo.digests_since(self.session, rule.tenant_id, self.minute)
            self.digests.update({d.key: d for d in found if d.key not in self.digests})
        return self.digests.get(key)

    async def console_digest(self, user_id: int, user_ids: set[int]) -> Message | None:
        """The user's console digest of the current minute, if one is made (asked together for `user_ids`, the users
        of the same alarm whose digests are not known yet)."""
        if user_id not in self.console_digests:
            unknown = (user_ids | {user_id}) - self.console_digests.keys()
            found = await repo.console_digests(self.session, unknown, self.minute)
            self.console_digests.update({u: found.get(u) for u in unknown})
        return self.console_digests[user_id]

    async def write(self) -> list[NotifyDelivery]:
        """The round's console messages and deliveries (those whose key is new), the digests' changes with them; the
        new deliveries."""
        session = self.session
        for tenant_id, users, params, alarm_id in self.console_singles:
            await message_service.deliver(
                session,
                tenant_id,
                users,
                "alarm",
                text_key=params.pop("text_key"),
                params=params,
                link=("alarm", alarm_id),
                at=self.now,
            )
        for user_id, (tenant_id, alarm, count) in self.new_console_digests.items():
            await message_service.deliver(
                session,
                tenant_id,
                [user_id],
                "alarm",
                text_key="messages.alarm.digest",
                params={"count": count, "device": alarm.dev_alias or alarm.sn, "name": alarm.alarm_name},
                link=("alarm", alarm.id),
                at=self.now,
            )
        known = await repo.existing_keys(session, [d.key for d in self.made])
        fresh = [d for d in self.made if d.key not in known]
        session.add_all(fresh)
        await session.flush()
        return fresh


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


def _subscribed(subscription: WebhookSubscription, name: str, device_id: int, group_id: int | None) -> bool:
    if name not in subscription.events:
        return False
    if not subscription.device_ids and not subscription.device_group_ids:
        return True
    return device_id in subscription.device_ids or (group_id is not None and group_id in subscription.device_group_ids)


def webhook_payload(
    name: str, key: str, tenant_id: int, device: dict[str, Any] | None, data: dict[str, Any], at: datetime
) -> dict[str, Any]:
    """What an outgoing webhook receives (docs/api-system.md "Outgoing webhooks")."""
    return {"event": name, "key": key, "tenant_id": tenant_id, "device": device, "data": data, "at": epoch_ms(at)}


async def _to_subscriptions(work: _Round, event: NotifyEvent, alarm: Alarm | None) -> None:
    """The event's deliveries to the tenant's outgoing webhooks that chose it and its device (shelving is the
    people's: a webhook hears a shelved alarm's changes too)."""
    device: dict[str, Any]
    if alarm is not None:
        name = ALARM_WEBHOOK_EVENTS.get(event.event)
        if name is None:
            return
        device = {"id": alarm.device_id, "sn": alarm.sn, "alias": alarm.dev_alias}
        data: dict[str, Any] = alarm_service.to_out(alarm).model_dump(mode="json")
    elif event.device_id is not None:
        name = event.event
        stored = event.data or {}
        device = stored.get("device") or {"id": event.device_id, "sn": "", "alias": ""}
        data = stored.get("data") or {}
    else:
        return
    device_id = int(device["id"])
    group_id, _ = work.facts(device_id)
    for subscription in await work.subscriptions(event.tenant_id):
        if not _subscribed(subscription, name, device_id, group_id):
            continue
        key = f"e{event.id}.s{subscription.id}"
        skipped = work.backlogged(subscription)
        work.made.append(
            NotifyDelivery(
                tenant_id=event.tenant_id,
                subscription_id=subscription.id,
                alarm_id=alarm.id if alarm is not None else None,
                event=name,
                channel=channels.WEBHOOK,
                address=subscription.url,
                key=key,
                subject=f"{name} {device.get('alias') or device.get('sn') or device_id}"[:200],
                payload=webhook_payload(name, key, event.tenant_id, device, data, event.created_at),
                state=SKIPPED if skipped else PENDING,
                last_error="backlog" if skipped else "",
                next_at=work.now,
                created_at=work.now,
                updated_at=work.now,
            )
        )


async def _fan_out_one(work: _Round, event: NotifyEvent) -> None:
    """The event's notifications, made in `work` (written when the round ends)."""
    now = work.now
    alarm = work.alarms.get(event.alarm_id) if event.alarm_id is not None else None
    await _to_subscriptions(work, event, alarm)
    if alarm is None or alarm_service.shelved(alarm, now):
        return  # a shelved alarm notifies nobody until its shelving ends
    rules = await work.rules(event.tenant_id)
    escalation = event.event == ESCALATED_EVENT
    if escalation:
        # Escalated once the alarm is confirmed meanwhile: nobody needs to hear it any more.
        if alarm.confirm_time is not None:
            return
        rules = [r for r in rules if r.id == event.rule_id and r.escalate_after is not None]
    if not rules:
        return
    group_id, template_id = work.facts(alarm.device_id)
    console: set[int] = set()
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
            under |= team_service.subtree(await work.groups(event.tenant_id), g)
        users = [
            u
            for u in await work.recipients(event.tenant_id, named[0], named[1], under)
            if await work.reads(u.id, alarm.device_id)
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
                if await work.stormy(rule, channel, owner):
                    await _fold(work, rule, alarm, event, channel, owner, address, hold)
                    continue
                work.count_single(rule, channel, owner)
                key = f"a{alarm.id}.{event.event}.r{rule.id}.{channel}.u{user.id if user else 0}"
                error = await work.skipped(channel, owner, address)
                work.made.append(
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
                        state=SKIPPED if error else PENDING,
                        last_error=error,
                        next_at=hold or now,
                        created_at=now,
                        updated_at=now,
                    )
                )
    # In a storm each user's console gets one digest message a minute in place of the rest.
    stormy = await work.console_stormy(console)
    for user_id in sorted(stormy):
        await _fold_console(work, event.tenant_id, user_id, alarm, stormy)
    console -= stormy
    if console:
        work.count_console(console)
        params: dict[str, Any] = {
            "text_key": f"messages.alarm.{event.event}",
            "device": alarm.dev_alias or alarm.sn,
            "name": alarm.alarm_name,
            "level": alarm.alarm_level,
            "source": alarm.data_source_name,
            "value": alarm.value,
            "user": alarm.confirm_user_name or "",
            "minutes": next((r.escalate_after for r in rules if r.escalate_after), 0) if escalation else 0,
        }
        work.console_singles.append((event.tenant_id, sorted(console), params, alarm.id))


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
    work: _Round,
    rule: NotifyRule,
    alarm: Alarm,
    event: NotifyEvent,
    channel: str,
    owner: int | None,
    address: str,
    hold: datetime | None,
) -> None:
    """An alarm storm: this (rule, channel, recipient) had STORM_AFTER notifications in the last minute, so the alarm
    joins the recipient's digest of the current minute (made on its first alarm), sent when the minute ends."""
    now = work.now
    key = f"digest.r{rule.id}.{channel}.u{owner or 0}.{work.minute:%Y%m%d%H%M}"
    row = await work.digest(rule, key)
    if row is not None and row.state != PENDING:
        return  # the minute's digest went already (a clock far behind): the alarm stays in the log only
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
        row.subject, row.body, row.updated_at = subject, body, now
        row.payload = payload if channel == channels.WEBHOOK else {"count": count}
        return
    error = await work.skipped(channel, owner, address)
    made = NotifyDelivery(
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
        state=SKIPPED if error else PENDING,
        last_error=error,
        next_at=max(work.minute + STORM_WINDOW, hold or now),
        created_at=now,
        updated_at=now,
    )
    work.digests[key] = made
    work.made.append(made)


async def _fold_console(work: _Round, tenant_id: int, user_id: int, alarm: Alarm, stormy: set[int]) -> None:
    """The user's console digest of the current minute counts one alarm more (made on its first one)."""
    if user_id in work.new_console_digests:
        tenant, first, count = work.new_console_digests[user_id]
        work.new_console_digests[user_id] = (tenant, first, count + 1)
        return
    found = await work.console_digest(user_id, stormy - work.new_console_digests.keys())
    if found is None:
        work.new_console_digests[user_id] = (tenant_id, alarm, 1)
        return
    found.params = {**found.params, "count": int(found.params.get("count", 0)) + 1}
    found.read_at = None
    found.updated_at = work.now
    access.inbox_changed(work.session, [user_id])


async def fan_out(sessionmaker: async_sessionmaker[AsyncSession], now: datetime | None = None) -> int:
    """Turn the open outbox events (at most EVENTS_PER_TICK) into console messages and recorded deliveries, in one
    transaction with their done marks; the deliveries made. The round reads first and writes at its end; when another
    process marked one of its events done meanwhile, the round is dropped whole."""
    now = now or utcnow()
    async with system_session(sessionmaker) as session:
        events = await repo.open_events(session, EVENTS_PER_TICK)
        if not events:
            return 0
        work = _Round(sessionmaker, session, now)
        with session.no_autoflush:
            await work.load(events)
            for event in events:
                await _fan_out_one(work, event)
                await asyncio.sleep(0)  # what the caches answer needs no I/O: let requests in between events
        ids = [e.id for e in events]
        claim = update(NotifyEvent).where(NotifyEvent.id.in_(ids), NotifyEvent.done_at.is_(None))
        if await lease.changed(session, claim.values(done_at=now)) != len(ids):
            await session.rollback()
            return 0
        fresh = await work.write()
        await session.commit()
    return len(fresh)


async def escalate_due(sessionmaker: async_sessionmaker[AsyncSession], now: datetime | None = None) -> int:
    """Write an escalation event for each alarm a rule with escalation matches that is still unconfirmed (and not
    recovered, not shelved) `escalate_after` minutes after it started; once per alarm and rule. The events made."""
    now = now or utcnow()
    made = 0
    async with system_session(sessionmaker) as session:
        for rule in await repo.escalating_rules(session):
            after = timedelta(minutes=rule.escalate_after or 0)
            since = max(rule.created_at, now - ESCALATE_LOOKBACK)
            due = await repo.unconfirmed_before(session, rule, since, now - after, now)
            facts = await repo.device_facts(session, {a.device_id for a in due})
            for alarm in due:
                _, group_id, template_id = facts.get(alarm.device_id, (0, None, None))
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
