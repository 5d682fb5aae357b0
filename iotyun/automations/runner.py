"""The automations runner: one per server process; the holder of the database lease "automations" works. Each tick
it fires the schedules whose slot came (one firing per device of the scope and slot: unique event key) and runs the
firings that are due, each claimed by a conditional UPDATE with a lease of its own (a firing left `running` by a
process that died is taken up again when its lease runs out).

A firing's first run decides whether it may run at all: its rule still exists and is enabled (a rule disabled in
any process stops here at once), loop protection (a value written by a rule that fires a rule already in the chain
of writes that led to it, or a chain deeper than LOOP_DEPTH_MAX), and the rate limits (the rule's, the tenant's).
Then each action runs after its delay and repeats as asked; a failure that may pass is tried again after a backoff
until ACTION_ATTEMPTS_MAX, then recorded. The outcome goes to the rule's trace. Tests call `tick(now)`."""

import asyncio
import logging
import time
from datetime import datetime, timedelta
from typing import Any

from pydantic import TypeAdapter
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.auth import repository as auth_repo
from iotyun.automations import actions as acts
from iotyun.automations import evaluate as ev
from iotyun.automations import schedule as schedules
from iotyun.automations.engine import add_firing, firing_context, scope_devices
from iotyun.automations.models import (
    DONE,
    FAILED,
    PENDING,
    RUNNING,
    SKIPPED,
    AutomationFiring,
    AutomationRule,
    AutomationTrace,
)
from iotyun.automations.schemas import Action
from iotyun.automations.service import add_traces
from iotyun.core import lease
from iotyun.core.config import Settings
from iotyun.core.db import as_utc, epoch_ms, utcnow
from iotyun.core.tenancy import system_session
from iotyun.core.timezones import DEFAULT_TIME_ZONE
from iotyun.devices.models import Device
from iotyun.telemetry.public import Telemetry
from iotyun.templates.models import DataSource, TemplateBinding

log = logging.getLogger("iotyun.automations")
LEASE_NAME = "automations"
TICK_S = 1.0
LEASE_S = 30.0
RUN_LEASE_S = 120.0
FIRINGS_PER_TICK = 50
ACTION_ATTEMPTS_MAX = 4
BACKOFF_FIRST_S = 2.0
BACKOFF_MAX_S = 300.0
# A value reported within this long after a rule wrote it counts as caused by that write.
LOOP_WINDOW = timedelta(seconds=60)
LOOP_DEPTH_MAX = 3
TENANT_RATE_PER_MINUTE = 600
# Finished firings are kept this long (loop protection and rate limits look back a minute).
FIRINGS_KEEP = timedelta(days=1)

_actions: TypeAdapter[list[Action]] = TypeAdapter(list[Action])


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(BACKOFF_FIRST_S * 2 ** max(attempts - 1, 0), BACKOFF_MAX_S))


