from tests.team.conftest import other_tenant, team

__all__ = ["other_tenant", "team"]
