"""templates number their publications: the first publish is v1, whatever edits came before it

`template.releases` counts a template's publications and `template_publication.release` numbers each one. Existing
publications are numbered 1, 2, … in the order of the versions they froze.

Revision ID: 7b3e5f1a9c20
Revises: a4c2e9d71b30
Create Date: 2026-11-26 00:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7b3e5f1a9c20"
down_revision: str | None = "a4c2e9d71b30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("template", schema=None) as batch_op:
        batch_op.add_column(sa.Column("releases", sa.Integer(), server_default="0", nullable=False))
    with op.batch_alter_table("template_publication", schema=None) as batch_op:
        batch_op.add_column(sa.Column("release", sa.Integer(), server_default="1", nullable=False))
    op.execute(
        "UPDATE template_publication SET release = (SELECT COUNT(*) FROM template_publication AS earlier "
        "WHERE earlier.template_id = template_publication.template_id "
        "AND earlier.version <= template_publication.version)"
    )
    op.execute(
        "UPDATE template SET releases = (SELECT COUNT(*) FROM template_publication "
        "WHERE template_publication.template_id = template.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("template_publication", schema=None) as batch_op:
        batch_op.drop_column("release")
    with op.batch_alter_table("template", schema=None) as batch_op:
        batch_op.drop_column("releases")
