"""Share-link access markers: managing links is P82000 (SPEC §2 /system/shareLink); opening one needs no login,
only the signature every token-less call carries (`Public`), and the link's token: `SharedVisitor`, which every
shared read (/yun/shared/...) declares once, is both, with the abuse windows the call counts against and the
caller's address."""

from typing import Annotated

from fastapi import Depends, Query

from iotyun.auth.dependencies import Public, require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm
from iotyun.core.runtime import ClientIp, LimitersDep
from iotyun.sharing.opening import Visitor
from iotyun.sharing.schemas import Token

ShareLinkAdmin = Annotated[Actor, Depends(require(Perm.SHARE_LINK))]


async def _visitor(_: Public, token: Annotated[Token, Query()], limiters: LimitersDep, ip: ClientIp) -> Visitor:
    return Visitor(token, limiters, ip)


# The query parameter `token` (required) of every shared read.
SharedVisitor = Annotated[Visitor, Depends(_visitor)]
