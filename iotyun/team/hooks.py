"""What account cancellation asks the domains above team, without importing them: each domain that keeps rows of a
tenant connects its handlers when its service is imported (devices, virtual devices, templates)."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.errors import ErrorCode
from iotyun.core.hooks import Hook

# Whether the tenant still has rows that hold its account open: the code refusing the cancellation, or None.
cancellation_blocker: Hook[[AsyncSession, int], ErrorCode | None] = Hook("cancellation_blocker")
# Just before the tenant is deleted: remove what the cascade from the tenant row cannot.
tenant_purge: Hook[[AsyncSession, int], None] = Hook("tenant_purge")
# What a user holds of each quota the answering domain counts ({quota name: amount, in the quota's unit}), for an
# operator's ceiling that may not go below it (operations, issue 35). Called with (session, tenant_id, user_id).
quota_usage: Hook[[AsyncSession, int, int], dict[str, int]] = Hook("quota_usage")
