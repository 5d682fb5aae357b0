"""Access markers of automations (docs/api-automations.md): every operation needs P45000 (configuration management
→ Automations); the administrator holds it, a role may be given it."""

from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

AutomationUser = Annotated[Actor, Depends(require(Perm.AUTOMATION))]


async def _session_factory(request: Request) -> async_sessionmaker[AsyncSession]:
    factory: async_sessionmaker[AsyncSession] = request.app.state.db.sessionmaker
    return factory


# The app's sessions, for what must commit apart from the request (a test row into a `table` target).
SessionFactoryDep = Annotated[async_sessionmaker[AsyncSession], Depends(_session_factory)]
