"""qr login

QR sign-in through the console's own page (issue 36 point 6, docs/api.md "QR sign-in"): `qr_login_ticket`, one row
per code shown on a login page, its key kept as a SHA-256, bound to the signing key of the browser that made it, and
gone once collected or expired. It belongs to no tenant.

Revision ID: 9d3f61a2b7c4
Revises: 949d0190232e
Create Date: 2027-01-03 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "9d3f61a2b7c4"
down_revision: str | None = "949d0190232e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "qr_login_ticket",
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("pub_key", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("client_ip", sa.String(length=45), nullable=False),
        sa.Column("user_agent", sa.String(length=200), nullable=False),
        sa.Column("user_id", _ID, nullable=True),
        sa.Column("confirm_ip", sa.String(length=45), nullable=False),
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_qr_login_ticket_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_qr_login_ticket")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_qr_login_ticket_key_hash")),
    )
    with op.batch_alter_table("qr_login_ticket", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_qr_login_ticket_expires_at"), ["expires_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_qr_login_ticket_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("qr_login_ticket", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_qr_login_ticket_user_id"))
        batch_op.drop_index(batch_op.f("ix_qr_login_ticket_expires_at"))
    op.drop_table("qr_login_ticket")
