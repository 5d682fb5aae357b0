"""Full-network monitoring's tables (docs/api-operations.md "Full-network monitoring"). None belongs to a tenant.

- `platform_sample`: the platform's figures, one row per metric (and per tenant for the gateways) each minute,
  written by the holder of the lease "health" and kept HEALTH_KEEP_DAYS days: the 24 h trends.
- `server_process`: one row per running server process, its heartbeat and its telemetry counters and rates; "server
  processes" lists the live ones, and one gone without a clean stop is "lost" (an alert) until replaced or forgotten.
- `platform_alert`: one row per condition while it holds (ingest lag, a part down), closed when it clears,
  acknowledged by an operator.
- `platform_alert_delivery`: one row per alert event (opened, closed), channel and address: to each active operator
  holding the monitoring scope over his alert channels (email, SMS), and to the operators' webhook when one is set.
  Unique, so a retry never sends an event twice to one address and a restarted holder resumes what was pending."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, UTCDateTime, utcnow
from iotyun.core.limits import NOTIFY_URL_MAX


class PlatformSample(IdMixin, Base):
    __tablename__ = "platform_sample"
    __table_args__ = (Index("ix_platform_sample_metric_time", "metric", "time"),)

    time: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    metric: Mapped[str] = mapped_column(String(32))
    # Per tenant for the gateways' figures; None is the platform's whole.
    tenant_id: Mapped[int | None] = mapped_column(BigId, default=None)
    value: Mapped[float] = mapped_column(Float)


class ServerProcess(Base):
    __tablename__ = "server_process"

    # core/lease.process_holder(): host, pid and a random part.
    holder: Mapped[str] = mapped_column(String(64), primary_key=True)
    host: Mapped[str] = mapped_column(String(64))
    pid: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # Set when the process stopped cleanly (its row then goes) or was found silent (lost).
    lost_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    # TelemetryHealth as the process last reported it, with its rates per second since the heartbeat before.
    figures: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class PlatformAlert(IdMixin, Base):
    __tablename__ = "platform_alert"
    __table_args__ = (Index("ix_platform_alert_condition_open", "condition", "closed_at"),)

    # What holds: ingest_lag, database, redis, broker, processes (service.CONDITIONS).
    condition: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(String(255), default="")
    # The figure that opened it (the lag in s, the round trip in ms), and the worst seen while open.
    value: Mapped[float | None] = mapped_column(Float, default=None)
    worst: Mapped[float | None] = mapped_column(Float, default=None)
    opened_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    acked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    acked_by: Mapped[int | None] = mapped_column(BigId, default=None)
    acked_by_name: Mapped[str] = mapped_column(String(32), default="")
    seen: Mapped[int] = mapped_column(BigInteger, default=1)


# A delivery's states: waiting for its (next) try, sent, or given up.
PENDING, SENT, FAILED = "pending", "sent", "failed"


class PlatformAlertDelivery(IdMixin, Base):
    __tablename__ = "platform_alert_delivery"
    __table_args__ = (UniqueConstraint("alert_id", "event", "channel", "address"),)

    alert_id: Mapped[int] = mapped_column(BigId, ForeignKey("platform_alert.id", ondelete="CASCADE"))
    # opened | closed
    event: Mapped[str] = mapped_column(String(16))
    # email | sms | webhook (notifications/channels.py)
    channel: Mapped[str] = mapped_column(String(16))
    # The operator's address or phone, or the webhook's URL, as it was when the event was recorded.
    address: Mapped[str] = mapped_column(String(NOTIFY_URL_MAX))
    state: Mapped[str] = mapped_column(String(16), default=PENDING)
    tries: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
