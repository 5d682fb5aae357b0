"""Automations (issue 37, docs/api-automations.md).

- `automation_rule`: one rule of a tenant: what it watches (its template's data sources, on one device, a device
  group or every device bound to the template), when it fires (its trigger and its conditions) and what it does (its
  actions, JSON checked by schemas.py). Actions run as the rule's owner.
- `automation_target`: where a forward action sends values (HTTP, MQTT, a MySQL / MariaDB or PostgreSQL table, the
  product's own side table); its password or token is sealed (core/sealing.py) and never returned.
- `automation_state`: whether a threshold rule's condition holds on a device now, and its episode count: the one row
  every server process claims an episode through, so an episode fires once across processes and restarts.
- `automation_firing`: the outbox. One row per event a rule fired on (unique rule, device, event key: fire once),
  written by the engine's worker, claimed under a lease by the runner, which runs its actions (delays, repeats and
  retries through `next_at`).
- `automation_forward_row`: the rows forwarded to a target of kind `table`, the product's own side table (no network
  needed): unique per target, firing, device, data source and time, so a retried delivery adds nothing twice.
- `automation_trace`: the last evaluations of each rule (at most AUTOMATION_TRACE_MAX per rule, trimmed on insert):
  inputs, the condition that held, what was done, how long it took, what failed."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped

# Firing states: waiting (`pending`, due at `next_at`), being run (`running`, leased), done, stopped before running
# (`skipped`: the rule was disabled or deleted, a loop, a rate limit), given up after its retries (`failed`).
PENDING, RUNNING, DONE, SKIPPED, FAILED = "pending", "running", "done", "skipped", "failed"


class AutomationRule(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "automation_rule"

    name: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(String(200), default="")
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    template_id: Mapped[int] = mapped_column(BigId, index=True)
    scope: Mapped[str] = mapped_column(String(16))  # device | group | template
    scope_id: Mapped[int | None] = mapped_column(BigId, default=None)
    trigger: Mapped[dict[str, Any]] = mapped_column(JSON)
    conditions: Mapped[dict[str, Any]] = mapped_column(JSON)
    actions: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    rate_per_minute: Mapped[int] = mapped_column(Integer, default=6)
    # Bumped by every save: the engines of every process reload a rule whose version moved.
    version: Mapped[int] = mapped_column(Integer, default=1)
    last_fired_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    fired_count: Mapped[int] = mapped_column(Integer, default=0)
    error_count: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str] = mapped_column(String(255), default="")
    # A schedule's next slot (UTC), kept by the scheduler.
    next_run_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class AutomationTarget(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "automation_target"

    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # http | mqtt | mysql | postgresql | table
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    sealed_secret: Mapped[str] = mapped_column(Text, default="")
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )


class AutomationState(TenantScoped, Base):
    __tablename__ = "automation_state"

    rule_id: Mapped[int] = mapped_column(BigId, ForeignKey("automation_rule.id", ondelete="CASCADE"), primary_key=True)
    device_id: Mapped[int] = mapped_column(BigId, primary_key=True)
    active: Mapped[bool] = mapped_column(Boolean, default=False)
    episode: Mapped[int] = mapped_column(Integer, default=0)
    changed_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class AutomationFiring(IdMixin, TenantScoped, Base):
    __tablename__ = "automation_firing"
    __table_args__ = (
        UniqueConstraint("rule_id", "device_id", "event_key", name="uq_automation_firing_event"),
        Index("ix_automation_firing_due", "state", "next_at"),
    )

    rule_id: Mapped[int] = mapped_column(BigId, ForeignKey("automation_rule.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int] = mapped_column(BigId, default=0)  # 0: a schedule on no device
    event_key: Mapped[str] = mapped_column(String(96))
    # What fired it: the trigger's kind and inputs (values, the alarm, the slot), the causation chain of rule writes.
    context: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Where each action stands: [{"i": index, "state": ..., "runs": n, "error": ...}].
    progress: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    state: Mapped[str] = mapped_column(String(16), default=PENDING)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    last_error: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class AutomationTrace(IdMixin, TenantScoped, Base):
    __tablename__ = "automation_trace"
    __table_args__ = (Index("ix_automation_trace_rule", "rule_id", "id"),)

    rule_id: Mapped[int] = mapped_column(BigId, ForeignKey("automation_rule.id", ondelete="CASCADE"))
    device_id: Mapped[int] = mapped_column(BigInteger, default=0)
    firing_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # fired | not_met | loop | rate_limited | done | failed | skipped | retrying
    outcome: Mapped[str] = mapped_column(String(16))
    inputs: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    matched: Mapped[str] = mapped_column(String(255), default="")
    actions: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    took_ms: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str] = mapped_column(Text, default="")


class AutomationForwardRow(IdMixin, TenantScoped, Base):
    __tablename__ = "automation_forward_row"
    __table_args__ = (
        UniqueConstraint(
            "target_id", "firing_key", "device_id", "data_source_id", "ts", name="uq_automation_forward_row_once"
        ),
        Index("ix_automation_forward_row_target", "target_id", "id"),
    )

    target_id: Mapped[int] = mapped_column(BigId, ForeignKey("automation_target.id", ondelete="CASCADE"))
    rule_id: Mapped[int] = mapped_column(BigInteger, default=0)  # 0: a target's test row
    firing_key: Mapped[str] = mapped_column(String(96))
    sn: Mapped[str] = mapped_column(String(64), default="")
    device_id: Mapped[int] = mapped_column(BigInteger, default=0)
    alias: Mapped[str] = mapped_column(String(128), default="")
    data_source_id: Mapped[int] = mapped_column(BigInteger, default=0)
    name: Mapped[str] = mapped_column(String(128), default="")
    value: Mapped[Any] = mapped_column(JSON, nullable=True, default=None)
    ts: Mapped[int] = mapped_column(BigInteger)  # epoch ms of the value
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
