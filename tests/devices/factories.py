"""Device factories: devices registered over HTTP, rows written directly (devices without /dev/register, grants,
gateway state) for the sub-package and other domains' tests, and what the device log holds."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import FastAPI
from sqlalchemy import select, update

from iotyun.core import security
from iotyun.devices.models import DEV_OFFLINE, DEV_ONLINE, GRANT_SHARE, Device, DeviceGrant, DeviceLog, Gateway
from tests.conftest import Api
from tests.team.factories import Team

SECRET = "secret123"


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


async def register(api: Api, sn: str, secret: str = SECRET, **body: Any) -> dict[str, Any]:
    resp = await api.post("/dev/register", {"sn_code": sn, "secret": secret, **body})
    assert resp["meta"]["success"] == 1, resp
    data: dict[str, Any] = resp["data"]
    return data


async def logs(app: FastAPI, action: str | None = None) -> list[DeviceLog]:
    async with app.state.db.sessionmaker() as s:
        stmt = select(DeviceLog).order_by(DeviceLog.id)
        if action:
            stmt = stmt.where(DeviceLog.action == action)
        return list((await s.scalars(stmt)).all())


@dataclass
class Site:
    app: FastAPI
    team: Team
    sn_counter: int = 0

    @property
    def admin(self) -> Api:
        return self.team.admin

    async def device(self, owner: Api | None = None, **fields: Any) -> int:
        """A registered device of `owner` (the administrator by default) in the owner's tenant."""
        owner = owner or self.admin
        self.sn_counter += 1
        fields.setdefault("sn", f"SN{owner.tenant_id}X{self.sn_counter:05d}")
        return await make_device(self.app, tenant_id=owner.tenant_id or 0, owner_id=owner.user_id or 0, **fields)

    async def user(self, name: str, permissions: list[str]) -> Api:
        """A logged-in user of the tenant whose role grants `permissions`."""
        role = f"r_{name}"
        if role not in self.team.roles:
            await self.team.role(role, permissions)
        await self.team.user(name, role)
        return await self.team.login(name)

    async def grant(self, device_id: int, user: Api, *, kind: str = GRANT_SHARE, can_write: bool = False) -> None:
        async with self.app.state.db.sessionmaker() as s:
            s.add(DeviceGrant(device_id=device_id, user_id=user.user_id, kind=kind, can_write=can_write, granted_by=0))
            await s.commit()

    async def set_device(self, device_id: int, **values: Any) -> None:
        async with self.app.state.db.sessionmaker() as s:
            await s.execute(update(Device).where(Device.id == device_id).values(**values))
            await s.commit()

    async def set_gateway(self, device_id: int, **values: Any) -> None:
        async with self.app.state.db.sessionmaker() as s:
            device = await s.get(Device, device_id)
            assert device is not None
            await s.execute(update(Gateway).where(Gateway.id == device.gateway_id).values(**values))
            await s.commit()

    async def online(self, device_id: int) -> None:
        await self.set_gateway(device_id, dev_state=DEV_ONLINE)


def ok(body: dict[str, Any]) -> Any:
    assert body["meta"]["success"] == 1, body
    return body["data"]