class AutomationRunner(lease.LeasedLoop):
    lease_name = LEASE_NAME
    every = TICK_S

    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        settings: Settings,
        telemetry: Telemetry | None,
        holder: str | None = None,
    ) -> None:
        super().__init__(sessionmaker, holder)
        self.settings = settings
        self.telemetry = telemetry
        self._swept: datetime | None = None

    async def run(self) -> None:
        await self.tick()

    async def tick(self, now: datetime | None = None) -> int:
        """One round if this runner holds the lease: the firings run."""
        now = now or utcnow()
        if not await self.holds(now, LEASE_S):
            return 0
        await self.schedules(now)
        ran = await self.run_due(now)
        if self._swept is None or now - self._swept >= timedelta(minutes=10):
            await self.sweep(now)
            self._swept = now
        return ran

    # --- schedules -------------------------------------------------------------------------------------------------

    async def schedules(self, now: datetime) -> int:
        """Fire every schedule whose slot has come; set each one's next slot. The firings made."""
        made = 0
        async with system_session(self.sessionmaker) as session:
            rows = [
                r
                for r in (
                    await session.execute(select(AutomationRule).where(AutomationRule.enabled.is_(True)))
                ).scalars()
                if r.trigger.get("kind") == "schedule"
            ]
            members = await scope_devices(session, rows)
            zones: dict[int, str] = {}
            due: list[tuple[ev.Compiled, datetime]] = []
            for row in rows:
                try:
                    rule = ev.Compiled.of(row, members.get(row.id))
                except Exception:
                    log.warning("automation rule %s cannot be read; skipped", row.id, exc_info=True)
                    continue
                assert rule.trigger.kind == "schedule"
                if row.tenant_id not in zones:
                    zones[row.tenant_id] = await auth_repo.tenant_zone(session, row.tenant_id) or DEFAULT_TIME_ZONE
                zone = zones[row.tenant_id]
                slot = as_utc(row.next_run_at) if row.next_run_at is not None else None
                if slot is None:
                    row.next_run_at = schedules.next_slot(rule.trigger.schedule, now, zone)
                    continue
                if slot > now:
                    continue
                due.append((rule, slot))
                row.next_run_at = schedules.next_slot(rule.trigger.schedule, now, zone)
            await session.commit()
        for rule, slot in due:
            made += await self._fire_slot(rule, slot, now)
        return made

    async def _fire_slot(self, rule: ev.Compiled, slot: datetime, now: datetime) -> int:
        """The slot's firings, one a device of the rule's scope, due at the tick's `now` (the runner's clock, which a
        test sets: due at the wall clock instead, a slot fired on a clock behind it waited for the wall clock)."""
        async with system_session(self.sessionmaker) as session:
            stmt = (
                select(Device.id, Device.sn, Device.alias)
                .join(TemplateBinding, TemplateBinding.device_id == Device.id)
                .where(TemplateBinding.template_id == rule.template_id, Device.tenant_id == rule.tenant_id)
            )
            devices = [(int(i), str(sn), str(alias or "")) for i, sn, alias in (await session.execute(stmt)).all()]
        made = 0
        key = f"slot:{epoch_ms(slot)}"
        for device_id, sn, alias in devices:
            if rule.devices is not None and device_id not in rule.devices:
                continue
            inputs = {"slot": epoch_ms(slot), "ts": epoch_ms(slot)}
            async with system_session(self.sessionmaker) as session:
                context = firing_context(rule, sn, alias, inputs, "schedule", {})
                if await add_firing(session, rule, device_id, key, context, at=now) is not None:
                    made += 1
        return made

    # --- firings ---------------------------------------------------------------------------------------------------

    async def run_due(self, now: datetime) -> int:
        async with system_session(self.sessionmaker) as session:
            due = [
                int(i)
                for i in (
                    await session.execute(
                        select(AutomationFiring.id)
                        .where(
                            ((AutomationFiring.state == PENDING) & (AutomationFiring.next_at <= now))
                            | ((AutomationFiring.state == RUNNING) & (AutomationFiring.lease_until < now))
                        )
                        .order_by(AutomationFiring.next_at, AutomationFiring.id)
                        .limit(FIRINGS_PER_TICK)
                    )
                ).scalars()
            ]
            if not due:
                return 0
            claim = (
                update(AutomationFiring)
                .where(
                    AutomationFiring.id.in_(due),
                    ((AutomationFiring.state == PENDING) & (AutomationFiring.next_at <= now))
                    | ((AutomationFiring.state == RUNNING) & (AutomationFiring.lease_until < now)),
                )
                .values(state=RUNNING, lease_until=now + timedelta(seconds=RUN_LEASE_S))
                .returning(AutomationFiring.id)
                .execution_options(synchronize_session=False)
            )
            claimed = [int(i) for i in (await session.execute(claim)).scalars()]
            await session.commit()
        ran = 0
        for firing_id in claimed:
            try:
                await self._run_one(firing_id, now)
                ran += 1
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("automation firing %s failed to run", firing_id, exc_info=True)
        return ran

    async def _run_one(self, firing_id: int, now: datetime) -> None:
        started = time.perf_counter()
        async with system_session(self.sessionmaker) as session:
            firing = await session.get(AutomationFiring, firing_id)
            if firing is None:
                return
            rule = await session.get(AutomationRule, firing.rule_id)
            if not firing.progress:
                stop = await self._may_not_run(session, firing, rule, now)
                if stop is not None:
                    outcome, why = stop
                    firing.state, firing.done_at, firing.lease_until, firing.last_error = SKIPPED, now, None, why[:255]
                    if rule is not None:
                        await add_traces(session, [_trace(firing, outcome, why, [], started)])
                    await session.commit()
                    return
                assert rule is not None
                firing.progress = _plan(_actions.validate_python(rule.actions), now)
                await session.commit()
            assert rule is not None
            session.expunge(firing)
            session.expunge(rule)
        actions = _actions.validate_python(rule.actions)
        source_name = await _source_name(self.sessionmaker, firing.context.get("source_id"))
        progress = [dict(p) for p in firing.progress]
        results: list[dict[str, Any]] = []
        for p in progress:
            if p["state"] != PENDING or _dt(p["due"]) > now:
                continue
            i = int(p["i"])
            if i >= len(actions) or actions[i].kind != p["kind"]:
                p.update(state=FAILED, error="the rule's actions changed")
                continue
            action = actions[i]
            run = acts.Run(
                self.sessionmaker, self.telemetry, self.settings, rule, firing, i, int(p["runs"]), now, source_name
            )
            try:
                detail = await _do(run, action)
                p["runs"] = int(p["runs"]) + 1
                p["attempts"] = 0
                p["detail"] = detail[:200]
                if action.kind == "write":
                    p["wrote"] = {"device_id": firing.device_id, "source_id": action.source_id, "at": epoch_ms(now)}
                results.append({"kind": action.kind, "ok": True, "detail": detail[:200], "error": ""})
                if p["runs"] > action.repeat:
                    p["state"] = DONE
                else:
                    p["due"] = epoch_ms(now + timedelta(seconds=action.every_s))
            except acts.ActionFailed as e:
                p["attempts"] = int(p.get("attempts", 0)) + 1
                p["error"] = e.reason[:200]
                final = not e.retry or p["attempts"] >= ACTION_ATTEMPTS_MAX
                results.append({"kind": action.kind, "ok": False, "detail": "", "error": e.reason[:200]})
                if final:
                    p["state"] = FAILED
                else:
                    p["due"] = epoch_ms(now + backoff(p["attempts"]))
            except Exception as e:
                log.warning("automation action %s of rule %s failed", action.kind, rule.id, exc_info=True)
                p["attempts"] = int(p.get("attempts", 0)) + 1
                p["error"] = type(e).__name__
                results.append({"kind": action.kind, "ok": False, "detail": "", "error": type(e).__name__})
                if p["attempts"] >= ACTION_ATTEMPTS_MAX:
                    p["state"] = FAILED
                else:
                    p["due"] = epoch_ms(now + backoff(p["attempts"]))
        await self._record(firing, rule, progress, results, now, started)

    async def _record(
        self,
        firing: AutomationFiring,
        rule: AutomationRule,
        progress: list[dict[str, Any]],
        results: list[dict[str, Any]],
        now: datetime,
        started: float,
    ) -> None:
        waiting = [p for p in progress if p["state"] == PENDING]
        failed = [p for p in progress if p["state"] == FAILED]
        errors = "; ".join(f"{p['kind']}: {p.get('error', '')}" for p in failed)[:255]
        values: dict[str, Any] = {"progress": progress, "lease_until": None}
        if waiting:
            values.update(state=PENDING, next_at=_dt(min(int(p["due"]) for p in waiting)))
        else:
            values.update(state=FAILED if failed else DONE, done_at=now, last_error=errors)
        async with system_session(self.sessionmaker) as session:
            await session.execute(
                update(AutomationFiring)
                .where(AutomationFiring.id == firing.id, AutomationFiring.state == RUNNING)
                .values(**values)
                .execution_options(synchronize_session=False)
            )
            retrying = [r for r in results if not r["ok"]] and waiting
            if results:
                outcome = "retrying" if retrying else ("failed" if failed and not waiting else "done")
                await add_traces(session, [_trace(firing, outcome, errors, results, started)])
            if failed and not waiting:
                await session.execute(
                    update(AutomationRule)
                    .where(AutomationRule.id == rule.id)
                    .values(error_count=AutomationRule.error_count + 1, last_error=errors)
                )
            await session.commit()

    async def _may_not_run(
        self, session: AsyncSession, firing: AutomationFiring, rule: AutomationRule | None, now: datetime
    ) -> tuple[str, str] | None:
        """Why the firing must not run (outcome, words), or None: it may."""
        if rule is None:
            return "skipped", "the rule was deleted"
        if not rule.enabled:
            return "skipped", "the rule was disabled"
        chain = await _chain(session, firing, now)
        if chain is not None:
            firing.context = {**firing.context, "chain": chain}
            if rule.id in chain or len(chain) >= LOOP_DEPTH_MAX:
                return "loop", "loop stopped: rules " + " → ".join(str(r) for r in [*chain, rule.id])
        since = now - timedelta(minutes=1)
        ran = select(func.count()).select_from(AutomationFiring)
        # The firings before this one within the minute that were not stopped themselves.
        ran = ran.where(
            AutomationFiring.created_at >= since,
            AutomationFiring.state.in_([DONE, FAILED, RUNNING, PENDING]),
            AutomationFiring.id < firing.id,
        )
        rule_count = int((await session.execute(ran.where(AutomationFiring.rule_id == rule.id))).scalar_one())
        if rule_count >= rule.rate_per_minute:
            return "rate_limited", f"more than {rule.rate_per_minute} firings a minute"
        tenant_count = int(
            (await session.execute(ran.where(AutomationFiring.tenant_id == rule.tenant_id))).scalar_one()
        )
        if tenant_count >= TENANT_RATE_PER_MINUTE:
            return "rate_limited", f"the tenant's rules fired more than {TENANT_RATE_PER_MINUTE} times a minute"
        return None

    async def sweep(self, now: datetime) -> None:
        from sqlalchemy import delete

        async with system_session(self.sessionmaker) as session:
            await session.execute(
                delete(AutomationFiring).where(
                    AutomationFiring.done_at < now - FIRINGS_KEEP,
                    AutomationFiring.state.in_([DONE, FAILED, SKIPPED]),
                )
            )
            await session.commit()


