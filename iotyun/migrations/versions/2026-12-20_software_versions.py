"""software versions

The software library (issue 34 point 1, docs/api-software.md): a tenant's versions for its gateways, its mobile
app and its PC client, each with its package's name, size, SHA-256 and storage key.

Revision ID: 7d1c9e3a5b20
Revises: 4e8a2c6f0b13
Create Date: 2026-11-30 10:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "7d1c9e3a5b20"
down_revision: str | None = "4e8a2c6f0b13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "software_version",
        sa.Column("type", sa.SmallInteger(), nullable=False),
        sa.Column("version", sa.String(length=32), nullable=False),
        sa.Column("models", sa.JSON(), nullable=False),
        sa.Column("models_key", sa.String(length=512), nullable=False),
        sa.Column("content_zh", sa.Text(), nullable=False),
        sa.Column("content_en", sa.Text(), nullable=False),
        sa.Column("mode", sa.SmallInteger(), nullable=False),
        sa.Column("state", sa.SmallInteger(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("file_name", sa.String(length=128), nullable=False),
        sa.Column("file_key", sa.String(length=32), nullable=False),
        sa.Column("size", sa.BigInteger(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["user_account.id"],
            name=op.f("fk_software_version_created_by_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_software_version_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_software_version")),
        sa.UniqueConstraint("file_key", name=op.f("uq_software_version_file_key")),
    )
    with op.batch_alter_table("software_version", schema=None) as batch_op:
        batch_op.create_index("ix_software_version_tenant_type", ["tenant_id", "type"], unique=False)
        batch_op.create_index(batch_op.f("ix_software_version_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("software_version", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_software_version_tenant_id"))
        batch_op.drop_index("ix_software_version_tenant_type")
    op.drop_table("software_version")
