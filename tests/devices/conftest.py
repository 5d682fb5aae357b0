"""Device fixtures: a team whose administrator registers devices over HTTP, a plain user, and the site of the
sub-package tests (groups, virtual devices, thumbnails, GPS, districts)."""

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI

from tests.conftest import Api
from tests.devices.factories import Site, register
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["other_tenant", "team"]  # the team fixtures, re-exported for the device tests


@pytest.fixture
def reg() -> Callable[..., Any]:
    return register


@pytest.fixture
async def bob(team: Team) -> Api:
    """A plain user (role "user": P10000, P30000) of the team's tenant."""
    await team.user("bob", phone="13700000001")
    return await team.login("bob")


@pytest.fixture
async def site(app: FastAPI, team: Team) -> Site:
    return Site(app, team)
