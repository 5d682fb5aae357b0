"""Shapes of the inbox (docs/api-messages.md)."""

from typing import Any

from pydantic import BaseModel, Field

from iotyun.core.inputs import BodyBool
from iotyun.core.limits import MESSAGE_BATCH_MAX, MessageKind, MessageLinkType
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
