"""HTTP routes of the inbox (docs/api-messages.md): the caller's messages with their unread count, marking read,
deleting (P71000)."""

from typing import Annotated

from fastapi import APIRouter, Query

from iotyun.core.deps import SessionDep, read_only
from iotyun.core.envelope import Envelope, ok
from iotyun.core.limits import MessageKind
from iotyun.core.pagination import PageDep
from iotyun.messages import service
from iotyun.messages.dependencies import InboxReader
from iotyun.messages.schemas import DeleteIn, DeleteOut, InboxOut, ReadIn, ReadOut

router = APIRouter(tags=["messages"])


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
