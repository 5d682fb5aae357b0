"""Device-group SELECTs, scoped to the caller's tenant."""

from collections.abc import Collection

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.devices import repository as devices_repo
from iotyun.devices import scope
from iotyun.devices.models import GRANT_SHARE, Device, DeviceGrant, DeviceGroup, VirtualDevice


async def groups(session: AsyncSession, tenant_id: int) -> list[DeviceGroup]:
    stmt = (
        select(DeviceGroup)
        .where(DeviceGroup.tenant_id == tenant_id)
        .order_by(DeviceGroup.is_default.desc(), DeviceGroup.created_at, DeviceGroup.id)
    )
    return list((await session.execute(stmt)).scalars())


async def group(session: AsyncSession, tenant_id: int, group_id: int) -> DeviceGroup | None:
    stmt = select(DeviceGroup).where(DeviceGroup.tenant_id == tenant_id, DeviceGroup.id == group_id)
    return (await session.execute(stmt)).scalar_one_or_none()


async def default_group(session: AsyncSession, tenant_id: int) -> DeviceGroup | None:
    # Explicit tenant and all_tenants: a hand-over looks up the receiving tenant's default group.
    stmt = (
        select(DeviceGroup)
        .where(DeviceGroup.tenant_id == tenant_id, DeviceGroup.is_default.is_(True))
        .order_by(DeviceGroup.id)
        .limit(1)
        .execution_options(all_tenants=True)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def group_named(session: AsyncSession, tenant_id: int, name: str) -> DeviceGroup | None:
    stmt = (
        select(DeviceGroup)
        .where(DeviceGroup.tenant_id == tenant_id, DeviceGroup.name == name)
        .execution_options(all_tenants=True)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


async def device_counts(session: AsyncSession, actor: Actor) -> dict[int, int]:
    """Registered devices per group of the caller's tenant, counting only the devices the caller reads, each in the
    group it shows in to them: the shares they filed in their group, the tenant's other devices in their own."""
    own = (
        (await scope.readable(session, actor, Device.group_id, func.count(Device.id)))
        .select_from(Device)
        .where(Device.tenant_id == actor.tenant_id, Device.registered.is_(True), Device.group_id.is_not(None))
        .where(Device.id.not_in(devices_repo.filed(actor)))
        .group_by(Device.group_id)
    )
    shares = (
        (await scope.readable(session, actor, DeviceGrant.group_id, func.count(Device.id)))
        .select_from(Device)
        .join(DeviceGrant, DeviceGrant.device_id == Device.id)
        .where(DeviceGrant.user_id == actor.user_id, DeviceGrant.kind == GRANT_SHARE, DeviceGrant.group_id.is_not(None))
        .where(Device.registered.is_(True))
        .group_by(DeviceGrant.group_id)
    )
    counts: dict[int, int] = {}
    for stmt in (own, shares):
        for gid, n in (await session.execute(stmt)).all():
            if gid is not None:
                counts[int(gid)] = counts.get(int(gid), 0) + int(n)
    return counts


async def in_use(session: AsyncSession, tenant_id: int, group_id: int) -> bool:
    """Whether a registered device or a virtual device is in the group."""
    devices = select(Device.id).where(
        Device.tenant_id == tenant_id, Device.group_id == group_id, Device.registered.is_(True)
    )
    virtual = select(VirtualDevice.id).where(VirtualDevice.tenant_id == tenant_id, VirtualDevice.group_id == group_id)
    for stmt in (devices, virtual):
        if (await session.execute(stmt.limit(1))).first() is not None:
            return True
    return False


async def unfile_shares(session: AsyncSession, group_id: int) -> None:
    """Shares filed in the group go back to "shared with me" (the foreign key says so too; written here so the read
    caches that follow grants hear of it)."""
    await session.execute(update(DeviceGrant).where(DeviceGrant.group_id == group_id).values(group_id=None))


async def unregistered_in(session: AsyncSession, tenant_id: int, group_id: int) -> list[Device]:
    stmt = select(Device).where(
        Device.tenant_id == tenant_id, Device.group_id == group_id, Device.registered.is_(False)
    )
    return list((await session.execute(stmt)).scalars())


async def names(session: AsyncSession, tenant_id: int, group_ids: Collection[int]) -> dict[int, str]:
    """Names by id of the tenant's device groups among `group_ids`."""
    if not group_ids:
        return {}
    stmt = select(DeviceGroup.id, DeviceGroup.name).where(
        DeviceGroup.tenant_id == tenant_id, DeviceGroup.id.in_(list(group_ids))
    )
    return {int(i): str(n) for i, n in (await session.execute(stmt)).all()}
