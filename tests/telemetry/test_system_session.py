"""Background work (the ingest, the alarm engine, the configuration cache, the storage limits, the telemetry
runtime, the demo's seeding and simulation) reads and writes through system sessions, never through a plain session
of the sessionmaker."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi import FastAPI
from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session

import iotyun
from iotyun.core.tenancy import is_system
from iotyun.telemetry import retention
from tests.team.factories import Team
from tests.telemetry.factories import Plant

BACKGROUND = (
    "telemetry/alarm_engine.py",
    "telemetry/configs.py",
    "telemetry/ingest.py",
    "telemetry/retention.py",
    "telemetry/runtime.py",
    "demo/live.py",
    "demo/provision.py",
    "demo/seed.py",
)


@contextmanager
def sessions_used() -> Iterator[list[bool]]:
    """Whether the session of each statement run meanwhile is a system session."""
    seen: list[bool] = []

    def record(state: ORMExecuteState) -> None:
        seen.append(is_system(state.session))

    event.listen(Session, "do_orm_execute", record)
    try:
        yield seen
    finally:
        event.remove(Session, "do_orm_execute", record)


async def test_background_work_runs_in_system_sessions(app: FastAPI, team: Team, plant: Plant) -> None:
    telemetry = app.state.telemetry
    telemetry.configs.invalidate()
    with sessions_used() as seen:
        await retention.enforce(app.state.db)
        await telemetry.alarms.load()
        config = await telemetry.configs.get(plant.sn)
        assert config is not None and config.device_id == plant.device_id
        await telemetry.ingest._load_cursor(config.gateway_id)
    assert seen and all(seen)


def test_background_modules_open_no_plain_session() -> None:
    folder = Path(iotyun.__file__).parent
    for name in BACKGROUND:
        source = (folder / name).read_text(encoding="utf-8")
        assert not re.search(r"sessionmaker\(\)", source), name
