"""Team tables: the user-group tree, per-user quotas and the user log (Tenant, User, Role stay in auth.models)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

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


# SPEC §3 quota fields; None means unlimited. The two storage limits have the defaults SPEC §9 names.
QUOTA_FIELDS = (
    "device_share",
    "template_share",
    "template_create",
    "screens",
    "gallery_mb",
    "sms_push",
    "wechat_push",
    "alarm_storage",
    "history_storage_mb",
)
QUOTA_DEFAULTS: dict[str, int | None] = {name: None for name in QUOTA_FIELDS} | {
    "alarm_storage": 2000,
    "history_storage_mb": 200,
}


class UserQuota(IdMixin, TimestampMixin, TenantScoped, Base):
    """One row per user, created when an administrator first sets a quota; no row means the defaults."""

    __tablename__ = "user_quota"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    device_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_share: Mapped[int | None] = mapped_column(Integer, default=None)
    template_create: Mapped[int | None] = mapped_column(Integer, default=None)
    screens: Mapped[int | None] = mapped_column(Integer, default=None)
    gallery_mb: Mapped[int | None] = mapped_column(Integer, default=None)
    sms_push: Mapped[int | None] = mapped_column(Integer, default=None)
    wechat_push: Mapped[int | None] = mapped_column(Integer, default=None)
    alarm_storage: Mapped[int | None] = mapped_column(Integer, default=2000)
    history_storage_mb: Mapped[int | None] = mapped_column(Integer, default=200)


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
