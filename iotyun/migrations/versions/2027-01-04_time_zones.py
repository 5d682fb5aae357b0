"""time zones

Issue 36 point 3 (docs/api-system.md "Time zones"): the tenant's default IANA time zone (`tenant.time_zone`, Asia/Shanghai
until its administrator chooses another) and each user's own (`user_account.time_zone`, null: the tenant's).

Revision ID: 5b8e2c4d7a19
Revises: 87cd23520c67
Create Date: 2027-01-04 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b8e2c4d7a19"
down_revision: str | None = "87cd23520c67"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tenant", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("time_zone", sa.String(length=64), nullable=False, server_default="Asia/Shanghai")
        )
    with op.batch_alter_table("user_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_zone", sa.String(length=64), nullable=True))


def _drop_column(table: str, column: str) -> None:
    # SQLite drops a plain column in place (3.35+): the batch mode's copy of a table that others reference fails
    # their foreign keys once rows exist (tests/templates/screens/test_version_sizes_migration.py goes down and up).
    if op.get_bind().dialect.name == "sqlite":
        op.execute(sa.text(f'ALTER TABLE "{table}" DROP COLUMN "{column}"'))
    else:
        op.drop_column(table, column)


def downgrade() -> None:
    _drop_column("user_account", "time_zone")
    _drop_column("tenant", "time_zone")
