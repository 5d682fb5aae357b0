"""System endpoints: the server clock the signer uses, and the custom page configuration the guard loads."""

import time

from fastapi import APIRouter

from iotyun.auth.dependencies import Anonymous, LoggedIn
from iotyun.core.deps import SessionDep
from iotyun.core.envelope import Envelope, ok
from iotyun.system import service
from iotyun.system.schemas import CustomPageOut

router = APIRouter(tags=["system"])


@router.get("/yun/sys/info/timestamp")
async def timestamp(_: Anonymous) -> Envelope[int]:
    # Unsigned on purpose: the console reads the server clock to sign its other requests.
    return ok(int(time.time() * 1000))


@router.get("/yun/customPage")
async def custom_page(actor: LoggedIn, session: SessionDep) -> Envelope[CustomPageOut]:
    return ok(await service.custom_page(session, actor))
