"""Tables of a tenant's brand: its settings (one row a tenant, none until first saved) and the images uploaded for
it (docs/api-system.md "Personalization and white label")."""

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.limits import BRAND_DOMAIN_MAX, BRAND_FOOTER_MAX, BRAND_NAME_MAX, BRAND_SLOGAN_MAX
from iotyun.core.tenancy import TenantScoped

# secrets.token_urlsafe(24): the unguessable name an image is served by.
FILE_KEY_LENGTH = 32


class BrandImage(IdMixin, TimestampMixin, TenantScoped, Base):
    """An image uploaded for one place of the brand (`slot`: logo_light, logo_dark, favicon, background), kept as
    judged (re-encoded PNG/JPEG or sanitised SVG). One the brand does not name is pending: a form not saved yet,
    or an image replaced since (removed when the brand saved without it commits)."""

    __tablename__ = "brand_image"

    slot: Mapped[str] = mapped_column(String(16))
    file_key: Mapped[str] = mapped_column(String(FILE_KEY_LENGTH), unique=True)
    ext: Mapped[str] = mapped_column(String(4))
    content_type: Mapped[str] = mapped_column(String(32))
    size_bytes: Mapped[int] = mapped_column(Integer)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)


def _image_ref() -> Mapped[int | None]:
    return mapped_column(BigId, ForeignKey("brand_image.id", ondelete="SET NULL"), nullable=True, default=None)


class Brand(IdMixin, TimestampMixin, TenantScoped, Base):
    """The tenant's brand (/system/personalization, P81000). `domain` is unique across tenants: the white-label host
    whose login page shows this brand before anyone signs in. `version` counts the saves (the consoles' push)."""

    __tablename__ = "brand"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    platform_name: Mapped[str] = mapped_column(String(BRAND_NAME_MAX), default="")
    slogan: Mapped[str] = mapped_column(String(BRAND_SLOGAN_MAX), default="")
    footer: Mapped[str] = mapped_column(String(BRAND_FOOTER_MAX), default="")
    primary_color: Mapped[str | None] = mapped_column(String(7), default=None)
    default_language: Mapped[str] = mapped_column(String(2), default="zh")
    map_theme: Mapped[str | None] = mapped_column(String(16), default=None)
    domain: Mapped[str | None] = mapped_column(String(BRAND_DOMAIN_MAX), unique=True, default=None)
    logo_light_id: Mapped[int | None] = _image_ref()
    logo_dark_id: Mapped[int | None] = _image_ref()
    favicon_id: Mapped[int | None] = _image_ref()
    background_id: Mapped[int | None] = _image_ref()
    version: Mapped[int] = mapped_column(Integer, default=0)
