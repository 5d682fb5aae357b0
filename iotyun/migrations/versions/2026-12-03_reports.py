"""reports: users' chart definitions

`report` holds one user's report (title unique per owner, chart type, table kind, optional group, refresh interval,
exportable flag) with the rest of its definition in `config` (docs/api-reports.md).

Revision ID: 8d4b2f6e1a93
Revises: 5e8f2a4c6d13
Create Date: 2026-12-03 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "8d4b2f6e1a93"
down_revision: str | None = "5e8f2a4c6d13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "report",
        sa.Column("owner_id", _ID, nullable=False),
        sa.Column("title", sa.String(length=32), nullable=False),
        sa.Column("chart_type", sa.Integer(), nullable=False),
        sa.Column("table_kind", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=True),
        sa.Column("refresh_interval", sa.Integer(), nullable=False),
        sa.Column("exportable", sa.Boolean(), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_report_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_report_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_report")),
        sa.UniqueConstraint("owner_id", "title", name=op.f("uq_report_owner_id_title")),
    )
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_report_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_report_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_report_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_report_owner_id"))
    op.drop_table("report")
