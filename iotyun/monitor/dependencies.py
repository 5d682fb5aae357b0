"""Who reaches the monitor area's calls (SPEC §2: /monitor/monitoringDevice P111000)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

MonitorViewer = Annotated[Actor, Depends(require(Perm.MONITORING_DEVICE))]
