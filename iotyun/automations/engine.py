"""The automations' engine on live values (docs/api-automations.md "Where it runs"). The ingest hands it every
accepted batch beside the alarm engine (`evaluate`, in the ingest's loop, no I/O): the rules of the device's
template whose trigger watches a value are stepped (evaluate.py). What that decides is queued and written by one
worker: a threshold's episode is claimed in `automation_state` (one process wins it, a restart does not fire it
again), a firing row is inserted (unique rule, device, event key: fire once), an evaluation whose conditions did not
hold is traced. The worker also reloads the rules when one is saved (any process), and fires thresholds that have
held for their hold time without a new value."""

import asyncio
import logging
import time
from bisect import bisect_left, bisect_right
from collections import Counter, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.automations import evaluate as ev
from iotyun.automations.models import AutomationFiring, AutomationRule, AutomationState, AutomationTrace
from iotyun.automations.schemas import ThresholdTrigger
from iotyun.automations.service import add_traces
from iotyun.core.db import utcnow
from iotyun.core.tasks import Worker
from iotyun.core.tenancy import system_session
from iotyun.devices.models import Device
from iotyun.telemetry.public import DeviceConfig

log = logging.getLogger("iotyun.automations.engine")

# How often the worker writes what was decided, looks for saved rules and for thresholds held long enough.
TICK_S = 0.25
# How often the worker asks whether a rule was saved (one small query; a save in any process is seen this soon).
RELOAD_CHECK_S = 1.0
# Rules are reloaded at least this often even when none was saved (a device that moved to another group).
RELOAD_EVERY_S = 30.0
# Evaluations waiting to be written beyond which "not met" traces are dropped (counted): firings never are.
BACKLOG_MAX = 10_000
# Threshold comparisons a Watch finds by bisection (eq / ne are stepped on every value).
_BISECTED = ("gt", "ge", "lt", "le")

Current = Callable[[int], Mapping[int, tuple[Any, ...]]]


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str  # reached | released | changed | not_met
    rule: ev.Compiled
    device_id: int
    sn: str
    alias: str
    ts: int
    inputs: dict[str, Any]
    matched: str
    values: dict[int, Any]


class Watch:
    """The rules watching one data source of one template, arranged so that a value finds the few that can move on
    it: the change rules and the thresholds compared with eq / ne (stepped on every value), and the thresholds
    compared with gt / ge / lt / le sorted by their value, so that those whose comparison holds on a value are one
    bisection away. `rules` in load order, the order they are stepped in."""

    __slots__ = (
        "always",
        "counted",
        "ge_min",
        "gt_min",
        "le_max",
        "lt_max",
        "order",
        "rules",
        "scoped",
        "sorted",
        "wide",
    )

    def __init__(self, rules: list[ev.Compiled]) -> None:
        self.rules = rules
        self.order = {r.id: n for n, r in enumerate(rules)}
        self.always: list[ev.Compiled] = []
        by_op: dict[str, list[tuple[float, int, ev.Compiled]]] = {op: [] for op in _BISECTED}
        for n, rule in enumerate(rules):
            t = rule.trigger
            if isinstance(t, ThresholdTrigger) and t.op in by_op:
                by_op[t.op].append((t.value, n, rule))
            else:
                self.always.append(rule)
        # (op, threshold values ascending, their rules)
        self.sorted: list[tuple[str, list[float], list[ev.Compiled]]] = []
        for op, entries in by_op.items():
            if entries:
                entries.sort(key=lambda e: (e[0], e[1]))
                self.sorted.append((op, [e[0] for e in entries], [e[2] for e in entries]))
        bound = {op: keys for op, keys, _ in self.sorted}
        inf = float("inf")
        self.gt_min = bound["gt"][0] if "gt" in bound else inf
        self.ge_min = bound["ge"][0] if "ge" in bound else inf
        self.lt_max = bound["lt"][-1] if "lt" in bound else -inf
        self.le_max = bound["le"][-1] if "le" in bound else -inf
        self.wide = sum(1 for r in rules if r.devices is None)
        self.scoped = [r.devices for r in rules if r.devices is not None]
        self.counted: dict[int, int] = {}

    def count(self, device_id: int) -> int:
        """The rules watching this source that cover the device (each is evaluated on the value)."""
        if not self.scoped:
            return self.wide
        n = self.counted.get(device_id)
        if n is None:
            n = self.counted[device_id] = self.wide + sum(1 for devices in self.scoped if device_id in devices)
        return n

    def due(self, value: Any, engaged: set[int] | None) -> list[ev.Compiled]:
        """The rules to step on `value`, in load order: the change and eq / ne rules, the thresholds whose comparison
        holds on it and those `engaged` on the device (holding or reached). A value that is not a plain number (a
        bool, a string, None, NaN) steps every rule, as telemetry's comparisons judge it."""
        kind = type(value)
        if (kind is not float and kind is not int) or value != value:
            return self.rules
        number = float(value)
        picked: list[ev.Compiled] | None = None
        # No threshold holds on it (the common case: a value inside every limit): the bounds say so at once.
        if engaged or not (
            number <= self.gt_min and number < self.ge_min and number >= self.lt_max and number > self.le_max
        ):
            picked = self._holding(number, engaged)
        if picked is None:
            return self.always  # in load order already
        if len(picked) > 1:
            picked.sort(key=lambda r: self.order[r.id])
        return picked

    def _holding(self, number: float, engaged: set[int] | None) -> list[ev.Compiled] | None:
        """The change and eq / ne rules with the thresholds whose comparison holds on `number` and those `engaged`
        (unordered), or None when that is only the former."""
        picked: list[ev.Compiled] | None = None
        for op, keys, rules in self.sorted:
            if op == "gt":
                i = bisect_left(keys, number)
                hit = rules[:i] if i else None
            elif op == "ge":
                i = bisect_right(keys, number)
                hit = rules[:i] if i else None
            elif op == "lt":
                i = bisect_right(keys, number)
                hit = rules[i:] if i < len(keys) else None
            else:
                i = bisect_left(keys, number)
                hit = rules[i:] if i < len(keys) else None
            if hit:
                if picked is None:
                    picked = list(self.always)
                picked.extend(hit)
        if engaged:
            if picked is None:
                picked = list(self.always)
            have = {r.id for r in picked}
            picked.extend(r for r in self.rules if r.id in engaged and r.id not in have)
        return picked


