"""Traffic and online time: the lists P62000 (traffic analysis), a device's detail P62200 (traffic details)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

UsageLister = Annotated[Actor, Depends(require(Perm.FLOW_ANALYSIS))]
UsageDetail = Annotated[Actor, Depends(require(Perm.FLOW_DETAIL))]
