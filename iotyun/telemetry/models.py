"""Telemetry tables: stored values, their hourly rollup, each gateway's delivery cursor, control passwords."""

from sqlalchemy import BigInteger, Column, Float, ForeignKey, Index, Integer, String, Table, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from iotyun.core.db import Base, BigId, IdMixin, TimestampMixin
from iotyun.core.tenancy import TenantScoped

# Core tables, not ORM classes: rows are written in bulk (COPY on PostgreSQL) and read as plain tuples. No primary
# key: a gateway may report one variable twice in a millisecond, and a unique index would fail a whole COPY for it.
# ts is epoch milliseconds, the API's own unit, so a query needs no timezone conversion.
# On PostgreSQL the table is partitioned by RANGE on ts, one partition per UTC month and a DEFAULT one (made by the
# migration 2026-12-19_history_partitions and telemetry/partitions.py, not by the metadata); SQLite keeps one table.
history_value = Table(
    "history_value",
    Base.metadata,
    Column("device_id", BigInteger, nullable=False),
    Column("data_source_id", BigInteger, nullable=False),
    Column("ts", BigInteger, nullable=False),
    Column("value", Float, nullable=True),
    Column("text", String(255), nullable=True),
    Index("ix_history_value_device_source_ts", "device_id", "data_source_id", "ts"),
    postgresql_partition_by="RANGE (ts)",
)

# One row per variable and UTC hour, kept up to date by the ingest's flush, so day/week/month queries over months
# read hundreds of rows instead of millions. first/last carry their times so two partial rows merge correctly.
history_hour = Table(
    "history_hour",
    Base.metadata,
    Column("device_id", BigInteger, primary_key=True),
    Column("data_source_id", BigInteger, primary_key=True),
    Column("bucket", BigInteger, primary_key=True),
    Column("count", Integer, nullable=False),
    Column("sum", Float, nullable=False),
    Column("min", Float, nullable=False),
    Column("max", Float, nullable=False),
    Column("first_ts", BigInteger, nullable=False),
    Column("first", Float, nullable=False),
    Column("last_ts", BigInteger, nullable=False),
    Column("last", Float, nullable=False),
)

# The highest (boot, seq) of values batches stored per gateway and per `consumer`, the broker session (the server's
# MQTT client id) that received them: the exactly-once check (docs/device-protocol.md). Per session, because that is
# where the broker delivers again, and because one session sees a gateway's batches in order while several servers
# behind a shared subscription may commit them out of order ('' is the single cursor of before, read as a fallback).
ingest_cursor = Table(
    "ingest_cursor",
    Base.metadata,
    Column("gateway_id", BigInteger, primary_key=True),
    Column("consumer", String(64), primary_key=True, server_default=""),
    Column("boot", BigInteger, nullable=False),
    Column("seq", BigInteger, nullable=False),
)


class ControlSetting(IdMixin, TimestampMixin, TenantScoped, Base):
    """A tenant's default control password (SPEC §6: global default, device override on device.control_password)."""

    __tablename__ = "control_setting"
    __table_args__ = (UniqueConstraint("tenant_id"),)

    password_hash: Mapped[str] = mapped_column(String(255), default="")
    updated_by: Mapped[int | None] = mapped_column(
        BigId, ForeignKey("user_account.id", ondelete="SET NULL"), default=None
    )
