"""Demo fixtures: the team and device fixtures the demo's rows are read back with."""

from tests.devices.conftest import other_tenant, site, team

__all__ = ["other_tenant", "site", "team"]
