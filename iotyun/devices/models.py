"""Device tables: the global gateway registry, a tenant's devices, groups, grants, flow cards, GPS, virtual devices,
thumbnail and carousel groups and the device log. The contract over them is docs/api-devices.md."""

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped

# SPEC §4: dev_state 1 online, 2 offline.
DEV_ONLINE = 1
DEV_OFFLINE = 2


class Gateway(IdMixin, TimestampMixin, Base):
    """A physical gateway, known by SN and secret across all tenants. Registration (a Device row) binds it to a
    tenant; the telemetry side updates its facts (state, IP, firmware, report_time). Not tenant-scoped: it is the
    thing a tenant claims, and it outlives any one registration."""

    __tablename__ = "gateway"

    sn: Mapped[str] = mapped_column(String(19), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(255))
    model: Mapped[str] = mapped_column(String(20), default="")
    firmware_version: Mapped[str] = mapped_column(String(32), default="")
    back_end_version: Mapped[str] = mapped_column(String(32), default="")
    shipment_no: Mapped[str] = mapped_column(String(32), default="")
    ip: Mapped[str] = mapped_column(String(45), default="")
    dev_state: Mapped[int] = mapped_column(SmallInteger, default=DEV_OFFLINE)
    report_time: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    vpn_state: Mapped[bool] = mapped_column(Boolean, default=False)
    vpn_ip: Mapped[str] = mapped_column(String(45), default="")
    # Who opened the VPN from the console (issue 34 point 5): another user may not close it (110554).
    vpn_opened_by: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
    # Whether the gateway says it can install an upgrade of itself (its state messages' `upgrade`; issue 34): False
    # refuses a rollout at once (110579) instead of after a download; None, a gateway that never said, is tried.
    can_upgrade: Mapped[bool | None] = mapped_column(Boolean, default=None)
    # Whether the hardware carries a GPS receiver (a bound GPS device of a virtual device must).
    has_gps: Mapped[bool] = mapped_column(Boolean, default=False)


class DeviceGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """SPEC §3 device group. Each tenant has exactly one default group (is_default), made on first use."""

    __tablename__ = "device_group"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(10))
    notes: Mapped[str] = mapped_column(String(120), default="")
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    # Who made the group: they may edit it, and so may their secondary administrator and the tenant's administrator
    # (devices.groups.service). None for the default group and for groups made before owners were kept.
    owner_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None, index=True
    )


# Foreign keys to users and groups take no ON DELETE rule (NO ACTION, checked at statement end) so a tenant's
# cancellation can cascade through users, groups and devices in one statement; the services refuse earlier deletes.


class Device(IdMixin, TimestampMixin, TenantScoped, Base):
    """A tenant's device: a registration of a gateway plus the site facts the tenant keeps about it.

    Unregistering keeps the row (registered=False) so its alias, group and address survive a re-registration, but
    releases the SN: only one registered row per SN exists across all tenants (partial unique index)."""

    __tablename__ = "device"
    __table_args__ = (
        Index(
            "uq_device_sn_registered",
            "sn",
            unique=True,
            sqlite_where=text("registered"),
            postgresql_where=text("registered"),
        ),
        Index("ix_device_tenant_sn", "tenant_id", "sn"),
        Index("ix_device_tenant_group", "tenant_id", "group_id"),
        Index("ix_device_tenant_owner", "tenant_id", "owner_id"),
        Index("ix_device_tenant_created", "tenant_id", "created_at"),
    )

    gateway_id: Mapped[int] = mapped_column(BigId, ForeignKey("gateway.id", ondelete="RESTRICT"), index=True)
    sn: Mapped[str] = mapped_column(String(19))
    registered: Mapped[bool] = mapped_column(Boolean, default=True)
    registered_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=utcnow)
    # The registering owner: the only user who manages, shares or hands the device over (SPEC §6).
    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id"))
    alias: Mapped[str] = mapped_column(String(32), default="")
    group_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("device_group.id"), default=None)
    address: Mapped[str] = mapped_column(String(200), default="")
    province_code: Mapped[str] = mapped_column(String(12), default="")
    city_code: Mapped[str] = mapped_column(String(12), default="")
    area_code: Mapped[str] = mapped_column(String(12), default="")
    contact_name: Mapped[str] = mapped_column(String(32), default="")
    contact_phone: Mapped[str] = mapped_column(String(20), default="")
    contact_email: Mapped[str] = mapped_column(String(254), default="")
    site_type: Mapped[str] = mapped_column(String(32), default="")
    remark: Mapped[str] = mapped_column(String(200), default="")
    video_url: Mapped[str] = mapped_column(String(500), default="")
    # Whether operators may write real-time values to this device at all (SPEC §6 "device write permission").
    allow_write: Mapped[bool] = mapped_column(Boolean, default=True)
    # The device's own control password (argon2 hash; "" = the tenant's default applies), SPEC §6.
    control_password_hash: Mapped[str] = mapped_column(String(255), default="", server_default="")
    latitude: Mapped[float | None] = mapped_column(Float, default=None)
    longitude: Mapped[float | None] = mapped_column(Float, default=None)
    located_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


