"""Who may read and confirm alarms: the real-time fault page (P73000) or a device's detail page (P10000)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

AlarmReader = Annotated[Actor, Depends(require(Perm.REAL_TIME_FAULT, Perm.HOME))]
