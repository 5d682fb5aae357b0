"""Automation rules (issue 37, docs/api-automations.md): keeping them, checking every field with its code, copying,
enabling, and reading their traces. What runs them is engine.py (values), events.py (device and alarm events),
runner.py (the firings and schedules); dryrun.py replays one over history."""

from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.automations import repository as repo
from iotyun.automations import schedule as schedules
from iotyun.automations.models import AutomationRule, AutomationState, AutomationTrace
from iotyun.automations.schemas import (
    Action,
    AutomationRuleIn,
    AutomationRuleOut,
    Conditions,
    TraceActionOut,
    TraceListOut,
    TraceOut,
    Trigger,
)
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import has_control_characters
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.core.texts import is_english
from iotyun.notifications import repository as notify_repo
from iotyun.telemetry.public import user_can_write
from iotyun.templates import repository as template_repo
from iotyun.templates.models import DataSource

NAME_MAX = 64
DESCRIPTION_MAX = 200
RULES_PER_TENANT_MAX = 200
CONDITIONS_MAX = 10
ACTIONS_MAX = 10
HOLD_MAX_S = 86_400
DELAY_MAX_S = 86_400
REPEAT_MAX = 10
EVERY_MIN_S = 10
RATE_MIN, RATE_MAX = 1, 60
TEXT_MAX = 500
ALARM_NAME_MAX = 32
ALARM_INFO_MAX = 200
TRACE_MAX = 100

_triggers: TypeAdapter[Trigger] = TypeAdapter(Trigger)
_actions: TypeAdapter[list[Action]] = TypeAdapter(list[Action])


async def get_row(session: AsyncSession, actor: Actor, rule_id: int) -> AutomationRule:
    rule = await repo.rule(session, actor.tenant_id, rule_id)
    if rule is None:
        raise AppError(ErrorCode.AUTOMATION_RULE_NOT_FOUND)
    return rule


# --- checks ------------------------------------------------------------------------------------------------------


def _check_name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX or has_control_characters(name):
        raise AppError(ErrorCode.AUTOMATION_RULE_NAME_INVALID, field="name", limit=NAME_MAX)
    return name


async def check_scope(session: AsyncSession, actor: Actor, body: AutomationRuleIn) -> None:
    template = await template_repo.readable_template(session, actor, body.template_id)
    if template is None or template.tenant_id != actor.tenant_id:
        raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="template_id")
    if body.scope == "template":
        if body.scope_id is not None:
            raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="scope_id")
        return
    if body.scope_id is None:
        raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="scope_id")
    if body.scope == "device":
        if body.scope_id not in await repo.readable_devices(session, actor, [body.scope_id], body.template_id):
            raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="scope_id")
    elif not await repo.device_group_name(session, actor.tenant_id, body.scope_id):
        raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="scope_id")


def _source(sources: dict[int, DataSource], source_id: int, field: str, *, writable: bool = False) -> DataSource:
    ds = sources.get(source_id)
    if ds is None or (writable and ds.rw != "rw"):
        raise AppError(ErrorCode.AUTOMATION_SOURCE_INVALID, field=field)
    return ds


def check_trigger(body: AutomationRuleIn, sources: dict[int, DataSource]) -> None:
    t = body.trigger
    if t.kind == "threshold":
        _source(sources, t.source_id, "trigger.source_id")
        if not 0 <= t.hold_s <= HOLD_MAX_S:
            raise AppError(ErrorCode.AUTOMATION_TRIGGER_INVALID, field="trigger.hold_s")
        if not (t.hysteresis >= 0 and t.hysteresis < 1e12):
            raise AppError(ErrorCode.AUTOMATION_TRIGGER_INVALID, field="trigger.hysteresis")
        if abs(t.value) > 1e15:
            raise AppError(ErrorCode.AUTOMATION_TRIGGER_INVALID, field="trigger.value")
    elif t.kind == "change":
        _source(sources, t.source_id, "trigger.source_id")
    elif t.kind == "alarm":
        if t.source_id is not None:
            _source(sources, t.source_id, "trigger.source_id")
    elif t.kind == "schedule":
        problem = schedules.problem(t.schedule)
        if problem is not None:
            raise AppError(ErrorCode.AUTOMATION_SCHEDULE_INVALID, field=f"trigger.schedule.{problem}")


