"""Mounts every domain router under /api. A router not listed in ROUTERS is not served (and not tested)."""

import re
from typing import Any

from fastapi import APIRouter, Depends, FastAPI
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette._utils import get_route_path  # the path Starlette's own routes match against
from starlette.routing import Match, compile_path
from starlette.types import Scope

from iotyun.alarms.router import router as alarms_router
from iotyun.auth.router import router as auth_router
from iotyun.automations.router import router as automations_router
from iotyun.automations.targets_router import router as automation_targets_router
from iotyun.core.config import API_PREFIX
from iotyun.core.inputs import check_params
from iotyun.dashboards.router import router as dashboards_router
from iotyun.devices.districts.router import router as districts_router
from iotyun.devices.gps.router import router as device_gps_router
from iotyun.devices.groups.router import router as device_groups_router
from iotyun.devices.router import router as devices_router
from iotyun.devices.thumbnails.router import router as thumbnails_router
from iotyun.devices.virtual.router import router as virtual_devices_router
from iotyun.messages.router import router as messages_router
from iotyun.monitor.router import router as monitor_router
from iotyun.notifications.router import router as notifications_router
from iotyun.notifications.webhooks.router import router as webhooks_router
from iotyun.operations.devices.router import router as operations_devices_router
from iotyun.operations.health.router import router as operations_health_router
from iotyun.operations.router import router as operations_router
from iotyun.operations.statistics.router import router as operations_statistics_router
from iotyun.operations.users.router import router as operations_users_router
from iotyun.reports.exports.router import router as exports_router
from iotyun.reports.router import router as reports_router
from iotyun.reports.usage.router import router as usage_router
from iotyun.resources.router import router as resources_router
from iotyun.resources.symbols.router import router as symbols_router
from iotyun.sharing.router import router as sharing_router
from iotyun.sharing.ws import share_ws_router
from iotyun.software.router import router as software_router
from iotyun.system.appkeys.router import router as app_keys_router
from iotyun.system.appkeys.scopes import mark_routes as mark_app_key_routes
from iotyun.system.branding.router import router as brand_router
from iotyun.system.menus.router import router as system_menus_router
from iotyun.system.router import router as system_router
from iotyun.system.timezones.router import router as system_timezones_router
from iotyun.team.groups.router import router as team_groups_router
from iotyun.team.mail.router import router as team_mail_router
from iotyun.team.roles.router import router as team_roles_router
from iotyun.team.router import router as team_router
from iotyun.telemetry.public import live_messages_document as document_live_messages
from iotyun.telemetry.public import router as telemetry_router
from iotyun.telemetry.public import ws_router
from iotyun.templates.binding.router import router as template_binding_router
from iotyun.templates.carousel.router import router as carousel_router
from iotyun.templates.datasources.router import router as data_sources_router
from iotyun.templates.library.router import router as template_library_router
from iotyun.templates.monitor_tables.router import router as monitor_tables_router
from iotyun.templates.router import detail_router as template_detail_router
from iotyun.templates.router import router as templates_router
from iotyun.templates.screens.router import router as template_screens_router
from iotyun.video.router import router as video_router

# Sub-entity routers (devices/groups, ...) are listed here too, never included inside another router, so the
# authorization matrix test sees every endpoint.
ROUTERS: tuple[APIRouter, ...] = (
    system_router,
    brand_router,
    system_menus_router,
    system_timezones_router,
    app_keys_router,
    automations_router,
    auth_router,
    team_router,
    team_roles_router,
    team_groups_router,
    team_mail_router,
    messages_router,
    notifications_router,
    webhooks_router,
    automation_targets_router,
    devices_router,
    device_groups_router,
    virtual_devices_router,
    thumbnails_router,
    device_gps_router,
    districts_router,
    templates_router,
    template_screens_router,
    data_sources_router,
    template_binding_router,
    template_library_router,
    monitor_tables_router,
    carousel_router,
    resources_router,
    software_router,
    symbols_router,
    telemetry_router,
    alarms_router,
    sharing_router,
    reports_router,
    exports_router,
    usage_router,
    dashboards_router,
    monitor_router,
    operations_router,
    operations_health_router,
    operations_statistics_router,
    operations_users_router,
    operations_devices_router,
    video_router,
    # Last: its /yun/module/{template_id} would otherwise shadow the static /yun/module/... paths above.
    template_detail_router,
)


def allowed_methods(path: str) -> set[str]:
    """The methods the API serves at `path` (the Allow header of a 405)."""
    if not path.startswith(API_PREFIX + "/"):
        return set()
    inner = path[len(API_PREFIX) :]
    methods: set[str] = set()
    for router in ROUTERS:
        for route in router.routes:
            if isinstance(route, APIRoute) and route.path_regex.match(inner):
                methods |= route.methods or set()
    return methods


_NAMED_GROUP = re.compile(r"\(\?P<[^>]+>")


def paths_pattern(router: APIRouter, prefix: str) -> re.Pattern[str]:
    """One expression that matches every path a route of `router` (mounted under `prefix`) serves, and no other:
    each route's own path expression (Starlette's compile_path), named groups unnamed, joined by alternation."""
    parts = []
    for route in router.routes:
        if not isinstance(route, APIRoute | APIWebSocketRoute):
            raise TypeError(f"{route!r}: only API routes can be indexed")
        regex = compile_path(prefix + route.path)[0].pattern
        parts.append(_NAMED_GROUP.sub("(?:", regex.removeprefix("^").removesuffix("$")))
    return re.compile("^(?:" + "|".join(parts) + ")$")


def _index(app: FastAPI, routers: tuple[APIRouter, ...]) -> None:
    """Let each mounted router turn away a path none of its routes serves with one regular expression.

    FastAPI asks every mounted router in turn whether it serves a request's path, and each asks each of its routes
    in Python: a path served by a router near the end of ROUTERS was tested against ~250 routes, twice for the
    router that serves it (~0.5 ms of CPU; docs/decisions.md "The request path"). A router whose routes cannot match
    answers NONE at once, as its routes would have; the one that can is asked as before, so order, methods (405),
    and FastAPI's own matching stay what they were."""
    for route in app.router.routes:
        router = getattr(route, "original_router", None)
        if router is None or not any(router is r for r in routers):
            continue
        pattern = paths_pattern(router, API_PREFIX)
        full_match = route.matches

        def matches(scope: Scope, pattern: re.Pattern[str] = pattern, full_match: Any = full_match) -> Any:
            if pattern.match(get_route_path(scope)) is None:
                return Match.NONE, {}
            return full_match(scope)

        route.matches = matches  # type: ignore[method-assign]


def mount_api(app: FastAPI) -> None:
    for router in ROUTERS:
        app.include_router(router, prefix=API_PREFIX, dependencies=[Depends(check_params)])
    # The live channel authenticates its own token (a socket cannot carry headers), so it is not among ROUTERS.
    app.include_router(ws_router, prefix=API_PREFIX)
    app.include_router(share_ws_router, prefix=API_PREFIX)
    # The operations app keys may call carry their scope (x-app-key-scope), read by the key check and the document.
    mark_app_key_routes(ROUTERS)
    _index(app, (*ROUTERS, ws_router, share_ws_router))
    document_live_messages(app)
