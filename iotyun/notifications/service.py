"""Alarm notifications (issue 32 points 4–5, docs/api-notifications.md): the rules an administrator keeps, the outbox
the alarms feed, the fan-out of an alarm change into deliveries, and the delivery log.

The path of one alarm change: the alarm engine (or a confirmation) writes the alarm and, in the same transaction, a
`notify_event` (`record`, connected to the alarms hook): nothing is lost to a crash between the two. The runner's
`fan_out` turns each open event into the console messages and the recorded deliveries its matching rules ask for,
and marks it done, in one transaction; `send_due` then sends the deliveries and retries the failed ones with backoff.
A recipient is a user of the alarm's tenant who reads the alarm's device at that moment; a rule never reaches
anyone else."""

from collections.abc import Iterable
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
from iotyun.core import access
from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.tenancy import system_session
from iotyun.core.texts import phrase
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.messages import service as message_service
from iotyun.notifications import channels
from iotyun.notifications import repository as repo
from iotyun.notifications.models import FAILED, PENDING, RETRYING, SKIPPED, NotifyDelivery, NotifyEvent, NotifyRule
from iotyun.notifications.schemas import ChannelsOut, DeliveryOut, NamedOut, RuleIn, RuleOut, RulesOut
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


def _admin(actor: Actor) -> None:
    if not actor.is_admin:
        raise AppError(ErrorCode.NO_PRIVILEGE)


def channels_out(settings: Settings) -> ChannelsOut:
    return ChannelsOut(**channels.configured(settings))


# --- rules -----------------------------------------------------------------------------------------------------


async def _check(
    session: AsyncSession, actor: Actor, settings: Settings, body: RuleIn, stored: NotifyRule | None
) -> str:
    """The rule's name when every field holds (`stored`: the rule being edited); otherwise the first refusal."""
    exclude = stored.id if stored is not None else None
    name = body.name.strip()
    if not 1 <= len(name) <= 32:
        raise AppError(ErrorCode.NOTIFY_RULE_NAME_INVALID, field="name")
    if await repo.name_taken(session, actor.tenant_id, name, exclude):
        raise AppError(ErrorCode.NOTIFY_RULE_NAME_EXISTS, field="name")
    if body.level_min > body.level_max:
        raise AppError(ErrorCode.PARAM_INVALID, field="level_min")
    if (body.quiet_start is None) != (body.quiet_end is None):
        raise AppError(ErrorCode.PARAM_INVALID, field="quiet_start" if body.quiet_start is None else "quiet_end")
    try:
        ZoneInfo(body.timezone)
    except (ValueError, KeyError) as e:
        raise AppError(ErrorCode.TIMEZONE_INVALID, field="timezone") from e
    available = channels.configured(settings)
    for channel in body.channels:
        if not available[channel]:
            raise AppError(channels.UNCONFIGURED[channel], field="channels")
    targets: tuple[tuple[str, str, str], ...] = (
        (channels.WEBHOOK, "webhook_url", body.webhook_url),
        (channels.WECHAT, "wechat_url", body.wechat_url),
    )
    for target, field, url in targets:
        if target not in body.channels:
            continue
        if target == channels.WECHAT and not url.strip() and stored is not None and stored.wechat_url:
            continue  # the stored robot URL is kept (it is never sent back: its key is a secret)
        if channels.url_problem(url.strip(), settings) is not None:
            raise AppError(ErrorCode.NOTIFY_URL_INVALID, field=field)
    if channels.WEBHOOK in body.channels and not body.webhook_secret and not (stored and stored.webhook_secret):
        raise AppError(ErrorCode.PARAM_INVALID, field="webhook_secret")
    await _check_recipients(session, actor, body.user_ids, body.role_ids, body.group_ids, "")
    if body.escalate_after is not None:
        await _check_recipients(
            session, actor, body.escalate_user_ids, body.escalate_role_ids, body.escalate_group_ids, "escalate_"
        )
    return name


async def _check_recipients(
    session: AsyncSession, actor: Actor, user_ids: list[int], role_ids: list[int], group_ids: list[int], prefix: str
) -> None:
    """117803 without anyone, 117815 for an id not of the tenant (`field` with the prefix: escalate_user_ids …)."""
    if not (user_ids or role_ids or group_ids):
        raise AppError(ErrorCode.MESSAGE_RECIPIENTS_EMPTY, field=f"{prefix}user_ids")
    users = await repo.user_names(session, actor.tenant_id, user_ids)
    if set(user_ids) - set(users):
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field=f"{prefix}user_ids")
    roles = await repo.role_names(session, actor.tenant_id, role_ids)
    if set(role_ids) - set(roles):
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field=f"{prefix}role_ids")
    groups = {g.id for g in await repo.groups(session, actor.tenant_id)}
    if set(group_ids) - groups:
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field=f"{prefix}group_ids")


