"""Team fixtures: a tenant whose administrator is logged in (its helpers in tests/team/factories.py), and a second
tenant."""

from collections.abc import Callable

import pytest

from tests.conftest import Api
from tests.team.factories import Team


@pytest.fixture
async def team(api: Api, new_api: Callable[[], Api]) -> Team:
    await api.register("alice", "13800000001")
    listed = await api.get("/yun/user/role")
    roles = {r["code"]: r["id"] for r in listed["data"]["items"]}
    return Team(api, new_api, roles)


@pytest.fixture
async def other_tenant(new_api: Callable[[], Api]) -> Api:
    other: Api = new_api()
    await other.register("mallory", "13900000009")
    return other
