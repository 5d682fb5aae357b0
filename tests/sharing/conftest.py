"""Share-link fixtures: the team and a site whose administrator owns devices (tests/devices/factories.py), and the
helpers the share-link tests share."""

from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import select

from iotyun.sharing.models import ShareLink
from tests.conftest import Api
from tests.devices.factories import Site, ok
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]

MANAGE = "/yun/components/share"
RESET = "/yun/components/share/reset"
OPEN = "/yun/shared/module"
DEVICE = "/yun/shared/module/device"
WRITE = "/yun/shared/module/write"


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)


async def make_link(api: Api, device_ids: list[int], permission: int = 1, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = ok(
        await api.post(MANAGE, {"link_type": 1, "device_ids": device_ids, "permission": permission, **body})
    )
    return data


async def stored(app: FastAPI) -> list[tuple[Any, ...]]:
    """Every link as stored, to show a refusal changed nothing."""
    async with app.state.db.sessionmaker() as s:
        stmt = select(
            ShareLink.id, ShareLink.permission, ShareLink.note, ShareLink.use_state, ShareLink.use_count
        ).order_by(ShareLink.id)
        return [tuple(r) for r in (await s.execute(stmt)).all()]
