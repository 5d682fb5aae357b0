"""notices

Written messages and notices (issue 32 point 2, docs/api-messages.md): the writer's sent box (`message_sent`), the
bulletin board (`notice`), and on each inbox message the sent copy it came from and whether it still pops up.

Revision ID: a8f76b1a2f88
Revises: 331c8265c309
Create Date: 2026-11-29 21:05:49.629026
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "a8f76b1a2f88"
down_revision: str | None = "331c8265c309"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "message_sent",
        sa.Column("sender_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("user_ids", sa.JSON(), nullable=False),
        sa.Column("role_ids", sa.JSON(), nullable=False),
        sa.Column("group_ids", sa.JSON(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["sender_id"], ["user_account.id"], name=op.f("fk_message_sent_sender_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_message_sent_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_message_sent")),
    )
    with op.batch_alter_table("message_sent", schema=None) as batch_op:
        batch_op.create_index("ix_message_sent_sender_created", ["sender_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_message_sent_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "notice",
        sa.Column("author_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("group_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("send_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("sent_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"], ["user_account.id"], name=op.f("fk_notice_author_id_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["group_id"], ["user_group.id"], name=op.f("fk_notice_group_id_user_group"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_notice_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notice")),
    )
    with op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.create_index("ix_notice_state_send_at", ["state", "send_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_notice_tenant_id"), ["tenant_id"], unique=False)

    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.add_column(sa.Column("sent_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True))
        batch_op.add_column(sa.Column("popup", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.create_index(batch_op.f("ix_message_sent_id"), ["sent_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_message_sent_id_message_sent"), "message_sent", ["sent_id"], ["id"], ondelete="SET NULL"
        )


def downgrade() -> None:
    with op.batch_alter_table("message", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_message_sent_id_message_sent"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_message_sent_id"))
        batch_op.drop_column("popup")
        batch_op.drop_column("sent_id")

    with op.batch_alter_table("notice", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notice_tenant_id"))
        batch_op.drop_index("ix_notice_state_send_at")

    op.drop_table("notice")
    with op.batch_alter_table("message_sent", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_message_sent_tenant_id"))
        batch_op.drop_index("ix_message_sent_sender_created")

    op.drop_table("message_sent")
