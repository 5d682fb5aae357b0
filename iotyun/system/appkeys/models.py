"""An app key: a principal like a user, of its owner, narrowed to its scopes (docs/api-system.md "Open API")."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.limits import APP_KEY_NAME_MAX
from iotyun.core.tenancy import TenantScoped


class AppKey(IdMixin, TimestampMixin, TenantScoped, Base):
    """`key_id` is public (`ak_…`, sent with every call); the secret is never stored: `signing_key` is its SHA-256,
    the key its calls are signed with (docs/decisions.md "App keys are signed with the secret's hash"). The `used_*`
    columns count the calls of the current minute and UTC day, in one conditional UPDATE per call."""

    __tablename__ = "app_key"

    key_id: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(APP_KEY_NAME_MAX))
    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    signing_key: Mapped[str] = mapped_column(String(64))
    scopes: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Addresses and CIDR ranges; empty: any address.
    allowed_ips: Mapped[list[str]] = mapped_column(JSON, default=list)
    rate_per_minute: Mapped[int] = mapped_column(Integer)
    daily_quota: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    last_used_ip: Mapped[str] = mapped_column(String(64), default="")
    # Epoch minute and UTC epoch day of the counts.
    used_minute: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    used_minute_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    used_day: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    used_day_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
