"""HTTP routes of the alarm notifications (docs/api-notifications.md): rules and the delivery log (administrators)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import SettingsDep
from iotyun.notifications import service
from iotyun.notifications.dependencies import NotifyAdmin
from iotyun.notifications.schemas import (
    DeliveryOut,
    DeliveryState,
    EnabledIn,
    NotifyChannel,
    RuleIn,
    RuleOut,
    RulesOut,
)

router = APIRouter(tags=["notifications"])


@router.get("/yun/notify/rule")
@read_only
async def rules(actor: NotifyAdmin, session: SessionDep, settings: SettingsDep, page: PageDep) -> Envelope[RulesOut]:
    return ok(await service.list_rules(session, actor, settings, page))


@router.post("/yun/notify/rule")
async def create_rule(
    body: RuleIn, actor: NotifyAdmin, session: SessionDep, settings: SettingsDep
) -> Envelope[RuleOut]:
    return ok(await service.create_rule(session, actor, settings, body))


@router.put("/yun/notify/rule/{rule_id}")
async def update_rule(
    rule_id: int, body: RuleIn, actor: NotifyAdmin, session: SessionDep, settings: SettingsDep
) -> Envelope[RuleOut]:
    return ok(await service.update_rule(session, actor, settings, rule_id, body))


@router.put("/yun/notify/rule/{rule_id}/enabled")
async def set_enabled(rule_id: int, body: EnabledIn, actor: NotifyAdmin, session: SessionDep) -> Envelope[RuleOut]:
    return ok(await service.set_enabled(session, actor, rule_id, body.enabled))


@router.delete("/yun/notify/rule/{rule_id}")
async def delete_rule(rule_id: int, actor: NotifyAdmin, session: SessionDep) -> Envelope[None]:
    await service.delete_rule(session, actor, rule_id)
    return ok()


@router.get("/yun/notify/delivery")
@read_only
async def deliveries(
    actor: NotifyAdmin,
    session: SessionDep,
    page: PageDep,
    state: DeliveryState | None = None,
    channel: NotifyChannel | None = None,
    rule_id: int | None = None,
    start: Annotated[int | None, Query(description="epoch ms, from")] = None,
    end: Annotated[int | None, Query(description="epoch ms, to")] = None,
) -> Envelope[Page[DeliveryOut]]:
    return ok(
        await service.delivery_log(
            session, actor, page, state=state, channel=channel, rule_id=rule_id, start_ms=start, end_ms=end
        )
    )


@router.post("/yun/notify/delivery/{delivery_id}/retry")
async def retry(delivery_id: int, actor: NotifyAdmin, session: SessionDep) -> Envelope[None]:
    await service.retry_delivery(session, actor, delivery_id)
    return ok()