def check_conditions(conditions: Conditions, sources: dict[int, DataSource]) -> None:
    if len(conditions.items) > CONDITIONS_MAX:
        raise AppError(ErrorCode.AUTOMATION_CONDITION_INVALID, field="conditions.items", limit=CONDITIONS_MAX)
    for i, item in enumerate(conditions.items):
        ds = sources.get(item.source_id)
        if ds is None:
            raise AppError(ErrorCode.AUTOMATION_SOURCE_INVALID, field=f"conditions.items.{i}.source_id")
        if abs(item.value) > 1e15:
            raise AppError(ErrorCode.AUTOMATION_CONDITION_INVALID, field=f"conditions.items.{i}.value", limit=10)


async def _check_actions(
    session: AsyncSession, actor: Actor, body: AutomationRuleIn, sources: dict[int, DataSource]
) -> None:
    if not 1 <= len(body.actions) <= ACTIONS_MAX:
        raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field="actions")
    if not RATE_MIN <= body.rate_per_minute <= RATE_MAX:
        raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field="rate_per_minute")
    for i, a in enumerate(body.actions):
        at = f"actions.{i}"
        if not 0 <= a.delay_s <= DELAY_MAX_S:
            raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.delay_s")
        if not 0 <= a.repeat <= REPEAT_MAX:
            raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.repeat")
        if a.repeat and not EVERY_MIN_S <= a.every_s <= DELAY_MAX_S:
            raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.every_s")
        if a.kind == "write":
            _source(sources, a.source_id, f"{at}.source_id", writable=True)
            if isinstance(a.value, str) and (len(a.value) > 256 or has_control_characters(a.value)):
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.value")
            # The rule writes as its owner: one who may not write (their role) cannot make a rule that does; on one
            # device, the device must take the owner's writes. On a group or a template each write is checked
            # again when it runs (a console write's every rule).
            if not user_can_write(actor) or (
                body.scope == "device"
                and body.scope_id is not None
                and not await repo.owner_writes(session, actor, body.scope_id)
            ):
                raise AppError(ErrorCode.AUTOMATION_WRITE_FORBIDDEN, field=f"{at}.source_id")
        elif a.kind == "notify":
            if not (a.user_ids or a.role_ids or a.group_ids):
                raise AppError(ErrorCode.AUTOMATION_RECIPIENT_INVALID, field=f"{at}.user_ids")
            if set(a.user_ids) - set(await notify_repo.user_names(session, actor.tenant_id, a.user_ids)):
                raise AppError(ErrorCode.AUTOMATION_RECIPIENT_INVALID, field=f"{at}.user_ids")
            if set(a.role_ids) - set(await notify_repo.role_names(session, actor.tenant_id, a.role_ids)):
                raise AppError(ErrorCode.AUTOMATION_RECIPIENT_INVALID, field=f"{at}.role_ids")
            if set(a.group_ids) - {g.id for g in await notify_repo.groups(session, actor.tenant_id)}:
                raise AppError(ErrorCode.AUTOMATION_RECIPIENT_INVALID, field=f"{at}.group_ids")
            if not a.channels:
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.channels")
            if len(a.text) > TEXT_MAX:
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.text")
        elif a.kind == "webhook":
            if not await repo.webhook_exists(session, actor.tenant_id, a.subscription_id):
                raise AppError(ErrorCode.AUTOMATION_WEBHOOK_NOT_FOUND, field=f"{at}.subscription_id")
        elif a.kind == "alarm":
            name = a.name.strip()
            if a.mode == "raise" and (not 1 <= len(name) <= ALARM_NAME_MAX or has_control_characters(name)):
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.name")
            if not 1 <= a.level <= 5:
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.level")
            if len(a.info) > ALARM_INFO_MAX:
                raise AppError(ErrorCode.AUTOMATION_ACTION_INVALID, field=f"{at}.info")
        elif a.kind == "forward":
            if not await repo.target_exists(session, actor.tenant_id, a.target_id):
                raise AppError(ErrorCode.AUTOMATION_TARGET_NOT_FOUND, field=f"{at}.target_id")
            for j, source_id in enumerate(a.source_ids):
                _source(sources, source_id, f"{at}.source_ids.{j}")


async def _check(session: AsyncSession, actor: Actor, body: AutomationRuleIn, rule_id: int | None) -> str:
    """The rule's name when every field holds; otherwise the first refusal (nothing is written)."""
    name = _check_name(body.name)
    if len(body.description) > DESCRIPTION_MAX or has_control_characters(body.description.replace("\n", " ")):
        raise AppError(ErrorCode.PARAM_INVALID, field="description")
    if await repo.name_taken(session, actor.tenant_id, name, rule_id):
        raise AppError(ErrorCode.AUTOMATION_RULE_NAME_EXISTS, field="name")
    await check_scope(session, actor, body)
    sources = {ds.id: ds for ds in await template_repo.data_sources(session, body.template_id)}
    check_trigger(body, sources)
    check_conditions(body.conditions, sources)
    await _check_actions(session, actor, body, sources)
    return name


