"""mail recipients, daily mail counters and a scheduled run's mail outcome

`mail_recipient` holds the addresses a tenant asked to mail, pending until their owner opens the verification link
(its token stored hashed), then verified; `mail_day` counts a tenant's mails per UTC day against the daily caps;
`export_job.mail_state`/`mail_code`/`mail_note` record what a scheduled run's mail did (docs/api-mail.md).

Revision ID: b5d7f9a1c3e6
Revises: a7c9e1b3d5f8
Create Date: 2026-12-08 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "b5d7f9a1c3e6"
down_revision: str | None = "a7c9e1b3d5f8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_day",
        sa.Column(
            "tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=False, nullable=False
        ),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("messages", sa.Integer(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.Column("verifications", sa.Integer(), nullable=False),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_mail_day_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("tenant_id", "day", name=op.f("pk_mail_day")),
    )
    op.create_table(
        "mail_recipient",
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("requested_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("requested_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("token_expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("sent_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("sends", sa.Integer(), nullable=False),
        sa.Column("sends_day", sa.Date(), nullable=True),
        sa.Column("verified_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["requested_by"],
            ["user_account.id"],
            name=op.f("fk_mail_recipient_requested_by_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_mail_recipient_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_recipient")),
        sa.UniqueConstraint("tenant_id", "address", name=op.f("uq_mail_recipient_tenant_id_address")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_mail_recipient_token_hash")),
    )
    with op.batch_alter_table("mail_recipient", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mail_recipient_address"), ["address"], unique=False)
        batch_op.create_index(batch_op.f("ix_mail_recipient_requested_by"), ["requested_by"], unique=False)
        batch_op.create_index(batch_op.f("ix_mail_recipient_tenant_id"), ["tenant_id"], unique=False)

    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.add_column(sa.Column("mail_state", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("mail_code", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("mail_note", sa.String(length=255), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("export_job", schema=None) as batch_op:
        batch_op.drop_column("mail_note")
        batch_op.drop_column("mail_code")
        batch_op.drop_column("mail_state")

    with op.batch_alter_table("mail_recipient", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_recipient_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_mail_recipient_requested_by"))
        batch_op.drop_index(batch_op.f("ix_mail_recipient_address"))

    op.drop_table("mail_recipient")
    op.drop_table("mail_day")
