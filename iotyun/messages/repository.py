"""Every SELECT of the inbox: one user's messages, always narrowed to that user (and, by the session, the tenant)."""

from datetime import datetime

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.messages.models import Message


def inbox(
    user_id: int,
    *,
    kind: str | None = None,
    read: bool | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
) -> Select[Message]:
    """The user's messages matching the filters, newest first."""
    stmt = select(Message).where(Message.user_id == user_id)
    if kind is not None:
        stmt = stmt.where(Message.kind == kind)
    if read is not None:
        stmt = stmt.where(Message.read_at.is_not(None) if read else Message.read_at.is_(None))
    if start is not None:
        stmt = stmt.where(Message.created_at >= start)
    if end is not None:
        stmt = stmt.where(Message.created_at <= end)
    return stmt.order_by(Message.created_at.desc(), Message.id.desc())


async def unread_count(session: AsyncSession, user_id: int) -> int:
    stmt = select(func.count()).select_from(Message).where(Message.user_id == user_id, Message.read_at.is_(None))
    return int((await session.execute(stmt)).scalar_one())


async def owned_ids(session: AsyncSession, user_id: int, ids: list[int]) -> set[int]:
    """Those of `ids` that are the user's messages."""
    stmt = select(Message.id).where(Message.user_id == user_id, Message.id.in_(ids))
    return set((await session.scalars(stmt)).all())


async def user_names(session: AsyncSession, ids: set[int]) -> dict[int, str]:
    """The names of the senders `ids` (of the tenant; one gone is left out)."""
    if not ids:
        return {}
    rows = await session.execute(select(User.id, User.user_name).where(User.id.in_(ids)))
    return {int(i): str(n) for i, n in rows.all()}
