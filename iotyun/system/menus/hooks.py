"""What the custom menus ask the domains above them: which dashboards an entry may name, and which of them a reader
opens (dashboards/service.py answers both; docs/architecture.md "Asking upward")."""

from collections.abc import Collection

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.hooks import Hook

# (session, tenant id, dashboard ids) → the ids that are dashboards of that tenant.
dashboards_in_tenant: Hook[[AsyncSession, int, Collection[int]], set[int]] = Hook("menus.dashboards_in_tenant")
# (session, reader, dashboard ids) → the ids the reader may open (the page's rights and the dashboard's audience).
dashboards_readable: Hook[[AsyncSession, Actor, Collection[int]], set[int]] = Hook("menus.dashboards_readable")
