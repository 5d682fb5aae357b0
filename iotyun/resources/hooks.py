"""What the gallery asks the domains above it without importing them (docs/architecture.md): whether something of
theirs shows a 3D model of the gallery, so a model in use is not deleted (114508). The screens are asked directly
(resources build on templates); the dashboards, above the gallery, answer here."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.hooks import Hook

# (session, tenant id, model id) → whether a dashboard of the tenant shows that model.
model_in_use: Hook[[AsyncSession, int, int], bool] = Hook("model_in_use")
