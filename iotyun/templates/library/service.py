"""Library rules: the owner shares templates with accounts of any tenant (with permission items, counted against
the owner's template_share quota per template), withdraws a share, or hands a template over; a receiver leaves a
share; each user files their own templates into tile groups. Batches are all or nothing."""

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import User
from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.limits import TEMPLATE_PERMISSION_ITEMS, TEMPLATE_PERMISSION_ITEMS_MAX
from iotyun.core.pagination import Page, PageParams
from iotyun.core.permissions import TEMPLATE_SHARE
from iotyun.messages import service as message_service
from iotyun.team import quotas as team_quotas
from iotyun.templates import access, changes
from iotyun.templates import repository as template_repo
from iotyun.templates import service as template_service
from iotyun.templates.library import repository as repo
from iotyun.templates.library.schemas import (
    LibraryItemOut,
    LibraryRelation,
    ShareIn,
    ShareItemOut,
    SharesOut,
    TileGroupIn,
    TileGroupMoveIn,
    TileGroupOut,
    TileGroupUpdateIn,
    TransferIn,
)
from iotyun.templates.models import Template, TemplateGroup, TemplateShare

QUOTA = "template_share"


def _items(permissions: Sequence[str]) -> list[str]:
    """The share's items in catalogue order (`view` always): 115014 for too many or an unknown one."""
    wanted = set(permissions)
    if len(permissions) > TEMPLATE_PERMISSION_ITEMS_MAX or not wanted <= set(TEMPLATE_PERMISSION_ITEMS):
        raise AppError(ErrorCode.PERMISSION_ITEMS_LIMIT, field="permissions", limit=TEMPLATE_PERMISSION_ITEMS_MAX)
    return [item for item in TEMPLATE_PERMISSION_ITEMS if item in wanted or item == "view"]


async def _quota_limit(session: AsyncSession, user_id: int) -> int | None:
    return await team_quotas.quota_limit(session, user_id, QUOTA)


# --- shares ----------------------------------------------------------------------------------------------------


async def list_shares(session: AsyncSession, actor: Actor, template_id: int) -> SharesOut:
    """The owner's view of a template's receivers and how many more the quota allows."""
    template = await access.owned(session, actor, template_id)
    rows = await repo.shares_with_users(session, template.id)
    limit = await _quota_limit(session, actor.user_id)
    return SharesOut(
        items=[
            ShareItemOut(
                user_id=u.id,
                user_name=u.user_name,
                tenant_name=tenant_name,
                permissions=list(s.permissions or []),
                created_at=epoch_ms(s.created_at) or 0,
            )
            for s, u, tenant_name in rows
        ],
        remaining=None if limit is None else max(limit - len(rows), 0),
    )


async def _receivers(session: AsyncSession, actor: Actor, accounts: Sequence[str]) -> list[User]:
    users: dict[int, User] = {}
    for raw in accounts:
        account = raw.strip()
        user = await repo.user_by_account(session, account) if account else None
        if user is not None and user.id == actor.user_id:
            raise AppError(ErrorCode.TEMPLATE_SHARE_TO_SELF, field="accounts")
        if user is None:
            raise AppError(ErrorCode.TEMPLATE_SHARE_USER_NOT_FOUND, field="accounts", value=account)
        users.setdefault(user.id, user)
    return list(users.values())


async def share(session: AsyncSession, actor: Actor, body: ShareIn) -> None:
    """Share the caller's templates with accounts of any tenant; sharing again replaces the items."""
    items = _items(body.permissions)
    templates = [await access.owned(session, actor, tid, TEMPLATE_SHARE) for tid in dict.fromkeys(body.template_ids)]
    users = await _receivers(session, actor, body.accounts)
    existing = await repo.shares(session, [t.id for t in templates])
    have = {(s.template_id, s.user_id): s for s in existing}
    for t in templates:
        current = sum(1 for s in existing if s.template_id == t.id)
        added = sum(1 for u in users if (t.id, u.id) not in have)
        if added:
            await team_quotas.check_quota(session, actor.user_id, QUOTA, current + added - 1)
    for t in templates:
        for u in users:
            found = have.get((t.id, u.id))
            if found is None:
                session.add(TemplateShare(template_id=t.id, user_id=u.id, permissions=items, shared_by=actor.user_id))
            else:
                found.permissions = items
    await session.flush()
    detail = {"user_ids": [u.id for u in users], "user_names": [u.user_name for u in users], "permissions": items}
    for t in templates:
        await changes.record(session, t, actor, "share", detail, bump=False)
    for u in users:
        fresh = [t for t in templates if (t.id, u.id) not in have]
        if fresh:
            await _tell(session, u, "share", "messages.share.template", actor, fresh)


async def cancel_share(session: AsyncSession, actor: Actor, template_id: int, user_id: int) -> None:
    """The owner withdraws one share."""
    template = await access.owned(session, actor, template_id)
    found = await repo.share(session, template.id, user_id)
    if found is None:
        raise AppError(ErrorCode.TEMPLATE_SHARE_NOT_FOUND, field="user_id")
    await session.delete(found)
    await session.flush()
    await changes.record(session, template, actor, "unshare", {"user_ids": [user_id]}, bump=False)


async def leave_share(session: AsyncSession, actor: Actor, template_id: int) -> None:
    """The receiver drops a template shared with them."""
    held = await access.held(session, actor, template_id)
    found = await repo.share(session, template_id, actor.user_id) if held and not held.is_owner else None
    if held is None or found is None:
        raise AppError(ErrorCode.TEMPLATE_SHARE_NOT_FOUND, field="template_id")
    await session.delete(found)
    await session.flush()
    detail = {"user_ids": [actor.user_id], "by": "receiver"}
    await changes.record(session, held.template, actor, "unshare", detail, bump=False)