# device_grant.kind
GRANT_SHARE = "share"
GRANT_DISTRIBUTION = "distribution"


class DeviceGrant(IdMixin, Base):
    """A device made visible to a user who does not own it: a share (any account, at most 10 per device, counted
    against the owner's device_share quota) or a distribution (a sub-user of the owner's tenant). Not tenant-scoped:
    a share may reach a user of another tenant; devices.repository.readable() is the one query that reads it."""

    __tablename__ = "device_grant"
    __table_args__ = (UniqueConstraint("device_id", "user_id", "kind"),)

    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    can_write: Mapped[bool] = mapped_column(Boolean, default=False)
    granted_by: Mapped[int] = mapped_column(BigId)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # Where the receiver of a share files the device among their own tenant's groups (private to them; None: "shared
    # with me", or the owner's group for a same-tenant share). Deleting the group files it back to None.
    group_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("device_group.id", ondelete="SET NULL"), default=None, index=True
    )


class FlowCard(IdMixin, TimestampMixin, TenantScoped, Base):
    """The SIM (flow card) bound to a device, with what the operator provider last said about it (SPEC §3, §4)."""

    __tablename__ = "flow_card"

    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), unique=True)
    iccid: Mapped[str] = mapped_column(String(32))
    package_name: Mapped[str] = mapped_column(String(64), default="")
    effective_date: Mapped[date | None] = mapped_column(Date, default=None)
    expiry_date: Mapped[date | None] = mapped_column(Date, default=None)
    total_mb: Mapped[float] = mapped_column(Float, default=0)
    used_mb: Mapped[float] = mapped_column(Float, default=0)
    warning_mb: Mapped[float] = mapped_column(Float, default=0)
    # SPEC §4: status normal | shutdown | abnormal; operator_state test | silent | closed | activated | pre_closure
    status: Mapped[str] = mapped_column(String(16), default="normal")
    operator_state: Mapped[str] = mapped_column(String(16), default="test")
    refreshed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    # The last figure a gateway reported that was not taken as it came (below the card's counter with no renewal
    # said by the book or the provider, or above the package's total), and when (devices/flowsamples.py).
    suspect_mb: Mapped[float | None] = mapped_column(Float, default=None)
    suspect_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class FlowSample(IdMixin, TenantScoped, Base):
    """A card's used flow (MB) at a moment: written whenever a card's `used_mb` changes (the provider's refresh, the
    owner's book, a gateway's state message), the series the traffic detail's usage per day or month comes from
    (docs/api-reports.md "Traffic")."""

    __tablename__ = "flow_sample"
    __table_args__ = (Index("ix_flow_sample_device_time", "device_id", "time"),)

    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"))
    time: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    used_mb: Mapped[float] = mapped_column(Float)
    # A new package's counter starts here (the book or the provider said the package renewed): its value counts as
    # used. A lower value without it corrects the counter and counts nothing.
    renewal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class GpsPoint(IdMixin, TenantScoped, Base):
    """One reported position of a device, for the map's history track."""

    __tablename__ = "gps_point"
    __table_args__ = (Index("ix_gps_point_device_time", "device_id", "time"),)

    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"))
    time: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)
    speed: Mapped[float | None] = mapped_column(Float, default=None)


