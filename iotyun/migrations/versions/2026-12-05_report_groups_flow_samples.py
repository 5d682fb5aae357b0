"""report groups and flow usage samples

`report_group` holds a user's folders of reports (name unique per owner); `report.group_id` becomes a foreign key to
it that files a report back to no group when its group is deleted. `flow_sample` holds a card's used flow at each
change, the series of the traffic detail (docs/api-reports.md).

Revision ID: d3f5b7a9c2e4
Revises: c7e2a9d4f1b5
Create Date: 2026-12-04 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "d3f5b7a9c2e4"
down_revision: str | None = "c7e2a9d4f1b5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "report_group",
        sa.Column("owner_id", _ID, nullable=False),
        sa.Column("name", sa.String(length=10), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_report_group_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_report_group_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_report_group")),
        sa.UniqueConstraint("owner_id", "name", name=op.f("uq_report_group_owner_id_name")),
    )
    with op.batch_alter_table("report_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_report_group_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_report_group_tenant_id"), ["tenant_id"], unique=False)
    # Reports named no stored group before: a group id left from then points nowhere and is cleared.
    op.execute("UPDATE report SET group_id = NULL")
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.alter_column("group_id", existing_type=sa.Integer(), type_=_ID, existing_nullable=True)
        batch_op.create_index(batch_op.f("ix_report_group_id"), ["group_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_report_group_id_report_group"), "report_group", ["group_id"], ["id"], ondelete="SET NULL"
        )
    op.create_table(
        "flow_sample",
        sa.Column("device_id", _ID, nullable=False),
        sa.Column("time", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_mb", sa.Float(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["device.id"], name=op.f("fk_flow_sample_device_id_device"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_flow_sample_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_flow_sample")),
    )
    with op.batch_alter_table("flow_sample", schema=None) as batch_op:
        batch_op.create_index("ix_flow_sample_device_time", ["device_id", "time"], unique=False)
        batch_op.create_index(batch_op.f("ix_flow_sample_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("flow_sample", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_flow_sample_tenant_id"))
        batch_op.drop_index("ix_flow_sample_device_time")
    op.drop_table("flow_sample")
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_report_group_id_report_group"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_report_group_id"))
        batch_op.alter_column("group_id", existing_type=_ID, type_=sa.Integer(), existing_nullable=True)
    with op.batch_alter_table("report_group", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_report_group_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_report_group_owner_id"))
    op.drop_table("report_group")
