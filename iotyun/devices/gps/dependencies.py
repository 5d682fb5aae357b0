"""GPS permission types: the map also shows on the home page (P10000); positions and tracks need P34000."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

MapReader = Annotated[Actor, Depends(require(Perm.DEVICE_GPS, Perm.HOME))]
GpsUser = Annotated[Actor, Depends(require(Perm.DEVICE_GPS))]