# --- reads -------------------------------------------------------------------------------------------------------


async def _outs(session: AsyncSession, rules: Sequence[AutomationRule]) -> list[AutomationRuleOut]:
    names = await repo.names(session, rules)
    return [_out(r, names) for r in rules]


def _out(rule: AutomationRule, names: repo.Names) -> AutomationRuleOut:
    scope_name = None
    if rule.scope == "device" and rule.scope_id is not None:
        scope_name = names.devices.get(rule.scope_id)
    elif rule.scope == "group" and rule.scope_id is not None:
        scope_name = names.groups.get(rule.scope_id)
    return AutomationRuleOut(
        id=rule.id,
        name=rule.name,
        description=rule.description,
        enabled=rule.enabled,
        owner_id=rule.owner_id,
        owner_name=names.users.get(rule.owner_id),
        template_id=rule.template_id,
        template_name=names.templates.get(rule.template_id),
        scope=rule.scope,
        scope_id=rule.scope_id,
        scope_name=scope_name,
        trigger=_triggers.validate_python(rule.trigger),
        conditions=Conditions.model_validate(rule.conditions),
        actions=_actions.validate_python(rule.actions),
        rate_per_minute=rule.rate_per_minute,
        last_fired_at=epoch_ms(rule.last_fired_at),
        fired_count=rule.fired_count,
        error_count=rule.error_count,
        last_error=rule.last_error,
        next_run_at=epoch_ms(rule.next_run_at),
        created_at=epoch_ms(rule.created_at) or 0,
        updated_at=epoch_ms(rule.updated_at) or 0,
    )


async def list_rules(
    session: AsyncSession,
    actor: Actor,
    page: PageParams,
    keyword: str | None,
    enabled: bool | None,
    template_id: int | None,
) -> Page[AutomationRuleOut]:
    stmt = repo.rules_query(actor.tenant_id, keyword, enabled, template_id)
    rules, total = await paginate(session, stmt, page)
    return Page(items=await _outs(session, rules), total=total, page=page.page, page_size=page.page_size)


async def get(session: AsyncSession, actor: Actor, rule_id: int) -> AutomationRuleOut:
    return (await _outs(session, [await get_row(session, actor, rule_id)]))[0]


# --- writes ------------------------------------------------------------------------------------------------------


def _apply(rule: AutomationRule, body: AutomationRuleIn, name: str) -> None:
    rule.name = name
    rule.description = body.description.strip()
    rule.enabled = body.enabled
    rule.template_id = body.template_id
    rule.scope = body.scope
    rule.scope_id = body.scope_id
    rule.trigger = body.trigger.model_dump(mode="json")
    rule.conditions = body.conditions.model_dump(mode="json")
    rule.actions = [a.model_dump(mode="json") for a in body.actions]
    rule.rate_per_minute = body.rate_per_minute
    rule.next_run_at = None  # the scheduler sets the next slot


async def create(session: AsyncSession, actor: Actor, body: AutomationRuleIn) -> AutomationRuleOut:
    if await repo.rule_count(session, actor.tenant_id) >= RULES_PER_TENANT_MAX:
        raise AppError(ErrorCode.AUTOMATION_RULE_LIMIT, limit=RULES_PER_TENANT_MAX)
    name = await _check(session, actor, body, None)
    rule = AutomationRule(tenant_id=actor.tenant_id, owner_id=actor.user_id, version=1)
    _apply(rule, body, name)
    session.add(rule)
    await session.flush()
    return await get(session, actor, rule.id)


async def update(session: AsyncSession, actor: Actor, rule_id: int, body: AutomationRuleIn) -> AutomationRuleOut:
    rule = await get_row(session, actor, rule_id)
    name = await _check(session, actor, body, rule.id)
    _apply(rule, body, name)
    await _changed(session, rule)
    return await get(session, actor, rule.id)


async def _changed(session: AsyncSession, rule: AutomationRule) -> None:
    """A saved change: every engine reloads the rule (its version), its threshold episodes start afresh."""
    rule.version = rule.version + 1
    rule.updated_at = utcnow()
    await session.execute(delete(AutomationState).where(AutomationState.rule_id == rule.id))
    await session.flush()


