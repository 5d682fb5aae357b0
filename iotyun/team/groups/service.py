"""User-group rules: a tree without cycles, sibling names unique, a secondary administrator confined to their subtree."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core import access
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.team import service as team_service
from iotyun.team.groups import repository as repo
from iotyun.team.groups.schemas import GroupIn, GroupNode, GroupOut, GroupUpdateIn, MembersIn
from iotyun.team.models import UserGroup


async def tree(session: AsyncSession, actor: Actor) -> list[GroupNode]:
    """The caller's group tree with user counts; a secondary administrator's starts at their own group."""
    groups = await repo.all_groups(session, actor.tenant_id)
    counts = await repo.user_counts(session, actor.tenant_id)
    scope = await team_service.group_scope(session, actor, groups)
    nodes = {
        g.id: GroupNode(id=g.id, name=g.name, parent_id=g.parent_id, user_count=counts.get(g.id, 0), children=[])
        for g in groups
        if scope is None or g.id in scope
    }
    roots: list[GroupNode] = []
    for node in nodes.values():
        parent = nodes.get(node.parent_id) if node.parent_id is not None else None
        (parent.children if parent is not None else roots).append(node)
    return roots


def _out(group: UserGroup, user_count: int = 0) -> GroupOut:
    return GroupOut(id=group.id, name=group.name, parent_id=group.parent_id, user_count=user_count)


def _check_name(groups: list[UserGroup], name: str, parent_id: int | None, exclude: int | None = None) -> None:
    if any(g.name == name and g.parent_id == parent_id and g.id != exclude for g in groups):
        raise AppError(ErrorCode.GROUP_NAME_EXISTS, field="name")


async def create(session: AsyncSession, actor: Actor, body: GroupIn) -> GroupOut:
    """A group under `parent_id` (a secondary administrator may only add below their own group)."""
    groups = await repo.all_groups(session, actor.tenant_id)
    scope = await team_service.group_scope(session, actor, groups)
    if body.parent_id is not None and body.parent_id not in {g.id for g in groups}:
        raise AppError(ErrorCode.PARENT_GROUP_INVALID, field="parent_id")
    if scope is not None and body.parent_id not in scope:
        raise AppError(ErrorCode.GROUP_OUT_OF_SCOPE, field="parent_id")
    _check_name(groups, body.name, body.parent_id)
    group = UserGroup(tenant_id=actor.tenant_id, name=body.name, parent_id=body.parent_id)
    session.add(group)
    await session.flush()
    await team_service.write_log(session, actor, "group_create", group.name, {"group_id": group.id})
    return _out(group)


async def _in_scope(session: AsyncSession, actor: Actor, group_id: int) -> tuple[UserGroup, list[UserGroup]]:
    groups = await repo.all_groups(session, actor.tenant_id)
    group = next((g for g in groups if g.id == group_id), None)
    if group is None:
        raise AppError(ErrorCode.GROUP_NOT_FOUND)
    scope = await team_service.group_scope(session, actor, groups)
    if scope is not None and group.id not in scope:
        raise AppError(ErrorCode.GROUP_NOT_FOUND)
    return group, groups


async def update(session: AsyncSession, actor: Actor, group_id: int, body: GroupUpdateIn) -> GroupOut:
    """Rename or move a group; it cannot go under itself or one of its sub-groups."""
    group, groups = await _in_scope(session, actor, group_id)
    name = body.name if body.name is not None else group.name
    parent_id = body.parent_id if "parent_id" in body.model_fields_set else group.parent_id
    if parent_id != group.parent_id:
        if parent_id is not None and parent_id not in {g.id for g in groups}:
            raise AppError(ErrorCode.PARENT_GROUP_INVALID, field="parent_id")
        if parent_id in team_service.subtree(groups, group.id):
            raise AppError(ErrorCode.PARENT_GROUP_INVALID, field="parent_id")
        scope = await team_service.group_scope(session, actor, groups)
        # A secondary administrator's own group stays where the administrator put it.
        if scope is not None and (parent_id not in scope or group.id == actor.group_id):
            raise AppError(ErrorCode.GROUP_OUT_OF_SCOPE, field="parent_id")
    _check_name(groups, name, parent_id, exclude=group.id)
    group.name, group.parent_id = name, parent_id
    await session.flush()
    # A move narrows what the secondary administrators above it read.
    access.changed(session, tenants=[actor.tenant_id])
    await team_service.write_log(session, actor, "group_edit", group.name, {"group_id": group.id})
    counts = await repo.user_counts(session, actor.tenant_id)
    return _out(group, counts.get(group.id, 0))


async def delete(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete an empty leaf group."""
    group, groups = await _in_scope(session, actor, group_id)
    if actor.is_group_admin and group.id == actor.group_id:
        raise AppError(ErrorCode.GROUP_OUT_OF_SCOPE)
    if any(g.parent_id == group.id for g in groups):
        raise AppError(ErrorCode.GROUP_HAS_CHILDREN)
    if await repo.has_users(session, actor.tenant_id, group.id):
        raise AppError(ErrorCode.GROUP_HAS_USERS)
    await session.delete(group)
    await session.flush()
    await team_service.write_log(session, actor, "group_delete", group.name, {"group_id": group.id})


async def move_members(session: AsyncSession, actor: Actor, group_id: int, body: MembersIn) -> None:
    """Move users into the group (a secondary administrator: only users and groups of their subtree)."""
    group, groups = await _in_scope(session, actor, group_id)
    await team_service.move_users(session, actor, group, groups, body.user_ids)
