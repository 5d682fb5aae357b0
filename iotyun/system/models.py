"""System settings owned by a tenant: the custom page configuration (the custom-page issue adds its editor)."""

from typing import Any

from sqlalchemy import JSON, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, IdMixin, TimestampMixin
from iotyun.core.tenancy import TenantScoped


class CustomPageConfig(IdMixin, TimestampMixin, TenantScoped, Base):
    """Read by the console's guard before permissions (SPEC §2, §7)."""

    __tablename__ = "custom_page_config"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    custom_page_name: Mapped[str] = mapped_column(String(64), default="")
    custom_page_json: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
