"""video accounts

A tenant's video cloud account (docs/api-video.md): its app key, the secret and the token sealed at rest, the
token's expiry; and a template's camera slots (`/yun/module/video`).

Revision ID: 9c5e7a1b3d64
Revises: 8b4d6f0a2c53
Create Date: 2027-01-08 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "9c5e7a1b3d64"
down_revision: str | None = "8b4d6f0a2c53"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "video_account",
        sa.Column("provider", sa.String(length=32), nullable=False),
        sa.Column("app_key", sa.String(length=64), nullable=False),
        sa.Column("sealed_secret", sa.String(length=1000), nullable=False),
        sa.Column("sealed_token", sa.String(length=2000), nullable=False),
        sa.Column("token_expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("token_fetched_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("bound_by", BIG_ID, nullable=True),
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["bound_by"], ["user_account.id"], name=op.f("fk_video_account_bound_by_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_video_account_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_video_account")),
        sa.UniqueConstraint("tenant_id", name="uq_video_account_tenant"),
    )
    with op.batch_alter_table("video_account", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_video_account_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "template_video",
        sa.Column("template_id", BIG_ID, nullable=False),
        sa.Column("cameras", sa.JSON(), nullable=False),
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", BIG_ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["template_id"], ["template.id"], name=op.f("fk_template_video_template_id_template"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_template_video_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_template_video")),
        sa.UniqueConstraint("template_id", name=op.f("uq_template_video_template_id")),
    )
    with op.batch_alter_table("template_video", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_template_video_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("template_video", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_template_video_tenant_id"))
    op.drop_table("template_video")
    with op.batch_alter_table("video_account", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_video_account_tenant_id"))
    op.drop_table("video_account")
