"""automation forward rows

The rows forwarded to an automation target of kind `table` (docs/api-automations.md "Target"): the product's own side
table, unique per target, firing, device, data source and time so a retried delivery adds nothing twice.

Revision ID: 8b4d6f0a2c53
Revises: 7a3c5e9b1d42
Create Date: 2027-01-07 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "8b4d6f0a2c53"
down_revision: str | None = "7a3c5e9b1d42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "automation_forward_row",
        sa.Column("target_id", BIG_ID, nullable=False),
        sa.Column("rule_id", sa.BigInteger(), nullable=False),
        sa.Column("firing_key", sa.String(length=96), nullable=False),
        sa.Column("sn", sa.String(length=64), nullable=False),
        sa.Column("device_id", sa.BigInteger(), nullable=False),
        sa.Column("alias", sa.String(length=128), nullable=False),
        sa.Column("data_source_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("value", sa.JSON(), nullable=True),
        sa.Column("ts", sa.BigInteger(), nullable=False),
        sa.Column("received_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["target_id"],
            ["automation_target.id"],
            name=op.f("fk_automation_forward_row_target_id_automation_target"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_automation_forward_row_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_automation_forward_row")),
        sa.UniqueConstraint(
            "target_id", "firing_key", "device_id", "data_source_id", "ts", name="uq_automation_forward_row_once"
        ),
    )
    with op.batch_alter_table("automation_forward_row", schema=None) as batch_op:
        batch_op.create_index("ix_automation_forward_row_target", ["target_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_automation_forward_row_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("automation_forward_row", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_automation_forward_row_tenant_id"))
        batch_op.drop_index("ix_automation_forward_row_target")

    op.drop_table("automation_forward_row")
