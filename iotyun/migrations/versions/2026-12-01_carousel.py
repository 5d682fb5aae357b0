"""carousel: a user's configuration carousel groups and their devices

`carousel_group` holds a user's groups (name unique per user, the seconds each device shows, intra-group rotation
on or off, list position); `carousel_item` the group's devices in order (docs/api-carousel.md).

Revision ID: 3c9e1a7d5b42
Revises: 7b2d4f6a8c10
Create Date: 2026-12-01 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "3c9e1a7d5b42"
down_revision: str | None = "7b2d4f6a8c10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "carousel_group",
        sa.Column("owner_id", _ID, nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("interval", sa.Integer(), nullable=False),
        sa.Column("rotate", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_carousel_group_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_carousel_group_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_carousel_group")),
        sa.UniqueConstraint("owner_id", "name", name=op.f("uq_carousel_group_owner_id_name")),
    )
    with op.batch_alter_table("carousel_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_carousel_group_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_carousel_group_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "carousel_item",
        sa.Column("group_id", _ID, nullable=False),
        sa.Column("device_id", _ID, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["device.id"], name=op.f("fk_carousel_item_device_id_device"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["carousel_group.id"],
            name=op.f("fk_carousel_item_group_id_carousel_group"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_carousel_item_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_carousel_item")),
        sa.UniqueConstraint("group_id", "device_id", name=op.f("uq_carousel_item_group_id_device_id")),
    )
    with op.batch_alter_table("carousel_item", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_carousel_item_device_id"), ["device_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_carousel_item_group_id"), ["group_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_carousel_item_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("carousel_item", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_carousel_item_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_carousel_item_group_id"))
        batch_op.drop_index(batch_op.f("ix_carousel_item_device_id"))

    op.drop_table("carousel_item")
    with op.batch_alter_table("carousel_group", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_carousel_group_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_carousel_group_owner_id"))

    op.drop_table("carousel_group")
