"""Rules fired by events rather than values (docs/api-automations.md "Triggers"): a device going online or offline
(devices/hooks.py `device_event`) and an alarm produced, recovered or confirmed (alarms/hooks.py `alarm_changed`).
Each hook is called inside the transaction that records the fact, so a firing row written here commits with it or
not at all: an event fires once whatever process saw it, and a restart does not lose or repeat it. Nothing here may
fail that transaction: the event keys are unique per fact, and a rule that cannot be read is skipped."""

import logging
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.alarms import hooks as alarm_hooks
from iotyun.alarms.models import Alarm
from iotyun.automations import evaluate as ev
from iotyun.automations.engine import firing_context, scope_devices
from iotyun.automations.models import AutomationFiring, AutomationRule, AutomationTrace
from iotyun.core.db import epoch_ms, utcnow
from iotyun.devices import hooks as device_hooks
from iotyun.templates.models import TemplateBinding

log = logging.getLogger("iotyun.automations.events")

_DEVICE_EVENTS = {device_hooks.DEVICE_ONLINE: "online", device_hooks.DEVICE_OFFLINE: "offline"}


async def _rules(session: AsyncSession, tenant_id: int, kinds: set[str]) -> list[AutomationRule]:
    stmt = select(AutomationRule).where(AutomationRule.tenant_id == tenant_id, AutomationRule.enabled.is_(True))
    return [r for r in (await session.execute(stmt)).scalars() if r.trigger.get("kind") in kinds]


async def _templates(session: AsyncSession, device_ids: set[int]) -> dict[int, int]:
    stmt = select(TemplateBinding.device_id, TemplateBinding.template_id).where(
        TemplateBinding.device_id.in_(list(device_ids))
    )
    return {int(d): int(t) for d, t in (await session.execute(stmt)).all()}


async def _fire(
    session: AsyncSession,
    rule: ev.Compiled,
    device_id: int,
    key: str,
    sn: str,
    alias: str,
    words: str,
    inputs: dict[str, Any],
    now: datetime,
) -> None:
    """Queue the firing in the event's own transaction (nothing if this fact fired this rule already)."""
    taken = await session.execute(
        select(AutomationFiring.id).where(
            AutomationFiring.rule_id == rule.id,
            AutomationFiring.device_id == device_id,
            AutomationFiring.event_key == key,
        )
    )
    if taken.first() is not None:
        return
    firing = AutomationFiring(
        tenant_id=rule.tenant_id,
        rule_id=rule.id,
        device_id=device_id,
        event_key=key[:96],
        context=firing_context(rule, sn, alias, inputs, words, {}),
        progress=[],
        next_at=now,
        created_at=now,
    )
    session.add(firing)
    await session.flush()
    session.add(
        AutomationTrace(
            tenant_id=rule.tenant_id,
            rule_id=rule.id,
            device_id=device_id,
            firing_id=firing.id,
            outcome="fired",
            inputs=inputs,
            matched=words[:255],
            actions=[],
            took_ms=0,
            error="",
        )
    )
    await session.execute(
        update(AutomationRule)
        .where(AutomationRule.id == rule.id)
        .values(last_fired_at=now, fired_count=AutomationRule.fired_count + 1)
    )


@device_hooks.device_event.connect
async def device_changed(session: AsyncSession, events: list[device_hooks.DeviceEvent]) -> None:
    wanted = [e for e in events if e.event in _DEVICE_EVENTS]
    if not wanted:
        return
    now = utcnow()
    for tenant_id in {e.tenant_id for e in wanted}:
        rows = await _rules(session, tenant_id, {"online", "offline"})
        if not rows:
            continue
        mine = [e for e in wanted if e.tenant_id == tenant_id]
        templates = await _templates(session, {e.device_id for e in mine})
        members = await scope_devices(session, rows)
        for row in rows:
            try:
                rule = ev.Compiled.of(row, members.get(row.id))
            except Exception:
                log.warning("automation rule %s cannot be read; skipped", row.id, exc_info=True)
                continue
            for e in mine:
                kind = _DEVICE_EVENTS[e.event]
                if rule.trigger.kind != kind or not rule.covers(e.device_id, templates.get(e.device_id)):
                    continue
                key = f"{kind}:{epoch_ms(now)}"
                inputs = {"event": kind, "ts": epoch_ms(now)}
                await _fire(session, rule, e.device_id, key, e.sn, e.alias, kind, inputs, now)


@alarm_hooks.alarm_changed.connect
async def alarm_changed(session: AsyncSession, alarms: list[Alarm], event: str) -> None:
    if not alarms:
        return
    tenant_id = alarms[0].tenant_id
    rows = await _rules(session, tenant_id, {"alarm"})
    if not rows:
        return
    now = utcnow()
    templates = await _templates(session, {a.device_id for a in alarms})
    members = await scope_devices(session, rows)
    for row in rows:
        try:
            rule = ev.Compiled.of(row, members.get(row.id))
        except Exception:
            log.warning("automation rule %s cannot be read; skipped", row.id, exc_info=True)
            continue
        t = rule.trigger
        if t.kind != "alarm" or t.event != event:
            continue
        for a in alarms:
            if not rule.covers(a.device_id, templates.get(a.device_id)):
                continue
            if t.source_id is not None and a.data_source_id != t.source_id:
                continue
            if a.fault_key == f"rule:{rule.id}":
                continue  # its own alarm does not fire it again
            inputs = {"alarm_id": a.id, "alarm_name": a.alarm_name, "level": a.alarm_level, "value": a.value}
            words = f"alarm {event}: {a.alarm_name}"
            await _fire(session, rule, a.device_id, f"alarm:{a.id}:{event}", a.sn, a.dev_alias, words, inputs, now)
