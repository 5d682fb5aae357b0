"""Messages users write and notices on the bulletin board (issue 32 point 2, docs/api-messages.md).

Who writes: an administrator, to anyone of the tenant; a secondary administrator, to the users they manage (their
group's subtree, never an administrator; `team.service.managed_user_ids`). Nobody else writes (100015). A message is
addressed to users, roles and user groups (a group with its sub-groups); every id must be one the writer reaches
(117815 names the list), and together they must reach someone besides the writer (117803). Each recipient gets a copy
in their inbox; the writer keeps one in the sent box.

A notice is written for the bulletin board: unsent (a draft, edited freely), scheduled (sent by the messages runner
at `send_at`), or sent, once, to every user the writer reaches (the whole tenant, or the writer's group subtree);
after that it stays on the board as it was (117817 for an edit or a second send). Each recipient gets it in the inbox
and as a pop-up at their next page load. Every state change is one conditional UPDATE, so a notice is sent once even
when a writer and the runner race."""

from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, CursorResult, and_, delete, false, func, or_, true, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import access, lease
from iotyun.core.db import epoch_ms, utcnow
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, NOTICE_SCHEDULE_MAX_DAYS, has_control_characters
from iotyun.core.pagination import Page, PageParams, paginate
from iotyun.messages import repository as repo
from iotyun.messages.models import SCHEDULED, SENT, UNSENT, Message, Notice, SentMessage
from iotyun.messages.schemas import (
    AddresseeOut,
    BoardOut,
    NoticeIn,
    NoticeOut,
    PopupOut,
    SendIn,
    SentDeleteOut,
    SentOut,
)
from iotyun.messages.service import deliver
from iotyun.team import service as team_service
from iotyun.team.models import UserGroup


def _writer(actor: Actor) -> None:
    if not (actor.is_admin or actor.is_group_admin):
        raise AppError(ErrorCode.NO_PRIVILEGE)


def check_text(title: str, body: str, *, body_field: str = "body") -> tuple[str, str]:
    """A title (one line) and a body as a writer typed them: both required, each within its limit."""
    title, body = title.strip(), body.strip()
    if not title:
        raise AppError(ErrorCode.MESSAGE_CONTENT_EMPTY, field="title")
    if not body:
        raise AppError(ErrorCode.MESSAGE_CONTENT_EMPTY, field=body_field)
    if len(title) > MESSAGE_TITLE_MAX:
        raise AppError(ErrorCode.MESSAGE_TOO_LONG, field="title", limit=MESSAGE_TITLE_MAX)
    if has_control_characters(title):
        raise AppError(ErrorCode.TITLE_CONTROL_CHARACTERS, field="title")
    if len(body) > MESSAGE_BODY_MAX:
        raise AppError(ErrorCode.MESSAGE_TOO_LONG, field=body_field, limit=MESSAGE_BODY_MAX)
    return title, body


# --- recipients ------------------------------------------------------------------------------------------------


async def _scope(session: AsyncSession, actor: Actor) -> tuple[set[int] | None, set[int] | None, list[UserGroup]]:
    """The writer's reach: the users (None: the whole tenant), the groups (None: every one) and the tenant's groups."""
    groups = await repo.tenant_groups(session, actor.tenant_id)
    if actor.is_admin:
        return None, None, groups
    return (
        await team_service.managed_user_ids(session, actor),
        await team_service.group_scope(session, actor, groups) or set(),
        groups,
    )


async def _recipients(
    session: AsyncSession, actor: Actor, body: SendIn
) -> tuple[dict[int, str], dict[int, str], dict[int, str], set[int]]:
    users_reach, groups_reach, groups = await _scope(session, actor)
    user_ids, role_ids, group_ids = (list(dict.fromkeys(x)) for x in (body.user_ids, body.role_ids, body.group_ids))
    users = await repo.tenant_users(session, actor.tenant_id, user_ids)
    if any(u not in users or (users_reach is not None and u not in users_reach) for u in user_ids):
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field="user_ids")
    roles = await repo.tenant_roles(session, actor.tenant_id, role_ids)
    if any(r not in roles for r in role_ids):
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field="role_ids")
    names = {g.id: g.name for g in groups}
    if any(g not in names or (groups_reach is not None and g not in groups_reach) for g in group_ids):
        raise AppError(ErrorCode.MESSAGE_RECIPIENT_NOT_FOUND, field="group_ids")
    under: set[int] = set()
    for g in group_ids:
        under |= team_service.subtree(groups, g)
    reached = set(user_ids) | await repo.user_ids_with(session, actor.tenant_id, role_ids=role_ids, group_ids=under)
    if users_reach is not None:
        reached &= users_reach
    # The writer is a recipient only when named.
    if actor.user_id not in user_ids:
        reached.discard(actor.user_id)
    if not reached:
        raise AppError(ErrorCode.MESSAGE_RECIPIENTS_EMPTY, field="user_ids")
    return (
        {u: users[u] for u in user_ids},
        {r: roles[r] for r in role_ids},
        {g: names[g] for g in group_ids},
        reached,
    )


