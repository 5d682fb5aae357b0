"""Template tables: templates, their screens (with their versions and drafts), data sources and groups, device
bindings, publications, shares, tile groups and the template log. The contract over them is docs/api-templates.md."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped

# template.source
SOURCE_CREATE = "create"
SOURCE_SHARE = "share"


class Template(IdMixin, TimestampMixin, TenantScoped, Base):
    """SPEC §3 template: one kind of installation's data sources and screens, owned by the user who made it."""

    __tablename__ = "template"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    description: Mapped[str] = mapped_column(String(200), default="")
    # "standard" or "nonstandard"
    type: Mapped[str] = mapped_column(String(12), default="standard")
    soft_type: Mapped[str] = mapped_column(String(32), default="")
    # "1.0": variables come from the bound device; "2.0": a variable may name another real device.
    data_version: Mapped[str] = mapped_column(String(4), default="1.0")
    width: Mapped[int] = mapped_column(Integer, default=1120)
    height: Mapped[int] = mapped_column(Integer, default=630)
    mobile_width: Mapped[int] = mapped_column(Integer, default=750)
    mobile_height: Mapped[int] = mapped_column(Integer, default=1334)
    source: Mapped[str] = mapped_column(String(8), default=SOURCE_CREATE)
    copied_from_id: Mapped[int | None] = mapped_column(BigId, default=None)
    group_id: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("template_group.id", ondelete="SET NULL"), default=None, index=True
    )
    # Every saved change of the template, its screens or its data sources bumps version.
    version: Mapped[int] = mapped_column(Integer, default=1)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    published_version: Mapped[int | None] = mapped_column(Integer, default=None)
    # How many publications the template has had: the latest one is release `releases` (the first publish is v1).
    releases: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)


