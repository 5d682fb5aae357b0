"""Shapes of automations' forward targets (docs/api-automations.md "Target"). A target's secret is written, never
read back: an answer says only whether there is one (`has_secret`)."""

from typing import Any, Literal

from pydantic import BaseModel, Field

from iotyun.core.limits import AUTOMATION_TARGET_SECRET_MAX

TargetKind = Literal["http", "mqtt", "mysql", "postgresql", "table"]


class TargetIn(BaseModel):
    """A target as its form sends it. `config` by kind (docs/api-automations.md); `secret` the password or token:
    left out or null on an update keeps the one stored, "" clears it."""

    name: str = Field(max_length=200)
    kind: TargetKind
    config: dict[str, Any] = Field(default_factory=dict)
    secret: str | None = Field(None, max_length=AUTOMATION_TARGET_SECRET_MAX)


class TargetOut(BaseModel):
    id: int
    name: str
    kind: TargetKind
    config: dict[str, Any]
    has_secret: bool
    created_at: int
    updated_at: int


class TargetListOut(BaseModel):
    list: list[TargetOut]


class TargetTestOut(BaseModel):
    """A test row's fate: sent, or why not (never the secret)."""

    ok: bool
    error: str
    # Whether the failure may pass by itself (the receiver down, a timeout), as the runner would retry it.
    retry: bool


class ForwardRowOut(BaseModel):
    """A row a target of kind `table` received."""

    id: int
    rule_id: int
    firing_key: str
    sn: str
    device_id: int
    alias: str
    data_source_id: int
    name: str
    value: bool | int | float | str | None
    ts: int
    received_at: int
