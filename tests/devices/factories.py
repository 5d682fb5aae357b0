"""Row factories for device tests that need devices without going through /dev/register (other domains' tests)."""

from datetime import datetime
from typing import Any

from fastapi import FastAPI

from iotyun.core import security
from iotyun.devices.models import DEV_OFFLINE, Device, Gateway


async def make_device(
    app: FastAPI,
    *,
    tenant_id: int,
    owner_id: int,
    sn: str,
    secret: str = "secret123",
    dev_state: int = DEV_OFFLINE,
    firmware_version: str = "1.0.0",
    model: str = "GW100",
    report_time: datetime | None = None,
    **fields: Any,
) -> int:
    """Insert a gateway and its registered device for `owner_id`; returns the device id."""
    async with app.state.db.sessionmaker() as session:
        gateway = Gateway(
            sn=sn,
            secret_hash=security.hash_password_sync(secret, device=True),
            dev_state=dev_state,
            firmware_version=firmware_version,
            model=model,
            report_time=report_time,
        )
        session.add(gateway)
        await session.flush()
        device = Device(tenant_id=tenant_id, owner_id=owner_id, gateway_id=gateway.id, sn=sn, **fields)
        session.add(device)
        await session.commit()
        return device.id
