"""Shapes of the inbox, the sent box and the bulletin board (docs/api-messages.md)."""

from typing import Any

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import MESSAGE_ADDRESSEES_MAX, MESSAGE_BATCH_MAX, MessageKind, MessageLinkType, NoticeState
from iotyun.core.pagination import Page


class MessageOut(BaseModel):
    id: int
    kind: MessageKind
    title: str
    body: str
    # What the console translates for the reader when the server wrote the message ("" for one written by a user).
    text_key: str
    params: dict[str, Any]
    link_type: MessageLinkType | None
    link_id: int | None
    sender_id: int | None
    sender_name: str | None
    created_at: int
    read: bool
    read_at: int | None


class InboxOut(Page[MessageOut]):
    # The reader's unread messages, whatever the filters.
    unread: int


class ReadIn(BaseModel):
    """Messages to mark read: these ids of the reader's, or every one (`all`)."""

    ids: list[int] = Field([], max_length=MESSAGE_BATCH_MAX)
    all: BodyBool = False


class ReadOut(BaseModel):
    updated: int
    unread: int


class DeleteIn(BaseModel):
    ids: list[int] = Field(min_length=1, max_length=MESSAGE_BATCH_MAX)


class DeleteOut(BaseModel):
    deleted: int
    unread: int


# --- written messages (the sent box) -------------------------------------------------------------------------------


class SendIn(BaseModel):
    """A message to users, roles and user groups of the writer's tenant (a secondary administrator: of their group's
    subtree). Lengths are the service's to judge (117804 names the field)."""

    title: str = ""
    body: str = ""
    user_ids: list[int] = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    role_ids: list[int] = Field([], max_length=MESSAGE_ADDRESSEES_MAX)
    group_ids: list[int] = Field([], max_length=MESSAGE_ADDRESSEES_MAX)


class AddresseeOut(BaseModel):
    id: int
    name: str


class SentOut(BaseModel):
    id: int
    title: str
    body: str
    users: list[AddresseeOut]
    roles: list[AddresseeOut]
    groups: list[AddresseeOut]
    # Users it reached, and how many of them have read it.
    recipients: int
    read: int
    created_at: int


class SentDeleteIn(BaseModel):
    ids: list[int] = Field(min_length=1, max_length=MESSAGE_BATCH_MAX)


class SentDeleteOut(BaseModel):
    deleted: int


# --- notices (the bulletin board) --------------------------------------------------------------------------------


class NoticeIn(BaseModel):
    title: str = ""
    content: str = ""


class NoticeSendIn(BaseModel):
    """Send now (no `at`), or at `at` (epoch ms, in the future, within NOTICE_SCHEDULE_MAX_DAYS)."""

    at: int | None = None


class NoticeOut(BaseModel):
    id: int
    title: str
    content: str
    state: NoticeState
    author_id: int | None
    author_name: str | None
    # The group whose users it is for (a secondary administrator's notice); null for the whole tenant.
    group_id: int | None
    group_name: str | None
    send_at: int | None
    sent_at: int | None
    recipients: int
    created_at: int
    updated_at: int
    # Whether the caller may edit, send or delete it (its writer's reach).
    manageable: bool


class BoardOut(Page[NoticeOut]):
    # Whether the caller writes notices (an administrator or a secondary administrator).
    can_write: bool


class PopupOut(BaseModel):
    """A sent notice popping up once: its inbox message and the notice."""

    message_id: int
    notice_id: int
    title: str
    content: str
    sent_at: int | None
    author_name: str | None
