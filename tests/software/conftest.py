"""Software library fixtures: the team's administrator, who holds every code, and a second tenant."""

from tests.team.conftest import other_tenant, team

__all__ = ["other_tenant", "team"]