# --- the sent box ----------------------------------------------------------------------------------------------


def _addressees(ids: Collection[int], names: dict[int, str]) -> list[AddresseeOut]:
    return [AddresseeOut(id=i, name=names.get(i, "")) for i in ids]


def _sent_out(
    row: SentMessage, read: int, users: dict[int, str], roles: dict[int, str], groups: dict[int, str]
) -> SentOut:
    return SentOut(
        id=row.id,
        title=row.title,
        body=row.body,
        users=_addressees(row.user_ids, users),
        roles=_addressees(row.role_ids, roles),
        groups=_addressees(row.group_ids, groups),
        recipients=row.recipients,
        read=read,
        created_at=epoch_ms(row.created_at) or 0,
    )


async def send(session: AsyncSession, actor: Actor, body: SendIn) -> SentOut:
    _writer(actor)
    title, text = check_text(body.title, body.body)
    users, roles, groups, reached = await _recipients(session, actor, body)
    now = utcnow()
    row = SentMessage(
        tenant_id=actor.tenant_id,
        sender_id=actor.user_id,
        title=title,
        body=text,
        user_ids=list(users),
        role_ids=list(roles),
        group_ids=list(groups),
        recipients=len(reached),
        created_at=now,
        updated_at=now,
    )
    session.add(row)
    await session.flush()
    await deliver(
        session,
        actor.tenant_id,
        sorted(reached),
        "message",
        title=title,
        body=text,
        sender_id=actor.user_id,
        sent_id=row.id,
        at=now,
    )
    return _sent_out(row, 0, users, roles, groups)


async def sent_box(session: AsyncSession, actor: Actor, page: PageParams, q: str | None) -> Page[SentOut]:
    _writer(actor)
    rows, total = await paginate(session, repo.sent_box(actor.user_id, q), page)
    reads = await repo.read_counts(session, [r.id for r in rows])
    users = await repo.tenant_users(session, actor.tenant_id, {u for r in rows for u in r.user_ids})
    roles = await repo.tenant_roles(session, actor.tenant_id, {x for r in rows for x in r.role_ids})
    groups = {g.id: g.name for g in await repo.tenant_groups(session, actor.tenant_id)}
    items = [_sent_out(r, reads.get(r.id, 0), users, roles, groups) for r in rows]
    return Page[SentOut](items=items, total=total, page=page.page, page_size=page.page_size)


async def delete_sent(session: AsyncSession, actor: Actor, ids: list[int]) -> SentDeleteOut:
    """Removes the writer's copies `ids` (all or none: 117801); the recipients keep theirs."""
    _writer(actor)
    if set(ids) - await repo.sent_owned(session, actor.user_id, ids):
        raise AppError(ErrorCode.MESSAGE_NOT_FOUND, field="ids")
    result: CursorResult[Any] = await session.execute(  # type: ignore[assignment]
        delete(SentMessage)
        .where(SentMessage.sender_id == actor.user_id, SentMessage.id.in_(ids))
        .execution_options(synchronize_session=False)
    )
    return SentDeleteOut(deleted=result.rowcount)


# --- the bulletin board ----------------------------------------------------------------------------------------


def _ancestors(groups: list[UserGroup], group_id: int | None) -> set[int]:
    """`group_id` and every group above it: the groups whose notices reach a user of `group_id`."""
    parent = {g.id: g.parent_id for g in groups}
    out: set[int] = set()
    current = group_id
    while current is not None and current not in out:
        out.add(current)
        current = parent.get(current)
    return out


def _manageable(actor: Actor, notice: Notice, groups_reach: set[int] | None) -> bool:
    if actor.is_admin:
        return True
    return (
        actor.is_group_admin
        and notice.group_id is not None
        and groups_reach is not None
        and (notice.group_id in groups_reach)
    )


async def _reach_groups(session: AsyncSession, actor: Actor, groups: list[UserGroup]) -> set[int] | None:
    """The groups whose notices the caller manages: None for every one (an administrator); empty for a reader."""
    if actor.is_admin:
        return None
    if actor.is_group_admin:
        return await team_service.group_scope(session, actor, groups) or set()
    return set()


