"""Share-link access markers: managing links is P82000 (SPEC §2 /system/shareLink); opening one needs no login,
only the signature every token-less call carries (`Public`), and the link's token."""

from typing import Annotated

from fastapi import Depends

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm

ShareLinkAdmin = Annotated[Actor, Depends(require(Perm.SHARE_LINK))]
