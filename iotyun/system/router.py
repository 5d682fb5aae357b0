"""System endpoints: the server clock the signer uses. The custom page configuration the guard loads is
system/menus/router.py."""

import time

from fastapi import APIRouter

from iotyun.auth.dependencies import Anonymous
from iotyun.core.envelope import Envelope, ok

router = APIRouter(tags=["system"])


@router.get("/yun/sys/info/timestamp")
async def timestamp(_: Anonymous) -> Envelope[int]:
    # Unsigned on purpose: the console reads the server clock to sign its other requests.
    return ok(int(time.time() * 1000))
