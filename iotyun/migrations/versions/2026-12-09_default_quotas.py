"""every user bounded by default: the two new quotas, the per-user quota lock, each screen version's size

`user_quota` gains screen_versions_mb and exports_kept (null: the platform's value, as every quota now means);
`quota_lock` holds one row per user that claims a quota (team.service.claim_quota takes it before counting, made on
first use, so no row is needed for existing users); `screen_version.size_bytes` is each snapshot's document size,
counted in its template owner's screen_versions_mb: existing versions get the size of their stored JSON text.

Revision ID: 7c1e5a9d3b28
Revises: b5d7f9a1c3e6
Create Date: 2026-12-09 00:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c1e5a9d3b28"
down_revision: str | None = "b5d7f9a1c3e6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("user_quota", schema=None) as batch_op:
        batch_op.add_column(sa.Column("screen_versions_mb", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("exports_kept", sa.Integer(), nullable=True))

    op.create_table(
        "quota_lock",
        sa.Column("user_id", _ID, autoincrement=False, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_quota_lock_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_quota_lock")),
    )

    with op.batch_alter_table("screen_version", schema=None) as batch_op:
        batch_op.add_column(sa.Column("size_bytes", sa.Integer(), server_default="0", nullable=False))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("UPDATE screen_version SET size_bytes = octet_length(document::text)")
    else:
        op.execute("UPDATE screen_version SET size_bytes = length(CAST(document AS BLOB))")


def downgrade() -> None:
    with op.batch_alter_table("screen_version", schema=None) as batch_op:
        batch_op.drop_column("size_bytes")
    op.drop_table("quota_lock")
    with op.batch_alter_table("user_quota", schema=None) as batch_op:
        batch_op.drop_column("exports_kept")
        batch_op.drop_column("screen_versions_mb")
