"""Share-link access markers: managing links is P82000 (SPEC §2 /system/shareLink); opening one needs no login,
only the signature every token-less call carries (`Public`), and the link's token."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.auth.dependencies import require
from iotyun.core.deps import Actor
from iotyun.core.permissions import Perm
from iotyun.telemetry.runtime import Telemetry

ShareLinkAdmin = Annotated[Actor, Depends(require(Perm.SHARE_LINK))]


async def _telemetry(request: Request) -> Telemetry:
    runtime: Telemetry = request.app.state.telemetry
    return runtime


TelemetryDep = Annotated[Telemetry, Depends(_telemetry)]
