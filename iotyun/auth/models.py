"""Tenants, users, roles and the account security tables (tokens, captchas, verification codes, throttles, nonces)."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped
from iotyun.core.timezones import DEFAULT_TIME_ZONE, TIME_ZONE_MAX


class Tenant(IdMixin, TimestampMixin, Base):
    __tablename__ = "tenant"

    name: Mapped[str] = mapped_column(String(64))
    # The short name used in demo/operations screens; unique so `iotyun seed --demo` is idempotent.
    code: Mapped[str] = mapped_column(String(64), unique=True)
    # The tenant's default IANA time zone, set by its administrator (docs/api-system.md "Time zones").
    time_zone: Mapped[str] = mapped_column(String(TIME_ZONE_MAX), default=DEFAULT_TIME_ZONE)


class Role(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "role"
    __table_args__ = (UniqueConstraint("tenant_id", "name"), UniqueConstraint("tenant_id", "code"))

    name: Mapped[str] = mapped_column(String(32))
    # administrator, administrator2, user, or a custom role's generated code
    code: Mapped[str] = mapped_column(String(40))
    # "default" (built in) or "custom"
    type: Mapped[str] = mapped_column(String(10), default="custom")
    permissions: Mapped[list[str]] = mapped_column(JSON, default=list)
    # A permission code whose default page the role's users land on (SPEC §2 mapping), or None.
    home_page: Mapped[str | None] = mapped_column(String(10), default=None)
    dashboard_fullscreen: Mapped[bool] = mapped_column(Boolean, default=True)
    # What the role's users may do on devices and on device templates (SPEC §3); read by those domains.
    device_permissions: Mapped[list[str]] = mapped_column(JSON, default=list)
    template_permissions: Mapped[list[str]] = mapped_column(JSON, default=list)


class User(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "user_account"
    # The team list filters and sorts within a tenant.
    __table_args__ = (
        Index("ix_user_account_tenant_created", "tenant_id", "created_at"),
        Index("ix_user_account_tenant_login", "tenant_id", "last_login_at"),
    )

    # Login names are global: a login form names no tenant.
    user_name: Mapped[str] = mapped_column(String(32), unique=True)
    phone: Mapped[str | None] = mapped_column(String(11), unique=True, default=None)
    email: Mapped[str | None] = mapped_column(String(254), unique=True, default=None)
    password_hash: Mapped[str] = mapped_column(String(255))
    nick_name: Mapped[str] = mapped_column(String(10), default="")
    company: Mapped[str] = mapped_column(String(30), default="")
    role_id: Mapped[int] = mapped_column(BigId, ForeignKey("role.id", ondelete="RESTRICT"), index=True)
    is_admin2: Mapped[bool] = mapped_column(Boolean, default=False)
    # The user's group; a secondary administrator manages this group and its sub-groups.
    group_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_group.id", ondelete="RESTRICT"), default=None, index=True
    )
    direct_permissions: Mapped[list[str]] = mapped_column(JSON, default=list)
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    must_change_password: Mapped[bool] = mapped_column(Boolean, default=False)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    login_count: Mapped[int] = mapped_column(Integer, default=0)
    # The user's own IANA time zone; None follows the tenant's (docs/api-system.md "Time zones").
    time_zone: Mapped[str | None] = mapped_column(String(TIME_ZONE_MAX), default=None)


class UserToken(IdMixin, TenantScoped, Base):
    __tablename__ = "user_token"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    pub_key: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    # Set on a simulated-login token: the administrator acting as this user.
    simulated_by: Mapped[int | None] = mapped_column(BigId, default=None)
    client_ip: Mapped[str] = mapped_column(String(45), default="")


class Captcha(Base):
    __tablename__ = "captcha"

    key: Mapped[str] = mapped_column(String(43), primary_key=True)
    answer_hash: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class VerifyCode(IdMixin, Base):
    __tablename__ = "verify_code"
    __table_args__ = (Index("ix_verify_code_account_scene", "account", "scene"),)

    account: Mapped[str] = mapped_column(String(254))
    # "register", "reset" or "bind"
    scene: Mapped[str] = mapped_column(String(16))
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class LoginThrottle(Base):
    __tablename__ = "login_throttle"

    # "user:<id>" for an account (whichever of its names was typed), "name:<typed, lower-cased>" for a name nobody
    # holds: unknown names are throttled too, so probing reveals nothing (auth.challenges.throttle_key).
    key: Mapped[str] = mapped_column(String(254), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    lock_count: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class RequestNonce(Base):
    __tablename__ = "request_nonce"

    sig_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class QrLoginTicket(IdMixin, Base):
    """A QR sign-in (docs/api.md "QR sign-in"): made by a browser on the login page, scanned and confirmed by a user
    signed in elsewhere, collected once by the key pair that made it. Belongs to no tenant until confirmed; the key is
    kept only as its SHA-256."""

    __tablename__ = "qr_login_ticket"

    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The signing key of the browser that made it: only that key pair collects the session, which carries it.
    pub_key: Mapped[str] = mapped_column(String(64))
    # "waiting", "scanned", "confirmed" or "cancelled"
    status: Mapped[str] = mapped_column(String(10), default="waiting")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    # What the confirming user is shown of the browser that asks: its address and its User-Agent.
    client_ip: Mapped[str] = mapped_column(String(45), default="")
    user_agent: Mapped[str] = mapped_column(String(200), default="")
    # The user who scanned it (and confirms), and the address they confirmed from.
    user_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="CASCADE"), default=None, index=True
    )
    confirm_ip: Mapped[str] = mapped_column(String(45), default="")
