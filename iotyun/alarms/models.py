"""The alarm table: one row per occurrence of a data source fault condition on a device."""

from datetime import datetime

from sqlalchemy import Float, Index, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, UTCDateTime, utcnow
from iotyun.core.tenancy import TenantScoped

# SPEC §3 alarm_type
PRODUCED = 1
RECOVERED = 2
CONFIRMED = 3


class Alarm(IdMixin, TenantScoped, Base):
    """SPEC §3 fault/alarm. alarm_type is the latest state: produced (active), recovered, confirmed; recover_time
    tells whether a confirmed alarm's condition has ended. Names are copied in: the record outlives renames."""

    __tablename__ = "alarm"
    __table_args__ = (
        Index("ix_alarm_tenant_time", "tenant_id", "alarm_time"),
        Index("ix_alarm_device_time", "device_id", "alarm_time"),
        Index("ix_alarm_owner_time", "owner_id", "alarm_time"),
        Index("ix_alarm_tenant_type", "tenant_id", "alarm_type"),
    )

    # No foreign keys: alarms outlive device rows (the tenant's cancellation still removes them).
    device_id: Mapped[int] = mapped_column(BigId)
    owner_id: Mapped[int] = mapped_column(BigId)
    sn: Mapped[str] = mapped_column(String(19))
    dev_alias: Mapped[str] = mapped_column(String(32), default="")
    data_source_id: Mapped[int] = mapped_column(BigId)
    data_source_name: Mapped[str] = mapped_column(String(32), default="")
    # Which condition of the data source ("<data_source_id>:<index>"): at most one open alarm per key and device.
    fault_key: Mapped[str] = mapped_column(String(32))
    alarm_name: Mapped[str] = mapped_column(String(32))
    alarm_level: Mapped[int] = mapped_column(SmallInteger)
    alarm_type: Mapped[int] = mapped_column(SmallInteger, default=PRODUCED)
    alarm_info: Mapped[str] = mapped_column(String(200), default="")
    value: Mapped[float | None] = mapped_column(Float, default=None)
    alarm_time: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    recover_time: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    confirm_time: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    confirm_user_id: Mapped[int | None] = mapped_column(BigId, default=None)
    confirm_user_name: Mapped[str | None] = mapped_column(String(32), default=None)
    alarm_note: Mapped[str | None] = mapped_column(String(200), default=None)
    # Shelved (issue 32 point 6): silenced until `shelved_until` by an operator, with a reason; no bell, no banner,
    # no notification, no escalation until then, and back by itself afterwards.
    shelved_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), default=None)
    shelved_by_name: Mapped[str | None] = mapped_column(String(32), default=None)
    shelve_reason: Mapped[str | None] = mapped_column(String(200), default=None)
