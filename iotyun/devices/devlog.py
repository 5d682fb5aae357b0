"""Device-log writes for the device sub-packages (groups, GPS), with the signature of devices.service.write_log so
the two can merge: the sub-packages were built alongside the registry and must not wait for it."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.deps import Actor
from iotyun.devices.models import Device, DeviceLog


async def write_log(
    session: AsyncSession,
    tenant_id: int,
    device: Device,
    action: str,
    actor: Actor | None,
    detail: dict[str, Any] | None = None,
) -> None:
    """Append one /yun/devLog row about `device` in `tenant_id`'s log."""
    session.add(
        DeviceLog(
            tenant_id=tenant_id,
            device_id=device.id,
            sn=device.sn,
            action=action,
            user_id=actor.user_id if actor else None,
            user_name=actor.user_name if actor else "",
            detail=detail,
        )
    )
    await session.flush()
