"""custom menus

The tenant's custom pages and menus (issue 36 point 2, docs/api-system.md "Custom pages and menus"): the custom page
configuration is saved whole as one versioned document, a save naming the version it was based on. `version` counts
the saves (0: none yet). No row held a document before: only a read stub existed.

Revision ID: 87cd23520c67
Revises: 7c4b2bb8f48c
Create Date: 2026-12-30 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "87cd23520c67"
down_revision: str | None = "7c4b2bb8f48c"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("custom_page_config", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("custom_page_config", schema=None) as batch_op:
        batch_op.drop_column("version")
