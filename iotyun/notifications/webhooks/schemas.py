"""Shapes of the outgoing webhooks (docs/api-system.md "Outgoing webhooks")."""

from typing import Any, Literal

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import WEBHOOK_DEVICES_MAX, WEBHOOK_EVENTS, WebhookEvent
from iotyun.notifications.schemas import DeliveryState, NamedOut

# What a delivery of a subscription tells: one of the events, or the test an administrator sent.
WebhookDeliveryEvent = Literal[WebhookEvent, "webhook.test"]


class WebhookIn(BaseModel):
    """A subscription as its form sends it. No device and no group: every device of the tenant. The secret is the
    server's to make (POST …/secret renews it)."""

    name: str = Field(max_length=200)
    url: str = Field(max_length=2000)
    events: list[WebhookEvent] = Field(max_length=len(WEBHOOK_EVENTS))
    device_ids: list[int] = Field([], max_length=WEBHOOK_DEVICES_MAX)
    device_group_ids: list[int] = Field([], max_length=WEBHOOK_DEVICES_MAX)
    enabled: BodyBool = True


class WebhookDeviceOut(BaseModel):
    id: int
    sn_code: str
    alias: str


class WebhookOut(BaseModel):
    id: int
    name: str
    url: str
    events: list[WebhookEvent]
    # The devices and groups chosen, with their names (one gone meanwhile is left out).
    devices: list[WebhookDeviceOut]
    device_groups: list[NamedOut]
    enabled: bool
    # Deliveries not sent yet, and those that failed in the last day.
    waiting: int
    failed: int
    owner_name: str | None
    created_at: int
    updated_at: int


class WebhookCreatedOut(WebhookOut):
    # Shown this once: it is never sent back (renew it to see a new one).
    secret: str


class WebhookSecretOut(BaseModel):
    secret: str


class WebhookDeliveryOut(BaseModel):
    id: int
    subscription_id: int
    # None when the subscription has been deleted since.
    subscription_name: str | None
    event: WebhookDeliveryEvent
    key: str
    # The URL without its query, as it was when the delivery was made.
    address: str
    device_id: int | None
    device_name: str | None
    state: DeliveryState
    attempts: int
    # The HTTP status the last try was answered with (None: no answer, or not tried yet).
    status_code: int | None
    last_error: str
    next_at: int | None
    sent_at: int | None
    created_at: int
    # The JSON body sent (signed as it is).
    payload: dict[str, Any]
