"""HTTP routes of the messages (docs/api-messages.md): the inbox (P71000) — the caller's messages with their unread
count, marking read, deleting; the sent box and the bulletin board (P70000) — writing to users, roles and groups,
notices drafted, scheduled, sent and popping up once."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import MessageKind, NoticeState
from iotyun.core.pagination import Page, PageDep
from iotyun.messages import service, writing
from iotyun.messages.dependencies import InboxReader, MessagesUser
from iotyun.messages.schemas import (
    BoardOut,
    DeleteIn,
    DeleteOut,
    InboxOut,
    NoticeIn,
    NoticeOut,
    NoticeSendIn,
    PopupOut,
    ReadIn,
    ReadOut,
    SendIn,
    SentDeleteIn,
    SentDeleteOut,
    SentOut,
)

router = APIRouter(tags=["messages"])

Search = Annotated[str | None, Query(max_length=64, description="words in the title or the text")]


@router.get("/yun/messageCenter/receive")
@read_only
async def inbox(
    actor: InboxReader,
    session: SessionDep,
    page: PageDep,
    kind: MessageKind | None = None,
    read: bool | None = None,
    start: Annotated[int | None, Query(description="epoch ms, from")] = None,
    end: Annotated[int | None, Query(description="epoch ms, to")] = None,
) -> Envelope[InboxOut]:
    return ok(await service.inbox(session, actor, page, kind=kind, read=read, start_ms=start, end_ms=end))


@router.post("/yun/message/receive/read")
async def mark_read(body: ReadIn, actor: InboxReader, session: SessionDep) -> Envelope[ReadOut]:
    return ok(await service.mark_read(session, actor, body.ids, body.all))


@router.delete("/yun/messageCenter/receive")
async def delete_messages(body: DeleteIn, actor: InboxReader, session: SessionDep) -> Envelope[DeleteOut]:
    return ok(await service.remove(session, actor, body.ids))


@router.get("/yun/messageCenter/send")
@read_only
async def sent_box(
    actor: MessagesUser, session: SessionDep, page: PageDep, q: Search = None
) -> Envelope[Page[SentOut]]:
    return ok(await writing.sent_box(session, actor, page, q))


@router.post("/yun/message/send")
async def send(body: SendIn, actor: MessagesUser, session: SessionDep) -> Envelope[SentOut]:
    return ok(await writing.send(session, actor, body))


@router.delete("/yun/messageCenter/send")
async def delete_sent(body: SentDeleteIn, actor: MessagesUser, session: SessionDep) -> Envelope[SentDeleteOut]:
    return ok(await writing.delete_sent(session, actor, body.ids))


@router.get("/bulletin/board")
@read_only
async def board(
    actor: MessagesUser, session: SessionDep, page: PageDep, state: NoticeState | None = None, q: Search = None
) -> Envelope[BoardOut]:
    return ok(await writing.board(session, actor, page, state=state, q=q))


@router.post("/bulletin/board")
async def create_notice(body: NoticeIn, actor: MessagesUser, session: SessionDep) -> Envelope[NoticeOut]:
    return ok(await writing.create_notice(session, actor, body))


@router.post("/bulletin/board/popup")
async def popups(actor: MessagesUser, session: SessionDep) -> Envelope[list[PopupOut]]:
    return ok(await writing.popups(session, actor))


@router.put("/bulletin/board/{notice_id}")
async def update_notice(
    notice_id: int, body: NoticeIn, actor: MessagesUser, session: SessionDep
) -> Envelope[NoticeOut]:
    return ok(await writing.update_notice(session, actor, notice_id, body))


@router.post("/bulletin/board/{notice_id}/send")
async def send_notice(
    notice_id: int, body: NoticeSendIn, actor: MessagesUser, session: SessionDep
) -> Envelope[NoticeOut]:
    return ok(await writing.send_notice(session, actor, notice_id, body.at))


@router.post("/bulletin/board/{notice_id}/cancel")
async def cancel_notice(notice_id: int, actor: MessagesUser, session: SessionDep) -> Envelope[NoticeOut]:
    return ok(await writing.cancel_notice(session, actor, notice_id))


@router.delete("/bulletin/board/{notice_id}")
async def delete_notice(notice_id: int, actor: MessagesUser, session: SessionDep) -> Envelope[None]:
    await writing.delete_notice(session, actor, notice_id)
    return ok()
