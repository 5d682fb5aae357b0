"""Dashboard tables: groups, dashboards with their document of cards and layouts, who a dashboard is shown to, and
business sectors with their ordered dashboards (docs/api-dashboards.md)."""

from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.limits import (
    DASHBOARD_GROUP_NAME_MAX,
    DASHBOARD_NAME_MAX,
    SECTOR_DESCRIPTION_MAX,
    SECTOR_NAME_MAX,
)
from iotyun.core.tenancy import TenantScoped

# visibility
VISIBLE_ALL = 1
VISIBLE_PARTIAL = 2
# DashboardAudience.kind
AUDIENCE_USER = 1
AUDIENCE_ROLE = 2
AUDIENCE_USER_GROUP = 3


class DashboardGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A folder of the tenant's dashboards list (SPEC §7 /yun/dashboard/group)."""

    __tablename__ = "dashboard_group"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(DASHBOARD_GROUP_NAME_MAX))
    position: Mapped[int] = mapped_column(Integer, default=0)


class Dashboard(IdMixin, TimestampMixin, TenantScoped, Base):
    """A dashboard of the tenant (SPEC §3): its resolution, themes, flags, who sees it, and its document (the cards
    and their per-breakpoint layouts, `dashboards/document.py`). `owner_id` made it; every user it is shown to
    reads it, those with the edit right change it."""

    __tablename__ = "dashboard"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    group_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("dashboard_group.id", ondelete="RESTRICT"), default=None, index=True
    )
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None, index=True
    )
    name: Mapped[str] = mapped_column(String(DASHBOARD_NAME_MAX))
    width: Mapped[int] = mapped_column(Integer, default=1920)
    height: Mapped[int] = mapped_column(Integer, default=1080)
    theme: Mapped[str] = mapped_column(String(16), default="tech")
    chart_theme: Mapped[str] = mapped_column(String(16), default="blueTech")
    mobile: Mapped[bool] = mapped_column(Boolean, default=False)
    free_move: Mapped[bool] = mapped_column(Boolean, default=False)
    visibility: Mapped[int] = mapped_column(SmallInteger, default=VISIBLE_ALL)
    position: Mapped[int] = mapped_column(Integer, default=0)
    document: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # Bumped on every save: an editor saving over a newer version is refused (100023 on `version`).
    version: Mapped[int] = mapped_column(Integer, default=1)


class DashboardAudience(IdMixin, TenantScoped, Base):
    """One user, role or user group a partially visible dashboard is shown to (a user group counts its sub-groups)."""

    __tablename__ = "dashboard_audience"
    __table_args__ = (UniqueConstraint("dashboard_id", "kind", "target_id"),)

    dashboard_id: Mapped[int] = mapped_column(BigId, ForeignKey("dashboard.id", ondelete="CASCADE"), index=True)
    kind: Mapped[int] = mapped_column(SmallInteger)
    target_id: Mapped[int] = mapped_column(BigId)


class Sector(IdMixin, TimestampMixin, TenantScoped, Base):
    """A business sector (SPEC §3): a name, a description, a gallery image, and an ordered set of dashboards that
    /business lists and /detail presents."""

    __tablename__ = "sector"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(SECTOR_NAME_MAX))
    description: Mapped[str] = mapped_column(String(SECTOR_DESCRIPTION_MAX), default="")
    # A gallery image's URL path (/yun/resourcesInfo), or "" for none.
    image: Mapped[str] = mapped_column(String(500), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)
    # Seconds each dashboard shows when /detail rotates (0: no rotation).
    interval: Mapped[int] = mapped_column(Integer, default=0)


class SectorDashboard(IdMixin, TenantScoped, Base):
    __tablename__ = "sector_dashboard"
    __table_args__ = (UniqueConstraint("sector_id", "dashboard_id"),)

    sector_id: Mapped[int] = mapped_column(BigId, ForeignKey("sector.id", ondelete="CASCADE"), index=True)
    dashboard_id: Mapped[int] = mapped_column(BigId, ForeignKey("dashboard.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