class AutomationEngine:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], current: Current) -> None:
        self.sessionmaker = sessionmaker
        self.current = current
        self.rules: dict[int, ev.Compiled] = {}
        # template id -> data source id -> the rules watching it
        self.by_source: dict[int, dict[int, Watch]] = {}
        self.states: dict[tuple[int, int], ev.DeviceState] = {}
        # device -> data source -> the threshold rules whose state there is not at rest (holding or reached)
        self._engaged: dict[int, dict[int, set[int]]] = {}
        # (rule, device) -> what a held threshold fires with when its hold ends without a new value
        self._holding: dict[tuple[int, int], tuple[str, str, Any]] = {}
        self.decisions: deque[Decision] = deque()
        self.stats: Counter[str] = Counter()
        self._signature: tuple[Any, ...] | None = None
        self._loaded_at = 0.0
        self._checked_at = 0.0
        self._worker = Worker("iotyun-automation-engine", self._run)
        self._flushing = asyncio.Lock()

    # --- life ------------------------------------------------------------------------------------------------------

    async def start(self) -> None:
        await self.reload()
        self._worker.start()

    async def stop(self) -> None:
        await self._worker.stop()
        try:
            await self.flush()
        except Exception:
            log.warning("automation decisions left unwritten at stop", exc_info=True)

    async def idle(self) -> None:
        """Write every decision taken so far (tests: rather than wait for the worker's next tick)."""
        await self.flush()

    # --- the ingest's side (no I/O) ---------------------------------------------------------------------------------

    def evaluate(self, config: DeviceConfig, values: list[dict[str, Any]]) -> None:
        """Step the rules of the device's template on accepted values: for each value, the rules watching its data
        source (`Watch`) that can move on it. A threshold at rest (not holding, not reached) whose comparison does
        not hold on the value stays as it is, so it is counted as evaluated but not stepped; every other rule
        watching the value is stepped in the order the rules were loaded."""
        watches = self.by_source.get(config.template_id or 0)
        device_id = config.device_id
        if not watches or device_id is None:
            return
        engaged = self._engaged.get(device_id)
        batch: dict[int, Any] | None = None
        evaluated = 0
        for v in values:
            source_id = v["id"]
            watch = watches.get(source_id)
            if watch is None or v.get("q", 0) != 0:
                continue
            evaluated += watch.count(device_id) if watch.scoped else watch.wide
            value, ts = v["v"], v["ts"]
            for rule in watch.due(value, engaged.get(source_id) if engaged else None):
                if rule.devices is not None and device_id not in rule.devices:
                    continue
                key = (rule.id, device_id)
                state = self.states.get(key)
                if state is None:
                    state = self.states[key] = ev.new_state(rule)
                elif state.threshold is None and state.seen and state.last == value:
                    state.last = value  # a change rule on the value it saw last: what step does, without the call
                    continue
                result = ev.step(rule, state, value, ts)
                if result is None:
                    if state.threshold is None:
                        continue  # a change rule: never held
                    if state.threshold.since is not None:
                        self._holding[key] = (config.sn, config.alias, value)
                    else:
                        self._holding.pop(key, None)
                else:
                    self._holding.pop(key, None)
                    if batch is None:
                        batch = {x["id"]: x["v"] for x in values if x.get("q", 0) == 0}
                    self._decide(result, rule, device_id, config.sn, config.alias, value, ts, batch)
                if state.threshold is not None:
                    self._settle(rule, device_id, state)
                    engaged = self._engaged.get(device_id)
        if evaluated:
            self.stats["evaluated"] += evaluated

    def _settle(self, rule: ev.Compiled, device_id: int, state: ev.DeviceState) -> None:
        """Keep `_engaged` true to a threshold's state on a device: a threshold holding or reached is stepped on every
        value of its source; one at rest only on a value its comparison holds on."""
        threshold = state.threshold
        source_id = rule.source_id or 0
        if threshold is not None and (threshold.active or threshold.since is not None):
            self._engaged.setdefault(device_id, {}).setdefault(source_id, set()).add(rule.id)
            return
        of_device = self._engaged.get(device_id)
        ids = of_device.get(source_id) if of_device is not None else None
        if of_device is not None and ids is not None:
            ids.discard(rule.id)
            if not ids:
                del of_device[source_id]
                if not of_device:
                    del self._engaged[device_id]

    def _decide(
        self,
        result: str,
        rule: ev.Compiled,
        device_id: int,
        sn: str,
        alias: str,
        value: Any,
        ts: int,
        batch: Mapping[int, Any],
    ) -> None:
        if result == "released":
            self.decisions.append(Decision("released", rule, device_id, sn, alias, ts, {}, "", {}))
            return
        current = {k: c[0] for k, c in self.current(device_id).items()}
        current.update(batch)
        met, matched = ev.conditions_hold(rule, current)
        inputs = ev.inputs_of(rule, current, value, ts).as_dict()
        words = ev.trigger_words(rule, value)
        if not met:
            if result == "reached":
                # The episode is not claimed: the threshold is judged again on the next value.
                state = self.states.get((rule.id, device_id))
                if state is not None and state.threshold is not None:
                    state.threshold.active = False
                    state.threshold.since = None
            if len(self.decisions) < BACKLOG_MAX:
                self.decisions.append(Decision("not_met", rule, device_id, sn, alias, ts, inputs, words, {}))
            else:
                self.stats["traces_dropped"] += 1
            return
        if result == "reached":
            state = self.states.get((rule.id, device_id))
            if state is not None and state.threshold is not None:
                state.threshold.active = True
        matched_words = words + (f"; {matched}" if matched else "")
        self.decisions.append(Decision(result, rule, device_id, sn, alias, ts, inputs, matched_words, current))

    def _hold_ends(self, now_ms: int) -> None:
        """Thresholds whose hold time passed with no new value (a gateway that reports only changes)."""
        for key, (sn, alias, value) in list(self._holding.items()):
            state = self.states.get(key)
            rule = self.rules.get(key[0])
            if state is None or rule is None or state.threshold is None:
                self._holding.pop(key, None)
                continue
            if state.threshold.due(now_ms):
                self._holding.pop(key, None)
                self._decide("reached", rule, key[1], sn, alias, value, now_ms, {})
                self._settle(rule, key[1], state)

    # --- the worker ------------------------------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            try:
                if time.monotonic() - self._checked_at >= RELOAD_CHECK_S:
                    self._checked_at = time.monotonic()
                    await self._maybe_reload()
                self._hold_ends(int(time.time() * 1000))
                await self.flush()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("automation engine tick failed", exc_info=True)

    async def _maybe_reload(self) -> None:
        async with system_session(self.sessionmaker) as session:
            stmt = select(func.count(), func.max(AutomationRule.updated_at), func.sum(AutomationRule.version))
            signature = tuple((await session.execute(stmt)).one())
        if signature != self._signature or time.monotonic() - self._loaded_at > RELOAD_EVERY_S:
            await self.reload()

    async def reload(self) -> None:
        """Load the enabled rules whose trigger watches a value, and the episodes claimed on them."""
        async with system_session(self.sessionmaker) as session:
            stmt = select(func.count(), func.max(AutomationRule.updated_at), func.sum(AutomationRule.version))
            signature = tuple((await session.execute(stmt)).one())
            rows = list(
                (await session.execute(select(AutomationRule).where(AutomationRule.enabled.is_(True)))).scalars()
            )
            rows = [r for r in rows if r.trigger.get("kind") in ev.VALUE_TRIGGERS]
            members = await scope_devices(session, rows)
            active = {
                (int(r), int(d))
                for r, d in (
                    await session.execute(
                        select(AutomationState.rule_id, AutomationState.device_id).where(
                            AutomationState.active.is_(True)
                        )
                    )
                ).all()
            }
        rules: dict[int, ev.Compiled] = {}
        for row in rows:
            try:
                rules[row.id] = ev.Compiled.of(row, members.get(row.id))
            except Exception:
                log.warning("automation rule %s cannot be read; skipped", row.id, exc_info=True)
        self.install(rules, active)
        self._signature = signature
        self._loaded_at = time.monotonic()
        self.stats["reloads"] += 1

    def install(self, rules: dict[int, ev.Compiled], active: set[tuple[int, int]]) -> None:
        """Hold `rules` (by id, in load order) from now on: a rule whose version did not move keeps its states on
        the devices, the others start afresh (reached on the devices in `active`, the episodes claimed)."""
        watched: dict[int, dict[int, list[ev.Compiled]]] = {}
        for rule in rules.values():
            watched.setdefault(rule.template_id, {}).setdefault(rule.source_id or 0, []).append(rule)
        by_source = {t: {sid: Watch(listed) for sid, listed in of.items()} for t, of in watched.items()}
        # Keep the state of rules whose version did not move; start afresh (from the claimed episodes) otherwise.
        states: dict[tuple[int, int], ev.DeviceState] = {}
        for key, state in self.states.items():
            old, new = self.rules.get(key[0]), rules.get(key[0])
            if old is not None and new is not None and old.version == new.version:
                states[key] = state
        for rule_id, device_id in active:
            claimed = rules.get(rule_id)
            if claimed is not None and (rule_id, device_id) not in states:
                states[(rule_id, device_id)] = ev.new_state(claimed, active=True)
        self.rules, self.by_source, self.states = rules, by_source, states
        self._holding = {k: v for k, v in self._holding.items() if k in states}
        self._engaged = {}
        for (rule_id, device_id), state in states.items():
            self._settle(rules[rule_id], device_id, state)

    async def flush(self) -> None:
        """Write every decision taken so far, in order (one writer at a time: a firing and its release stay in order)."""
        async with self._flushing:
            traces: list[AutomationTrace] = []
            while self.decisions:
                d = self.decisions.popleft()
                if d.kind == "not_met":
                    traces.append(_trace(d, "not_met"))
                elif d.kind == "released":
                    await self._release(d)
                else:
                    await self._fire(d)
            if traces:
                async with system_session(self.sessionmaker) as session:
                    await add_traces(session, traces)
                    await session.commit()

    async def _release(self, d: Decision) -> None:
        async with system_session(self.sessionmaker) as session:
            await session.execute(
                update(AutomationState)
                .where(
                    AutomationState.rule_id == d.rule.id,
                    AutomationState.device_id == d.device_id,
                    AutomationState.active.is_(True),
                )
                .values(active=False, changed_at=utcnow())
            )
            await session.commit()

    async def _fire(self, d: Decision) -> None:
        async with system_session(self.sessionmaker) as session:
            if d.kind == "reached":
                episode = await claim_episode(session, d.rule, d.device_id)
                if episode is None:
                    await session.rollback()
                    self.stats["episodes_lost"] += 1
                    return
                key = f"ep:{episode}"
            else:
                key = f"v:{d.rule.source_id}:{d.ts}"
            firing = await add_firing(
                session, d.rule, d.device_id, key, firing_context(d.rule, d.sn, d.alias, d.inputs, d.matched, d.values)
            )
            if firing is None:
                self.stats["duplicates"] += 1
                return
            self.stats["fired"] += 1


