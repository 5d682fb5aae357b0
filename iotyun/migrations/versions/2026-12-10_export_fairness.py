"""export jobs claimed fairly: when each job was claimed

`export_job.claimed_at` is when a runner last claimed the job. The runner claims the next job of the tenant served
least recently (the oldest latest `claimed_at` among the tenants with waiting jobs), then of that tenant's user
served least recently: round-robin that needs no state beyond the jobs themselves, so it holds across server
processes and restarts (docs/api-exports.md "The runner"). Existing jobs have none (never served).

Revision ID: f1b3d5e7a9c1
Revises: 7c1e5a9d3b28
Create Date: 2026-12-10 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "f1b3d5e7a9c1"
down_revision: str | None = "7c1e5a9d3b28"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.add_column(sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_export_job_tenant_claimed", ["tenant_id", "owner_id", "claimed_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.drop_index("ix_export_job_tenant_claimed")
        batch_op.drop_column("claimed_at")
