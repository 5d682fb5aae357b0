"""Export centre fixtures: the plain app (its runner not started: tests tick it), a team, another tenant and a
published plant; helpers in tests/reports/exports/factories.py."""

import pytest

from tests.team.conftest import other_tenant, team
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant

__all__ = ["other_tenant", "team"]


@pytest.fixture
async def plant(team: Team) -> Plant:
    return await make_plant(team.admin)
