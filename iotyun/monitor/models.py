"""Tables of the monitor area (issue 35): each user's monitor setting and the tenant's groups of monitoring tables
(docs/api-monitor.md)."""

from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.limits import MONITOR_GROUP_NAME_MAX
from iotyun.core.tenancy import TenantScoped


class MonitorSetting(IdMixin, TimestampMixin, TenantScoped, Base):
    """One user's monitor setting (/monitor/monitorSetting, P112000): which monitoring tables the area shows and in
    what order, how they refresh and the defaults (`document`, monitor/schemas.py `MonitorSettingDocument`). No row:
    the defaults (every table, live)."""

    __tablename__ = "monitor_setting"

    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), unique=True)
    document: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class MonitorGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A named group of monitoring tables of the tenant (/monitor/middlewaresGrouping/id=): its tables in their order.
    A table deleted since, or one a viewer may not watch, is left out when the group is shown."""

    __tablename__ = "monitor_group"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(MONITOR_GROUP_NAME_MAX))
    position: Mapped[int] = mapped_column(Integer, default=0)
    table_ids: Mapped[list[int]] = mapped_column(JSON, default=list)
