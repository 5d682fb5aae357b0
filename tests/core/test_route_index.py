"""The route index (api._index): each mounted router turns away, with one expression, exactly the paths none of its
routes serves; every served path still reaches its route, in the same order as without the index."""

import re

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.routing import Match

from iotyun.api import ROUTERS, paths_pattern
from iotyun.app import create_app
from iotyun.core.config import API_PREFIX
from iotyun.sharing.ws import share_ws_router
from iotyun.telemetry.public import ws_router
from tests.conftest import make_settings

_PARAM = re.compile(r"{([^}:]+)(?::([^}]+))?}")


def _example(path: str) -> str:
    """A concrete path a route of `path` serves: each parameter filled with a value of its converter."""
    return _PARAM.sub(lambda m: "1" if m.group(2) == "int" else ("a/b.png" if m.group(2) == "path" else "x1"), path)


ALL = (*ROUTERS, ws_router, share_ws_router)


@pytest.mark.parametrize("router", ALL, ids=lambda r: str(r.tags or r.routes[0].path))
def test_pattern_matches_every_route_of_its_router(router: object) -> None:
    assert hasattr(router, "routes")
    pattern = paths_pattern(router, API_PREFIX)  # type: ignore[arg-type]
    for route in router.routes:
        assert isinstance(route, APIRoute | APIWebSocketRoute)
        example = API_PREFIX + _example(route.path)
        assert route.path_regex.match(example[len(API_PREFIX) :]), example
        assert pattern.match(example), example


def test_pattern_refuses_what_no_route_serves() -> None:
    pattern = paths_pattern(ROUTERS[0], API_PREFIX)
    assert pattern.match("/api/yun/sys/info/timestamp")
    for other in ("/api/yun/sys/info/timestamp/", "/api/yun/sys/info", "/yun/sys/info/timestamp", "/api/dev"):
        assert pattern.match(other) is None, other


def _scope(path: str, method: str = "GET") -> dict[str, object]:
    return {"type": "http", "method": method, "path": path, "root_path": "", "headers": [], "query_string": b""}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    tmp = tmp_path_factory.mktemp("index")
    return create_app(make_settings(f"sqlite+aiosqlite:///{tmp / 'db.sqlite'}", tmp))


def test_each_route_is_found_by_the_router_that_serves_it(app: FastAPI) -> None:
    """Walk the app's routes as FastAPI does: the first mounted router that answers FULL (or PARTIAL for another
    method) is the one whose route serves the path, with the index as without it."""
    for router in ROUTERS:
        for route in router.routes:
            assert isinstance(route, APIRoute)
            method = sorted(route.methods or {"GET"})[0]
            scope = _scope(API_PREFIX + _example(route.path), method)
            chosen = None
            for mounted in app.router.routes:
                match, _ = mounted.matches(dict(scope))
                if match != Match.NONE:
                    chosen = mounted
                    break
            assert chosen is not None, route.path
            served_by = getattr(chosen, "original_router", None)
            # A path may be served by an earlier router too (FastAPI's order decides): it must hold a route that
            # matches the path, and the route's own router must not come before it.
            assert served_by is not None, route.path
            assert any(r.path_regex.match(_example(route.path)) for r in served_by.routes), route.path
            assert ALL.index(served_by) <= ALL.index(router), route.path
