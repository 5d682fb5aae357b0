"""platform health

Full-network monitoring (issue 35 point 3, docs/api-operations.md): `platform_sample` (the platform's figures each
minute, by tenant for the gateways, kept seven days: the 24 h trends), `server_process` (each running server
process's heartbeat with its telemetry counters and rates; "server processes" are the live rows) and
`platform_alert` (one row per condition while it holds: ingest lag, a part down; acknowledged by an operator and
sent to the operators' webhook when one is set). None belongs to a tenant.

Revision ID: 5b651a20c644
Revises: e7b1c5a90d42
Create Date: 2026-12-01 01:52:09
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "5b651a20c644"
down_revision: str | None = "e7b1c5a90d42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "platform_alert",
        sa.Column("condition", sa.String(length=32), nullable=False),
        sa.Column("reason", sa.String(length=255), nullable=False),
        sa.Column("value", sa.Float(), nullable=True),
        sa.Column("worst", sa.Float(), nullable=True),
        sa.Column("opened_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("closed_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("acked_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("acked_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("acked_by_name", sa.String(length=32), nullable=False),
        sa.Column("webhook_state", sa.String(length=16), nullable=False),
        sa.Column("webhook_tries", sa.Integer(), nullable=False),
        sa.Column("webhook_event", sa.String(length=16), nullable=False),
        sa.Column("webhook_error", sa.String(length=64), nullable=False),
        sa.Column("seen", sa.BigInteger(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_platform_alert")),
    )
    with op.batch_alter_table("platform_alert", schema=None) as batch_op:
        batch_op.create_index("ix_platform_alert_condition_open", ["condition", "closed_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_platform_alert_opened_at"), ["opened_at"], unique=False)

    op.create_table(
        "platform_sample",
        sa.Column("time", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("metric", sa.String(length=32), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_platform_sample")),
    )
    with op.batch_alter_table("platform_sample", schema=None) as batch_op:
        batch_op.create_index("ix_platform_sample_metric_time", ["metric", "time"], unique=False)
        batch_op.create_index(batch_op.f("ix_platform_sample_time"), ["time"], unique=False)

    op.create_table(
        "server_process",
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("host", sa.String(length=64), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("started_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("lost_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("figures", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("holder", name=op.f("pk_server_process")),
    )


def downgrade() -> None:
    op.drop_table("server_process")
    with op.batch_alter_table("platform_sample", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_platform_sample_time"))
        batch_op.drop_index("ix_platform_sample_metric_time")

    op.drop_table("platform_sample")
    with op.batch_alter_table("platform_alert", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_platform_alert_opened_at"))
        batch_op.drop_index("ix_platform_alert_condition_open")

    op.drop_table("platform_alert")
