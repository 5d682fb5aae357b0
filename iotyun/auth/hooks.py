"""What auth tells the domains above it as it happens, without importing them (team keeps the user log and connects
its handlers when its service is imported)."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.hooks import Hook

# A user's sign-in, sign-out or password change: (session, tenant_id, user_id, user_name, action, client ip).
account_event: Hook[[AsyncSession, int, int, str, str, str], None] = Hook("account_event")
# A request made through a simulated login (SPEC §6: logged with both identities): (session, actor, method, path).
simulated_request: Hook[[AsyncSession, Actor, str, str], None] = Hook("simulated_request")
