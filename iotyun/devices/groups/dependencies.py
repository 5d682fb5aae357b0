"""Device-group permission types: the list also serves the device forms (P30000); changes need P31000."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

DeviceGroupReader = Annotated[Actor, Depends(require(Perm.DEVICE_GROUP, Perm.DEVICE))]
DeviceGroupAdmin = Annotated[Actor, Depends(require(Perm.DEVICE_GROUP))]
