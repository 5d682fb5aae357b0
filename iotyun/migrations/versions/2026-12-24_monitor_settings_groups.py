"""monitor settings and groups

`monitor_setting` holds each user's monitor setting (issue 35, /monitor/monitorSetting): one row per user, its
document (monitor/schemas.py `MonitorSettingDocument`: the tables the monitor area shows and their order, the refresh,
the table opened first, the row density, whether out-of-date rows show). `monitor_group` holds the tenant's named
groups of monitoring tables (/monitor/middlewaresGrouping/id=): a name unique in the tenant, a list position and the
tables' ids in their order (docs/api-monitor.md).

Revision ID: 2d4f591dfc70
Revises: d6e0a24381fc
Create Date: 2026-12-01 01:10:38
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "2d4f591dfc70"
down_revision: str | None = "d6e0a24381fc"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "monitor_group",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("table_ids", sa.JSON(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_monitor_group_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_monitor_group")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_monitor_group_tenant_id_name")),
    )
    with op.batch_alter_table("monitor_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_monitor_group_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "monitor_setting",
        sa.Column("user_id", _ID, nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_monitor_setting_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_monitor_setting_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_monitor_setting")),
        sa.UniqueConstraint("user_id", name=op.f("uq_monitor_setting_user_id")),
    )
    with op.batch_alter_table("monitor_setting", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_monitor_setting_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("monitor_setting", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_monitor_setting_tenant_id"))
    op.drop_table("monitor_setting")
    with op.batch_alter_table("monitor_group", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_monitor_group_tenant_id"))
    op.drop_table("monitor_group")
