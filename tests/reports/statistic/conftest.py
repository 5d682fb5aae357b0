"""Statistic fixtures: the telemetry tests' app (its runtime started, so history is written as the ingest writes
it), a team, another tenant and a published plant."""

from tests.telemetry.conftest import app, other_tenant, plant, team

__all__ = ["app", "other_tenant", "plant", "team"]  # re-exported for the statistic tests
