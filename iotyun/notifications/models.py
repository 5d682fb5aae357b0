"""Alarm notifications (issue 32 points 4–5, docs/api-notifications.md).

- `notify_rule`: which alarms (templates, data sources, device groups, a level range; empty lists match any) go to
  whom (users, roles, user groups of the tenant) over which channels, with quiet hours and whether recovery and
  confirmation are told too. Ids are kept as chosen: one that no longer exists simply matches nothing.
- `notify_event`: the outbox's first half, one row per alarm change, written in the alarm's own transaction (the
  alarm engine's, or the confirmation's) by the alarms hook; the runner fans it out and marks it done.
- `notify_delivery`: one message to one recipient over one channel, recorded before it is sent, with its idempotency
  key (unique), state, attempts and last error: the delivery log.
- `webhook_subscription`: an outgoing webhook (docs/api-system.md "Outgoing webhooks"): a tenant's URL that hears the
  events it chose of the tenant's devices (all, or those named and those of the groups named), signed with its
  secret. Its events come through the same outbox (`notify_event`: the alarm changes, and the device events the
  devices hook tells) and its deliveries are `notify_delivery` rows with its `subscription_id`, sent by the same
  runner."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, ForeignKey, Index, Integer, SmallInteger, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.limits import NOTIFY_RULE_NAME_MAX, NOTIFY_SECRET_MAX, NOTIFY_URL_MAX, WEBHOOK_NAME_MAX
from iotyun.core.tenancy import TenantScoped

# Delivery states: waiting to be sent (first time, or after a failure: `retrying`), being sent by the runner
# (`sending`, its lease in `lease_until`), done (`sent`), given up (`failed`), not sent by a rule (`skipped`: over a
# quota, no address).
PENDING, SENDING, SENT, RETRYING, FAILED, SKIPPED = "pending", "sending", "sent", "retrying", "failed", "skipped"


class NotifyRule(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "notify_rule"

    name: Mapped[str] = mapped_column(String(NOTIFY_RULE_NAME_MAX))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
    template_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    source_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    device_group_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    level_min: Mapped[int] = mapped_column(SmallInteger, default=1)
    level_max: Mapped[int] = mapped_column(SmallInteger, default=5)
    user_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    role_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    group_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    channels: Mapped[list[str]] = mapped_column(JSON, default=list)
    webhook_url: Mapped[str] = mapped_column(String(NOTIFY_URL_MAX), default="")
    webhook_secret: Mapped[str] = mapped_column(String(NOTIFY_SECRET_MAX), default="")
    wechat_url: Mapped[str] = mapped_column(String(NOTIFY_URL_MAX), default="")
    # Quiet hours, minutes of the day in `timezone` (start == end: none); they hold back every channel but the
    # console until they end.
    quiet_start: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    quiet_end: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    timezone: Mapped[str] = mapped_column(String(64), default="Asia/Shanghai")
    on_recover: Mapped[bool] = mapped_column(Boolean, default=False)
    on_confirm: Mapped[bool] = mapped_column(Boolean, default=False)
    # Escalation: an alarm of the rule still unconfirmed (and not shelved) `escalate_after` minutes after it started
    # goes to these recipients too, once.
    escalate_after: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    escalate_user_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    escalate_role_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    escalate_group_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    # The language the external channels' texts are written in (the rule writer's).
    lang: Mapped[str] = mapped_column(String(8), default="zh")


class NotifyEvent(IdMixin, TenantScoped, Base):
    __tablename__ = "notify_event"
    __table_args__ = (Index("ix_notify_event_done", "done_at", "id"),)

    # An alarm change (`event`: produced, recovered, confirmed, escalated), or a device event (devices/hooks.py:
    # `event` device.online …, the device and what a receiver is told of it in `data`).
    alarm_id: Mapped[int | None] = mapped_column(BigInteger, index=True, default=None)
    device_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    event: Mapped[str] = mapped_column(String(16))
    # An escalation is one rule's (the others' events concern every rule).
    rule_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class NotifyDelivery(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "notify_delivery"
    __table_args__ = (
        Index("ix_notify_delivery_state_next", "state", "next_at"),
        Index("ix_notify_delivery_tenant_created", "tenant_id", "created_at"),
        Index("ix_notify_delivery_subscription_state", "subscription_id", "state"),
    )

    # Made by a rule, or by an outgoing webhook's subscription (channel `webhook`).
    rule_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    subscription_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    alarm_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    event: Mapped[str] = mapped_column(String(16))
    channel: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(BigInteger, default=None)
    # Where it goes: an email address, a phone number, or a URL (shown without its query in the log).
    address: Mapped[str] = mapped_column(String(NOTIFY_URL_MAX), default="")
    key: Mapped[str] = mapped_column(String(128), unique=True)
    subject: Mapped[str] = mapped_column(String(200), default="")
    body: Mapped[str] = mapped_column(Text, default="")
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state: Mapped[str] = mapped_column(String(16), default=PENDING)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    last_error: Mapped[str] = mapped_column(String(255), default="")
    # The HTTP status the last try was answered with (a webhook, a robot, an SMS gateway); None: no answer.
    status_code: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class WebhookSubscription(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "webhook_subscription"

    name: Mapped[str] = mapped_column(String(WEBHOOK_NAME_MAX))
    url: Mapped[str] = mapped_column(String(NOTIFY_URL_MAX))
    # Signs every delivery (HMAC-SHA256); made by the server, shown once when made or renewed.
    secret: Mapped[str] = mapped_column(String(NOTIFY_SECRET_MAX))
    events: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Empty both: every device of the tenant.
    device_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    device_group_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
