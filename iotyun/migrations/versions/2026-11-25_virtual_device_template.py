"""virtual devices bind a real template: a foreign key to template, SET NULL when the template is deleted

Template ids stored before (the stub accepted none, but a hand-made row could hold one) that name no template are
cleared first, so the key can be created.

Revision ID: a4c2e9d71b30
Revises: 5d1f0b7c2e11
Create Date: 2026-11-25 20:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "a4c2e9d71b30"
down_revision: str | None = "5d1f0b7c2e11"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute(
        "UPDATE virtual_device SET template_id = NULL "
        "WHERE template_id IS NOT NULL AND template_id NOT IN (SELECT id FROM template)"
    )
    with op.batch_alter_table("virtual_device", schema=None) as batch_op:
        batch_op.create_foreign_key(
            batch_op.f("fk_virtual_device_template_id_template"),
            "template",
            ["template_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("virtual_device", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_virtual_device_template_id_template"), type_="foreignkey")
