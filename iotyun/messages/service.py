"""The inbox's rules (docs/api-messages.md): a user reads, marks read and deletes only their own messages; and
`deliver`, how any part of the server puts a message in users' inboxes (alarm notifications, notices, shares, exports,
upgrades). Every call is one transaction of the request's session; nothing here commits."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import CursorResult, delete, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import access
from iotyun.core.db import epoch_ms, from_epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MESSAGE_BODY_MAX, MESSAGE_KINDS, MESSAGE_LINK_TYPES, MESSAGE_TITLE_MAX
from iotyun.core.pagination import PageParams, paginate
from iotyun.messages import repository as repo
from iotyun.messages.models import Message
from iotyun.messages.schemas import DeleteOut, InboxOut, MessageOut, ReadOut


def _out(message: Message, senders: dict[int, str]) -> MessageOut:
    return MessageOut.model_validate(
        {
            "id": message.id,
            "kind": message.kind,
            "title": message.title,
            "body": message.body,
            "text_key": message.text_key,
            "params": message.params or {},
            "link_type": message.link_type,
            "link_id": message.link_id,
            "sender_id": message.sender_id,
            "sender_name": senders.get(message.sender_id) if message.sender_id is not None else None,
            "created_at": epoch_ms(message.created_at),
            "read": message.read_at is not None,
            "read_at": epoch_ms(message.read_at),
        }
    )


async def inbox(
    session: AsyncSession,
    actor: Actor,
    page: PageParams,
    *,
    kind: str | None = None,
    read: bool | None = None,
    start_ms: int | None = None,
    end_ms: int | None = None,
) -> InboxOut:
    start = from_epoch_ms(start_ms, "start")
    end = from_epoch_ms(end_ms, "end")
    if start is not None and end is not None and start > end:
        raise AppError(ErrorCode.PARAM_INVALID, field="start")
    stmt = repo.inbox(actor.user_id, kind=kind, read=read, start=start, end=end)
    rows, total = await paginate(session, stmt, page)
    senders = await repo.user_names(session, {m.sender_id for m in rows if m.sender_id is not None})
    return InboxOut(
        items=[_out(m, senders) for m in rows],
        total=total,
        page=page.page,
        page_size=page.page_size,
        unread=await repo.unread_count(session, actor.user_id),
    )


async def mark_read(session: AsyncSession, actor: Actor, ids: list[int], every: bool) -> ReadOut:
    """Marks the caller's messages `ids` read (all of them or none: an id not the caller's is 117801), or every unread
    one of theirs with `every`; a message read already stays as it was."""
    if not every and not ids:
        raise AppError(ErrorCode.PARAM_INVALID, field="ids")
    stmt = update(Message).where(Message.user_id == actor.user_id, Message.read_at.is_(None))
    if not every:
        await _own_all(session, actor, ids)
        stmt = stmt.where(Message.id.in_(ids))
    result: CursorResult[Any] = await session.execute(  # type: ignore[assignment]
        stmt.values(read_at=utcnow()).execution_options(synchronize_session=False)
    )
    access.inbox_changed(session, [actor.user_id])
    return ReadOut(updated=result.rowcount, unread=await repo.unread_count(session, actor.user_id))


async def remove(session: AsyncSession, actor: Actor, ids: list[int]) -> DeleteOut:
    """Deletes the caller's messages `ids` (all of them or none: an id not the caller's is 117801)."""
    await _own_all(session, actor, ids)
    result: CursorResult[Any] = await session.execute(  # type: ignore[assignment]
        delete(Message)
        .where(Message.user_id == actor.user_id, Message.id.in_(ids))
        .execution_options(synchronize_session=False)
    )
    access.inbox_changed(session, [actor.user_id])
    return DeleteOut(deleted=result.rowcount, unread=await repo.unread_count(session, actor.user_id))


async def _own_all(session: AsyncSession, actor: Actor, ids: list[int]) -> None:
    if set(ids) - await repo.owned_ids(session, actor.user_id, ids):
        raise AppError(ErrorCode.MESSAGE_NOT_FOUND, field="ids")


async def deliver(
    session: AsyncSession,
    tenant_id: int,
    user_ids: Iterable[int],
    kind: str,
    *,
    title: str = "",
    body: str = "",
    text_key: str = "",
    params: dict[str, Any] | None = None,
    link: tuple[str, int] | None = None,
    sender_id: int | None = None,
    sent_id: int | None = None,
    popup: bool = False,
    at: datetime | None = None,
) -> list[Message]:
    """One message per recipient of `user_ids` (each once), in `tenant_id`: as written (`title`, `body`) or as a text
        key the console translates (`text_key`, `params`). The caller has chosen the recipients within the tenant. `sent_id`
    names the writer's sent copy (messages.writing); `popup` makes a notice pop up once at the next page load."""
    if kind not in MESSAGE_KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    if link is not None and link[0] not in MESSAGE_LINK_TYPES:
        raise ValueError(f"unknown message link {link[0]!r}")
    if not (title.strip() or body.strip() or text_key):
        raise AppError(ErrorCode.MESSAGE_CONTENT_EMPTY, field="title")
    if len(title) > MESSAGE_TITLE_MAX:
        raise AppError(ErrorCode.MESSAGE_TOO_LONG, field="title", limit=MESSAGE_TITLE_MAX)
    if len(body) > MESSAGE_BODY_MAX:
        raise AppError(ErrorCode.MESSAGE_TOO_LONG, field="body", limit=MESSAGE_BODY_MAX)
    recipients = list(dict.fromkeys(user_ids))
    if not recipients:
        raise AppError(ErrorCode.MESSAGE_RECIPIENTS_EMPTY, field="user_ids")
    when = at or utcnow()
    made = [
        Message(
            tenant_id=tenant_id,
            user_id=user_id,
            kind=kind,
            title=title,
            body=body,
            text_key=text_key,
            params=dict(params or {}),
            link_type=link[0] if link else None,
            link_id=link[1] if link else None,
            sender_id=sender_id,
            sent_id=sent_id,
            popup=popup,
            created_at=when,
            updated_at=when,
        )
        for user_id in recipients
    ]
    session.add_all(made)
    await session.flush()
    # Their live sockets hear it once the caller's transaction commits (the bell).
    access.inbox_changed(session, recipients)
    return made
