"""Virtual-device permission types (SPEC §2 /device/virtualDevice)."""

from typing import Annotated

from fastapi import Depends

from iotyun.core.deps import Actor, require
from iotyun.core.permissions import Perm

VirtualAdmin = Annotated[Actor, Depends(require(Perm.VIRTUAL_DEVICE))]
