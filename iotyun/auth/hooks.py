"""What auth tells the domains above it as it happens, without importing them (team keeps the user log and connects
its handlers when its service is imported)."""

from typing import Any

from fastapi import Request
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.hooks import Hook

# A user's sign-in, sign-out or password change: (session, tenant_id, user_id, user_name, action, client ip, detail:
# e.g. {"method": "qr"} for a QR sign-in, or None).
account_event: Hook[[AsyncSession, int, int, str, str, str, dict[str, Any] | None], None] = Hook("account_event")
# A request made through a simulated login (SPEC §6: logged with both identities): (session, actor, method, path).
simulated_request: Hook[[AsyncSession, Actor, str, str], None] = Hook("simulated_request")
# A call signed with an app key (X-App-Key): (session, request) → the key owner's actor narrowed to the key's scopes;
# system/appkeys answers it, refusing (AppError) a key that is unknown, revoked, expired, out of its scopes or limits.
app_key_actor: Hook[[AsyncSession, Request], Actor] = Hook("app_key_actor")