def _trace(d: Decision, outcome: str) -> AutomationTrace:
    return AutomationTrace(
        tenant_id=d.rule.tenant_id,
        rule_id=d.rule.id,
        device_id=d.device_id,
        outcome=outcome,
        inputs=d.inputs,
        matched=d.matched[:255],
        actions=[],
        took_ms=0,
        error="",
    )


def firing_context(
    rule: ev.Compiled, sn: str, alias: str, inputs: dict[str, Any], matched: str, values: Mapping[int, Any]
) -> dict[str, Any]:
    return {
        "trigger": rule.trigger.kind,
        "source_id": rule.source_id,
        "version": rule.version,
        "sn": sn,
        "alias": alias,
        "inputs": inputs,
        "matched": matched[:255],
        "values": {str(k): v for k, v in values.items()},
    }


async def claim_episode(session: AsyncSession, rule: ev.Compiled, device_id: int) -> int | None:
    """Claim the next threshold episode of (rule, device) for this process: its number, or None when another process
    (or this one before a restart) holds the episode already."""
    now = utcnow()
    stmt = (
        update(AutomationState)
        .where(
            AutomationState.rule_id == rule.id,
            AutomationState.device_id == device_id,
            AutomationState.active.is_(False),
        )
        .values(active=True, episode=AutomationState.episode + 1, changed_at=now)
        .returning(AutomationState.episode)
    )
    episode = (await session.execute(stmt)).scalar_one_or_none()
    if episode is not None:
        return int(episode)
    exists = await session.execute(
        select(AutomationState.rule_id).where(
            AutomationState.rule_id == rule.id, AutomationState.device_id == device_id
        )
    )
    if exists.first() is not None:
        return None
    try:
        await session.execute(
            insert(AutomationState).values(
                tenant_id=rule.tenant_id, rule_id=rule.id, device_id=device_id, active=True, episode=1, changed_at=now
            )
        )
        await session.flush()
    except IntegrityError:
        return None
    return 1