def _apply(rule: NotifyRule, body: RuleIn, name: str) -> None:
    rule.name = name
    rule.enabled = body.enabled
    rule.template_ids = list(dict.fromkeys(body.template_ids))
    rule.source_ids = list(dict.fromkeys(body.source_ids))
    rule.device_group_ids = list(dict.fromkeys(body.device_group_ids))
    rule.level_min, rule.level_max = body.level_min, body.level_max
    rule.user_ids = list(dict.fromkeys(body.user_ids))
    rule.role_ids = list(dict.fromkeys(body.role_ids))
    rule.group_ids = list(dict.fromkeys(body.group_ids))
    rule.channels = list(dict.fromkeys(body.channels))
    rule.webhook_url = body.webhook_url.strip() if channels.WEBHOOK in body.channels else ""
    if body.webhook_secret:
        rule.webhook_secret = body.webhook_secret
    if channels.WECHAT not in body.channels:
        rule.wechat_url = ""
    elif body.wechat_url.strip():
        rule.wechat_url = body.wechat_url.strip()
    quiet = body.quiet_start is not None and body.quiet_start != body.quiet_end
    rule.quiet_start = body.quiet_start if quiet else None
    rule.quiet_end = body.quiet_end if quiet else None
    rule.timezone = body.timezone
    rule.on_recover, rule.on_confirm = body.on_recover, body.on_confirm
    escalates = body.escalate_after is not None
    rule.escalate_after = body.escalate_after
    rule.escalate_user_ids = list(dict.fromkeys(body.escalate_user_ids)) if escalates else []
    rule.escalate_role_ids = list(dict.fromkeys(body.escalate_role_ids)) if escalates else []
    rule.escalate_group_ids = list(dict.fromkeys(body.escalate_group_ids)) if escalates else []


async def _outs(session: AsyncSession, tenant_id: int, rows: list[NotifyRule]) -> list[RuleOut]:
    users = await repo.user_names(
        session,
        tenant_id,
        {u for r in rows for u in [*r.user_ids, *r.escalate_user_ids]} | {r.owner_id for r in rows if r.owner_id},
    )
    roles = await repo.role_names(session, tenant_id, {x for r in rows for x in [*r.role_ids, *r.escalate_role_ids]})
    groups = {g.id: g.name for g in await repo.groups(session, tenant_id)}

    def named(ids: Iterable[int], names: dict[int, str]) -> list[NamedOut]:
        return [NamedOut(id=i, name=names[i]) for i in ids if i in names]

    return [
        RuleOut(
            id=r.id,
            name=r.name,
            enabled=r.enabled,
            template_ids=r.template_ids,
            source_ids=r.source_ids,
            device_group_ids=r.device_group_ids,
            level_min=r.level_min,
            level_max=r.level_max,
            users=named(r.user_ids, users),
            roles=named(r.role_ids, roles),
            groups=named(r.group_ids, groups),
            channels=r.channels,
            webhook_url=r.webhook_url,
            has_webhook_secret=bool(r.webhook_secret),
            wechat_url=channels.masked(r.wechat_url) if r.wechat_url else "",
            has_wechat_url=bool(r.wechat_url),
            quiet_start=r.quiet_start,
            quiet_end=r.quiet_end,
            timezone=r.timezone,
            on_recover=r.on_recover,
            on_confirm=r.on_confirm,
            escalate_after=r.escalate_after,
            escalate_users=named(r.escalate_user_ids, users),
            escalate_roles=named(r.escalate_role_ids, roles),
            escalate_groups=named(r.escalate_group_ids, groups),
            owner_name=users.get(r.owner_id) if r.owner_id else None,
            created_at=epoch_ms(r.created_at) or 0,
            updated_at=epoch_ms(r.updated_at) or 0,
        )
        for r in rows
    ]


async def list_rules(session: AsyncSession, actor: Actor, settings: Settings, page: PageParams) -> RulesOut:
    _admin(actor)
    rows, total = await paginate(session, repo.rules(actor.tenant_id), page)
    return RulesOut(
        items=await _outs(session, actor.tenant_id, list(rows)),
        total=total,
        page=page.page,
        page_size=page.page_size,
        channels=channels_out(settings),
    )


async def create_rule(session: AsyncSession, actor: Actor, settings: Settings, body: RuleIn) -> RuleOut:
    _admin(actor)
    name = await _check(session, actor, settings, body, None)
    # The external channels' texts are in the language of the administrator who made the rule.
    rule = NotifyRule(tenant_id=actor.tenant_id, owner_id=actor.user_id, lang=lang_var.get())
    _apply(rule, body, name)
    session.add(rule)
    await session.flush()
    (out,) = await _outs(session, actor.tenant_id, [rule])
    return out


async def _rule(session: AsyncSession, actor: Actor, rule_id: int) -> NotifyRule:
    _admin(actor)
    rule = await repo.rule(session, actor.tenant_id, rule_id)
    if rule is None:
        raise AppError(ErrorCode.NOTIFY_RULE_NOT_FOUND, field="id")
    return rule