async def _chain(session: AsyncSession, firing: AutomationFiring, now: datetime) -> list[int] | None:
    """The rules whose writes led to this firing, oldest first (None: no rule wrote what fired it). A value trigger
    on (device, source) was caused by the latest firing that wrote that source of that device within LOOP_WINDOW."""
    source_id = firing.context.get("source_id")
    if firing.context.get("trigger") not in ("threshold", "change") or source_id is None or not firing.device_id:
        return None
    stmt = (
        select(AutomationFiring)
        .where(
            AutomationFiring.tenant_id == firing.tenant_id,
            AutomationFiring.device_id == firing.device_id,
            AutomationFiring.id != firing.id,
            AutomationFiring.created_at >= now - LOOP_WINDOW - timedelta(minutes=5),
        )
        .order_by(AutomationFiring.id.desc())
        .limit(50)
    )
    since_ms = epoch_ms(now - LOOP_WINDOW) or 0
    for parent in (await session.execute(stmt)).scalars():
        for p in parent.progress or []:
            wrote = p.get("wrote")
            if wrote and wrote.get("source_id") == source_id and int(wrote.get("at") or 0) >= since_ms:
                return [*list(parent.context.get("chain") or []), parent.rule_id]
    return None


async def _source_name(sessionmaker: async_sessionmaker[AsyncSession], source_id: Any) -> str:
    if not isinstance(source_id, int):
        return ""
    async with system_session(sessionmaker) as session:
        name = (await session.execute(select(DataSource.name).where(DataSource.id == source_id))).scalar_one_or_none()
    return str(name or "")


