"""app keys

App keys of the open API (issue 36 point 4, docs/api-system.md "Open API"): a key's public id, its owner, the SHA-256
of its secret (what calls are signed with; the secret itself is never stored), its scopes, IP allow list, rate, daily
quota, expiry, revocation, last use, and the counts of its current minute and UTC day.

Revision ID: 5e1a9c3d7b20
Revises: 5b8e2c4d7a19
Create Date: 2027-01-04 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "5e1a9c3d7b20"
down_revision: str | None = "5b8e2c4d7a19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "app_key",
        sa.Column("key_id", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("owner_id", BIG_ID, nullable=False),
        sa.Column("signing_key", sa.String(length=64), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("allowed_ips", sa.JSON(), nullable=False),
        sa.Column("rate_per_minute", sa.Integer(), nullable=False),
        sa.Column("daily_quota", sa.Integer(), nullable=False),
        sa.Column("expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_ip", sa.String(length=64), nullable=False),
        sa.Column("used_minute", sa.BigInteger(), server_default="0", nullable=False),
        sa.Column("used_minute_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("used_day", sa.Integer(), server_default="0", nullable=False),
        sa.Column("used_day_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_app_key_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_app_key_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_app_key")),
        sa.UniqueConstraint("key_id", name=op.f("uq_app_key_key_id")),
    )
    with op.batch_alter_table("app_key", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_app_key_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_app_key_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("app_key", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_app_key_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_app_key_owner_id"))
    op.drop_table("app_key")
