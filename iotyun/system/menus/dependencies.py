"""Custom page access markers (SPEC §2 /customPage P90000): every signed-in user reads the menus shown to them; the
configuration screen's code reads and writes the whole configuration."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

CustomPageAdmin = Annotated[Actor, Depends(require(Perm.CUSTOM_PAGE))]
