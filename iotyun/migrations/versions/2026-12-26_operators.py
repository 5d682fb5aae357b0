"""operators

Platform operators above every tenant (issue 35, docs/api-operations.md): `operator_account` (made only by
`iotyun operator create`), `operator_token` (their sessions, apart from the tenants' tokens), `operator_audit` (who
did what, before and after) and `quota_grant` (an operator's ceiling of a user's quotas, read by team's quota checks).

Revision ID: e7b1c5a90d42
Revises: c0f922ada8b5
Create Date: 2026-12-01 01:12:10
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "e7b1c5a90d42"
down_revision: str | None = "c0f922ada8b5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "operator_account",
        sa.Column("user_name", sa.String(length=32), nullable=False),
        sa.Column("display_name", sa.String(length=32), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("is_active", sa.Boolean(), nullable=False),
        sa.Column("last_login_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_account")),
        sa.UniqueConstraint("user_name", name=op.f("uq_operator_account_user_name")),
    )
    op.create_table(
        "operator_audit",
        sa.Column("operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("operator_name", sa.String(length=32), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("target_kind", sa.String(length=20), nullable=False),
        sa.Column("target_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("target_name", sa.String(length=64), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("result", sa.String(length=16), nullable=False),
        sa.Column("client_ip", sa.String(length=45), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_audit")),
    )
    with op.batch_alter_table("operator_audit", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_operator_audit_operator_id"), ["operator_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_operator_audit_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_operator_audit_time", ["created_at"], unique=False)

    op.create_table(
        "operator_token",
        sa.Column("operator_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("client_ip", sa.String(length=45), nullable=False),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.ForeignKeyConstraint(
            ["operator_id"],
            ["operator_account.id"],
            name=op.f("fk_operator_token_operator_id_operator_account"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_token")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_operator_token_token_hash")),
    )
    with op.batch_alter_table("operator_token", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_operator_token_operator_id"), ["operator_id"], unique=False)

    op.create_table(
        "quota_grant",
        sa.Column("user_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("device_share", sa.Integer(), nullable=True),
        sa.Column("template_share", sa.Integer(), nullable=True),
        sa.Column("template_create", sa.Integer(), nullable=True),
        sa.Column("screens", sa.Integer(), nullable=True),
        sa.Column("gallery_mb", sa.Integer(), nullable=True),
        sa.Column("screen_versions_mb", sa.Integer(), nullable=True),
        sa.Column("exports_kept", sa.Integer(), nullable=True),
        sa.Column("sms_push", sa.Integer(), nullable=True),
        sa.Column("wechat_push", sa.Integer(), nullable=True),
        sa.Column("alarm_storage", sa.Integer(), nullable=True),
        sa.Column("history_storage_mb", sa.Integer(), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_quota_grant_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["user_account.id"], name=op.f("fk_quota_grant_user_id_user_account"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_quota_grant")),
        sa.UniqueConstraint("user_id", name=op.f("uq_quota_grant_user_id")),
    )
    with op.batch_alter_table("quota_grant", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_quota_grant_tenant_id"), ["tenant_id"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("quota_grant", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_quota_grant_tenant_id"))

    op.drop_table("quota_grant")
    with op.batch_alter_table("operator_token", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_operator_token_operator_id"))

    op.drop_table("operator_token")
    with op.batch_alter_table("operator_audit", schema=None) as batch_op:
        batch_op.drop_index("ix_operator_audit_time")
        batch_op.drop_index(batch_op.f("ix_operator_audit_tenant_id"))
        batch_op.drop_index(batch_op.f("ix_operator_audit_operator_id"))

    op.drop_table("operator_audit")
    op.drop_table("operator_account")
