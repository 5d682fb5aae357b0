"""Shapes of the alarm notifications (docs/api-notifications.md)."""

from typing import Literal, get_args

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import (
    ALARM_LEVEL_MAX,
    ALARM_LEVEL_MIN,
    MESSAGE_ADDRESSEES_MAX,
    NOTIFY_ESCALATE_MAX_MINUTES,
    NOTIFY_SECRET_MAX,
    NOTIFY_URL_MAX,
)
from iotyun.core.pagination import Page

NotifyChannel = Literal["console", "email", "sms", "wechat", "webhook"]
NOTIFY_CHANNELS: tuple[str, ...] = get_args(NotifyChannel)
DeliveryState = Literal["pending", "sending", "sent", "retrying", "failed", "skipped"]
IdList = list[int]


class RuleIn(BaseModel):
    """A rule as its form sends it. Empty filter lists match every alarm; at least one recipient and one channel.
    `webhook_secret` and `wechat_url` left empty on an edit keep the stored ones (neither is ever sent back)."""

    name: str
    enabled: BodyBool = True
    template_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    source_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    device_group_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    level_min: int = Field(ALARM_LEVEL_MIN, ge=ALARM_LEVEL_MIN, le=ALARM_LEVEL_MAX)
    level_max: int = Field(ALARM_LEVEL_MAX, ge=ALARM_LEVEL_MIN, le=ALARM_LEVEL_MAX)
    user_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    role_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    group_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    channels: list[NotifyChannel] = Field(min_length=1, max_length=len(NOTIFY_CHANNELS))
    webhook_url: str = Field("", max_length=NOTIFY_URL_MAX)
    webhook_secret: str = Field("", max_length=NOTIFY_SECRET_MAX)
    wechat_url: str = Field("", max_length=NOTIFY_URL_MAX)
    # Minutes of the day (0–1439) in `timezone`; both or neither.
    quiet_start: int | None = Field(None, ge=0, le=1439)
    quiet_end: int | None = Field(None, ge=0, le=1439)
    timezone: str = Field("Asia/Shanghai", max_length=64)
    on_recover: BodyBool = False
    on_confirm: BodyBool = False
    # Minutes (1–1440) after which an unconfirmed alarm also goes to the escalation recipients; null: never.
    escalate_after: int | None = Field(None, ge=1, le=NOTIFY_ESCALATE_MAX_MINUTES)
    escalate_user_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    escalate_role_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    escalate_group_ids: IdList = Field([], max_length=MESSAGE_ADDRESSEES_MAX)


class EnabledIn(BaseModel):
    enabled: BodyBool


class NamedOut(BaseModel):
    id: int
    name: str


class RuleOut(BaseModel):
    id: int
    name: str
    enabled: bool
    template_ids: list[int]
    source_ids: list[int]
    device_group_ids: list[int]
    level_min: int
    level_max: int
    users: list[NamedOut]
    roles: list[NamedOut]
    groups: list[NamedOut]
    channels: list[NotifyChannel]
    webhook_url: str
    # Whether a webhook secret is stored (the secret itself is never sent back).
    has_webhook_secret: bool
    # The robot URL without its query (its key is a secret, never sent back); whether one is stored.
    wechat_url: str
    has_wechat_url: bool
    quiet_start: int | None
    quiet_end: int | None
    timezone: str
    on_recover: bool
    on_confirm: bool
    escalate_after: int | None
    escalate_users: list[NamedOut]
    escalate_roles: list[NamedOut]
    escalate_groups: list[NamedOut]
    owner_name: str | None
    created_at: int
    updated_at: int


class ChannelsOut(BaseModel):
    """Which channels a rule may choose on this server (an unconfigured one answers 119003–119005)."""

    console: bool
    email: bool
    sms: bool
    wechat: bool
    webhook: bool


class RulesOut(Page[RuleOut]):
    channels: ChannelsOut


DeliveryEvent = Literal["produced", "recovered", "confirmed", "escalated", "digest"]


class DeliveryOut(BaseModel):
    id: int
    rule_id: int | None
    rule_name: str | None
    alarm_id: int | None
    event: DeliveryEvent
    channel: NotifyChannel
    user_id: int | None
    user_name: str | None
    address: str
    key: str
    subject: str
    state: DeliveryState
    attempts: int
    next_at: int | None
    last_error: str
    sent_at: int | None
    created_at: int
