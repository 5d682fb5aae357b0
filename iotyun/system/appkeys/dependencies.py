"""App key access markers: the system area's code (SPEC §2 /system P80000). A user manages their own keys; the
tenant's administrator sees and revokes every key of the tenant."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

AppKeyManager = Annotated[Actor, Depends(require(Perm.SYSTEM))]
