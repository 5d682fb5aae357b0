"""exports: the export centre and scheduled reports

`export_job` holds the export centre's files (their owner, kind, state, progress and own lease), `report_schedule`
a report's schedule (one per report), `job_lease` the database lease that makes one runner across server processes
(docs/api-exports.md).

Revision ID: c7e2a9d4f1b5
Revises: 8d4b2f6e1a93
Create Date: 2026-12-04 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "c7e2a9d4f1b5"
down_revision: str | None = "8d4b2f6e1a93"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "job_lease",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_job_lease")),
    )
    op.create_table(
        "export_job",
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("title", sa.String(length=64), nullable=False),
        sa.Column("file_name", sa.String(length=128), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("rows", sa.Integer(), nullable=True),
        sa.Column("size", sa.BigInteger(), nullable=True),
        sa.Column("error", sa.String(length=255), nullable=True),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("report_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=True),
        sa.Column("lease_until", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("finished_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_export_job_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_export_job_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_export_job")),
    )
    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_export_job_expires_at"), ["expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_export_job_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_export_job_state"), ["state"], unique=False)
        batch_op.create_index(batch_op.f("ix_export_job_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "report_schedule",
        sa.Column("report_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("frequency", sa.String(length=8), nullable=False),
        sa.Column("hour", sa.Integer(), nullable=False),
        sa.Column("weekday", sa.Integer(), nullable=False),
        sa.Column("monthday", sa.Integer(), nullable=False),
        sa.Column("tz", sa.String(length=64), nullable=False),
        sa.Column("emails", sa.JSON(), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("next_run_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_run_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_job_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["report_id"], ["report.id"], name=op.f("fk_report_schedule_report_id_report"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_report_schedule_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_report_schedule")),
        sa.UniqueConstraint("report_id", name=op.f("uq_report_schedule_report_id")),
    )
    with op.batch_alter_table("report_schedule", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_report_schedule_next_run_at"), ["next_run_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_report_schedule_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("report_schedule", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_report_schedule_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_report_schedule_next_run_at"))

    op.drop_table("report_schedule")
    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_export_job_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_export_job_state"))
        batch_op.drop_index(batch_op.f("ix_export_job_owner_id"))
        batch_op.drop_index(batch_op.f("ix_export_job_expires_at"))

    op.drop_table("export_job")
    op.drop_table("job_lease")
