"""A dry run (docs/api-automations.md "DryRun"): a rule, saved or not, replayed over a device's stored history
through the same evaluator the engine uses (evaluate.py), with the history's own clock: when it would have fired and
what it would have done. Nothing is written or sent."""

from datetime import datetime
from types import SimpleNamespace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.automations import evaluate as ev
from iotyun.automations import repository as repo
from iotyun.automations import schedule as schedules
from iotyun.automations import service
from iotyun.automations.schemas import (
    Action,
    AutomationRuleIn,
    DryRunAction,
    DryRunFiring,
    DryRunIn,
    DryRunOut,
    DryRunPoint,
)
from iotyun.core.db import epoch_ms, from_epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.telemetry.public import ConfigCache, Query, query_series
from iotyun.templates import repository as template_repo

RANGE_MAX_DAYS = 31
FIRINGS_MAX = 500
SLOTS_MAX = 5000
POINTS_WIDTH = 10_000
REPLAYABLE = frozenset({"threshold", "change", "schedule"})


def summary(action: Action) -> str:
    if action.kind == "write":
        return f"write #{action.source_id} = {action.value}"
    if action.kind == "notify":
        who = len(action.user_ids) + len(action.role_ids) + len(action.group_ids)
        return f"notify {who} recipient(s) by {', '.join(action.channels)}"
    if action.kind == "webhook":
        return f"webhook #{action.subscription_id}"
    if action.kind == "alarm":
        return f"{action.mode} alarm {action.name}".strip()
    return f"forward to target #{action.target_id}"


async def dry_run(
    session: AsyncSession, actor: Actor, body: DryRunIn, rule_id: int | None, configs: ConfigCache
) -> DryRunOut:
    if body.rule is not None:
        rule_in = body.rule
    elif rule_id is not None:
        rule_in = AutomationRuleIn.model_validate(service.rule_dict(await service.get_row(session, actor, rule_id)))
    else:
        raise AppError(ErrorCode.PARAM_INVALID, field="rule")
    if rule_in.trigger.kind not in REPLAYABLE:
        raise AppError(ErrorCode.AUTOMATION_DRY_RUN_INVALID, field="trigger.kind", days=RANGE_MAX_DAYS)
    if body.end <= body.start or body.end - body.start > RANGE_MAX_DAYS * 86_400_000 or body.start < 0:
        raise AppError(ErrorCode.AUTOMATION_DRY_RUN_INVALID, field="start", days=RANGE_MAX_DAYS)
    await service.check_scope(session, actor, rule_in)
    sources = {ds.id: ds for ds in await template_repo.data_sources(session, rule_in.template_id)}
    service.check_trigger(rule_in, sources)
    service.check_conditions(rule_in.conditions, sources)
    if body.device_id not in await repo.readable_devices(session, actor, [body.device_id], rule_in.template_id):
        raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="device_id")
    row = SimpleNamespace(
        id=rule_id or 0,
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=rule_in.name,
        version=0,
        template_id=rule_in.template_id,
        scope=rule_in.scope,
        trigger=rule_in.trigger.model_dump(mode="json"),
        conditions=rule_in.conditions.model_dump(mode="json"),
        actions=[a.model_dump(mode="json") for a in rule_in.actions],
        rate_per_minute=rule_in.rate_per_minute,
    )
    rule = ev.Compiled.of(row, None)
    if rule_in.scope == "device" and rule_in.scope_id != body.device_id:
        raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="device_id")
    if rule_in.scope == "group":
        members = await repo.group_devices(session, actor.tenant_id, rule_in.scope_id or 0)
        if body.device_id not in members:
            raise AppError(ErrorCode.AUTOMATION_SCOPE_INVALID, field="device_id")
    wanted = [rule.source_id] if rule.source_id is not None else []
    wanted += [i.source_id for i in rule.conditions.items if i.source_id not in wanted]
    q = Query(start=body.start, end=body.end, bucket="raw", width=POINTS_WIDTH)
    series = await query_series(session, actor, configs, [(body.device_id, s) for s in wanted], q) if wanted else []
    by_source = {s.source.id: s for s in series}
    truncated = any(s.downsampled for s in series)
    events: list[tuple[int, int, Any]] = sorted((int(p[0]), s.source.id, p[1]) for s in series for p in s.points)
    actions = [DryRunAction(kind=a.kind, summary=summary(a)) for a in rule.actions]
    firings: list[DryRunFiring] = []
    evaluated = 0
    if rule.trigger.kind == "schedule":
        evaluated, truncated = await _replay_schedule(session, actor, rule, body, events, actions, firings, truncated)
    else:
        evaluated = _replay_values(rule, events, actions, firings, body.end)
    if len(firings) > FIRINGS_MAX:
        firings, truncated = firings[:FIRINGS_MAX], True
    trigger_series = by_source.get(rule.source_id or -1)
    points = [DryRunPoint(ts=int(p[0]), value=p[1]) for p in (trigger_series.points if trigger_series else [])]
    return DryRunOut(source_id=rule.source_id, points=points, firings=firings, evaluated=evaluated, truncated=truncated)