async def add_firing(
    session: AsyncSession,
    rule: ev.Compiled,
    device_id: int,
    event_key: str,
    context: dict[str, Any],
    *,
    at: datetime | None = None,
) -> AutomationFiring | None:
    """Insert the firing and commit it with the session's other writes; None when this event fired already (the
    unique rule, device, event key), with the session rolled back."""
    now = at or utcnow()
    firing = AutomationFiring(
        tenant_id=rule.tenant_id,
        rule_id=rule.id,
        device_id=device_id,
        event_key=event_key[:96],
        context=context,
        progress=[],
        next_at=now,
        created_at=now,
    )
    session.add(firing)
    try:
        await session.flush()
        await session.execute(
            update(AutomationRule)
            .where(AutomationRule.id == rule.id)
            .values(last_fired_at=now, fired_count=AutomationRule.fired_count + 1)
        )
        await add_traces(
            session,
            [
                AutomationTrace(
                    tenant_id=rule.tenant_id,
                    rule_id=rule.id,
                    device_id=device_id,
                    firing_id=firing.id,
                    outcome="fired",
                    inputs=context.get("inputs") or {},
                    matched=str(context.get("matched") or "")[:255],
                    actions=[],
                    took_ms=0,
                    error="",
                )
            ],
        )
        await session.commit()
    except IntegrityError:
        await session.rollback()
        return None
    return firing


async def scope_devices(session: AsyncSession, rules: list[AutomationRule]) -> dict[int, frozenset[int] | None]:
    """Each rule's devices: its device, its group's devices, or None for every device bound to its template."""
    out: dict[int, frozenset[int] | None] = {}
    group_ids = {r.scope_id for r in rules if r.scope == "group" and r.scope_id is not None}
    members: dict[int, set[int]] = {}
    if group_ids:
        stmt = select(Device.group_id, Device.id).where(Device.group_id.in_(list(group_ids)))
        for group_id, device_id in (await session.execute(stmt)).all():
            members.setdefault(int(group_id or 0), set()).add(int(device_id))
    for r in rules:
        if r.scope == "device":
            out[r.id] = frozenset({r.scope_id}) if r.scope_id is not None else frozenset()
        elif r.scope == "group":
            out[r.id] = frozenset(members.get(r.scope_id or 0, set()))
        else:
            out[r.id] = None
    return out
