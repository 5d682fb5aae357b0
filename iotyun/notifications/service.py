"""Alarm notifications (issue 32 points 4–6, docs/api-notifications.md): the rules an administrator keeps and the
delivery log. What happens to an alarm change (the outbox, the fan-out, escalation, storms) is fanout.py's."""

from collections.abc import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.config import Settings
from iotyun.core.context import lang_var
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import NOTIFY_RULE_NAME_MAX
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.notifications import channels
from iotyun.notifications import repository as repo
from iotyun.notifications.models import FAILED, PENDING, RETRYING, SKIPPED, NotifyDelivery, NotifyRule
from iotyun.notifications.schemas import ChannelsOut, DeliveryOut, NamedOut, RuleIn, RuleOut, RulesOut


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
    if not 1 <= len(name) <= NOTIFY_RULE_NAME_MAX:
        raise AppError(ErrorCode.NOTIFY_RULE_NAME_INVALID, field="name", limit=NOTIFY_RULE_NAME_MAX)
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
