"""gateway can_upgrade

Whether a gateway says it can install an upgrade of itself (its state messages' `upgrade`, issue 34): a rollout
refuses one that said it cannot (110579) before sending it anything. Unknown (NULL) for every gateway until it says.

Revision ID: 4c8e2a6f0b13
Revises: 9b3f5d7e1a42
Create Date: 2026-11-30 20:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4c8e2a6f0b13"
down_revision: str | None = "9b3f5d7e1a42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("gateway", schema=None) as batch_op:
        batch_op.add_column(sa.Column("can_upgrade", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("gateway", schema=None) as batch_op:
        batch_op.drop_column("can_upgrade")
