"""The one evaluator of a rule, used by the engine on live values and by the dry run on stored history: whether a
device is in a rule's scope, what a value does to the rule's trigger on that device, and whether the conditions hold
on the device's current values. No I/O here; the comparisons are telemetry's (telemetry/conditions.py), the alarm
engine's own."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter

from iotyun.automations.models import AutomationRule
from iotyun.automations.schemas import Action, Conditions, Trigger
from iotyun.telemetry.conditions import Threshold, compare

_triggers: TypeAdapter[Trigger] = TypeAdapter(Trigger)
_actions: TypeAdapter[list[Action]] = TypeAdapter(list[Action])

VALUE_TRIGGERS = frozenset({"threshold", "change"})


@dataclass(frozen=True)
class Compiled:
    """A rule as the engines hold it. `devices`: the devices of a device or group scope (None: every device bound
    to the template)."""

    id: int
    tenant_id: int
    owner_id: int
    name: str
    version: int
    template_id: int
    scope: str
    devices: frozenset[int] | None
    trigger: Trigger
    conditions: Conditions
    actions: list[Action]
    rate_per_minute: int

    @classmethod
    def of(cls, rule: AutomationRule | Any, devices: frozenset[int] | None) -> "Compiled":
        return cls(
            id=rule.id,
            tenant_id=rule.tenant_id,
            owner_id=rule.owner_id,
            name=rule.name,
            version=rule.version,
            template_id=rule.template_id,
            scope=rule.scope,
            devices=devices,
            trigger=_triggers.validate_python(rule.trigger),
            conditions=Conditions.model_validate(rule.conditions),
            actions=_actions.validate_python(rule.actions),
            rate_per_minute=rule.rate_per_minute,
        )

    def covers(self, device_id: int, template_id: int | None) -> bool:
        if template_id != self.template_id:
            return False
        return self.devices is None or device_id in self.devices

    @property
    def source_id(self) -> int | None:
        """The data source a value trigger watches."""
        return getattr(self.trigger, "source_id", None)


@dataclass
class DeviceState:
    """A rule's state on one device: its threshold, or the last value a change trigger saw."""

    threshold: Threshold | None = None
    last: Any = None
    seen: bool = False


def new_state(rule: Compiled, active: bool = False) -> DeviceState:
    t = rule.trigger
    if t.kind == "threshold":
        return DeviceState(threshold=Threshold(t.op, t.value, t.hold_s * 1000, t.hysteresis, active=active))
    return DeviceState()


def step(rule: Compiled, state: DeviceState, value: Any, ts: int) -> str | None:
    """One value of the trigger's data source at `ts`: "reached" (a threshold held for its hold time), "released" (it
    let go past the hysteresis), "changed" (a change trigger's value differs from the last), else None."""
    if state.threshold is not None:
        return state.threshold.step(value, ts)
    if rule.trigger.kind == "change":
        before, seen = state.last, state.seen
        state.last, state.seen = value, True
        return "changed" if seen and before != value else None
    return None


def conditions_hold(rule: Compiled, current: Mapping[int, Any]) -> tuple[bool, str]:
    """Whether the rule's conditions hold on `current` (data source id → value; an unknown value does not hold), and
    which held, in words for the trace."""
    items = rule.conditions.items
    if not items:
        return True, ""
    held: list[str] = []
    results: list[bool] = []
    for item in items:
        value = current.get(item.source_id)
        ok = bool(compare(item.op, value, item.value)) if value is not None else False
        results.append(ok)
        if ok:
            held.append(f"#{item.source_id} {item.op} {item.value:g} ({value})")
    met = all(results) if rule.conditions.join == "and" else any(results)
    return met, "; ".join(held)


def trigger_words(rule: Compiled, value: Any = None) -> str:
    """What the trigger saw, in words for the trace."""
    t = rule.trigger
    if t.kind == "threshold":
        return f"#{t.source_id} {t.op} {t.value:g} for {t.hold_s}s" + (f" ({value})" if value is not None else "")
    if t.kind == "change":
        return f"#{t.source_id} changed" + (f" to {value}" if value is not None else "")
    if t.kind == "alarm":
        return f"alarm {t.event}"
    if t.kind == "schedule":
        return "schedule"
    return t.kind


@dataclass
class Inputs:
    """What an evaluation read: the trigger's value and the current values the conditions named."""

    trigger_value: Any = None
    ts: int = 0
    values: dict[int, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.trigger_value, "ts": self.ts, "values": {str(k): v for k, v in self.values.items()}}


def inputs_of(rule: Compiled, current: Mapping[int, Any], value: Any, ts: int) -> Inputs:
    named = {i.source_id for i in rule.conditions.items}
    return Inputs(value, ts, {k: current.get(k) for k in sorted(named)})
