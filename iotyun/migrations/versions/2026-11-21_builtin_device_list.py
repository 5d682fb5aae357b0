"""built-in user and secondary administrator roles reach the device list

The built-in `user` and `administrator2` roles held the Devices menu (P30000) but none of its pages, so their
users could not open their own devices. New tenants get P31000 (device list) from DEFAULT_ROLE_PERMISSIONS; this
adds it to the built-in roles of existing tenants that still hold P30000.

Revision ID: 3b7c1e2f9a40
Revises: 8fd6c6f6b954
Create Date: 2026-11-21
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3b7c1e2f9a40"
down_revision: str | None = "8fd6c6f6b954"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_role = sa.table(
    "role",
    sa.column("id", sa.BigInteger),
    sa.column("code", sa.String),
    sa.column("type", sa.String),
    sa.column("permissions", sa.JSON),
)
_BUILT_IN = ("user", "administrator2")


def _rewrite(change: Callable[[set[str]], set[str]]) -> None:
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(_role.c.id, _role.c.permissions).where(_role.c.type == "default", _role.c.code.in_(_BUILT_IN))
    ).all()
    for role_id, permissions in rows:
        before = set(permissions or [])
        after = change(before)
        if after != before:
            conn.execute(sa.update(_role).where(_role.c.id == role_id).values(permissions=sorted(after)))


def upgrade() -> None:
    _rewrite(lambda codes: codes | {"P31000"} if "P30000" in codes else codes)


def downgrade() -> None:
    _rewrite(lambda codes: codes - {"P31000"})
