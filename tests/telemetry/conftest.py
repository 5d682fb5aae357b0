"""Telemetry fixtures: an app whose telemetry runtime is started (embedded broker with SQLite, the machine's
Mosquitto with PostgreSQL), a published plant and the app served on a real port (helpers in
tests/telemetry/factories.py)."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI

from iotyun.app import create_app
from tests.conftest import make_settings
from tests.team.conftest import other_tenant, team
from tests.team.factories import Team
from tests.telemetry.factories import Plant, broker_url_for, free_port, make_plant, wipe

__all__ = ["other_tenant", "team"]


@pytest.fixture
async def app(database_url: str, tmp_path: Path) -> AsyncIterator[FastAPI]:
    settings = make_settings(
        database_url,
        tmp_path,
        mqtt_url=broker_url_for(database_url),
        mqtt_port=0,
        # Long enough that a loaded machine never times a write out or calls a streaming gateway offline; the tests
        # of those two shorten them on their app (test_control, test_ingest).
        write_timeout_seconds=10,
        offline_after_seconds=60,
        ingest_flush_ms=50,
        read_cache_seconds=0,
    )
    application = create_app(settings)
    await application.state.telemetry.start()
    # The broker link and its account reconciliation: seconds on a quiet machine, over ten at a load of 10.
    await application.state.telemetry.wait_connected(60)
    yield application
    await application.state.telemetry.stop()
    await wipe(application)
    await application.state.db.dispose()


@pytest.fixture
async def plant(team: Team) -> Plant:
    return await make_plant(team.admin)


@pytest.fixture
async def http(app: FastAPI) -> AsyncIterator[str]:
    """The app served on a real port: the agent fetches its configuration over HTTP."""
    port = free_port()
    srv = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off", log_config=None, ws="websockets-sansio")
    )
    task = asyncio.create_task(srv.serve())
    while not srv.started:  # noqa: ASYNC110 - uvicorn offers no start event
        await asyncio.sleep(0.02)
    yield f"127.0.0.1:{port}"
    srv.should_exit = True
    await task
