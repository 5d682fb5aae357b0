"""HTTP routes of the outgoing webhooks (docs/api-system.md "Outgoing webhooks"): subscriptions, their secret, a
test event, the delivery log and a resend (the tenant's administrator)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.pagination import Page, PageDep
from iotyun.core.runtime import SettingsDep
from iotyun.notifications.schemas import DeliveryState, EnabledIn
from iotyun.notifications.webhooks import service
from iotyun.notifications.webhooks.dependencies import WebhookAdmin
from iotyun.notifications.webhooks.schemas import (
    WebhookCreatedOut,
    WebhookDeliveryEvent,
    WebhookDeliveryOut,
    WebhookIn,
    WebhookOut,
    WebhookSecretOut,
)

router = APIRouter(tags=["webhooks"])


@router.get("/yun/webhooks")
@read_only
async def subscriptions(actor: WebhookAdmin, session: SessionDep, page: PageDep) -> Envelope[Page[WebhookOut]]:
    return ok(await service.list_subscriptions(session, actor, page))


@router.post("/yun/webhooks")
async def create(
    body: WebhookIn, actor: WebhookAdmin, session: SessionDep, settings: SettingsDep
) -> Envelope[WebhookCreatedOut]:
    return ok(await service.create(session, actor, settings, body))


@router.put("/yun/webhooks/{subscription_id}")
async def update(
    subscription_id: int, body: WebhookIn, actor: WebhookAdmin, session: SessionDep, settings: SettingsDep
) -> Envelope[WebhookOut]:
    return ok(await service.update_subscription(session, actor, settings, subscription_id, body))


@router.put("/yun/webhooks/{subscription_id}/enabled")
async def set_enabled(
    subscription_id: int, body: EnabledIn, actor: WebhookAdmin, session: SessionDep
) -> Envelope[WebhookOut]:
    return ok(await service.set_enabled(session, actor, subscription_id, body.enabled))


@router.post("/yun/webhooks/{subscription_id}/secret")
async def renew_secret(subscription_id: int, actor: WebhookAdmin, session: SessionDep) -> Envelope[WebhookSecretOut]:
    return ok(await service.renew_secret(session, actor, subscription_id))


@router.post("/yun/webhooks/{subscription_id}/test")
async def send_test(subscription_id: int, actor: WebhookAdmin, session: SessionDep) -> Envelope[WebhookDeliveryOut]:
    return ok(await service.send_test(session, actor, subscription_id))


@router.delete("/yun/webhooks/{subscription_id}")
async def delete(subscription_id: int, actor: WebhookAdmin, session: SessionDep) -> Envelope[None]:
    await service.delete(session, actor, subscription_id)
    return ok()


@router.get("/yun/webhooks/delivery")
@read_only
async def deliveries(
    actor: WebhookAdmin,
    session: SessionDep,
    page: PageDep,
    subscription_id: int | None = None,
    event: WebhookDeliveryEvent | None = None,
    state: DeliveryState | None = None,
    start: Annotated[int | None, Query(description="epoch ms, from")] = None,
    end: Annotated[int | None, Query(description="epoch ms, to")] = None,
) -> Envelope[Page[WebhookDeliveryOut]]:
    return ok(
        await service.delivery_log(
            session,
            actor,
            page,
            subscription_id=subscription_id,
            event=event,
            state=state,
            start_ms=start,
            end_ms=end,
        )
    )


@router.post("/yun/webhooks/delivery/{delivery_id}/resend")
async def resend(delivery_id: int, actor: WebhookAdmin, session: SessionDep) -> Envelope[WebhookDeliveryOut]:
    return ok(await service.resend(session, actor, delivery_id))
