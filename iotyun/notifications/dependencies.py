"""Access markers of the alarm notifications: under the messages menu (P70000); the service lets administrators only
keep rules and read the delivery log."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

NotifyAdmin = Annotated[Actor, Depends(require(Perm.INFO))]
