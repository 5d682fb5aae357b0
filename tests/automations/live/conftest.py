"""Automations at work: the telemetry app (rules fire on a fake gateway's values over real MQTT), its team and
plant, the engine started on it, and a local HTTP receiver."""

from collections.abc import AsyncIterator

import pytest
from fastapi import FastAPI

from iotyun.automations.engine import AutomationEngine
from tests.notifications.conftest import receiver
from tests.team.conftest import other_tenant, team
from tests.telemetry.conftest import app, http, plant

__all__ = ["app", "http", "other_tenant", "plant", "receiver", "team"]


@pytest.fixture
async def engine(app: FastAPI) -> AsyncIterator[AutomationEngine]:
    """The app's automation engine, started (the app fixture starts telemetry only)."""
    engine: AutomationEngine = app.state.automations
    await engine.start()
    yield engine
    await engine.stop()
