"""Automations fixtures: the team of tests/team (a tenant whose administrator is logged in, a second tenant), and the
outside services a forward target delivers to (MariaDB, PostgreSQL, Mosquitto on this host): with CI=true they must
answer (the test fails), without CI a test needing one that does not answer is skipped, as tests/conftest.py does
for PostgreSQL."""

import socket
from typing import Any

import pytest
from fastapi import FastAPI

from iotyun.automations.runner import AutomationRunner
from tests.conftest import CI
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team
from tests.telemetry.factories import Plant, make_plant

__all__ = ["other_tenant", "team"]


def service(name: str, port: int) -> None:
    """Fail (CI) or skip unless something listens on 127.0.0.1:`port`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return
    except OSError:
        pass
    if CI:
        pytest.fail(f"{name} at 127.0.0.1:{port} does not answer, and CI=true requires it")
    pytest.skip(f"{name} at 127.0.0.1:{port} does not answer")


@pytest.fixture
async def plant(team: Team) -> Plant:
    return await make_plant(team.admin)


def runner(app: FastAPI, holder: str = "test") -> AutomationRunner:
    """A runner the test ticks itself (the app starts its own only under its lifespan)."""
    return AutomationRunner(app.state.db.sessionmaker, app.state.settings, app.state.telemetry, holder=holder)


def threshold_rule(plant: Plant, **overrides: Any) -> dict[str, Any]:
    """High pressure for a second → write 运行 = 0 (a writable bit of the plant)."""
    return {
        "name": "压力过高停机",
        "template_id": plant.template_id,
        "scope": "template",
        "trigger": {"kind": "threshold", "source_id": plant.sources["出水压力"], "op": "gt", "value": 1.0, "hold_s": 1},
        "actions": [{"kind": "write", "source_id": plant.sources["运行"], "value": 0}],
        "enabled": True,
        **overrides,
    }
