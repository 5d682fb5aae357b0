"""The tenant's custom page configuration: one versioned document per tenant (SPEC §3 custom_page_name,
custom_page_json)."""

from typing import Any

from sqlalchemy import JSON, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, IdMixin, TimestampMixin
from iotyun.core.tenancy import TenantScoped


class CustomPageConfig(IdMixin, TimestampMixin, TenantScoped, Base):
    """Read by the console's guard before permissions (SPEC §2, §7). `custom_page_json` is a `CustomPageDocument`
    (schemas.py); `custom_page_name` repeats its sidebar title; `version` counts the saves, so a save based on an
    older one is refused (100023)."""

    __tablename__ = "custom_page_config"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    custom_page_name: Mapped[str] = mapped_column(String(64), default="")
    custom_page_json: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
