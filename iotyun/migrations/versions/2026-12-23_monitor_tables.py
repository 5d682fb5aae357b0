"""monitor tables

`monitor_table` holds a template's monitoring tables (SPEC's "middlewares", issue 35): a name unique in the template,
a description, a list position, a revision and the design (columns, header groups, formats, colour bands, row
height) that the monitor area shows live for every device bound to the template (docs/api-templates.md
"Monitoring tables").

Revision ID: d6e0a24381fc
Revises: 4c8e2a6f0b13
Create Date: 2026-11-30 22:26:13
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "d6e0a24381fc"
down_revision: str | None = "4c8e2a6f0b13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "monitor_table",
        sa.Column("template_id", _ID, nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("description", sa.String(length=200), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("design", sa.JSON(), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", _ID, nullable=False),
        sa.ForeignKeyConstraint(
            ["template_id"], ["template.id"], name=op.f("fk_monitor_table_template_id_template"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_monitor_table_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_monitor_table")),
        sa.UniqueConstraint("template_id", "name", name=op.f("uq_monitor_table_template_id_name")),
    )
    with op.batch_alter_table("monitor_table", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_monitor_table_template_id"), ["template_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_monitor_table_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("monitor_table", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_monitor_table_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_monitor_table_template_id"))
    op.drop_table("monitor_table")
