"""share-link tokens stored hashed

A share link's token was stored as it is; it is now stored only as its SHA-256 (hex), like a session token
(core/security.py `digest`), and looked up by that hash. Existing rows are hashed in place, in the same column
(`share_link.token`, 64 characters, unique; the model names it `token_hash`): no token remains in plain text, and
every link keeps opening with the URL already handed out. No DDL on purpose: renaming the column would make SQLite
rebuild the table, and dropping `share_link` there (foreign keys on) would cascade to `share_link_device`. The
server can no longer show a link's URL after it is made (docs/api-sharing.md "Token"). There is no way back: a
downgrade leaves the hashes, so the URLs handed out before it stop opening.

Revision ID: a7c9e1b3d5f8
Revises: e4a6c8b0d2f7
Create Date: 2026-12-07 00:00:00.000000
"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a7c9e1b3d5f8"
down_revision: str | None = "e4a6c8b0d2f7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    conn = op.get_bind()
    link = sa.table("share_link", sa.column("id", _ID), sa.column("token", sa.String(64)))
    for link_id, token in conn.execute(sa.select(link.c.id, link.c.token)).all():
        hashed = hashlib.sha256(str(token).encode()).hexdigest()
        conn.execute(link.update().where(link.c.id == link_id).values(token=hashed))


def downgrade() -> None:
    """Nothing to undo in the schema; a hash cannot be turned back into its token."""
