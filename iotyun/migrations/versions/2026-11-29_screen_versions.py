"""screens keep a revision per save, named versions and each user's autosaved draft

`template_screen.revision` counts the saves of a screen's document (a save based on a replaced revision is refused,
115020) and `saved_at` says when the document was last saved (existing screens: their `updated_at`).
`screen_version` holds snapshots of saved documents, `screen_draft` one unsaved document per user and screen.

Revision ID: 8e2f4b6c1a39
Revises: 5a1c9e3b7d24
Create Date: 2026-11-29 00:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "8e2f4b6c1a39"
down_revision: str | None = "5a1c9e3b7d24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("template_screen", schema=None) as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="1", nullable=False))
        batch_op.add_column(sa.Column("saved_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True))
    op.execute("UPDATE template_screen SET saved_at = updated_at")
    with op.batch_alter_table("template_screen", schema=None) as batch_op:
        batch_op.alter_column("saved_at", existing_type=iotyun.core.db.UTCDateTime(timezone=True), nullable=False)

    op.create_table(
        "screen_version",
        sa.Column("screen_id", _ID, nullable=False),
        sa.Column("name", sa.String(length=32), nullable=True),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("element_count", sa.Integer(), nullable=False),
        sa.Column("user_id", _ID, nullable=True),
        sa.Column("user_name", sa.String(length=32), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["screen_id"],
            ["template_screen.id"],
            name=op.f("fk_screen_version_screen_id_template_screen"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_screen_version_user_id_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_screen_version_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_screen_version")),
    )
    with op.batch_alter_table("screen_version", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_screen_version_screen_id"), ["screen_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_screen_version_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "screen_draft",
        sa.Column("screen_id", _ID, nullable=False),
        sa.Column("user_id", _ID, nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["screen_id"],
            ["template_screen.id"],
            name=op.f("fk_screen_draft_screen_id_template_screen"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_screen_draft_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_screen_draft_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_screen_draft")),
        sa.UniqueConstraint("screen_id", "user_id", name=op.f("uq_screen_draft_screen_id_user_id")),
    )
    with op.batch_alter_table("screen_draft", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_screen_draft_screen_id"), ["screen_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_screen_draft_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_screen_draft_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("screen_draft", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_screen_draft_user_id"))
        batch_op.drop_index(batch_op.f("ix_screen_draft_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_screen_draft_screen_id"))
    op.drop_table("screen_draft")
    with op.batch_alter_table("screen_version", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_screen_version_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_screen_version_screen_id"))
    op.drop_table("screen_version")
    with op.batch_alter_table("template_screen", schema=None) as batch_op:
        batch_op.drop_column("saved_at")
        batch_op.drop_column("revision")
