"""Gallery tables: classifications and images, per tenant. The system gallery's classifications are rows of every
tenant too (made on first use, `system_key` naming their text), so the tenant criteria cover both galleries."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped

# Length of an image's file key: secrets.token_urlsafe(24), 192 random bits (docs/decisions.md).
FILE_KEY_LENGTH = 32


class GalleryClassify(IdMixin, TenantScoped, Base):
    """A classification of the system gallery (owner None, read-only) or of one user's gallery."""

    __tablename__ = "resource_classify"
    # A user's names are unique among their own classifications (114004); each system classification (no owner) is
    # made once per tenant.
    __table_args__ = (UniqueConstraint("tenant_id", "owner_id", "name"), UniqueConstraint("tenant_id", "system_key"))

    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="CASCADE"), default=None, index=True
    )
    name: Mapped[str] = mapped_column(String(32))
    # core/texts.py key `name.gallery.<system_key>` of a system classification, shown in the reader's language.
    system_key: Mapped[str | None] = mapped_column(String(32), default=None)
    is_system: Mapped[bool] = mapped_column(Boolean, default=False)
    sort: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class GalleryImage(IdMixin, TenantScoped, Base):
    """An uploaded image. Its bytes live under the data dir by `file_key`, which is also its public URL."""

    __tablename__ = "resource_image"
    __table_args__ = (UniqueConstraint("classify_id", "name"),)

    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="CASCADE"), default=None, index=True
    )
    # No cascade: a classification holding images is not deleted (114006).
    classify_id: Mapped[int] = mapped_column(BigId, ForeignKey("resource_classify.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    file_key: Mapped[str] = mapped_column(String(FILE_KEY_LENGTH), unique=True)
    ext: Mapped[str] = mapped_column(String(4))
    content_type: Mapped[str] = mapped_column(String(16))
    size_bytes: Mapped[int] = mapped_column(Integer)
    width: Mapped[int] = mapped_column(Integer)
    height: Mapped[int] = mapped_column(Integer)
    use: Mapped[str] = mapped_column(String(12))
    is_system: Mapped[bool] = mapped_column(Boolean, default=False)
    # A system image (resources/system_gallery.py): its name is core/texts.py `name.gallery_image.<system_key>` and
    # its bytes ship with the server; each tenant has its row, made with the system classifications.
    system_key: Mapped[str | None] = mapped_column(String(32), default=None)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class GalleryModel(IdMixin, TenantScoped, Base):
    """A 3D model of a user's gallery: one .gltf and the buffers and textures it names, uploaded together. The files
    live under the data dir by `file_key`; `files` lists them as `{name, size}` in upload order, the .gltf first."""

    __tablename__ = "resource_model"
    __table_args__ = (UniqueConstraint("classify_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    # No cascade: a classification holding models is not deleted (114006).
    classify_id: Mapped[int] = mapped_column(BigId, ForeignKey("resource_classify.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    file_key: Mapped[str] = mapped_column(String(FILE_KEY_LENGTH), unique=True)
    gltf_name: Mapped[str] = mapped_column(String(128))
    files: Mapped[list[dict[str, object]]] = mapped_column(JSON)
    size_bytes: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class TenantSymbol(IdMixin, TenantScoped, Base):
    """A symbol of the tenant's library (issue 30 point 11): an imported SVG as sanitised (resources/svg.py, every
    kept element tagged `data-iot-id`), and the parts its editor marked among those ids, each named in zh and/or en.
    Seen and used by every designer of the tenant; its bytes count in the importer's gallery_mb quota. Served by
    `file_key` without a token, as gallery images are (docs/decisions.md)."""

    __tablename__ = "resource_symbol"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    # Who imported it (whose quota it takes); kept when they leave, the symbol is the tenant's.
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None, index=True
    )
    name: Mapped[str] = mapped_column(String(32))
    category: Mapped[str] = mapped_column(String(16))
    file_key: Mapped[str] = mapped_column(String(FILE_KEY_LENGTH), unique=True)
    svg: Mapped[str] = mapped_column(Text)
    # [{"id": "n3", "zh": "罐体", "en": "Tank body"}, ...] in the order the editor gave; the first is the one a plain
    # state colour takes.
    parts: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    width: Mapped[float] = mapped_column(Float)
    height: Mapped[float] = mapped_column(Float)
    size_bytes: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
