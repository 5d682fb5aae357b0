"""Team tables: the user-group tree, per-user quotas and the user log (Tenant, User, Role stay in auth.models)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core import limits
from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped


class UserGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "user_group"
    # Names are unique among siblings; root groups (parent NULL) are checked by the service, as NULLs never clash.
    __table_args__ = (UniqueConstraint("tenant_id", "parent_id", "name"),)

    name: Mapped[str] = mapped_column(String(32))
    parent_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_group.id", ondelete="CASCADE"), default=None, index=True
    )


# SPEC §3 quota fields and the platform's values of them (core/limits.py, IOTYUN_QUOTA_<NAME>).
QUOTA_FIELDS = limits.QUOTA_FIELDS
QUOTA_DEFAULTS = limits.QUOTA_DEFAULTS


class UserQuota(IdMixin, TimestampMixin, TenantScoped, Base):
    """One row per user, created when an administrator first sets a quota: a value at or below the platform's;
    null (and no row) means the platform's value."""

    __tablename__ = "user_quota"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    device_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_create: Mapped[int | None] = mapped_column(Integer, default=None)
    screens: Mapped[int | None] = mapped_column(Integer, default=None)
    gallery_mb: Mapped[int | None] = mapped_column(Integer, default=None)
    screen_versions_mb: Mapped[int | None] = mapped_column(Integer, default=None)
    exports_kept: Mapped[int | None] = mapped_column(Integer, default=None)
    sms_push: Mapped[int | None] = mapped_column(Integer, default=None)
    wechat_push: Mapped[int | None] = mapped_column(Integer, default=None)
    alarm_storage: Mapped[int | None] = mapped_column(Integer, default=None)
    history_storage_mb: Mapped[int | None] = mapped_column(Integer, default=None)


class QuotaGrant(IdMixin, TimestampMixin, TenantScoped, Base):
    """A platform operator's ceiling of a user's quotas (operations management, issue 35): where set, it replaces the
    platform's value for that user, above or below it; the tenant's administrator then sets at most this. Written
    only by operations (team.quotas.grant_quotas), never by the tenant."""

    __tablename__ = "quota_grant"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    device_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_create: Mapped[int | None] = mapped_column(Integer, default=None)
    screens: Mapped[int | None] = mapped_column(Integer, default=None)
    gallery_mb: Mapped[int | None] = mapped_column(Integer, default=None)
    screen_versions_mb: Mapped[int | None] = mapped_column(Integer, default=None)
    exports_kept: Mapped[int | None] = mapped_column(Integer, default=None)
    sms_push: Mapped[int | None] = mapped_column(Integer, default=None)
    wechat_push: Mapped[int | None] = mapped_column(Integer, default=None)
    alarm_storage: Mapped[int | None] = mapped_column(Integer, default=None)
    history_storage_mb: Mapped[int | None] = mapped_column(Integer, default=None)


class QuotaLock(Base):
    """One row per user that has claimed a quota, holding nothing but the lock: a claim locks it (one UPDATE that
    changes no value, held to the end of the request's
    transaction, on PostgreSQL a row lock, on SQLite the database's write lock), then counts what the user holds
    and adds its own, so concurrent claims of one user, in one server process or several, are counted one after
    the other (team.quotas.claim_quota; docs/decisions.md "Bounded by default")."""

    __tablename__ = "quota_lock"

    user_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )


class UserLog(IdMixin, TenantScoped, Base):
    """What a user did; when an administrator acted through a simulated login, actor_* names them."""

    __tablename__ = "user_log"
    __table_args__ = (
        Index("ix_user_log_tenant_time", "tenant_id", "time"),
        Index("ix_user_log_tenant_user_time", "tenant_id", "user_id", "time"),
        Index("ix_user_log_tenant_action_time", "tenant_id", "action", "time"),
    )

    time: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # No foreign keys: the log outlives deleted users (the tenant's cancellation still removes it).
    user_id: Mapped[int] = mapped_column(BigId)
    user_name: Mapped[str] = mapped_column(String(32))
    actor_id: Mapped[int | None] = mapped_column(BigId, default=None)
    actor_name: Mapped[str | None] = mapped_column(String(32), default=None)
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(200), default="")
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    ip: Mapped[str] = mapped_column(String(45), default="")
