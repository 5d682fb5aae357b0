"""device groups keep who made them, so only they, their secondary administrator and the administrator edit them

Groups made before this have no owner: only the tenant's administrator edits them.

Revision ID: 5d1f0b7c2e11
Revises: 92b933ce3aca
Create Date: 2026-11-23 17:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5d1f0b7c2e11"
down_revision: str | None = "92b933ce3aca"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("device_group", schema=None) as batch_op:
        batch_op.add_column(sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True))
        batch_op.create_index(batch_op.f("ix_device_group_owner_id"), ["owner_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_device_group_owner_id_user_account"),
            "user_account",
            ["owner_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("device_group", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_device_group_owner_id_user_account"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_device_group_owner_id"))
        batch_op.drop_column("owner_id")
