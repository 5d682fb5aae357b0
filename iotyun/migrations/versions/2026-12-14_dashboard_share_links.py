"""dashboard share links

A share link of type 2 opens a dashboard, of type 3 a business sector's dashboards, without login (issue 31 points 5
and 6, docs/api-sharing.md): `share_link` gets the dashboard or the sector, and the device or device group its trees
start on.

Revision ID: e5c7a9b1d3f6
Revises: d4b6f8a0c2e4
Create Date: 2026-11-29 04:38:25.851350
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e5c7a9b1d3f6"
down_revision: str | None = "d4b6f8a0c2e4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("share_link", schema=None) as batch_op:
        batch_op.add_column(sa.Column("dashboard_id", _ID, nullable=True))
        batch_op.add_column(sa.Column("sector_id", _ID, nullable=True))
        batch_op.add_column(sa.Column("choice_device_id", _ID, nullable=True))
        batch_op.add_column(sa.Column("choice_group_id", _ID, nullable=True))
        batch_op.create_index(batch_op.f("ix_share_link_dashboard_id"), ["dashboard_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_share_link_sector_id"), ["sector_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_share_link_sector_id_sector"), "sector", ["sector_id"], ["id"], ondelete="CASCADE"
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_share_link_dashboard_id_dashboard"),
            "dashboard",
            ["dashboard_id"],
            ["id"],
            ondelete="CASCADE",
        )


def downgrade() -> None:
    with op.batch_alter_table("share_link", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_share_link_dashboard_id_dashboard"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("fk_share_link_sector_id_sector"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_share_link_sector_id"))
        batch_op.drop_index(batch_op.f("ix_share_link_dashboard_id"))
        batch_op.drop_column("choice_group_id")
        batch_op.drop_column("choice_device_id")
        batch_op.drop_column("sector_id")
        batch_op.drop_column("dashboard_id")
