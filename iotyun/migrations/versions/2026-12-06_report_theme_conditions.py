"""report chart themes and data colour conditions

`report.theme` holds the chart's theme (one of REPORT_CHART_THEMES) and `report.conditions` its data colour
conditions ([{min, max, color}]); existing reports take the default theme and no conditions (docs/api-reports.md).

Revision ID: e4a6c8b0d2f7
Revises: d3f5b7a9c2e4
Create Date: 2026-12-06 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e4a6c8b0d2f7"
down_revision: str | None = "d3f5b7a9c2e4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.add_column(sa.Column("theme", sa.String(length=16), server_default="blue", nullable=False))
        batch_op.add_column(sa.Column("conditions", sa.JSON(), server_default="[]", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("report", schema=None) as batch_op:
        batch_op.drop_column("conditions")
        batch_op.drop_column("theme")
