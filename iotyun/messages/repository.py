"""Every SELECT of the messages: the inbox (one user's messages, always narrowed to that user and, by the session, the
tenant), the recipients a writer names, the sent box and the bulletin board."""

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role, User
from iotyun.core.pagination import LIKE_ESCAPE, like_pattern
from iotyun.messages.models import SCHEDULED, Message, Notice, SentMessage
from iotyun.team.models import UserGroup


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


# --- recipients ------------------------------------------------------------------------------------------------


async def tenant_users(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    """Those of `ids` that are users of the tenant, with their names."""
    if not ids:
        return {}
    stmt = select(User.id, User.user_name).where(User.tenant_id == tenant_id, User.id.in_(list(ids)))
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def tenant_roles(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    stmt = select(Role.id, Role.name).where(Role.tenant_id == tenant_id, Role.id.in_(list(ids)))
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}


async def tenant_groups(session: AsyncSession, tenant_id: int) -> list[UserGroup]:
    stmt = select(UserGroup).where(UserGroup.tenant_id == tenant_id)
    return list((await session.execute(stmt)).scalars())


async def user_ids_with(
    session: AsyncSession,
    tenant_id: int,
    *,
    role_ids: Collection[int] = (),
    group_ids: Collection[int] = (),
) -> set[int]:
    """The tenant's users holding one of `role_ids` or in one of `group_ids`."""
    if not role_ids and not group_ids:
        return set()
    either = []
    if role_ids:
        either.append(User.role_id.in_(list(role_ids)))
    if group_ids:
        either.append(User.group_id.in_(list(group_ids)))
    stmt = select(User.id).where(User.tenant_id == tenant_id, or_(*either))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


async def all_user_ids(session: AsyncSession, tenant_id: int) -> set[int]:
    stmt = select(User.id).where(User.tenant_id == tenant_id)
    return {int(i) for i in (await session.execute(stmt)).scalars()}


# --- the sent box ----------------------------------------------------------------------------------------------


def sent_box(sender_id: int, q: str | None = None) -> Select[SentMessage]:
    stmt = select(SentMessage).where(SentMessage.sender_id == sender_id)
    if q:
        pattern = like_pattern(q)
        stmt = stmt.where(
            or_(
                SentMessage.title.ilike(pattern, escape=LIKE_ESCAPE),
                SentMessage.body.ilike(pattern, escape=LIKE_ESCAPE),
            )
        )
    return stmt.order_by(SentMessage.created_at.desc(), SentMessage.id.desc())


async def read_counts(session: AsyncSession, sent_ids: Collection[int]) -> dict[int, int]:
    """How many copies of each written message have been read."""
    if not sent_ids:
        return {}
    stmt = (
        select(Message.sent_id, func.count())
        .where(Message.sent_id.in_(list(sent_ids)), Message.read_at.is_not(None))
        .group_by(Message.sent_id)
    )
    return {int(i or 0): int(n) for i, n in (await session.execute(stmt)).all()}


async def sent_owned(session: AsyncSession, sender_id: int, ids: Collection[int]) -> set[int]:
    stmt = select(SentMessage.id).where(SentMessage.sender_id == sender_id, SentMessage.id.in_(list(ids)))
    return {int(i) for i in (await session.execute(stmt)).scalars()}


# --- notices ---------------------------------------------------------------------------------------------------


def board(
    tenant_id: int,
    *,
    states: Collection[str] | None = None,
    group_ids: Collection[int] | None = None,
    q: str | None = None,
) -> Select[Notice]:
    """The tenant's notices in `states` (all when None) for the whole tenant or one of `group_ids` (any when None),
    newest first (a sent one by when it went out)."""
    stmt = select(Notice).where(Notice.tenant_id == tenant_id)
    if states is not None:
        stmt = stmt.where(Notice.state.in_(list(states)))
    if group_ids is not None:
        stmt = stmt.where(or_(Notice.group_id.is_(None), Notice.group_id.in_(list(group_ids))))
    if q:
        pattern = like_pattern(q)
        stmt = stmt.where(
            or_(Notice.title.ilike(pattern, escape=LIKE_ESCAPE), Notice.content.ilike(pattern, escape=LIKE_ESCAPE))
        )
    return stmt.order_by(func.coalesce(Notice.sent_at, Notice.updated_at).desc(), Notice.id.desc())


async def notice(session: AsyncSession, tenant_id: int, notice_id: int) -> Notice | None:
    stmt = select(Notice).where(Notice.tenant_id == tenant_id, Notice.id == notice_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def due_notices(session: AsyncSession, now: datetime, limit: int) -> list[Notice]:
    """Scheduled notices whose time has come, of every tenant (the runner's system session)."""
    stmt = (
        select(Notice)
        .where(Notice.state == SCHEDULED, Notice.send_at <= now)
        .order_by(Notice.send_at, Notice.id)
        .limit(limit)
    )
    return list((await session.execute(stmt)).scalars())


async def group_names(session: AsyncSession, ids: Collection[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = await session.execute(select(UserGroup.id, UserGroup.name).where(UserGroup.id.in_(list(ids))))
    return {int(i): str(n) for i, n in rows.all()}


async def popups(session: AsyncSession, user_id: int) -> list[Message]:
    """The user's notice messages still to pop up, oldest first."""
    stmt = (
        select(Message)
        .where(Message.user_id == user_id, Message.popup.is_(True))
        .order_by(Message.created_at, Message.id)
    )
    return list((await session.execute(stmt)).scalars())


async def notices_by_id(session: AsyncSession, tenant_id: int, ids: Collection[int]) -> dict[int, Notice]:
    if not ids:
        return {}
    stmt = select(Notice).where(Notice.tenant_id == tenant_id, Notice.id.in_(list(ids)))
    return {n.id: n for n in (await session.execute(stmt)).scalars()}