async def set_enabled(session: AsyncSession, actor: Actor, rule_id: int, enabled: bool) -> AutomationRuleOut:
    rule = await get_row(session, actor, rule_id)
    if rule.enabled != enabled:
        rule.enabled = enabled
        if enabled:
            rule.next_run_at = None
        await _changed(session, rule)
    return await get(session, actor, rule.id)


async def copy(session: AsyncSession, actor: Actor, rule_id: int) -> AutomationRuleOut:
    rule = await get_row(session, actor, rule_id)
    if await repo.rule_count(session, actor.tenant_id) >= RULES_PER_TENANT_MAX:
        raise AppError(ErrorCode.AUTOMATION_RULE_LIMIT, limit=RULES_PER_TENANT_MAX)
    suffix = " (copy)" if is_english() else " (副本)"
    base = rule.name[: NAME_MAX - len(suffix) - 3]
    name, n = base + suffix, 2
    while await repo.name_taken(session, actor.tenant_id, name, None):
        name, n = f"{base}{suffix[:-1]} {n})", n + 1
    twin = AutomationRule(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=name,
        description=rule.description,
        enabled=False,
        template_id=rule.template_id,
        scope=rule.scope,
        scope_id=rule.scope_id,
        trigger=dict(rule.trigger),
        conditions=dict(rule.conditions),
        actions=[dict(a) for a in rule.actions],
        rate_per_minute=rule.rate_per_minute,
        version=1,
    )
    session.add(twin)
    await session.flush()
    return await get(session, actor, twin.id)


async def remove(session: AsyncSession, actor: Actor, rule_id: int) -> None:
    rule = await get_row(session, actor, rule_id)
    await session.delete(rule)
    await session.flush()


# --- traces ------------------------------------------------------------------------------------------------------


async def trace(session: AsyncSession, actor: Actor, rule_id: int, device_id: int | None) -> TraceListOut:
    rule = await get_row(session, actor, rule_id)
    stmt = select(AutomationTrace).where(AutomationTrace.rule_id == rule.id)
    if device_id is not None:
        stmt = stmt.where(AutomationTrace.device_id == device_id)
    rows = list((await session.execute(stmt.order_by(AutomationTrace.id.desc()).limit(TRACE_MAX))).scalars())
    aliases = await repo.device_aliases(session, actor.tenant_id, {t.device_id for t in rows if t.device_id})
    return TraceListOut(list=[_trace_out(t, aliases) for t in rows])


def _trace_out(t: AutomationTrace, aliases: dict[int, str]) -> TraceOut:
    actions = [TraceActionOut.model_validate(a) for a in t.actions if isinstance(a, dict)]
    return TraceOut(
        id=t.id,
        at=epoch_ms(t.at) or 0,
        device_id=t.device_id,
        device_alias=aliases.get(t.device_id),
        outcome=t.outcome,
        inputs=t.inputs,
        matched=t.matched,
        actions=actions,
        took_ms=t.took_ms,
        error=t.error,
    )


async def add_traces(session: AsyncSession, traces: Sequence[AutomationTrace]) -> None:
    """Record evaluations and keep the last TRACE_MAX of each rule they name."""
    if not traces:
        return
    session.add_all(traces)
    await session.flush()
    for rule_id in {t.rule_id for t in traces}:
        keep_from = (
            select(AutomationTrace.id)
            .where(AutomationTrace.rule_id == rule_id)
            .order_by(AutomationTrace.id.desc())
            .offset(TRACE_MAX - 1)
            .limit(1)
            .scalar_subquery()
        )
        await session.execute(
            delete(AutomationTrace)
            .where(AutomationTrace.rule_id == rule_id, AutomationTrace.id < keep_from)
            .execution_options(synchronize_session=False)
        )


def rule_dict(rule: AutomationRule) -> dict[str, Any]:
    """The rule as its form holds it (the dry run of a saved rule)."""
    return {
        "name": rule.name,
        "description": rule.description,
        "enabled": rule.enabled,
        "template_id": rule.template_id,
        "scope": rule.scope,
        "scope_id": rule.scope_id,
        "trigger": rule.trigger,
        "conditions": rule.conditions,
        "actions": rule.actions,
        "rate_per_minute": rule.rate_per_minute,
    }


async def trace_count(session: AsyncSession, rule_id: int) -> int:
    stmt = select(func.count()).select_from(AutomationTrace).where(AutomationTrace.rule_id == rule_id)
    return int((await session.execute(stmt)).scalar_one())
