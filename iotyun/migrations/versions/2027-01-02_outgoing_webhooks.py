"""outgoing webhooks

Outgoing webhooks (issue 36 point 5, docs/api-system.md "Outgoing webhooks"): a tenant's subscriptions
(`webhook_subscription`: URL, secret, events, device filter); the outbox's events may be a device's (`notify_event`
without an alarm: `device_id` and `data`); a delivery names the subscription that made it and keeps the HTTP status
its last try was answered with (`notify_delivery.subscription_id`, `status_code`).

Revision ID: 24bcc86fd166
Revises: 9d3f61a2b7c4
Create Date: 2027-01-02 05:25:11
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "24bcc86fd166"
down_revision: str | None = "9d3f61a2b7c4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "webhook_subscription",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=False),
        sa.Column("secret", sa.String(length=128), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("device_ids", sa.JSON(), nullable=False),
        sa.Column("device_group_ids", sa.JSON(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["user_account.id"],
            name=op.f("fk_webhook_subscription_owner_id_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_webhook_subscription_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_subscription")),
    )
    with op.batch_alter_table("webhook_subscription", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_webhook_subscription_tenant_id"), ["tenant_id"], unique=False)

    with op.batch_alter_table("notify_delivery", schema=None) as batch_op:
        batch_op.add_column(sa.Column("subscription_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("status_code", sa.SmallInteger(), nullable=True))
        batch_op.create_index("ix_notify_delivery_subscription_state", ["subscription_id", "state"], unique=False)

    with op.batch_alter_table("notify_event", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device_id", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("data", sa.JSON(), nullable=True))
        batch_op.alter_column("alarm_id", existing_type=sa.BigInteger(), nullable=True)


def downgrade() -> None:
    # A device's events have no alarm: they go first.
    op.execute("DELETE FROM notify_event WHERE alarm_id IS NULL")
    with op.batch_alter_table("notify_event", schema=None) as batch_op:
        batch_op.alter_column("alarm_id", existing_type=sa.BigInteger(), nullable=False)
        batch_op.drop_column("data")
        batch_op.drop_column("device_id")

    with op.batch_alter_table("notify_delivery", schema=None) as batch_op:
        batch_op.drop_index("ix_notify_delivery_subscription_state")
        batch_op.drop_column("status_code")
        batch_op.drop_column("subscription_id")

    with op.batch_alter_table("webhook_subscription", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_webhook_subscription_tenant_id"))

    op.drop_table("webhook_subscription")
