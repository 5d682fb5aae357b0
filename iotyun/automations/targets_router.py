"""HTTP routes of automations' forward targets (docs/api-automations.md "Target"): list, create, update, delete, a
test row, and the rows a `table` target received (P45000)."""

from fastapi import APIRouter

from iotyun.automations import targets as service
from iotyun.automations.dependencies import AutomationUser, SessionFactoryDep
from iotyun.automations.targets_schemas import ForwardRowOut, TargetIn, TargetListOut, TargetOut, TargetTestOut
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import SettingsDep

router = APIRouter(tags=["automations"])


@router.get("/yun/automation/targets")
@read_only
async def targets(actor: AutomationUser, session: SessionDep) -> Envelope[TargetListOut]:
    return ok(await service.list_targets(session, actor))


@router.post("/yun/automation/targets")
async def create(
    body: TargetIn, actor: AutomationUser, session: SessionDep, settings: SettingsDep
) -> Envelope[TargetOut]:
    return ok(await service.create(session, actor, settings, body))


@router.put("/yun/automation/targets/{target_id}")
async def update(
    target_id: int, body: TargetIn, actor: AutomationUser, session: SessionDep, settings: SettingsDep
) -> Envelope[TargetOut]:
    return ok(await service.update(session, actor, settings, target_id, body))


@router.delete("/yun/automation/targets/{target_id}")
async def delete(target_id: int, actor: AutomationUser, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, target_id)
    return ok()


@router.post("/yun/automation/targets/{target_id}/test")
async def send_test(
    target_id: int, actor: AutomationUser, session: SessionDep, settings: SettingsDep, factory: SessionFactoryDep
) -> Envelope[TargetTestOut]:
    return ok(await service.send_test(session, actor, settings, factory, target_id))


@router.get("/yun/automation/targets/{target_id}/rows")
@read_only
async def received_rows(
    target_id: int, actor: AutomationUser, session: SessionDep, page: PageDep
) -> Envelope[Page[ForwardRowOut]]:
    return ok(await service.received_rows(session, actor, target_id, page))
