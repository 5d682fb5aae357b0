"""Video access markers. SPEC names the menu "Third-party account (video cloud)" and no code for it: the account sits
in the system area (P80000, as the open API's app keys do) and is bound and unbound by the tenant's administrator
only (100015 otherwise, service.py); a holder of P80000, or of the configuration monitor (P24000) whose screens show
the cameras, lists the cameras and gets live addresses (docs/decisions.md "Video cloud accounts")."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

VideoAccountManager = Annotated[Actor, Depends(require(Perm.SYSTEM))]
CameraViewer = Annotated[Actor, Depends(require(Perm.SYSTEM, Perm.CONFIGURE_MONITOR))]