async def _notice_out(
    session: AsyncSession, actor: Actor, rows: list[Notice], groups_reach: set[int] | None
) -> list[NoticeOut]:
    authors = await repo.user_names(session, {n.author_id for n in rows if n.author_id is not None})
    group_names = await repo.group_names(session, {n.group_id for n in rows if n.group_id is not None})
    return [
        NoticeOut(
            id=n.id,
            title=n.title,
            content=n.content,
            state=n.state,
            author_id=n.author_id,
            author_name=authors.get(n.author_id) if n.author_id is not None else None,
            group_id=n.group_id,
            group_name=group_names.get(n.group_id) if n.group_id is not None else None,
            send_at=epoch_ms(n.send_at),
            sent_at=epoch_ms(n.sent_at),
            recipients=n.recipients,
            created_at=epoch_ms(n.created_at) or 0,
            updated_at=epoch_ms(n.updated_at) or 0,
            manageable=_manageable(actor, n, groups_reach),
        )
        for n in rows
    ]


async def board(session: AsyncSession, actor: Actor, page: PageParams, *, state: str | None, q: str | None) -> BoardOut:
    """The sent notices that reached the caller (the whole tenant's and their groups'), and, for a writer, every
    notice they manage in any state."""
    groups = await repo.tenant_groups(session, actor.tenant_id)
    reach = await _reach_groups(session, actor, groups)
    mine = _ancestors(groups, actor.group_id)
    seen = and_(Notice.state == SENT, or_(Notice.group_id.is_(None), Notice.group_id.in_(mine) if mine else false()))
    where: ColumnElement[bool]
    if reach is None:
        where = true()
    elif reach:
        where = or_(seen, Notice.group_id.in_(reach))
    else:
        where = seen
    stmt = repo.board(actor.tenant_id, q=q).where(where)
    if state is not None:
        stmt = stmt.where(Notice.state == state)
    rows, total = await paginate(session, stmt, page)
    return BoardOut(
        items=await _notice_out(session, actor, list(rows), reach),
        total=total,
        page=page.page,
        page_size=page.page_size,
        can_write=actor.is_admin or actor.is_group_admin,
    )


async def _managed(session: AsyncSession, actor: Actor, notice_id: int) -> tuple[Notice, set[int] | None]:
    _writer(actor)
    notice = await repo.notice(session, actor.tenant_id, notice_id)
    groups = await repo.tenant_groups(session, actor.tenant_id)
    reach = await _reach_groups(session, actor, groups)
    if notice is None or not _manageable(actor, notice, reach):
        raise AppError(ErrorCode.NOTICE_NOT_FOUND, field="id")
    return notice, reach


async def _one(session: AsyncSession, actor: Actor, notice: Notice, reach: set[int] | None) -> NoticeOut:
    (out,) = await _notice_out(session, actor, [notice], reach)
    return out


async def create_notice(session: AsyncSession, actor: Actor, body: NoticeIn) -> NoticeOut:
    _writer(actor)
    title, content = check_text(body.title, body.content, body_field="content")
    group_id = None
    if not actor.is_admin:
        if actor.group_id is None:
            raise AppError(ErrorCode.NO_PRIVILEGE)
        group_id = actor.group_id
    now = utcnow()
    notice = Notice(
        tenant_id=actor.tenant_id,
        author_id=actor.user_id,
        title=title,
        content=content,
        state=UNSENT,
        group_id=group_id,
        created_at=now,
        updated_at=now,
    )
    session.add(notice)
    await session.flush()
    groups = await repo.tenant_groups(session, actor.tenant_id)
    return await _one(session, actor, notice, await _reach_groups(session, actor, groups))


async def update_notice(session: AsyncSession, actor: Actor, notice_id: int, body: NoticeIn) -> NoticeOut:
    notice, reach = await _managed(session, actor, notice_id)
    title, content = check_text(body.title, body.content, body_field="content")
    stmt = (
        update(Notice)
        .where(Notice.id == notice.id, Notice.state != SENT)
        .values(title=title, content=content, updated_at=utcnow())
    )
    if not await lease.changed(session, stmt):
        raise AppError(ErrorCode.NOTICE_ALREADY_SENT, field="id")
    await session.refresh(notice)
    return await _one(session, actor, notice, reach)


