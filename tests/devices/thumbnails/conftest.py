"""Fixtures shared by the device sub-package tests."""

from tests.devices.monitoring import other_tenant, site, team

__all__ = ["other_tenant", "site", "team"]
