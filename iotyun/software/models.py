"""The software library (issue 34, docs/api-software.md): the versions a tenant publishes for its gateways (device
end), its mobile app and its PC client, each with its package's bytes stored under the data dir
(software/storage.py).

A version fits `models`: for the device end the gateway models it may be installed on (`gateway.model`), for the
mobile app and the PC client the platform its package is built for, read from its bytes (android, ios; windows,
macos, linux, or any for a portable archive). A version is new for its type and each of its models: unique and
above every version of the same type that fits one of them. `state` is its update state: published (offered to
upgrades and to clients asking for a newer version) or withdrawn; `mode` default (the device upgrades once idle,
the client may decline) or forced."""

from datetime import datetime

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, SmallInteger, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime
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


# An upgrade (a rollout of one device-end version to chosen gateways) runs, is paused (by hand or by its failure
# threshold), cancelled, or finished once every device's upgrade has ended.
UPGRADE_RUNNING, UPGRADE_PAUSED, UPGRADE_CANCELLED, UPGRADE_FINISHED = 1, 2, 3, 4
# One device's upgrade (SPEC §4 Software update): updatable (chosen, waiting for its wave, for the device to come
# online or to be idle), downloading, download failed, equipment updating, updated; and two ends SPEC does not
# name: the update failed (the new version did not start and the device went back, or it never came back in time)
# and cancelled (the rollout was cancelled before the device began installing).
DEVICE_UPDATABLE, DEVICE_DOWNLOADING, DEVICE_DOWNLOAD_FAILED, DEVICE_UPDATING, DEVICE_UPDATED = 1, 2, 3, 4, 5
DEVICE_UPDATE_FAILED, DEVICE_CANCELLED = 6, 7
DEVICE_ACTIVE = (DEVICE_UPDATABLE, DEVICE_DOWNLOADING, DEVICE_UPDATING)
DEVICE_ENDED = (DEVICE_DOWNLOAD_FAILED, DEVICE_UPDATED, DEVICE_UPDATE_FAILED, DEVICE_CANCELLED)
DEVICE_FAILED = (DEVICE_DOWNLOAD_FAILED, DEVICE_UPDATE_FAILED)
# The ends a device reaches by itself (an upgrade.finished event; a cancellation is the person's act).
DEVICE_FINISHED = (DEVICE_UPDATED, *DEVICE_FAILED)


class SoftwareUpgrade(IdMixin, TimestampMixin, TenantScoped, Base):
    """A rollout of a device-end version to chosen gateways, in waves: the first `first_wave` devices, then
    `step_percent` of them per wave; a wave whose failed share passes `failure_percent` pauses the rollout."""

    __tablename__ = "software_upgrade"
    __table_args__ = (Index("ix_software_upgrade_tenant_state", "tenant_id", "state"),)

    version_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("software_version.id", ondelete="SET NULL"), default=None, index=True
    )
    # The version's number and mode when the rollout began (history keeps them after the version is gone).
    to_version: Mapped[str] = mapped_column(String(32))
    mode: Mapped[int] = mapped_column(SmallInteger, default=MODE_DEFAULT)
    state: Mapped[int] = mapped_column(SmallInteger, default=UPGRADE_RUNNING)
    # Why it paused or ended (failure_threshold, by_user, cancelled) and the wave it is on (0 = the first).
    reason: Mapped[str] = mapped_column(String(64), default="")
    wave: Mapped[int] = mapped_column(SmallInteger, default=0)
    waves: Mapped[int] = mapped_column(SmallInteger, default=1)
    first_wave: Mapped[int] = mapped_column(Integer, default=0)
    step_percent: Mapped[int] = mapped_column(SmallInteger, default=100)
    failure_percent: Mapped[int] = mapped_column(SmallInteger, default=100)
    total: Mapped[int] = mapped_column(Integer, default=0)
    created_by: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class SoftwareUpgradeDevice(IdMixin, TimestampMixin, TenantScoped, Base):
    """One device's upgrade in a rollout: the history per device and per upgrade (SPEC `/software/history`). The
    device's SN, name and versions are copied, so the history reads the same after the device is gone."""

    __tablename__ = "software_upgrade_device"
    __table_args__ = (
        Index("ix_software_upgrade_device_upgrade", "upgrade_id", "wave", "state"),
        Index("ix_software_upgrade_device_tenant_device", "tenant_id", "device_id"),
        Index("ix_software_upgrade_device_active", "state", "gateway_id"),
    )

    upgrade_id: Mapped[int] = mapped_column(BigId, ForeignKey("software_upgrade.id", ondelete="CASCADE"))
    device_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("device.id", ondelete="SET NULL"), default=None)
    gateway_id: Mapped[int] = mapped_column(BigId, ForeignKey("gateway.id", ondelete="CASCADE"))
    sn: Mapped[str] = mapped_column(String(19))
    device_name: Mapped[str] = mapped_column(String(32), default="")
    model: Mapped[str] = mapped_column(String(20), default="")
    from_version: Mapped[str] = mapped_column(String(32), default="")
    to_version: Mapped[str] = mapped_column(String(32))
    wave: Mapped[int] = mapped_column(SmallInteger, default=0)
    state: Mapped[int] = mapped_column(SmallInteger, default=DEVICE_UPDATABLE)
    progress: Mapped[int] = mapped_column(SmallInteger, default=0)
    # Why it is waiting or how it ended: a code of the catalogue's words (offline, busy, sha256, timeout, ...) and
    # the gateway's own text, if it gave one.
    reason: Mapped[str] = mapped_column(String(200), default="")
    # The command's id (the gateway's reports name it) and the download link's digest and end (docs/api-software.md).
    req_id: Mapped[str] = mapped_column(String(32), unique=True)
    link_digest: Mapped[str] = mapped_column(String(64), default="", index=True)
    link_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    # When the gateway last told anything of this upgrade (a stalled one times out from here).
    reported_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
