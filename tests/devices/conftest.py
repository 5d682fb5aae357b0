"""Device registry fixtures: a team whose administrator registers devices over HTTP, and row helpers."""

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.devices.models import DeviceLog
from tests.conftest import Api
from tests.team.conftest import Team, other_tenant, team

__all__ = ["other_tenant", "team"]  # the team fixtures, re-exported for the device tests

SECRET = "secret123"


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


@pytest.fixture
def reg() -> Callable[..., Any]:
    return register


@pytest.fixture
async def bob(team: Team) -> Api:
    """A plain user (role "user": P10000, P30000) of the team's tenant."""
    await team.user("bob", phone="13700000001")
    return await team.login("bob")