# --- hand-over -------------------------------------------------------------------------------------------------


async def transfer(session: AsyncSession, actor: Actor, body: TransferIn) -> None:
    """Hand an unpublished, unbound template over to an account of any tenant, with its screens and data sources;
    its shares go and it leaves the owner's tile group."""
    template = await access.owned(session, actor, body.template_id, TEMPLATE_SHARE)
    account = body.account.strip()
    receiver = await repo.user_by_account(session, account) if account else None
    if receiver is None or receiver.id == actor.user_id:
        raise AppError(ErrorCode.TEMPLATE_TRANSFER_INVALID, field="account")
    if template.published:
        raise AppError(ErrorCode.TEMPLATE_PUBLISHED, field="template_id")
    if (await template_repo.bound_counts(session, [template.id])).get(template.id):
        raise AppError(ErrorCode.TEMPLATE_TRANSFER_INVALID, field="template_id")
    if await template_repo.name_taken(session, receiver.id, template.name):
        raise AppError(ErrorCode.TEMPLATE_NAME_EXISTS, field="template_id")
    detail = {"from": actor.user_name, "to": receiver.user_name, "to_user_id": receiver.id}
    await changes.record(session, template, actor, "transfer", detail, bump=False)
    await repo.delete_shares(session, template.id)
    cross_tenant = receiver.tenant_id != template.tenant_id
    await repo.move_rows(session, template.id, receiver.tenant_id, drop_devices=cross_tenant)
    template.owner_id = receiver.id
    template.tenant_id = receiver.tenant_id
    template.group_id = None
    await session.flush()
    await _tell(session, receiver, "handover", "messages.handover.template", actor, [template])


async def _tell(
    session: AsyncSession, user: User, kind: str, text_key: str, actor: Actor, templates: list[Template]
) -> None:
    """The receiver's inbox hears of templates shared or handed over to them."""
    await message_service.deliver(
        session,
        user.tenant_id,
        [user.id],
        kind,
        text_key=text_key,
        params={"user": actor.user_name, "count": len(templates), "name": templates[0].name},
        link=("template", templates[0].id) if len(templates) == 1 else None,
    )


# --- the library -----------------------------------------------------------------------------------------------


async def library(
    session: AsyncSession, actor: Actor, params: PageParams, *, q: str | None, relation: LibraryRelation
) -> Page[LibraryItemOut]:
    """The caller's templates shared out (with receiver counts) or the templates shared with them."""
    rows: list[tuple[Template, int, int]]
    if relation == "shared":
        shared, total = await repo.shared_page(session, actor, params, q)
        rows = [(t, n, epoch_ms(at) or 0) for t, n, at in shared]
    else:
        received, total = await repo.received_page(session, actor, params, q)
        rows = [(t, 0, epoch_ms(at) or 0) for t, at in received]
    outs = await template_service.outs(session, actor, [t for t, _, _ in rows])
    items = [
        LibraryItemOut(**o.model_dump(), receiver_count=n, shared_at=at)
        for o, (_, n, at) in zip(outs, rows, strict=True)
    ]
    return Page(items=items, total=total, page=params.page, page_size=params.page_size)


# --- tile groups -----------------------------------------------------------------------------------------------


def _group_out(group: TemplateGroup, count: int) -> TileGroupOut:
    return TileGroupOut(id=group.id, name=group.name, count=count, sort=group.sort)


async def list_groups(session: AsyncSession, actor: Actor) -> list[TileGroupOut]:
    """The caller's tile groups, in order, with how many of their templates each holds."""
    return [_group_out(g, n) for g, n in await repo.tile_groups(session, actor.user_id)]


async def _group(session: AsyncSession, actor: Actor, group_id: int, field: str = "id") -> TemplateGroup:
    group = await template_repo.tile_group(session, actor.user_id, group_id)
    if group is None:
        raise AppError(ErrorCode.TILE_GROUP_NOT_FOUND, field=field)
    return group


async def _check_name(session: AsyncSession, actor: Actor, name: str, exclude: int | None = None) -> None:
    same = await repo.tile_group_named(session, actor.user_id, name)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.TILE_GROUP_NAME_EXISTS, field="name")


async def create_group(session: AsyncSession, actor: Actor, body: TileGroupIn) -> TileGroupOut:
    """A new tile group of the caller, last in order."""
    await _check_name(session, actor, body.name)
    group = TemplateGroup(
        tenant_id=actor.tenant_id,
        owner_id=actor.user_id,
        name=body.name,
        sort=await repo.next_tile_sort(session, actor.user_id),
    )
    session.add(group)
    await session.flush()
    return _group_out(group, 0)


async def update_group(session: AsyncSession, actor: Actor, body: TileGroupUpdateIn) -> TileGroupOut:
    """Rename one of the caller's tile groups."""
    group = await _group(session, actor, body.id)
    await _check_name(session, actor, body.name, exclude=group.id)
    group.name = body.name
    await session.flush()
    return _group_out(group, await repo.tile_group_count(session, group.id))


async def delete_group(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete an empty tile group of the caller."""
    group = await _group(session, actor, group_id)
    if await repo.tile_group_count(session, group.id):
        raise AppError(ErrorCode.TILE_GROUP_NOT_EMPTY)
    await session.delete(group)
    await session.flush()


async def move(session: AsyncSession, actor: Actor, body: TileGroupMoveIn) -> None:
    """File the caller's own templates into one of their tile groups, or out of any (group_id null)."""
    if body.group_id is not None:
        await _group(session, actor, body.group_id, field="group_id")
    templates = [await access.owned(session, actor, tid) for tid in dict.fromkeys(body.template_ids)]
    for t in templates:
        t.group_id = body.group_id
    await session.flush()
