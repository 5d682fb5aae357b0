"""notifications

Alarm notifications (issue 32 points 4–6, docs/api-notifications.md): the rules (`notify_rule`, with escalation), the
outbox's events written with each alarm change (`notify_event`), the deliveries with their keys and states
(`notify_delivery`); and an alarm's shelving (`shelved_until`, by whom, why).

Revision ID: 915ecba78e8e
Revises: a8f76b1a2f88
Create Date: 2026-11-29 21:49:10.280607
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "915ecba78e8e"
down_revision: str | None = "a8f76b1a2f88"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "notify_delivery",
        sa.Column("rule_id", sa.BigInteger(), nullable=True),
        sa.Column("alarm_id", sa.BigInteger(), nullable=True),
        sa.Column("event", sa.String(length=16), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("address", sa.String(length=500), nullable=False),
        sa.Column("key", sa.String(length=128), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("lease_until", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(length=255), nullable=False),
        sa.Column("sent_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_notify_delivery_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_delivery")),
        sa.UniqueConstraint("key", name=op.f("uq_notify_delivery_key")),
    )
    with op.batch_alter_table("notify_delivery", schema=None) as batch_op:
        batch_op.create_index("ix_notify_delivery_state_next", ["state", "next_at"], unique=False)
        batch_op.create_index("ix_notify_delivery_tenant_created", ["tenant_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_notify_delivery_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "notify_event",
        sa.Column("alarm_id", sa.BigInteger(), nullable=False),
        sa.Column("event", sa.String(length=16), nullable=False),
        sa.Column("rule_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("done_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_notify_event_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_event")),
    )
    with op.batch_alter_table("notify_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notify_event_alarm_id"), ["alarm_id"], unique=False)
        batch_op.create_index("ix_notify_event_done", ["done_at", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_notify_event_tenant_id"), ["tenant_id"], unique=False)

    op.create_table(
        "notify_rule",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("owner_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("template_ids", sa.JSON(), nullable=False),
        sa.Column("source_ids", sa.JSON(), nullable=False),
        sa.Column("device_group_ids", sa.JSON(), nullable=False),
        sa.Column("level_min", sa.SmallInteger(), nullable=False),
        sa.Column("level_max", sa.SmallInteger(), nullable=False),
        sa.Column("user_ids", sa.JSON(), nullable=False),
        sa.Column("role_ids", sa.JSON(), nullable=False),
        sa.Column("group_ids", sa.JSON(), nullable=False),
        sa.Column("channels", sa.JSON(), nullable=False),
        sa.Column("webhook_url", sa.String(length=500), nullable=False),
        sa.Column("webhook_secret", sa.String(length=128), nullable=False),
        sa.Column("wechat_url", sa.String(length=500), nullable=False),
        sa.Column("quiet_start", sa.SmallInteger(), nullable=True),
        sa.Column("quiet_end", sa.SmallInteger(), nullable=True),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("on_recover", sa.Boolean(), nullable=False),
        sa.Column("on_confirm", sa.Boolean(), nullable=False),
        sa.Column("escalate_after", sa.SmallInteger(), nullable=True),
        sa.Column("escalate_user_ids", sa.JSON(), nullable=False),
        sa.Column("escalate_role_ids", sa.JSON(), nullable=False),
        sa.Column("escalate_group_ids", sa.JSON(), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["user_account.id"], name=op.f("fk_notify_rule_owner_id_user_account"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_notify_rule_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notify_rule")),
    )
    with op.batch_alter_table("notify_rule", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_notify_rule_tenant_id"), ["tenant_id"], unique=False)

    with op.batch_alter_table("alarm", schema=None) as batch_op:
        batch_op.add_column(sa.Column("shelved_until", iotyun.core.db.UTCDateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("shelved_by_name", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("shelve_reason", sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("alarm", schema=None) as batch_op:
        batch_op.drop_column("shelve_reason")
        batch_op.drop_column("shelved_by_name")
        batch_op.drop_column("shelved_until")

    with op.batch_alter_table("notify_rule", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notify_rule_tenant_id"))

    op.drop_table("notify_rule")
    with op.batch_alter_table("notify_event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notify_event_tenant_id"))
        batch_op.drop_index("ix_notify_event_done")
        batch_op.drop_index(batch_op.f("ix_notify_event_alarm_id"))

    op.drop_table("notify_event")
    with op.batch_alter_table("notify_delivery", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_notify_delivery_tenant_id"))
        batch_op.drop_index("ix_notify_delivery_tenant_created")
        batch_op.drop_index("ix_notify_delivery_state_next")

    op.drop_table("notify_delivery")
