"""The one way a request reaches the telemetry runtime of its app: its router, share links and reports use these."""

from typing import Annotated

from fastapi import Depends, Request

from iotyun.telemetry.configs import ConfigCache
from iotyun.telemetry.runtime import Telemetry


def _telemetry(request: Request) -> Telemetry:
    runtime: Telemetry = request.app.state.telemetry
    return runtime


def _configs(request: Request) -> ConfigCache:
    """The runtime's cache of published configurations (query_series reads data sources through it)."""
    return _telemetry(request).configs


TelemetryDep = Annotated[Telemetry, Depends(_telemetry)]
ConfigsDep = Annotated[ConfigCache, Depends(_configs)]


def telemetry_of(app: object) -> Telemetry:
    """The runtime an app started (the demo and the app's lifespan reach it here, never through app.state)."""
    runtime: Telemetry = app.state.telemetry  # type: ignore[attr-defined]
    return runtime
