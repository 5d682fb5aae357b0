"""Telemetry queries: write rights of a role, control passwords, and the devices a live socket may follow."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.auth.models import Role
from iotyun.core.deps import Actor
from iotyun.core.tenancy import ALL_TENANTS
from iotyun.devices import scope
from iotyun.devices.models import Device
from iotyun.telemetry.models import ControlSetting

_ALL = {ALL_TENANTS: True}


async def role_device_permissions(session: AsyncSession, actor: Actor) -> list[str]:
    stmt = select(Role.device_permissions).where(Role.tenant_id == actor.tenant_id, Role.code == actor.role_code)
    codes: list[str] | None = (await session.execute(stmt.execution_options(**_ALL))).scalar_one_or_none()
    return codes or []


async def control_setting(session: AsyncSession, tenant_id: int) -> ControlSetting | None:
    """A tenant's control setting (any tenant: a shared device is guarded by its owner's tenant default)."""
    stmt = select(ControlSetting).where(ControlSetting.tenant_id == tenant_id).execution_options(**_ALL)
    return (await session.execute(stmt)).scalar_one_or_none()


async def readable_device_ids(session: AsyncSession, actor: Actor, ids: list[int] | None = None) -> set[int]:
    """The registered devices among `ids` (all when None) that `actor` reads."""
    stmt = (await scope.readable(session, actor, Device.id)).where(Device.registered.is_(True))
    if ids is not None:
        stmt = stmt.where(Device.id.in_(ids))
    return {int(i) for i in (await session.execute(stmt)).scalars()}
