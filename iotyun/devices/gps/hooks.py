"""What the device map asks the domains above it, without importing them (the tenant's brand, system/branding,
answers when its service is imported): the map theme a tenant chose, if any."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.hooks import Hook

# The map theme of a tenant's brand (SPEC §9's themes), or None for the platform's (IOTYUN_MAP_THEME).
tenant_map_theme: Hook[[AsyncSession, int], str | None] = Hook("tenant_map_theme")
