"""Operator accounts, their sessions and the audit of what they do. None of these tables belongs to a tenant: an
operator works above every tenant (DESIGN §9 "Platform operators")."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.limits import OPERATOR_EMAIL_MAX, OPERATOR_PHONE_MAX


class Operator(IdMixin, TimestampMixin, Base):
    """A platform operator. Made only on the server (`iotyun operator create`), never through the API or the demo."""

    __tablename__ = "operator_account"

    user_name: Mapped[str] = mapped_column(String(32), unique=True)
    display_name: Mapped[str] = mapped_column(String(32), default="")
    password_hash: Mapped[str] = mapped_column(String(255))
    # What the operator may do (operations/scopes.py SCOPES).
    scopes: Mapped[list[str]] = mapped_column(JSON, default=list)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    # Where the platform's alerts reach the operator ("" none): set by `iotyun operator contact` or by the operator
    # (PUT /administrator/me).
    email: Mapped[str] = mapped_column(String(OPERATOR_EMAIL_MAX), default="")
    phone: Mapped[str] = mapped_column(String(OPERATOR_PHONE_MAX), default="")
    # The channels alerts take (email, sms); None: every channel the operator has an address for.
    alert_channels: Mapped[list[str] | None] = mapped_column(JSON, default=None)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class OperatorToken(IdMixin, Base):
    """An operator's session: a token stored as its hash, apart from the tenants' `user_token`, so neither kind of
    token opens the other's endpoints."""

    __tablename__ = "operator_token"

    operator_id: Mapped[int] = mapped_column(BigId, ForeignKey("operator_account.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    client_ip: Mapped[str] = mapped_column(String(45), default="")


class OperatorAudit(IdMixin, Base):
    """One operator action: who, what, on what (a tenant, a user, a device), the state before and after."""

    __tablename__ = "operator_audit"
    __table_args__ = (Index("ix_operator_audit_time", "created_at"),)

    # Kept when the operator or the tenant is gone: the record outlives both (no foreign keys).
    operator_id: Mapped[int] = mapped_column(BigId, index=True)
    operator_name: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(40))
    tenant_id: Mapped[int | None] = mapped_column(BigId, default=None, index=True)
    target_kind: Mapped[str] = mapped_column(String(20), default="")
    target_id: Mapped[int | None] = mapped_column(BigId, default=None)
    target_name: Mapped[str] = mapped_column(String(64), default="")
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    result: Mapped[str] = mapped_column(String(16), default="ok")
    client_ip: Mapped[str] = mapped_column(String(45), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
