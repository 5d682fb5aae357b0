"""dashboards, their groups and audiences, business sectors

Issue 31 (docs/api-dashboards.md): `dashboard` holds each dashboard's settings and its document of cards and layouts,
`dashboard_group` the folders of the list, `dashboard_audience` the users, roles and user groups a partially visible
dashboard is shown to, `sector` and `sector_dashboard` the business sectors with their ordered dashboards.

Revision ID: d4b6f8a0c2e4
Revises: c3e5a7b9d1f2
Create Date: 2026-11-29 04:27:40.572216
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "d4b6f8a0c2e4"
down_revision: str | None = "c3e5a7b9d1f2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "dashboard_group",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_dashboard_group_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dashboard_group")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_dashboard_group_tenant_id_name")),
    )
    with op.batch_alter_table("dashboard_group", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dashboard_group_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "sector",
        sa.Column("name", sa.String(length=6), nullable=False),
        sa.Column("description", sa.String(length=500), nullable=False),
        sa.Column("image", sa.String(length=500), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("interval", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_sector_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sector")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_sector_tenant_id_name")),
    )
    with op.batch_alter_table("sector", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sector_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "dashboard",
        sa.Column("group_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("theme", sa.String(length=16), nullable=False),
        sa.Column("chart_theme", sa.String(length=16), nullable=False),
        sa.Column("mobile", sa.Boolean(), nullable=False),
        sa.Column("free_move", sa.Boolean(), nullable=False),
        sa.Column("visibility", sa.SmallInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("document", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["dashboard_group.id"],
            name=op.f("fk_dashboard_group_id_dashboard_group"),
            ondelete="RESTRICT",
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_dashboard_owner_id_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_dashboard_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dashboard")),
        sa.UniqueConstraint("tenant_id", "name", name=op.f("uq_dashboard_tenant_id_name")),
    )
    with op.batch_alter_table("dashboard", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dashboard_group_id"), ["group_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dashboard_owner_id"), ["owner_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dashboard_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "dashboard_audience",
        sa.Column("dashboard_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.SmallInteger(), nullable=False),
        sa.Column("target_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["dashboard_id"],
            ["dashboard.id"],
            name=op.f("fk_dashboard_audience_dashboard_id_dashboard"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_dashboard_audience_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dashboard_audience")),
        sa.UniqueConstraint(
            "dashboard_id", "kind", "target_id", name=op.f("uq_dashboard_audience_dashboard_id_kind_target_id")
        ),
    )
    with op.batch_alter_table("dashboard_audience", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dashboard_audience_dashboard_id"), ["dashboard_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_dashboard_audience_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "sector_dashboard",
        sa.Column("sector_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("dashboard_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["dashboard_id"],
            ["dashboard.id"],
            name=op.f("fk_sector_dashboard_dashboard_id_dashboard"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["sector_id"], ["sector.id"], name=op.f("fk_sector_dashboard_sector_id_sector"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_sector_dashboard_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sector_dashboard")),
        sa.UniqueConstraint("sector_id", "dashboard_id", name=op.f("uq_sector_dashboard_sector_id_dashboard_id")),
    )
    with op.batch_alter_table("sector_dashboard", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sector_dashboard_dashboard_id"), ["dashboard_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_sector_dashboard_sector_id"), ["sector_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_sector_dashboard_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("sector_dashboard", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sector_dashboard_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_sector_dashboard_sector_id"))
        batch_op.drop_index(batch_op.f("ix_sector_dashboard_dashboard_id"))

    op.drop_table("sector_dashboard")
    with op.batch_alter_table("dashboard_audience", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dashboard_audience_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_dashboard_audience_dashboard_id"))

    op.drop_table("dashboard_audience")
    with op.batch_alter_table("dashboard", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dashboard_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_dashboard_owner_id"))
        batch_op.drop_index(batch_op.f("ix_dashboard_group_id"))

    op.drop_table("dashboard")
    with op.batch_alter_table("sector", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sector_tenant_id"))

    op.drop_table("sector")
    with op.batch_alter_table("dashboard_group", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dashboard_group_tenant_id"))

    op.drop_table("dashboard_group")