async def send_notice(session: AsyncSession, actor: Actor, notice_id: int, at_ms: int | None) -> NoticeOut:
    """Send now (`at_ms` None), or schedule it for `at_ms` (the runner sends it then)."""
    notice, reach = await _managed(session, actor, notice_id)
    now = utcnow()
    if at_ms is not None:
        at = datetime.fromtimestamp(at_ms / 1000, tz=now.tzinfo) if 0 <= at_ms < 10**14 else None
        if at is None or at <= now or at > now + timedelta(days=NOTICE_SCHEDULE_MAX_DAYS):
            raise AppError(ErrorCode.NOTICE_TIME_INVALID, field="at", limit=NOTICE_SCHEDULE_MAX_DAYS)
        stmt = (
            update(Notice)
            .where(Notice.id == notice.id, Notice.state != SENT)
            .values(state=SCHEDULED, send_at=at, updated_at=now)
        )
        if not await lease.changed(session, stmt):
            raise AppError(ErrorCode.NOTICE_ALREADY_SENT, field="id")
    elif not await dispatch(session, notice, now):
        raise AppError(ErrorCode.NOTICE_ALREADY_SENT, field="id")
    await session.refresh(notice)
    return await _one(session, actor, notice, reach)


async def cancel_notice(session: AsyncSession, actor: Actor, notice_id: int) -> NoticeOut:
    """A scheduled notice back to a draft (an unsent one stays as it is)."""
    notice, reach = await _managed(session, actor, notice_id)
    stmt = (
        update(Notice)
        .where(Notice.id == notice.id, Notice.state != SENT)
        .values(state=UNSENT, send_at=None, updated_at=utcnow())
    )
    if not await lease.changed(session, stmt):
        raise AppError(ErrorCode.NOTICE_ALREADY_SENT, field="id")
    await session.refresh(notice)
    return await _one(session, actor, notice, reach)


async def delete_notice(session: AsyncSession, actor: Actor, notice_id: int) -> None:
    """Off the board; the copies in inboxes stay, but no longer pop up."""
    notice, _ = await _managed(session, actor, notice_id)
    await session.execute(
        update(Message)
        .where(Message.link_type == "notice", Message.link_id == notice.id, Message.popup.is_(True))
        .values(popup=False)
        .execution_options(synchronize_session=False)
    )
    await session.delete(notice)
    await session.flush()


async def dispatch(
    session: AsyncSession, notice: Notice, now: datetime, *, due_only: bool = False, popup: bool = True
) -> bool:
    """Send `notice` to everyone it is for, if this caller is the one that moves it to sent (one conditional UPDATE:
    a writer's "send now" and the runner never both send it). With `due_only`, only a scheduled one whose time has
    come (the runner). Whether it was sent here."""
    cond = [Notice.id == notice.id]
    cond += [Notice.state == SCHEDULED, Notice.send_at <= now] if due_only else [Notice.state != SENT]
    groups = await repo.tenant_groups(session, notice.tenant_id)
    if notice.group_id is None:
        users = await repo.all_user_ids(session, notice.tenant_id)
    else:
        under = team_service.subtree(groups, notice.group_id)
        users = await repo.user_ids_with(session, notice.tenant_id, group_ids=under)
    users.discard(notice.author_id or 0)
    stmt = update(Notice).where(*cond).values(state=SENT, sent_at=now, recipients=len(users), updated_at=now)
    if not await lease.changed(session, stmt):
        return False
    if users:
        await deliver(
            session,
            notice.tenant_id,
            sorted(users),
            "notice",
            title=notice.title,
            body=notice.content,
            link=("notice", notice.id),
            sender_id=notice.author_id,
            popup=popup,
            at=now,
        )
    return True


async def popups(session: AsyncSession, actor: Actor) -> list[PopupOut]:
    """The caller's sent notices still to pop up, oldest first; each pops up once (taken here) and, shown, counts as
    read. An administrator signed in as the user (simulation) takes none of them: they stay for the user."""
    if actor.simulated_by is not None:
        return []
    rows = await repo.popups(session, actor.user_id)
    if not rows:
        return []
    now = utcnow()
    await session.execute(
        update(Message)
        .where(Message.id.in_([m.id for m in rows]), Message.popup.is_(True))
        .values(popup=False, read_at=func.coalesce(Message.read_at, now))
        .execution_options(synchronize_session=False)
    )
    access.inbox_changed(session, [actor.user_id])
    authors = await repo.user_names(session, {m.sender_id for m in rows if m.sender_id is not None})
    return [
        PopupOut(
            message_id=m.id,
            notice_id=m.link_id or 0,
            title=m.title,
            content=m.body,
            sent_at=epoch_ms(m.created_at),
            author_name=authors.get(m.sender_id) if m.sender_id is not None else None,
        )
        for m in rows
    ]
