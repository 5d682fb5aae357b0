"""Team permission types: what each team endpoint's caller must hold (SPEC §2 /team routes)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm, RoleCode

# Users (P53000); a secondary administrator reaches them too, limited to their group by the service.
UserAdmin = Annotated[Actor, Depends(require(Perm.USER, RoleCode.ADMINISTRATOR2))]
RoleAdmin = Annotated[Actor, Depends(require(Perm.ROLE))]
# The role list also serves whoever creates users: they see the roles they may assign (team.roles.service).
RoleReader = Annotated[Actor, Depends(require(Perm.ROLE, Perm.USER, RoleCode.ADMINISTRATOR2))]
GroupAdmin = Annotated[Actor, Depends(require(Perm.USER_GROUP, RoleCode.ADMINISTRATOR2))]
LogReader = Annotated[Actor, Depends(require(Perm.LOG_INFO, Perm.USER))]
# Simulated login, its end and account cancellation: any logged-in caller; the service admits the administrator.
Console = Annotated[Actor, Depends(require(Perm.ROOT))]