async def update_rule(session: AsyncSession, actor: Actor, settings: Settings, rule_id: int, body: RuleIn) -> RuleOut:
    rule = await _rule(session, actor, rule_id)
    name = await _check(session, actor, settings, body, rule)
    _apply(rule, body, name)
    rule.updated_at = utcnow()
    await session.flush()
    (out,) = await _outs(session, actor.tenant_id, [rule])
    return out


async def set_enabled(session: AsyncSession, actor: Actor, rule_id: int, enabled: bool) -> RuleOut:
    """Switch a rule on or off, nothing else changed."""
    rule = await _rule(session, actor, rule_id)
    rule.enabled = enabled
    rule.updated_at = utcnow()
    await session.flush()
    (out,) = await _outs(session, actor.tenant_id, [rule])
    return out


async def delete_rule(session: AsyncSession, actor: Actor, rule_id: int) -> None:
    """The rule goes; deliveries it made stay in the log, and those still waiting are not sent."""
    rule = await _rule(session, actor, rule_id)
    await session.execute(
        update(NotifyDelivery)
        .where(NotifyDelivery.rule_id == rule.id, NotifyDelivery.state.in_([PENDING, RETRYING]))
        .values(state=SKIPPED, last_error="rule deleted")
        .execution_options(synchronize_session=False)
    )
    await session.delete(rule)
    await session.flush()


# --- the delivery log --------------------------------------------------------------------------------------------


async def delivery_log(
    session: AsyncSession,
    actor: Actor,
    page: PageParams,
    *,
    state: str | None,
    channel: str | None,
    rule_id: int | None,
    start_ms: int | None,
    end_ms: int | None,
) -> Page[DeliveryOut]:
    _admin(actor)
    start, end = from_epoch_ms(start_ms, "start"), from_epoch_ms(end_ms, "end")
    stmt = repo.deliveries(actor.tenant_id, state=state, channel=channel, rule_id=rule_id, start=start, end=end)
    rows, total = await paginate(session, stmt, page)
    rules = {
        r.id: r.name
        for r in (await repo.rules_by_id(session, {d.rule_id for d in rows if d.rule_id})).values()
        if r.tenant_id == actor.tenant_id
    }
    users = await repo.user_names(session, actor.tenant_id, {d.user_id for d in rows if d.user_id})
    items = [
        DeliveryOut(
            id=d.id,
            rule_id=d.rule_id,
            rule_name=rules.get(d.rule_id) if d.rule_id else None,
            alarm_id=d.alarm_id,
            event=d.event,
            channel=d.channel,
            user_id=d.user_id,
            user_name=users.get(d.user_id) if d.user_id else None,
            address=channels.masked(d.address) if d.channel in (channels.WEBHOOK, channels.WECHAT) else d.address,
            key=d.key,
            subject=d.subject,
            state=d.state,
            attempts=d.attempts,
            next_at=epoch_ms(d.next_at) if d.state in (PENDING, RETRYING) else None,
            last_error=d.last_error,
            sent_at=epoch_ms(d.sent_at),
            created_at=epoch_ms(d.created_at) or 0,
        )
        for d in rows
    ]
    return Page[DeliveryOut](items=items, total=total, page=page.page, page_size=page.page_size)


async def retry_delivery(session: AsyncSession, actor: Actor, delivery_id: int) -> None:
    """A failed delivery tried again now (its key unchanged: a receiver that got it already drops it)."""
    _admin(actor)
    found = await repo.delivery(session, delivery_id)
    if found is None or found.tenant_id != actor.tenant_id or found.state != FAILED:
        raise AppError(ErrorCode.NOTIFY_DELIVERY_NOT_FOUND, field="id")
    found.state, found.next_at, found.last_error = PENDING, utcnow(), ""
    await session.flush()


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


async def _quota_left(session: AsyncSession, channel: str, user_id: int, now: datetime) -> bool:
    since = now.replace(hour=0, minute=0, second=0, microsecond=0)
    limit = await team_service.quota_limit(session, user_id, QUOTA_OF[channel])
    return await repo.pushes_since(session, channel, user_id, since) < limit


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
                state, error = PENDING, ""
                if not address:
                    state, error = SKIPPED, "no address"
                elif (
                    channel == channels.SMS
                    and user is not None
                    and not await _quota_left(session, channel, user.id, now)
                ) or (
                    channel == channels.WECHAT
                    and rule.owner_id
                    and not await _quota_left(session, channel, rule.owner_id, now)
                ):
                    state, error = SKIPPED, "quota"
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
    state, error = PENDING, ""
    if not address:
        state, error = SKIPPED, "no address"
    elif channel in QUOTA_OF and owner is not None and not await _quota_left(session, channel, owner, now):
        state, error = SKIPPED, "quota"
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
            claimed = await session.execute(
                update(NotifyEvent)
                .where(NotifyEvent.id == event.id, NotifyEvent.done_at.is_(None))
                .values(done_at=now)
                .execution_options(synchronize_session=False)
            )
            if not claimed.rowcount:  # type: ignore[attr-defined]
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
