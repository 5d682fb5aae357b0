"""Alarm fixtures: the telemetry harness (an app whose telemetry runs, a published plant), since alarms come from
values a gateway sends."""

from tests.telemetry.conftest import app, other_tenant, plant, team

__all__ = ["app", "other_tenant", "plant", "team"]
