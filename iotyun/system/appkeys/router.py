"""App key endpoints (docs/api-system.md "Open API"): a user's keys, made with a secret shown once, and revoked.
The calls the keys make are answered by the same routes as the console's (system/appkeys/scopes.py)."""

from fastapi import APIRouter

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.system.appkeys import service
from iotyun.system.appkeys.dependencies import AppKeyManager
from iotyun.system.appkeys.schemas import AppKeyCreatedOut, AppKeyIn, AppKeyOut

router = APIRouter(tags=["system"])


@router.get("/yun/appkeys")
@read_only
async def list_app_keys(actor: AppKeyManager, session: SessionDep) -> Envelope[list[AppKeyOut]]:
    return ok(await service.list_keys(session, actor))


@router.post("/yun/appkeys")
async def create_app_key(body: AppKeyIn, actor: AppKeyManager, session: SessionDep) -> Envelope[AppKeyCreatedOut]:
    return ok(await service.create(session, actor, body))


@router.post("/yun/appkeys/{app_key_id}/revoke")
async def revoke_app_key(app_key_id: int, actor: AppKeyManager, session: SessionDep) -> Envelope[AppKeyOut]:
    return ok(await service.revoke(session, actor, app_key_id))
