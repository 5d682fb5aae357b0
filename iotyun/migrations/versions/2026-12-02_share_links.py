"""share links: anonymous links to devices' configuration screens

`share_link` holds a user's links (token unique across tenants, type, permission, expiry, access limit and count,
note, enabled or not); `share_link_device` a link's 1-20 devices in order (docs/api-sharing.md).

Revision ID: 5e8f2a4c6d13
Revises: 3c9e1a7d5b42
Create Date: 2026-12-02 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "5e8f2a4c6d13"
down_revision: str | None = "3c9e1a7d5b42"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "share_link",
        sa.Column("user_id", _ID, nullable=False),
        sa.Column("link_type", sa.SmallInteger(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("permission", sa.SmallInteger(), nullable=False),
        sa.Column("expire_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("access_limit", sa.Integer(), nullable=True),
        sa.Column("use_count", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(length=100), nullable=False),
        sa.Column("use_state", sa.SmallInteger(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_share_link_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_share_link_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_share_link")),
        sa.UniqueConstraint("token", name=op.f("uq_share_link_token")),
    )
    with op.batch_alter_table("share_link", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_share_link_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_share_link_user_id"), ["user_id"], unique=False)

    op.create_table(
        "share_link_device",
        sa.Column("link_id", _ID, nullable=False),
        sa.Column("device_id", _ID, nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["device.id"], name=op.f("fk_share_link_device_device_id_device"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["link_id"], ["share_link.id"], name=op.f("fk_share_link_device_link_id_share_link"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_share_link_device_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_share_link_device")),
        sa.UniqueConstraint("link_id", "device_id", name=op.f("uq_share_link_device_link_id_device_id")),
    )
    with op.batch_alter_table("share_link_device", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_share_link_device_device_id"), ["device_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_share_link_device_link_id"), ["link_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_share_link_device_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("share_link_device", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_share_link_device_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_share_link_device_link_id"))
        batch_op.drop_index(batch_op.f("ix_share_link_device_device_id"))

    op.drop_table("share_link_device")
    with op.batch_alter_table("share_link", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_share_link_user_id"))
        batch_op.drop_index(batch_op.f("ix_share_link_tenant_id"))

    op.drop_table("share_link")
