"""flow usage: renewals said by the book or the provider, and gateways' suspect figures

`flow_sample.renewal` marks the sample where a new package's counter starts (the card book's or the provider's
effective date moved on); a lower figure without it no longer counts as a new package. `flow_card.suspect_mb` and
`suspect_at` keep the last figure a gateway reported that was not taken as it came (docs/api-reports.md "Traffic").
Existing samples are not renewals.

Revision ID: e2f4a6c8b1d3
Revises: f1b3d5e7a9c1
Create Date: 2026-12-11 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e2f4a6c8b1d3"
down_revision: str | None = "f1b3d5e7a9c1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("flow_sample", schema=None) as batch_op:
        batch_op.add_column(sa.Column("renewal", sa.Boolean(), server_default=sa.false(), nullable=False))
    with op.batch_alter_table("flow_card", schema=None) as batch_op:
        batch_op.add_column(sa.Column("suspect_mb", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("suspect_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("flow_card", schema=None) as batch_op:
        batch_op.drop_column("suspect_at")
        batch_op.drop_column("suspect_mb")
    with op.batch_alter_table("flow_sample", schema=None) as batch_op:
        batch_op.drop_column("renewal")
