"""Virtual-device permission types (SPEC §2 /device/virtualDevice)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

VirtualAdmin = Annotated[Actor, Depends(require(Perm.VIRTUAL_DEVICE))]