class TemplateScreen(IdMixin, TenantScoped, Base):
    """A web or mobile screen of a template with its design document; exactly one main screen per kind."""

    __tablename__ = "template_screen"
    __table_args__ = (UniqueConstraint("template_id", "kind", "name"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(32))
    is_main: Mapped[bool] = mapped_column(Boolean, default=False)
    sort: Mapped[int] = mapped_column(Integer, default=0)
    schema_version: Mapped[int] = mapped_column(SmallInteger, default=1)
    document: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
    # Counts the saves of the document: a save names the revision it was based on, and one based on a replaced
    # revision is refused (115020), so two editors never overwrite each other unknowingly.
    revision: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    # When the document was last saved (updated_at also moves on a rename or a reorder): a draft is offered only
    # when written after it.
    saved_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ScreenVersion(IdMixin, TenantScoped, Base):
    """A snapshot of a screen's saved document: named by a user, or automatic (name null) before a restore."""

    __tablename__ = "screen_version"

    screen_id: Mapped[int] = mapped_column(BigId, ForeignKey("template_screen.id", ondelete="CASCADE"), index=True)
    name: Mapped[str | None] = mapped_column(String(32), default=None)
    revision: Mapped[int] = mapped_column(Integer)
    document: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    element_count: Mapped[int] = mapped_column(Integer, default=0)
    # The snapshot's stored size (its document as compact JSON), counted in the template owner's screen_versions_mb.
    size_bytes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    user_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None)
    user_name: Mapped[str] = mapped_column(String(32), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ScreenDraft(IdMixin, TenantScoped, Base):
    """A user's unsaved document of a screen, kept as the designer autosaves it: one per user and screen."""

    __tablename__ = "screen_draft"
    __table_args__ = (UniqueConstraint("screen_id", "user_id"),)

    screen_id: Mapped[int] = mapped_column(BigId, ForeignKey("template_screen.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    # The revision of the saved document the draft started from.
    revision: Mapped[int] = mapped_column(Integer)
    document: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DataSourceGroup(IdMixin, TenantScoped, Base):
    """A group of a template's data sources; each template has one default group."""

    __tablename__ = "data_source_group"
    __table_args__ = (UniqueConstraint("template_id", "name"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    sort: Mapped[int] = mapped_column(Integer, default=0)


class DataSource(IdMixin, TimestampMixin, TenantScoped, Base):
    """SPEC §3 data source: one variable a gateway reads from its PLC (Modbus area and address), how it is scaled,
    written, recorded and alarmed."""

    __tablename__ = "data_source"
    __table_args__ = (UniqueConstraint("template_id", "name"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    group_id: Mapped[int] = mapped_column(BigId, ForeignKey("data_source_group.id"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    data_type: Mapped[str] = mapped_column(String(8))
    area: Mapped[str] = mapped_column(String(8))
    address: Mapped[int] = mapped_column(Integer)
    bit_index: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    byte_order: Mapped[str] = mapped_column(String(6), default="big")
    word_order: Mapped[str] = mapped_column(String(6), default="big")
    string_length: Mapped[int | None] = mapped_column(SmallInteger, default=None)
    rw: Mapped[str] = mapped_column(String(2), default="r")
    scale: Mapped[float] = mapped_column(Float, default=1.0)
    offset: Mapped[float] = mapped_column(Float, default=0.0)
    unit: Mapped[str] = mapped_column(String(16), default="")
    decimals: Mapped[int] = mapped_column(SmallInteger, default=2)
    min_value: Mapped[float | None] = mapped_column(Float, default=None)
    max_value: Mapped[float | None] = mapped_column(Float, default=None)
    # "off", "change" or "interval" (every history_interval_s seconds)
    history: Mapped[str] = mapped_column(String(8), default="off")
    history_interval_s: Mapped[int | None] = mapped_column(Integer, default=None)
    aggregate: Mapped[str] = mapped_column(String(8), default="avg")
    faults: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # Data version 2.0 only: the real device this variable is read from (null: the bound device).
    device_id: Mapped[int | None] = mapped_column(BigId, ForeignKey("device.id", ondelete="SET NULL"), default=None)
    sort: Mapped[int] = mapped_column(Integer, default=0)


class TemplateBinding(IdMixin, TenantScoped, Base):
    """A device bound to a template: one template per device."""

    __tablename__ = "template_binding"

    device_id: Mapped[int] = mapped_column(BigId, ForeignKey("device.id", ondelete="CASCADE"), unique=True)
    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    bound_by: Mapped[int] = mapped_column(BigId)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class TemplatePublication(IdMixin, TenantScoped, Base):
    """What a publish froze: the template's data sources, groups and screens at one version. The latest one of a
    published template is what its bound gateways run (`/dev/config`)."""

    __tablename__ = "template_publication"
    __table_args__ = (UniqueConstraint("template_id", "version"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    # The number users see: 1 for the first publication, then one more for each publish of a changed template.
    release: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    published_by: Mapped[int] = mapped_column(BigId)
    published_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class TemplateShare(IdMixin, Base):
    """A template shared with a user of any tenant, with the permission items the receiver holds. Not
    tenant-scoped, like device grants: the share is the owner's deliberate choice."""

    __tablename__ = "template_share"
    __table_args__ = (UniqueConstraint("template_id", "user_id"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    permissions: Mapped[list[str]] = mapped_column(JSON, default=list)
    shared_by: Mapped[int] = mapped_column(BigId)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class TemplateGroup(IdMixin, TimestampMixin, TenantScoped, Base):
    """A tile group of one user's templates (/configureManage/templateGroup); names unique per user."""

    __tablename__ = "template_group"
    __table_args__ = (UniqueConstraint("owner_id", "name"),)

    owner_id: Mapped[int] = mapped_column(BigId, ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    sort: Mapped[int] = mapped_column(Integer, default=0)


class TemplateLog(IdMixin, TenantScoped, Base):
    """The history of a template's changes (template middleware page)."""

    __tablename__ = "template_log"

    template_id: Mapped[int] = mapped_column(BigId, index=True)
    action: Mapped[str] = mapped_column(String(24))
    user_id: Mapped[int | None] = mapped_column(BigId, default=None)
    user_name: Mapped[str] = mapped_column(String(32), default="")
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)


class MonitorTable(IdMixin, TimestampMixin, TenantScoped, Base):
    """A monitoring table of a template (SPEC's "middleware", issue 35; docs/api-templates.md "Monitoring tables"): a
    named choice of the template's data sources as columns, with their order, header groups, widths, number formats,
    units and colour bands (`design`, templates/monitor_tables/schemas.py `MonitorTableDesign`), that the monitor area
    shows live with a row for every device bound to the template. Not part of a publication: a gateway never reads
    it, so editing one does not make the template "changed since publish"."""

    __tablename__ = "monitor_table"
    __table_args__ = (UniqueConstraint("template_id", "name"),)

    template_id: Mapped[int] = mapped_column(BigId, ForeignKey("template.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(32))
    description: Mapped[str] = mapped_column(String(200), default="")
    sort: Mapped[int] = mapped_column(Integer, default=0)
    # Each saved change is a new revision; a save based on a replaced one is refused (100023).
    revision: Mapped[int] = mapped_column(Integer, default=1)
    design: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
