"""software upgrades

Upgrades of gateways to a device-end version of the library (issue 34 point 2, docs/api-software.md): a rollout
in waves and each device's upgrade in it, which is also the upgrade history per device; and who opened a gateway's
VPN from the console (point 5).

Revision ID: 9b3f5d7e1a42
Revises: 7d1c9e3a5b20
Create Date: 2026-11-30 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import iotyun.core.db

revision: str = "9b3f5d7e1a42"
down_revision: str | None = "7d1c9e3a5b20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "software_upgrade",
        sa.Column("version_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("to_version", sa.String(length=32), nullable=False),
        sa.Column("mode", sa.SmallInteger(), nullable=False),
        sa.Column("state", sa.SmallInteger(), nullable=False),
        sa.Column("reason", sa.String(length=64), nullable=False),
        sa.Column("wave", sa.SmallInteger(), nullable=False),
        sa.Column("waves", sa.SmallInteger(), nullable=False),
        sa.Column("first_wave", sa.Integer(), nullable=False),
        sa.Column("step_percent", sa.SmallInteger(), nullable=False),
        sa.Column("failure_percent", sa.SmallInteger(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("finished_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["user_account.id"],
            name=op.f("fk_software_upgrade_created_by_user_account"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_software_upgrade_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["software_version.id"],
            name=op.f("fk_software_upgrade_version_id_software_version"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_software_upgrade")),
    )
    with op.batch_alter_table("software_upgrade", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_software_upgrade_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_software_upgrade_tenant_state", ["tenant_id", "state"], unique=False)
        batch_op.create_index(batch_op.f("ix_software_upgrade_version_id"), ["version_id"], unique=False)

    op.create_table(
        "software_upgrade_device",
        sa.Column("upgrade_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("device_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True),
        sa.Column("gateway_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("sn", sa.String(length=19), nullable=False),
        sa.Column("device_name", sa.String(length=32), nullable=False),
        sa.Column("model", sa.String(length=20), nullable=False),
        sa.Column("from_version", sa.String(length=32), nullable=False),
        sa.Column("to_version", sa.String(length=32), nullable=False),
        sa.Column("wave", sa.SmallInteger(), nullable=False),
        sa.Column("state", sa.SmallInteger(), nullable=False),
        sa.Column("progress", sa.SmallInteger(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("req_id", sa.String(length=32), nullable=False),
        sa.Column("link_digest", sa.String(length=64), nullable=False),
        sa.Column("link_expires_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("sent_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("reported_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("finished_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), autoincrement=True, nullable=False),
        sa.Column("created_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", iotyun.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("tenant_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.ForeignKeyConstraint(
            ["device_id"], ["device.id"], name=op.f("fk_software_upgrade_device_device_id_device"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["gateway_id"],
            ["gateway.id"],
            name=op.f("fk_software_upgrade_device_gateway_id_gateway"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenant.id"], name=op.f("fk_software_upgrade_device_tenant_id_tenant"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["upgrade_id"],
            ["software_upgrade.id"],
            name=op.f("fk_software_upgrade_device_upgrade_id_software_upgrade"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_software_upgrade_device")),
        sa.UniqueConstraint("req_id", name=op.f("uq_software_upgrade_device_req_id")),
    )
    with op.batch_alter_table("software_upgrade_device", schema=None) as batch_op:
        batch_op.create_index("ix_software_upgrade_device_active", ["state", "gateway_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_software_upgrade_device_link_digest"), ["link_digest"], unique=False)
        batch_op.create_index("ix_software_upgrade_device_tenant_device", ["tenant_id", "device_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_software_upgrade_device_tenant_id"), ["tenant_id"], unique=False)
        batch_op.create_index("ix_software_upgrade_device_upgrade", ["upgrade_id", "wave", "state"], unique=False)

    # Who opened a gateway's VPN from the console (issue 34 point 5).
    with op.batch_alter_table("gateway", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("vpn_opened_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True)
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_gateway_vpn_opened_by_user_account"),
            "user_account",
            ["vpn_opened_by"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("gateway", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_gateway_vpn_opened_by_user_account"), type_="foreignkey")
        batch_op.drop_column("vpn_opened_by")

    with op.batch_alter_table("software_upgrade_device", schema=None) as batch_op:
        batch_op.drop_index("ix_software_upgrade_device_upgrade")
        batch_op.drop_index(batch_op.f("ix_software_upgrade_device_tenant_id"))
        batch_op.drop_index("ix_software_upgrade_device_tenant_device")
        batch_op.drop_index(batch_op.f("ix_software_upgrade_device_link_digest"))
        batch_op.drop_index("ix_software_upgrade_device_active")

    op.drop_table("software_upgrade_device")
    with op.batch_alter_table("software_upgrade", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_software_upgrade_version_id"))
        batch_op.drop_index("ix_software_upgrade_tenant_state")
        batch_op.drop_index(batch_op.f("ix_software_upgrade_tenant_id"))

    op.drop_table("software_upgrade")
