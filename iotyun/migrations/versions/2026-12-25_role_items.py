"""role items: a role's device and template permissions are read and enforced (issue 35 point 4)

Until now only the device item "write" was checked; every other operation was open to every role, and template
permissions were stored and never read. So that nothing anyone could do yesterday stops working:
- every role (built-in and custom) gets every new device item (history, export, alarm_confirm, edit, share, vpn);
- "write" stays as it was for custom roles (it was enforced), and built-in roles hold it (core.permissions
  DEFAULT_DEVICE_PERMISSIONS: every item);
- every role gets every template item (core.permissions TEMPLATE_ITEMS), since none was checked.
Stored items the catalogue does not know (nothing read them) are dropped. The catalogue is written out here as it is
today, not imported, so the migration keeps meaning what it meant when later catalogues change.

Revision ID: c0f922ada8b5
Revises: 2d4f591dfc70
Create Date: 2026-12-01 01:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c0f922ada8b5"
down_revision: str | None = "2d4f591dfc70"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WRITE = "write"
DEVICE_ITEMS = ("history", "export", "write", "alarm_confirm", "edit", "share", "vpn")
TEMPLATE_ITEMS = ("view", "copy", "bind", "design", "data_source", "publish", "export", "share", "delete")

_role = sa.table(
    "role",
    sa.column("id", sa.BigInteger),
    sa.column("type", sa.String),
    sa.column("device_permissions", sa.JSON),
    sa.column("template_permissions", sa.JSON),
)


def _device_items(held: list[str] | None, built_in: bool) -> list[str]:
    writes = built_in or WRITE in (held or [])
    return [i for i in DEVICE_ITEMS if i != WRITE or writes]


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.select(_role.c.id, _role.c.type, _role.c.device_permissions)).all()
    for role_id, kind, held in rows:
        conn.execute(
            sa.update(_role)
            .where(_role.c.id == role_id)
            .values(
                device_permissions=_device_items(held, kind == "default"),
                template_permissions=list(TEMPLATE_ITEMS),
            )
        )


def downgrade() -> None:
    # Back to what was read before: "write" alone among device items. Template items were not read: left as they are.
    conn = op.get_bind()
    rows = conn.execute(sa.select(_role.c.id, _role.c.device_permissions)).all()
    for role_id, held in rows:
        kept = [WRITE] if WRITE in (held or []) else []
        conn.execute(sa.update(_role).where(_role.c.id == role_id).values(device_permissions=kept))
