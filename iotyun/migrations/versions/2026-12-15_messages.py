"""messages

Each user's inbox (issue 32 point 1, docs/api-messages.md): `message`, one row per recipient, read or unread.

Revision ID: 331c8265c309
Revises: e5c7a9b1d3f6
Create Date: 2026-11-29 19:06:07.130265
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "331c8265c309"
down_revision: str | None = "e5c7a9b1d3f6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "message",
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("text_key", sa.String(length=64), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("link_type", sa.String(length=16), nullable=True),
        sa.Column("link_id", sa.BigInteger(), nullable=True),
        sa.Column("sender_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("read_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["user_account.id"], name=op.f("fk_message_sender_id_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_message_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_message_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message")),
    )
    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_message_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_message_user_created", ["user_id", "created_at"], unique=False)
        batch_op.create_index("ix_message_user_read", ["user_id", "read_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.drop_index("ix_message_user_read")
        batch_op.drop_index("ix_message_user_created")
        batch_op.drop_index(batch_op.f("ix_message_tenant_id"))

    op.drop_table("message")
