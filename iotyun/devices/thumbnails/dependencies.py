"""Thumbnail permission types (SPEC §2 /device/devDashboard)."""

from typing import Annotated

from fastapi import Depends

from iotyun.core.deps import Actor, require
from iotyun.core.permissions import Perm

ThumbnailUser = Annotated[Actor, Depends(require(Perm.DEVICE_DASHBOARD))]
