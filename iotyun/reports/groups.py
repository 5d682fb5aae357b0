"""Report groups (issue 17 contract A): a user's folders of reports, names unique per owner (110412), 1-10
characters. The administrator sees and edits the tenant's groups; anyone else's group answers 110415 as if it did not
exist. Deleting a group files its reports back to no group."""

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.reports import repository as repo
from iotyun.reports.models import ReportGroup
from iotyun.reports.schemas import ReportGroupIn, ReportGroupOut, ReportGroupUpdateIn


def _out(group: ReportGroup, count: int) -> ReportGroupOut:
    return ReportGroupOut(id=group.id, name=group.name, count=count)


async def _get(session: AsyncSession, actor: Actor, group_id: int) -> ReportGroup:
    group = await repo.group(session, actor, group_id)
    if group is None:
        raise AppError(ErrorCode.GROUP_NOT_FOUND, field="id")
    return group


async def list_groups(session: AsyncSession, actor: Actor) -> list[ReportGroupOut]:
    return [_out(g, n) for g, n in await repo.groups(session, actor)]


async def create(session: AsyncSession, actor: Actor, body: ReportGroupIn) -> ReportGroupOut:
    if await repo.group_name_taken(session, actor.user_id, body.name):
        raise AppError(ErrorCode.GROUP_NAME_EXISTS, field="name")
    group = ReportGroup(tenant_id=actor.tenant_id, owner_id=actor.user_id, name=body.name)
    session.add(group)
    await session.flush()
    return _out(group, 0)


async def rename(session: AsyncSession, actor: Actor, body: ReportGroupUpdateIn) -> ReportGroupOut:
    group = await _get(session, actor, body.id)
    if await repo.group_name_taken(session, group.owner_id, body.name, exclude=group.id):
        raise AppError(ErrorCode.GROUP_NAME_EXISTS, field="name")
    group.name = body.name
    await session.flush()
    return _out(group, await repo.group_count(session, group.id))


async def delete(session: AsyncSession, actor: Actor, group_id: int) -> None:
    group = await _get(session, actor, group_id)
    await repo.ungroup(session, group.id)
    await session.delete(group)
    await session.flush()


async def check_report_group(session: AsyncSession, owner_id: int, group_id: int | None) -> None:
    """A report's group is one of its owner's groups (100004 on group_id)."""
    if group_id is not None and not await repo.owner_has_group(session, owner_id, group_id):
        raise AppError(ErrorCode.PARAM_INVALID, field="group_id")
