"""Share-link tables: a link (its token, what it permits, until when and how often) and the devices it carries.
The contract over them is docs/api-sharing.md."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
from iotyun.core.limits import SHARE_LINK_NOTE_MAX, SHARE_LINK_TOKEN_HASH_LEN
from iotyun.core.tenancy import TenantScoped

# link_type: a configuration (the devices' screens) or a dashboard (issue 31 point 5).
LINK_CONFIGURATION = 1
LINK_DASHBOARD = 2
# A business sector's dashboards, presented in turn (/detail?token=; issue 31 point 6).
LINK_SECTOR = 3
# permission: the screens only, or also their controls.
PERMISSION_READ = 1
PERMISSION_CONTROL = 2
# use_state
LINK_DISABLED = 0
LINK_ENABLED = 1


class ShareLink(IdMixin, TimestampMixin, TenantScoped, Base):
    """An anonymous link to devices' screens. It carries the rights of `user_id` (its creator) at the moment it is
    opened, narrowed to its devices and to `permission`; `expire_at` null never expires, `access_limit` null opens
    without limit; `use_count` counts the opens (GET /yun/shared/module)."""

    __tablename__ = "share_link"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    link_type: Mapped[int] = mapped_column(SmallInteger, default=LINK_CONFIGURATION)
    # SHA-256 (hex) of the token of the link's URL: the token itself is shown once, when it is made (created or
    # reset), and stored nowhere. The column keeps its first name, `token` (migration 2026-12-07 hashed it in place).
    token_hash: Mapped[str] = mapped_column("token", String(SHARE_LINK_TOKEN_HASH_LEN), unique=True)
    permission: Mapped[int] = mapped_column(SmallInteger, default=PERMISSION_READ)
    expire_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    access_limit: Mapped[int | None] = mapped_column(Integer, default=None)
    use_count: Mapped[int] = mapped_column(Integer, default=0)
    note: Mapped[str] = mapped_column(String(SHARE_LINK_NOTE_MAX), default="")
    use_state: Mapped[int] = mapped_column(SmallInteger, default=LINK_ENABLED)
    # A dashboard link's dashboard, and the device or device group its trees start on (the linked cards' choice).
    dashboard_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("dashboard.id", ondelete="CASCADE"), default=None, index=True
    )
    # A sector link's sector.
    sector_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("sector.id", ondelete="CASCADE"), default=None, index=True
    )
    choice_device_id: Mapped[int | None] = mapped_column(BigId, default=None)
    choice_group_id: Mapped[int | None] = mapped_column(BigId, default=None)


class ShareLinkDevice(IdMixin, TenantScoped, Base):
    """One device of a link, in the link's order (`sort`)."""

    __tablename__ = "share_link_device"
    __table_args__ = (UniqueConstraint("link_id", "device_id"),)

    link_id: Mapped[int] = mapped_column(BigId, ForeignKey("share_link.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), index=True)
    sort: Mapped[int] = mapped_column(Integer, default=0)
