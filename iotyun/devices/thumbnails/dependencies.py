"""Thumbnail permission types (SPEC §2 /device/devDashboard)."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

ThumbnailUser = Annotated[Actor, Depends(require(Perm.DEVICE_DASHBOARD))]
