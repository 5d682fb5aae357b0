"""The report table: one user's chart definition (SPEC §3). Title and chart type are columns (listed, searched,
unique per owner); the rest of the definition is the `config` document, validated by reports/schemas.py."""

from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.limits import REPORT_CHART_THEME_DEFAULT
from iotyun.core.tenancy import TenantScoped


class ReportGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A user's folder of reports (name unique per owner); deleting it files its reports back to no group."""

    __tablename__ = "report_group"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(10))


class Report(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "report"
    __table_args__ = (UniqueConstraint("owner_id", "title"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(32))
    # 1 indicator card, 2 table, 3 line, 4 grouped bar, 5 stacked bar, 6 pie, 7 horizontal bar, 8 sorted bar.
    chart_type: Mapped[int] = mapped_column(Integer)
    # 6 history data, 7 history alarm, 8 device info, 9 user info.
    table_kind: Mapped[int] = mapped_column(Integer)
    group_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("report_group.id", ondelete="SET NULL"), default=None, index=True
    )
    refresh_interval: Mapped[int] = mapped_column(Integer, default=0)
    exportable: Mapped[bool] = mapped_column(Boolean, default=True)
    # One of REPORT_CHART_THEMES, and the data colour conditions ([{min, max, color}], reports/schemas.py).
    theme: Mapped[str] = mapped_column(
        String(16), default=REPORT_CHART_THEME_DEFAULT, server_default=REPORT_CHART_THEME_DEFAULT
    )
    conditions: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list, server_default="[]")
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
