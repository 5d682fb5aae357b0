"""the receiver of a shared device files it in one of their own tenant's device groups

`device_grant.group_id` is private to the grant's user; deleting the group sets it back to null ("shared with me").

Revision ID: 3c8d2a6e4f17
Revises: 7b3e5f1a9c20
Create Date: 2026-11-27 00:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3c8d2a6e4f17"
down_revision: str | None = "7b3e5f1a9c20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("device_grant", schema=None) as batch_op:
        batch_op.add_column(sa.Column("group_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True))
        batch_op.create_index(batch_op.f("ix_device_grant_group_id"), ["group_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_device_grant_group_id_device_group"),
            "device_group",
            ["group_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("device_grant", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_device_grant_group_id_device_group"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_device_grant_group_id"))
        batch_op.drop_column("group_id")
