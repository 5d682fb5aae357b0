"""Dashboard fixtures: the team tests' tenant (an administrator adding users, roles and groups) and another tenant."""

from tests.team.conftest import other_tenant, team

__all__ = ["other_tenant", "team"]  # re-exported for the dashboard tests
