"""The software library (issue 34, docs/api-software.md): the versions a tenant publishes for its gateways (device
end), its mobile app and its PC client, each with its package's bytes stored under the data dir
(software/storage.py).

A version fits `models`: for the device end the gateway models it may be installed on (`gateway.model`), for the
mobile app and the PC client the platform its package is built for, read from its bytes (android, ios; windows,
macos, linux, or any for a portable archive). A version is new for its type and each of its models: unique and
above every version of the same type that fits one of them. `state` is its update state: published (offered to
upgrades and to clients asking for a newer version) or withdrawn; `mode` default (the device upgrades once idle,
the client may decline) or forced."""

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, SmallInteger, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.tenancy import TenantScoped

# SPEC §3 Software version: type device end, mobile, PC.
TYPE_DEVICE, TYPE_MOBILE, TYPE_PC = 1, 2, 3
# Mode: default (waits for the device to be idle; a client may decline) or forced.
MODE_DEFAULT, MODE_FORCED = 0, 1
# Update state of a version: withdrawn versions are kept (history names them) but offered to nothing.
STATE_WITHDRAWN, STATE_PUBLISHED = 0, 1


class SoftwareVersion(IdMixin, TimestampMixin, TenantScoped, Base):
    __tablename__ = "software_version"
    __table_args__ = (Index("ix_software_version_tenant_type", "tenant_id", "type"),)

    type: Mapped[int] = mapped_column(SmallInteger)
    version: Mapped[str] = mapped_column(String(32))
    # Gateway models (device end) or the package's platform (mobile, PC): what the version fits.
    models: Mapped[list[str]] = mapped_column(JSON, default=list)
    # The same as `,m1,m2,`, for finding the versions that fit one model with LIKE on either database.
    models_key: Mapped[str] = mapped_column(String(512), default=",")
    content_zh: Mapped[str] = mapped_column(Text, default="")
    content_en: Mapped[str] = mapped_column(Text, default="")
    mode: Mapped[int] = mapped_column(SmallInteger, default=MODE_DEFAULT)
    state: Mapped[int] = mapped_column(SmallInteger, default=STATE_PUBLISHED)
    # The package: what it is by its bytes (software/packages.py), its name as uploaded, size and SHA-256 (hex).
    kind: Mapped[str] = mapped_column(String(16))
    file_name: Mapped[str] = mapped_column(String(128))
    file_key: Mapped[str] = mapped_column(String(32), unique=True)
    size: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )


def models_key(models: list[str]) -> str:
    return "," + "".join(f"{m}," for m in models)
