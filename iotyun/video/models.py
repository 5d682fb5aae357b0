"""A tenant's video cloud account and a template's camera slots (docs/api-video.md)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.tenancy import TenantScoped


class VideoAccount(IdMixin, TimestampMixin, TenantScoped, Base):
    """One a tenant (`tenant_id` unique). The app secret and the token are sealed (core/sealing.py) and never leave
    the server; the token is renewed by the server before it expires."""

    __tablename__ = "video_account"
    __table_args__ = (UniqueConstraint("tenant_id", name="uq_video_account_tenant"),)

    provider: Mapped[str] = mapped_column(String(32))
    app_key: Mapped[str] = mapped_column(String(64))
    sealed_secret: Mapped[str] = mapped_column(String(1000))
    sealed_token: Mapped[str] = mapped_column(String(2000), default="")
    token_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    token_fetched_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    bound_by: Mapped[int | None] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="SET NULL"))


class TemplateVideo(IdMixin, TimestampMixin, TenantScoped, Base):
    """A template's camera slots (`/yun/module/video`): `cameras` is a list of {name, serial, channel}."""

    __tablename__ = "template_video"

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), unique=True)
    cameras: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
