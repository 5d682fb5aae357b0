"""brand

A tenant's personalization and white label (issue 36 point 1, docs/api-system.md "Personalization and white label"):
`brand_image` holds the images uploaded for the brand (a place: logo_light, logo_dark, favicon, background; the
unguessable key they are served by), `brand` the tenant's one row of settings (platform name, slogan, footer, primary
colour, default language, map theme, the four images it shows, a white-label domain unique across tenants, and a
save counter). No row: the platform's brand.

Revision ID: 7c4b2bb8f48c
Revises: 24bcc86fd166
Create Date: 2026-12-29 05:23:20
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "7c4b2bb8f48c"
down_revision: str | None = "24bcc86fd166"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
_IMAGES = ("logo_light", "logo_dark", "favicon", "background")


def upgrade() -> None:
    op.create_table(
        "brand_image",
        sa.Column("slot", sa.String(length=16), nullable=False),
        sa.Column("file_key", sa.String(length=32), nullable=False),
        sa.Column("ext", sa.String(length=4), nullable=False),
        sa.Column("content_type", sa.String(length=32), nullable=False),
        sa.Column("size_bytes", sa.Integer(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_brand_image_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_brand_image")),
        sa.UniqueConstraint("file_key", name=op.f("uq_brand_image_file_key")),
    )
    with op.batch_alter_table("brand_image", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_brand_image_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "brand",
        sa.Column("platform_name", sa.String(length=32), nullable=False),
        sa.Column("slogan", sa.String(length=64), nullable=False),
        sa.Column("footer", sa.String(length=200), nullable=False),
        sa.Column("primary_color", sa.String(length=7), nullable=True),
        sa.Column("default_language", sa.String(length=2), nullable=False),
        sa.Column("map_theme", sa.String(length=16), nullable=True),
        sa.Column("domain", sa.String(length=253), nullable=True),
        *(sa.Column(f"{image}_id", _ID, nullable=True) for image in _IMAGES),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        *(
            sa.ForeignKeyConstraint(
                [f"{image}_id"],
                ["brand_image.id"],
                name=op.f(f"fk_brand_{image}_id_brand_image"),
                ondelete="SET NULL",
            )
            for image in _IMAGES
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_brand_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_brand")),
        sa.UniqueConstraint("domain", name=op.f("uq_brand_domain")),
        sa.UniqueConstraint("tenant_id", name=op.f("uq_brand_tenant_id")),
    )
    with op.batch_alter_table("brand", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_brand_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("brand", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_brand_tenant_id"))
    op.drop_table("brand")
    with op.batch_alter_table("brand_image", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_brand_image_tenant_id"))
    op.drop_table("brand_image")
