"""operator alert contacts

Platform alerts reach the operators through the notification channels (issue 35 point 3, docs/api-operations.md
"To the operators"): `operator_account` gains the operator's `email`, `phone` ("" none) and `alert_channels` (NULL:
every channel he has an address for), and `platform_alert_delivery` keeps one row per alert event, channel and
address (pending, sent, failed, its tries and error), unique so that no event goes twice to one address. The
operators' webhook becomes one more channel of that table: `platform_alert`'s `webhook_*` columns go, each alert's
webhook state moving to a delivery row of channel `webhook` with no address (the runner sends such a row to the URL
set today). Downgrading writes each alert's latest webhook delivery back to the columns.

Revision ID: 949d0190232e
Revises: 5b651a20c644
Create Date: 2026-12-28 10:00:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "949d0190232e"
down_revision: str | None = "5b651a20c644"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_alert = sa.table(
    "platform_alert",
    sa.column("id", sa.BigInteger),
    sa.column("webhook_state", sa.String),
    sa.column("webhook_tries", sa.Integer),
    sa.column("webhook_event", sa.String),
    sa.column("webhook_error", sa.String),
)
_delivery = sa.table(
    "platform_alert_delivery",
    sa.column("id", sa.BigInteger),
    sa.column("alert_id", sa.BigInteger),
    sa.column("event", sa.String),
    sa.column("channel", sa.String),
    sa.column("address", sa.String),
    sa.column("state", sa.String),
    sa.column("tries", sa.Integer),
    sa.column("error", sa.String),
    sa.column("created_at", iotyun.core.db.UTCDateTime(timezone=True)),
)


def upgrade() -> None:
    with op.batch_alter_table("operator_account", schema=None) as batch_op:
        batch_op.add_column(sa.Column("email", sa.String(length=128), server_default="", nullable=False))
        batch_op.add_column(sa.Column("phone", sa.String(length=20), server_default="", nullable=False))
        batch_op.add_column(sa.Column("alert_channels", sa.JSON(), nullable=True))

    conn = op.get_bind()
    webhook = conn.execute(
        sa.select(
            _alert.c.id, _alert.c.webhook_state, _alert.c.webhook_tries, _alert.c.webhook_event, _alert.c.webhook_error
        ).where(_alert.c.webhook_state.in_(("pending", "sent", "failed")))
    ).all()
    # The columns go before the deliveries' table refers to platform_alert: SQLite's batch mode copies the table and
    # drops the old one, which with foreign keys on would first delete the rows referring to it.
    with op.batch_alter_table("platform_alert", schema=None) as batch_op:
        batch_op.drop_column("webhook_error")
        batch_op.drop_column("webhook_event")
        batch_op.drop_column("webhook_state")
        batch_op.drop_column("webhook_tries")

    op.create_table(
        "platform_alert_delivery",
        sa.Column("alert_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("event", sa.String(length=16), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("address", sa.String(length=500), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("error", sa.String(length=255), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("sent_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.ForeignKeyConstraint(
            ["alert_id"],
            ["platform_alert.id"],
            name=op.f("fk_platform_alert_delivery_alert_id_platform_alert"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_platform_alert_delivery")),
        sa.UniqueConstraint(
            "alert_id",
            "event",
            "channel",
            "address",
            name=op.f("uq_platform_alert_delivery_alert_id_event_channel_address"),
        ),
    )
    now = datetime.now(UTC)
    if webhook:
        conn.execute(
            sa.insert(_delivery),
            [
                {
                    "alert_id": alert_id,
                    "event": event or "opened",
                    "channel": "webhook",
                    "address": "",
                    "state": state,
                    "tries": tries or 0,
                    "error": error or "",
                    "created_at": now,
                }
                for alert_id, state, tries, event, error in webhook
            ],
        )


def downgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(_delivery.c.alert_id, _delivery.c.state, _delivery.c.tries, _delivery.c.event, _delivery.c.error)
        .where(_delivery.c.channel == "webhook")
        .order_by(_delivery.c.id)
    ).all()
    latest = {alert_id: (state, tries, event, error) for alert_id, state, tries, event, error in rows}
    op.drop_table("platform_alert_delivery")
    with op.batch_alter_table("platform_alert", schema=None) as batch_op:
        batch_op.add_column(sa.Column("webhook_state", sa.String(length=16), server_default="", nullable=False))
        batch_op.add_column(sa.Column("webhook_tries", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("webhook_event", sa.String(length=16), server_default="", nullable=False))
        batch_op.add_column(sa.Column("webhook_error", sa.String(length=64), server_default="", nullable=False))
    for alert_id, (state, tries, event, error) in latest.items():
        conn.execute(
            sa.update(_alert)
            .where(_alert.c.id == alert_id)
            .values(webhook_state=state, webhook_tries=tries, webhook_event=event, webhook_error=error[:64])
        )

    with op.batch_alter_table("operator_account", schema=None) as batch_op:
        batch_op.drop_column("alert_channels")
        batch_op.drop_column("phone")
        batch_op.drop_column("email")
