"""Fixtures of the device sub-package tests (groups, virtual devices, thumbnails, GPS, districts): a logged-in tenant
with helpers that insert devices, grants and users directly, since /dev/register and /dev/share are built alongside."""

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import update

from iotyun.devices.models import DEV_ONLINE, GRANT_SHARE, Device, DeviceGrant, Gateway
from tests.conftest import Api
from tests.devices.factories import make_device
from tests.team.conftest import Team, other_tenant, team

__all__ = ["Site", "other_tenant", "site", "team"]


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


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)


def ok(body: dict[str, Any]) -> Any:
    assert body["meta"]["success"] == 1, body
    return body["data"]
