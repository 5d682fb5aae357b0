"""Custom page endpoints (SPEC §7 /yun/customPage): the menus each signed-in user sees, loaded by the console's guard
before permissions (SPEC §2), and the whole configuration read and saved by the configuration screen (P90000)."""

from fastapi import APIRouter

from iotyun.auth.dependencies import LoggedIn
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.system.menus import service
from iotyun.system.menus.dependencies import CustomPageAdmin
from iotyun.system.menus.schemas import CustomPageConfigOut, CustomPageIn, CustomPageOut

router = APIRouter(tags=["system"])


@router.get("/yun/customPage")
async def custom_page(actor: LoggedIn, session: SessionDep) -> Envelope[CustomPageOut]:
    return ok(await service.menus(session, actor))


@router.get("/yun/customPage/config")
@read_only
async def custom_page_config(actor: CustomPageAdmin, session: SessionDep) -> Envelope[CustomPageConfigOut]:
    return ok(await service.config(session, actor))


@router.put("/yun/customPage")
async def save_custom_page(
    body: CustomPageIn, actor: CustomPageAdmin, session: SessionDep
) -> Envelope[CustomPageConfigOut]:
    return ok(await service.save(session, actor, body))
