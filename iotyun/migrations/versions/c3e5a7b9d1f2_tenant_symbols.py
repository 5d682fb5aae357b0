"""the tenant symbol library: imported SVG symbols, sanitised, with the parts their editor marked

`resource_symbol` holds each symbol of a tenant's library (issue 30 point 11, docs/api-resources.md "Symbols"): its
sanitised SVG, the parts marked among its elements, its size and its file key (served without a token, as gallery
images are). Gallery SVG images and the uncategorised bucket need no schema change.

Revision ID: c3e5a7b9d1f2
Revises: e2f4a6c8b1d3
Create Date: 2026-12-12 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "c3e5a7b9d1f2"
down_revision: str | None = "e2f4a6c8b1d3"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "resource_symbol",
        sa.Column("owner_id", _ID, nullable=True),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("category", sa.String(length=16), nullable=False),
        sa.Column("file_key", sa.String(length=32), nullable=False),
        sa.Column("svg", sa.Text(), nullable=False),
        sa.Column("parts", sa.JSON(), nullable=False),
        sa.Column("width", sa.Float(), nullable=False),
        sa.Column("height", sa.Float(), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["user_account.id"],
            name=op.f("fk_resource_symbol_owner_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_resource_symbol_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_resource_symbol")),
        sa.UniqueConstraint("file_key", name=op.f("uq_resource_symbol_file_key")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_resource_symbol_tenant_id_name")),
    )
    with op.batch_alter_table("resource_symbol", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_resource_symbol_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_resource_symbol_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("resource_symbol", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_resource_symbol_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_resource_symbol_owner_id"))
    op.drop_table("resource_symbol")
