"""Monitor fixtures: the device tests' site (a team whose administrator owns devices) and another tenant."""

from tests.devices.conftest import other_tenant, site, team

__all__ = ["other_tenant", "site", "team"]  # re-exported for the monitor tests
