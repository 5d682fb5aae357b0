"""Template fixtures: the team's administrator as `admin`, and the team and device fixtures the template tests use."""

import pytest

from tests.conftest import Api
from tests.devices.conftest import bob
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team

__all__ = ["bob", "other_tenant", "team"]  # re-exported for the template tests


@pytest.fixture
async def admin(team: Team) -> Api:
    return team.admin
