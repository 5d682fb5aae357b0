"""gallery: 3D models, and the system gallery's shipped images

`resource_model` holds a user's 3D models (a .gltf and the files it names, stored under the data dir by `file_key`);
`resource_image.system_key` names a shipped system image (resources/system_gallery.py), whose rows each tenant gets
with its system classifications.

Revision ID: 7b2d4f6a8c10
Revises: 8e2f4b6c1a39
Create Date: 2026-11-30 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "7b2d4f6a8c10"
down_revision: str | None = "8e2f4b6c1a39"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("resource_image", schema=None) as batch_op:
        batch_op.add_column(sa.Column("system_key", sa.String(length=32), nullable=True))

    op.create_table(
        "resource_model",
        sa.Column("owner_id", _ID, nullable=False),
        sa.Column("classify_id", _ID, nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("file_key", sa.String(length=32), nullable=False),
        sa.Column("gltf_name", sa.String(length=128), nullable=False),
        sa.Column("files", sa.JSON(), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["classify_id"], ["resource_classify.id"], name=op.f("fk_resource_model_classify_id_resource_classify")
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_resource_model_owner_id_user_account"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_resource_model_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_resource_model")),
        sa.UniqueConstraint("classify_id", "name", name=op.f("uq_resource_model_classify_id_name")),
        sa.UniqueConstraint("file_key", name=op.f("uq_resource_model_file_key")),
    )
    with op.batch_alter_table("resource_model", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_resource_model_classify_id"), ["classify_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_resource_model_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_resource_model_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("resource_model", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_resource_model_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_resource_model_owner_id"))
        batch_op.drop_index(batch_op.f("ix_resource_model_classify_id"))
    op.drop_table("resource_model")
    with op.batch_alter_table("resource_image", schema=None) as batch_op:
        batch_op.drop_column("system_key")