def _replay_values(
    rule: ev.Compiled,
    events: list[tuple[int, int, Any]],
    actions: list[DryRunAction],
    firings: list[DryRunFiring],
    end: int,
) -> int:
    state = ev.new_state(rule)
    current: dict[int, Any] = {}
    last_value: Any = None
    evaluated = 0

    def fire(ts: int, value: Any) -> None:
        met, matched = ev.conditions_hold(rule, current)
        if not met:
            if state.threshold is not None:
                state.threshold.active = False
                state.threshold.since = None
            return
        if state.threshold is not None:
            state.threshold.active = True
        words = ev.trigger_words(rule, value) + (f"; {matched}" if matched else "")
        firings.append(
            DryRunFiring(ts=ts, inputs=ev.inputs_of(rule, current, value, ts).as_dict(), matched=words, actions=actions)
        )

    for ts, source_id, value in events:
        if source_id == rule.source_id and state.threshold is not None and state.threshold.due(ts):
            # held for the hold time before this value came: fired at the end of the hold, on the last value
            assert state.threshold.since is not None
            fire(state.threshold.since + state.threshold.hold_ms, last_value)
        current[source_id] = value
        if source_id != rule.source_id:
            continue
        evaluated += 1
        last_value = value
        result = ev.step(rule, state, value, ts)
        if result in ("reached", "changed"):
            fire(ts, value)
        if len(firings) > FIRINGS_MAX:
            break
    if state.threshold is not None and state.threshold.due(end):
        # still holding when the range ends, long enough: the engine's worker would have fired it
        assert state.threshold.since is not None
        fire(state.threshold.since + state.threshold.hold_ms, last_value)
    return evaluated


async def _replay_schedule(
    session: AsyncSession,
    actor: Actor,
    rule: ev.Compiled,
    body: DryRunIn,
    events: list[tuple[int, int, Any]],
    actions: list[DryRunAction],
    firings: list[DryRunFiring],
    truncated: bool,
) -> tuple[int, bool]:
    assert rule.trigger.kind == "schedule"
    zone = actor.time_zone
    start = from_epoch_ms(body.start)
    assert start is not None
    slot: datetime = schedules.next_slot(rule.trigger.schedule, start, zone)
    current: dict[int, Any] = {}
    i = evaluated = 0
    while (epoch_ms(slot) or 0) <= body.end:
        at = epoch_ms(slot) or 0
        while i < len(events) and events[i][0] <= at:
            current[events[i][1]] = events[i][2]
            i += 1
        evaluated += 1
        met, matched = ev.conditions_hold(rule, current)
        if met:
            inputs = ev.inputs_of(rule, current, None, at).as_dict()
            firings.append(
                DryRunFiring(
                    ts=at, inputs=inputs, matched="schedule" + (f"; {matched}" if matched else ""), actions=actions
                )
            )
        if evaluated >= SLOTS_MAX or len(firings) > FIRINGS_MAX:
            return evaluated, True
        slot = schedules.next_slot(rule.trigger.schedule, slot, zone)
    return evaluated, truncated
