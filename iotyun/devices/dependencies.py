"""Device registry permission types: what each registry endpoint's caller must hold (docs/api-devices.md)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

# Device management (/device pages): register, edit, share, hand over, import, flow cards.
DeviceWriter = Annotated[Actor, Depends(require(Perm.DEVICE))]
# Reading devices: the device pages or the home page's device summary.
DeviceReader = Annotated[Actor, Depends(require(Perm.DEVICE, Perm.HOME))]
# The device log: the log page or the device pages.
DeviceLogReader = Annotated[Actor, Depends(require(Perm.LOG_INFO, Perm.DEVICE))]
