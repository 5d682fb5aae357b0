"""Shapes of the automations (docs/api-automations.md). Types are checked here; what a field may hold beyond its
type (ranges, the tenant's ids, a template's data sources) is checked by service.py with the automations' codes."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool

Op = Literal["gt", "ge", "lt", "le", "eq", "ne"]
Scope = Literal["device", "group", "template"]
Outcome = Literal["fired", "not_met", "loop", "rate_limited", "done", "failed", "skipped", "retrying"]
TriggerKind = Literal["threshold", "change", "online", "offline", "alarm", "schedule"]
Value = BodyBool | int | float | str


class ThresholdTrigger(BaseModel):
    kind: Literal["threshold"]
    source_id: int
    op: Op
    value: float
    hold_s: int = 0
    hysteresis: float = 0.0


class ChangeTrigger(BaseModel):
    kind: Literal["change"]
    source_id: int


class StateTrigger(BaseModel):
    kind: Literal["online", "offline"]


class AlarmTrigger(BaseModel):
    kind: Literal["alarm"]
    event: Literal["produced", "recovered", "confirmed"]
    source_id: int | None = None


class Schedule(BaseModel):
    type: Literal["daily", "weekly", "cron"]
    time: str = Field("", max_length=5)  # HH:MM (daily, weekly)
    weekdays: list[int] = Field([], max_length=7)  # 1 = Monday (weekly)
    cron: str = Field("", max_length=100)


class ScheduleTrigger(BaseModel):
    kind: Literal["schedule"]
    schedule: Schedule


Trigger = Annotated[
    ThresholdTrigger | ChangeTrigger | StateTrigger | AlarmTrigger | ScheduleTrigger, Field(discriminator="kind")
]


class ConditionItem(BaseModel):
    source_id: int
    op: Op
    value: float


class Conditions(BaseModel):
    join: Literal["and", "or"] = "and"
    items: list[ConditionItem] = Field([], max_length=50)


class _Timing(BaseModel):
    # Wait before the first run; runs after it (0 none) and the time between them.
    delay_s: int = 0
    repeat: int = 0
    every_s: int = 0


class WriteAction(_Timing):
    kind: Literal["write"]
    source_id: int
    value: Value


class NotifyAction(_Timing):
    kind: Literal["notify"]
    user_ids: list[int] = Field([], max_length=200)
    role_ids: list[int] = Field([], max_length=200)
    group_ids: list[int] = Field([], max_length=200)
    channels: list[Literal["console", "email", "sms"]] = Field(["console"], max_length=3)
    text: str = Field("", max_length=2000)


class WebhookAction(_Timing):
    kind: Literal["webhook"]
    subscription_id: int


class AlarmAction(_Timing):
    kind: Literal["alarm"]
    mode: Literal["raise", "recover"]
    name: str = Field("", max_length=200)
    level: int = 1
    info: str = Field("", max_length=2000)


class ForwardAction(_Timing):
    kind: Literal["forward"]
    target_id: int
    source_ids: list[int] = Field([], max_length=200)


Action = Annotated[
    WriteAction | NotifyAction | WebhookAction | AlarmAction | ForwardAction, Field(discriminator="kind")
]


class AutomationRuleIn(BaseModel):
    name: str = Field(max_length=200)
    description: str = Field("", max_length=2000)
    enabled: BodyBool = False
    template_id: int
    scope: Scope
    scope_id: int | None = None
    trigger: Trigger
    conditions: Conditions = Conditions()
    actions: list[Action] = Field(max_length=50)
    rate_per_minute: int = 6


class AutomationRuleOut(BaseModel):
    id: int
    name: str
    description: str
    enabled: bool
    owner_id: int
    owner_name: str | None
    template_id: int
    template_name: str | None
    scope: Scope
    scope_id: int | None
    # The device's alias or the group's name (None: the whole template, or gone meanwhile).
    scope_name: str | None
    trigger: Trigger
    conditions: Conditions
    actions: list[Action]
    rate_per_minute: int
    last_fired_at: int | None
    fired_count: int
    error_count: int
    last_error: str
    next_run_at: int | None
    created_at: int
    updated_at: int


class EnabledIn(BaseModel):
    enabled: BodyBool


class TraceActionOut(BaseModel):
    kind: str
    ok: bool
    detail: str = ""
    error: str = ""


class TraceOut(BaseModel):
    id: int
    at: int
    device_id: int
    device_alias: str | None
    outcome: Outcome
    inputs: dict[str, Any]
    matched: str
    actions: list[TraceActionOut]
    took_ms: int
    error: str


class TraceListOut(BaseModel):
    list: list[TraceOut]


class DryRunIn(BaseModel):
    device_id: int
    start: int
    end: int
    # An unsaved rule (the form's), tried instead of the saved one.
    rule: AutomationRuleIn | None = None


class DryRunPoint(BaseModel):
    ts: int
    value: float | str | None


class DryRunAction(BaseModel):
    kind: str
    summary: str


class DryRunFiring(BaseModel):
    ts: int
    inputs: dict[str, Any]
    matched: str
    actions: list[DryRunAction]


class DryRunOut(BaseModel):
    source_id: int | None
    points: list[DryRunPoint]
    firings: list[DryRunFiring]
    evaluated: int
    truncated: bool
