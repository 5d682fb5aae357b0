"""HTTP routes of the automation rules (docs/api-automations.md): the rules, their traces and dry runs."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.automations import dryrun, service
from iotyun.automations.dependencies import AutomationUser
from iotyun.automations.schemas import AutomationRuleIn, AutomationRuleOut, DryRunIn, DryRunOut, EnabledIn, TraceListOut
from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.telemetry.public import ConfigsDep

router = APIRouter(tags=["automations"])


@router.get("/yun/automation/rules")
@read_only
async def rules(
    actor: AutomationUser,
    session: SessionDep,
    page: PageDep,
    keyword: Annotated[str | None, Query(max_length=64)] = None,
    enabled: bool | None = None,
    template_id: int | None = None,
) -> Envelope[Page[AutomationRuleOut]]:
    return ok(await service.list_rules(session, actor, page, keyword, enabled, template_id))


@router.get("/yun/automation/rules/{rule_id}")
@read_only
async def rule(rule_id: int, actor: AutomationUser, session: SessionDep) -> Envelope[AutomationRuleOut]:
    return ok(await service.get(session, actor, rule_id))


@router.post("/yun/automation/rules")
async def create(body: AutomationRuleIn, actor: AutomationUser, session: SessionDep) -> Envelope[AutomationRuleOut]:
    return ok(await service.create(session, actor, body))


@router.put("/yun/automation/rules/{rule_id}")
async def update(
    rule_id: int, body: AutomationRuleIn, actor: AutomationUser, session: SessionDep
) -> Envelope[AutomationRuleOut]:
    return ok(await service.update(session, actor, rule_id, body))


@router.put("/yun/automation/rules/{rule_id}/enabled")
async def set_enabled(
    rule_id: int, body: EnabledIn, actor: AutomationUser, session: SessionDep
) -> Envelope[AutomationRuleOut]:
    return ok(await service.set_enabled(session, actor, rule_id, body.enabled))


@router.post("/yun/automation/rules/{rule_id}/copy")
async def copy(rule_id: int, actor: AutomationUser, session: SessionDep) -> Envelope[AutomationRuleOut]:
    return ok(await service.copy(session, actor, rule_id))


@router.delete("/yun/automation/rules/{rule_id}")
async def remove(rule_id: int, actor: AutomationUser, session: SessionDep) -> Envelope[None]:
    await service.remove(session, actor, rule_id)
    return ok(None)


@router.get("/yun/automation/rules/{rule_id}/trace")
@read_only
async def trace(
    rule_id: int, actor: AutomationUser, session: SessionDep, device_id: int | None = None
) -> Envelope[TraceListOut]:
    return ok(await service.trace(session, actor, rule_id, device_id))


@router.post("/yun/automation/rules/{rule_id}/dry-run")
async def dry_run_saved(
    rule_id: int, body: DryRunIn, actor: AutomationUser, session: SessionDep, configs: ConfigsDep
) -> Envelope[DryRunOut]:
    return ok(await dryrun.dry_run(session, actor, body, rule_id, configs))


@router.post("/yun/automation/dry-run")
async def dry_run(
    body: DryRunIn, actor: AutomationUser, session: SessionDep, configs: ConfigsDep
) -> Envelope[DryRunOut]:
    return ok(await dryrun.dry_run(session, actor, body, None, configs))
