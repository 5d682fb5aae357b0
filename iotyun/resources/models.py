"""Gallery tables: classifications and images, per tenant. The system gallery's classifications are rows of every
tenant too (made on first use, `system_key` naming their text), so the tenant criteria cover both galleries."""

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
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