def _plan(actions: list[Action], now: datetime) -> list[dict[str, Any]]:
    start = epoch_ms(now) or 0
    return [
        {"i": i, "kind": a.kind, "state": PENDING, "due": start + a.delay_s * 1000, "runs": 0, "attempts": 0}
        for i, a in enumerate(actions)
    ]


async def _do(run: acts.Run, action: Action) -> str:
    if action.kind == "write":
        return await acts.write(run, action)
    if action.kind == "notify":
        return await acts.notify(run, action)
    if action.kind == "webhook":
        return await acts.webhook(run, action)
    if action.kind == "alarm":
        return await acts.alarm(run, action)
    return await acts.forward(run, action)


def _dt(ms: int) -> datetime:
    from iotyun.core.db import from_epoch_ms

    out = from_epoch_ms(int(ms))
    assert out is not None
    return out


def _trace(
    firing: AutomationFiring, outcome: str, error: str, results: list[dict[str, Any]], started: float
) -> AutomationTrace:
    return AutomationTrace(
        tenant_id=firing.tenant_id,
        rule_id=firing.rule_id,
        device_id=firing.device_id,
        firing_id=firing.id,
        outcome=outcome,
        inputs=firing.context.get("inputs") or {},
        matched=str(firing.context.get("matched") or "")[:255],
        actions=results,
        took_ms=int((time.perf_counter() - started) * 1000),
        error=error[:2000],
    )
