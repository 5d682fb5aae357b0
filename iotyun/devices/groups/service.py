"""Device-group rules: names unique per tenant, one default group made on first use that cannot be deleted, and only
a device's owner moves it between groups.

Who edits (renames, deletes) a group: the user who made it, a secondary administrator whose group subtree holds that
user, and the tenant's administrator. The default group and groups without a known maker are the administrator's.
Everyone who reads the list sees every group of the tenant (a device form offers them all) with `editable` set."""

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.db import epoch_ms
from iotyun.core.deps import Actor
from iotyun.core.errors import AppError, ErrorCode
from iotyun.core.texts import both, phrase
from iotyun.devices import devlog, scope
from iotyun.devices.groups import repository as repo
from iotyun.devices.groups.schemas import DeviceGroupIn, DeviceGroupOut, DeviceGroupUpdateIn, GroupMoveIn
from iotyun.devices.models import Device, DeviceGroup
from iotyun.team import service as team_service


async def ensure_default_group(session: AsyncSession, tenant_id: int) -> DeviceGroup:
    """The tenant's default device group, created on first use (any tenant: a hand-over needs the receiver's)."""
    found = await repo.default_group(session, tenant_id)
    if found is not None:
        return found
    for name in both("name.default_group"):
        named = await repo.group_named(session, tenant_id, name)
        if named is not None:
            named.is_default = True
            await session.flush()
            return named
    group = DeviceGroup(tenant_id=tenant_id, name=phrase("name.default_group"), is_default=True)
    try:
        async with session.begin_nested():
            session.add(group)
    except IntegrityError:
        # A concurrent request made it first (unique tenant_id + name).
        again = await repo.default_group(session, tenant_id)
        if again is None:
            raise
        return again
    return group


def _out(group: DeviceGroup, device_count: int = 0, *, editable: bool) -> DeviceGroupOut:
    return DeviceGroupOut(
        id=group.id,
        name=group.name,
        notes=group.notes,
        is_default=group.is_default,
        device_count=device_count,
        created_at=epoch_ms(group.created_at) or 0,
        editable=editable,
    )


def _may_edit(group: DeviceGroup, managed: set[int] | None) -> bool:
    """Whether a caller managing the users `managed` (None: the administrator, all) edits `group`."""
    if managed is None:
        return True
    return not group.is_default and group.owner_id is not None and group.owner_id in managed


async def list_groups(session: AsyncSession, actor: Actor) -> list[DeviceGroupOut]:
    """The tenant's device groups, default first, with how many of their registered devices the caller reads."""
    await ensure_default_group(session, actor.tenant_id)
    counts = await repo.device_counts(session, actor)
    managed = await team_service.managed_user_ids(session, actor)
    return [
        _out(g, counts.get(g.id, 0), editable=_may_edit(g, managed))
        for g in await repo.groups(session, actor.tenant_id)
    ]


async def _check_name(session: AsyncSession, tenant_id: int, name: str, exclude: int | None = None) -> None:
    same = await repo.group_named(session, tenant_id, name)
    if same is None and name in both("name.default_group"):
        # The default group's stored name in the other language: both read the same to a user of that language.
        same = await repo.default_group(session, tenant_id)
    if same is not None and same.id != exclude:
        raise AppError(ErrorCode.DEVICE_GROUP_NAME_EXISTS, field="name")


async def _editable_group(session: AsyncSession, actor: Actor, group_id: int) -> DeviceGroup:
    """A group of the caller's tenant (else 112005) that the caller may edit (else 100015)."""
    group = await repo.group(session, actor.tenant_id, group_id)
    if group is None:
        raise AppError(ErrorCode.DEVICE_GROUP_NOT_FOUND, field="id")
    if not _may_edit(group, await team_service.managed_user_ids(session, actor)):
        raise AppError(ErrorCode.NO_PRIVILEGE)
    return group


async def create(session: AsyncSession, actor: Actor, body: DeviceGroupIn) -> DeviceGroupOut:
    """A new device group."""
    await ensure_default_group(session, actor.tenant_id)
    await _check_name(session, actor.tenant_id, body.name)
    group = DeviceGroup(tenant_id=actor.tenant_id, name=body.name, notes=body.notes, owner_id=actor.user_id)
    session.add(group)
    await session.flush()
    return _out(group, editable=True)


async def update(session: AsyncSession, actor: Actor, body: DeviceGroupUpdateIn) -> DeviceGroupOut:
    """Rename a group or change its notes (the default group too, by the administrator)."""
    group = await _editable_group(session, actor, body.id)
    await _check_name(session, actor.tenant_id, body.name, exclude=group.id)
    group.name = body.name
    if body.notes is not None:
        group.notes = body.notes
    await session.flush()
    counts = await repo.device_counts(session, actor)
    return _out(group, counts.get(group.id, 0), editable=True)


async def delete(session: AsyncSession, actor: Actor, group_id: int) -> None:
    """Delete an unused group; unregistered device rows left in it fall back to the default group and the shares
    receivers filed in it back to "shared with me" (a filed share does not make a group "in use": it is not the
    group's device, only the receiver's filing)."""
    group = await _editable_group(session, actor, group_id)
    if group.is_default:
        raise AppError(ErrorCode.DEFAULT_GROUP_CANNOT_BE_DELETED)
    if await repo.in_use(session, actor.tenant_id, group.id):
        raise AppError(ErrorCode.DEVICE_GROUP_IN_USE)
    leftovers = await repo.unregistered_in(session, actor.tenant_id, group.id)
    if leftovers:
        default = await ensure_default_group(session, actor.tenant_id)
        for device in leftovers:
            device.group_id = default.id
        await session.flush()
    await repo.unfile_shares(session, group.id)
    await session.delete(group)
    await session.flush()


async def move(session: AsyncSession, actor: Actor, body: GroupMoveIn) -> None:
    """Move devices the caller owns into a group; all or nothing."""
    target = await repo.group(session, actor.tenant_id, body.group_id)
    if target is None:
        raise AppError(ErrorCode.TARGET_GROUP_INVALID, field="group_id")
    ids = list(dict.fromkeys(body.device_ids))
    devices: list[Device] = list((await session.execute(scope.manageable(actor).where(Device.id.in_(ids)))).scalars())
    if len(devices) != len(ids):
        raise AppError(ErrorCode.NO_CANCEL_RIGHT, field="device_ids")
    for device in devices:
        if device.group_id == target.id:
            continue
        detail = {"from_group_id": device.group_id, "to_group_id": target.id, "to_group_name": target.name}
        device.group_id = target.id
        await devlog.write_log(session, actor.tenant_id, device, "group_move", actor, detail)
    await session.flush()
