"""The one device-log writer, for the registry and its sub-packages (groups, GPS): kept apart from devices.service,
which imports the sub-packages' services, so that they write the log without an import cycle."""

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
            detail={**(detail or {}), **actor.via} if actor is not None and actor.via else detail,
        )
    )
    await session.flush()