class VirtualDevice(IdMixin, TimestampMixin, TenantScoped, Base):
    """SPEC §3 virtual device: what users monitor, bound to a real device (1.0) or to several through data sources
    (2.0), optionally to a GPS device, and to a template."""

    __tablename__ = "virtual_device"
    __table_args__ = (UniqueConstraint("tenant_id", "name"),)

    name: Mapped[str] = mapped_column(String(32))
    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id"))
    group_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("device_group.id"), default=None)
    address: Mapped[str] = mapped_column(String(200), default="")
    province_code: Mapped[str] = mapped_column(String(12), default="")
    city_code: Mapped[str] = mapped_column(String(12), default="")
    area_code: Mapped[str] = mapped_column(String(12), default="")
    contact_name: Mapped[str] = mapped_column(String(32), default="")
    contact_phone: Mapped[str] = mapped_column(String(20), default="")
    device_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("device.id", ondelete="SET NULL"), default=None, index=True
    )
    gps_device_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("device.id", ondelete="SET NULL"), default=None)
    # A template the owner reads (own or shared); deleting the template unbinds it.
    template_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("template.id", ondelete="SET NULL"), default=None, index=True
    )
    version: Mapped[str] = mapped_column(String(4), default="1.0")
    # The bound device's firmware version when bound or last repaired; differing now means "abnormal" (SPEC §4).
    firmware_version: Mapped[str] = mapped_column(String(32), default="")
    # What viewers of this virtual device may do: a subset of VIRTUAL_PERMISSIONS (docs/api-devices.md).
    permissions: Mapped[list[str]] = mapped_column(JSON, default=list)


class VirtualDeviceMember(IdMixin, TenantScoped, Base):
    """A 2.0 virtual device's child devices: the real devices its data sources read from."""

    __tablename__ = "virtual_device_member"
    __table_args__ = (UniqueConstraint("virtual_device_id", "device_id"),)

    virtual_device_id: Mapped[int] = mapped_column(
        BigId, ForeignKey("virtual_device.id", ondelete="CASCADE"), index=True
    )
    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), index=True)


class ThumbnailGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A user's group of device thumbnails on the equipment-monitoring overview (SPEC §5: 50 groups, 30 each)."""

    __tablename__ = "thumbnail_group"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    notes: Mapped[str] = mapped_column(String(120), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)


class ThumbnailItem(IdMixin, TenantScoped, Base):
    __tablename__ = "thumbnail_item"
    __table_args__ = (UniqueConstraint("group_id", "device_id"),)

    group_id: Mapped[int] = mapped_column(BigId, ForeignKey("thumbnail_group.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)


class CarouselGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A user's configuration carousel group: devices whose main web screens the console shows in turn, `interval`
    seconds each (SPEC §3, §4; the routes are templates/carousel/, which reads the devices' templates)."""

    __tablename__ = "carousel_group"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    interval: Mapped[int] = mapped_column(Integer, default=30)
    # Intra-group rotation on or off (SPEC §4).
    rotate: Mapped[bool] = mapped_column(Boolean, default=False)
    position: Mapped[int] = mapped_column(Integer, default=0)


class CarouselItem(IdMixin, TenantScoped, Base):
    __tablename__ = "carousel_item"
    __table_args__ = (UniqueConstraint("group_id", "device_id"),)

    group_id: Mapped[int] = mapped_column(BigId, ForeignKey("carousel_group.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)


class DeviceLog(IdMixin, TenantScoped, Base):
    """What happened to a device: registration, edits, sharing, transfer, online/offline (/yun/devLog)."""

    __tablename__ = "device_log"
    __table_args__ = (
        Index("ix_device_log_tenant_time", "tenant_id", "time"),
        Index("ix_device_log_tenant_device_time", "tenant_id", "device_id", "time"),
    )

    time: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # No foreign keys: the log outlives the device row and the user (tenant cancellation still removes it).
    device_id: Mapped[int | None] = mapped_column(BigId, default=None)
    sn: Mapped[str] = mapped_column(String(19), default="")
    action: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(BigId, default=None)
    user_name: Mapped[str] = mapped_column(String(32), default="")
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
