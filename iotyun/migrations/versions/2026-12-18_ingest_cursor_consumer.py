"""the delivery cursor per broker session

`ingest_cursor` gains `consumer`, the MQTT client id of the server session that received and stored the batches
(docs/decisions.md "Several servers"): with several servers behind one shared subscription a gateway's batches may be
split between them and committed out of order, and a single cursor per gateway made a restarted server drop the
batches that had waited for it in the broker as if they were repeats. Existing rows become consumer '' (read as the
fallback of a session that has no row yet).

Revision ID: 4b8d2f6a1c3e
Revises: 915ecba78e8e
Create Date: 2026-12-18 00:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "4b8d2f6a1c3e"
down_revision: str | None = "915ecba78e8e"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("ingest_cursor", schema=None) as batch_op:
        batch_op.drop_constraint("pk_ingest_cursor", type_="primary")
        batch_op.add_column(sa.Column("consumer", sa.String(length=64), server_default="", nullable=False))
        batch_op.create_primary_key("pk_ingest_cursor", ["gateway_id", "consumer"])


def downgrade() -> None:
    # One row per gateway again: the highest cursor of its sessions.
    op.execute(
        "DELETE FROM ingest_cursor WHERE EXISTS (SELECT 1 FROM ingest_cursor d "
        "WHERE d.gateway_id = ingest_cursor.gateway_id AND (d.boot > ingest_cursor.boot "
        "OR (d.boot = ingest_cursor.boot AND d.seq > ingest_cursor.seq) "
        "OR (d.boot = ingest_cursor.boot AND d.seq = ingest_cursor.seq AND d.consumer > ingest_cursor.consumer)))"
    )
    with op.batch_alter_table("ingest_cursor", schema=None) as batch_op:
        batch_op.drop_constraint("pk_ingest_cursor", type_="primary")
        batch_op.drop_column("consumer")
        batch_op.create_primary_key("pk_ingest_cursor", ["gateway_id"])
