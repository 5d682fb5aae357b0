"""Mail recipients and the daily mail counters (docs/api-mail.md).

- `mail_recipient`: an address a tenant asked to mail, `pending` until its owner opens the verification link,
  then `verified`. The link's token is stored only as its SHA-256 (`token_hash`, single use, until
  `token_expires_at`); `sent_at` is the last verification mail, for the resend throttle.
- `mail_day`: one row per tenant and UTC day counting what it mailed (messages, recipients once per message,
  verification mails) and whether a cap closed the day; raised only by conditional UPDATEs, so concurrent senders
  never pass a cap."""

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.tenancy import TenantScoped

PENDING, VERIFIED = "pending", "verified"


class MailRecipient(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "mail_recipient"
    __table_args__ = (UniqueConstraint("tenant_id", "address"),)

    address: Mapped[str] = mapped_column(String(254), index=True)
    state: Mapped[str] = mapped_column(String(16), default=PENDING)
    requested_by: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None, index=True
    )
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    lang: Mapped[str] = mapped_column(String(8), default="zh")
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    token_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    # Verification mails sent to the address by this tenant on `sends_day` (UTC).
    sends: Mapped[int] = mapped_column(Integer, default=0)
    sends_day: Mapped[date | None] = mapped_column(Date, default=None)
    verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class MailDay(Base):
    __tablename__ = "mail_day"

    tenant_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("tenant.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    messages: Mapped[int] = mapped_column(Integer, default=0)
    recipients: Mapped[int] = mapped_column(Integer, default=0)
    verifications: Mapped[int] = mapped_column(Integer, default=0)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
